"""Scenario helpers for Myth: real states, arranged by hand, with scripted dice."""

from __future__ import annotations

from collections.abc import Iterable

from meeple.games.myth import Myth, actions, heroes, turn
from meeple.games.myth.content import load
from meeple.games.myth.state import MythState

C = load()
CARDS, HEROES, QUESTS = C.cards, C.heroes, C.quests


def fresh(players: int = 3, seed: int = 1, empty_hands: bool = True) -> MythState:
    """A new game; by default with empty hands so that nobody is offered a card."""
    st = Myth(players=players).new_state(seed=seed)
    assert isinstance(st, MythState)
    if empty_hands:
        for s in range(players):
            st.deck.extend(st.hand[s])
            st.hand[s] = []
    return st


def script_rolls(st: MythState, values: Iterable[int]) -> list[tuple[int, str, int]]:
    """Make the d100 rolls of ``st`` return ``values`` in order; returns the roll log."""
    it = iter(values)
    log: list[tuple[int, str, int]] = []

    def roll(who: int, what: str) -> int:
        v = next(it)
        log.append((who, what, v))
        st._emit("roll", seat=who, value=v, purpose=what)
        return v

    st.__dict__["_roll"] = roll
    return log


def turn_of(st: MythState, seat: int, draw: int | None = 0) -> None:
    """Start ``seat``'s turn and, if asked to draw, draw ``draw`` cards."""
    actions.carry_on(st, turn.start(st, seat))
    st._legal = None
    if st.step == "draw" and draw is not None and st.to_act is not None:
        st.apply(f"draw {draw}")


def texts(st: MythState) -> list[str]:
    """The legal actions' texts."""
    return [str(a) for a in st.legal_actions()]


def open_cell(st: MythState, cell: tuple[int, int], mask: int = 15,
              tile: str = "crossroads") -> None:
    """Lay a tile on ``cell`` (test arrangement)."""
    st.grid[cell] = mask
    st.tile_of = {**st.tile_of, cell: tile}


def at_level_3_with_a_quest_to_show() -> MythState:
    """Seat 0, at level 3 with 10 resources, in its turn, holds a fulfilled quest (Slay a
    Fetch, a fetch's trophy) whose showing wins the game at level 4 (MYTH-18)."""
    st = fresh(3, 1)
    st.level[0] = 3
    st.quests[0] = ["kill_fetch"]
    st.trophies[0] = ["fetch"]
    heroes.gain(st, 0, 10)
    turn_of(st, 0)
    return st
