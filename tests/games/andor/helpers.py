"""Scenario helpers: real states with a bare board and scripted dice."""

from __future__ import annotations

from typing import Any

import meeple
from meeple.core import Rng
from meeple.games.andor import turn
from meeple.games.andor.content import LETTERS
from meeple.games.andor.params import BLACK_DIE
from meeple.games.andor.state import AndorState


class Dice(Rng):
    """A generator whose next die faces are scripted (then it behaves normally)."""

    def __init__(self, faces: list[int]) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def below(self, n: int) -> int:
        if self.faces:
            return self.faces.pop(0) - 1
        return super().below(n)


def black(v: int) -> int:
    """The scripted face number that makes a black die show ``v``."""
    return BLACK_DIE.index(v) + 1


def new(players: int = 2, **options: Any) -> AndorState:
    """A fresh state."""
    st = meeple.load("andor", players=players, options=options).new_state(seed=1)
    assert isinstance(st, AndorState)
    return st


def bare(players: int = 2, at: list[int] | None = None, **options: Any) -> AndorState:
    """A state with no creatures, fog, farmers or tokens; seat 0 to act; a quiet event deck.

    Every hero has strength 2 and 1 gold whatever the legend's starting values, so scenarios
    keep their numbers when a legend's set-up is tuned.
    """
    st = new(players, **options)
    st.strength = [2] * players
    st.gold = [1] * players
    st.creatures = {}
    st.fog = {}
    st.farmers = {}
    st.ground = {}
    st.deck = ["fog_lifts"] * 5
    st.letter = LETTERS.index("C")  # the next letter (D) has no card in either legend
    if at is not None:
        st.position = list(at)
    turn.begin_turn(st, 0)
    st._legal = None
    return st


def step(st: AndorState) -> str:
    """The step the view shows: the decision being taken, ``turn`` or ``over``."""
    return str(st.view()["step"])


def texts(st: AndorState) -> list[str]:
    """The legal actions' texts."""
    return [str(a) for a in st.legal_actions()]


def sunrise(st: AndorState) -> None:
    """Every hero ends the day; the sunrise box runs."""
    day = st.day
    while st.day == day and not st.is_over:
        st.apply("end day")


def fight_with(st: AndorState, seat: int, region: int, kind: str, faces: list[int]) -> None:
    """Seat ``seat`` attacks a ``kind`` on ``region`` with scripted dice."""
    st.creatures = {**st.creatures, region: kind}
    st.rng = Dice(faces)
    turn.begin_turn(st, seat)
    st._legal = None
    st.apply(f"fight the {st.game.content.creatures[kind].name.lower()} on {region}")
