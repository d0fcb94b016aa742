"""What a seat is told about its own last decision: whether it may take it back, and, when its
turn comes back, what the other seats did since and where on the board.

Both start from the seat's latest action. The referee remembers, for each seat, the state just
before it and that seat's view just after it (:class:`Mine`), so neither needs a replay; after a
restart or an undo the memory is rebuilt once by replaying the log.

* The undo offered in a snapshot is the policy's own answer (:func:`meeple.undo.undo_allowed`),
  computed once per version, and the undo itself uses the same plan: the button is shown exactly
  when the undo would succeed. As on Board Game Arena, a person takes a move back on their own
  turn: while the bots move nothing is offered (and nothing is computed).
* "Since your turn" is built from the seat's own events and its own two views: one line per
  decision of another seat (``Game.summary``) and the places whose content changed
  (``Game.changed``), so it tells the seat nothing it may not know.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from meeple.core import Game, State
from meeple.undo import undo_allowed

#: The most lines "since your turn" holds; past them, the newest are kept.
SINCE_LINES = 12


@dataclass(frozen=True)
class Mine:
    """A seat's latest action: its index in the timeline, the state just before it and the
    seat's view just after it."""

    index: int
    before: State
    after: dict[str, Any]


@dataclass(frozen=True)
class Plan:
    """How an undo for a seat would go at one version: the timeline index it goes back to, the
    state there, and None or why it is refused (``none``, ``over``, ``turn`` — it is not the
    seat's turn — or the policy's reason)."""

    version: int
    index: int
    before: State | None
    refusal: str | None


def actors(st: State) -> list[int]:
    """The seat that took each action of the timeline, in order (core tells every applied
    action, in everyone's events, as ``{"type": "action", "seat": …}``)."""
    return [e["seat"] for e in st.events(None) if e["type"] == "action"]


def replay(game: Game[Any], seed: int, actions: Sequence[Any]) -> State:
    """The state after ``actions`` from the start of a game dealt with ``seed``."""
    st: State = game.new_state(seed=seed)
    for a in actions:
        st.apply(a)
    return st


def latest(game: Game[Any], seed: int, st: State, seat: int) -> Mine | None:
    """The seat's latest action found by replaying the timeline (None if it has not acted)."""
    mine = [i for i, s in enumerate(actors(st)) if s == seat]
    if not mine:
        return None
    timeline = list(st.actions_taken())
    before = replay(game, seed, timeline[:mine[-1]])
    after = before.clone()
    after.apply(timeline[mine[-1]])
    return Mine(mine[-1], before, after.view(seat))


def plan_undo(st: State, seat: int, mine: Mine | None, version: int) -> Plan:
    """Whether ``seat`` may take back its latest action now, and to what."""
    if st.is_over:
        return Plan(version, -1, None, "over")
    if st.to_act != seat:
        return Plan(version, -1, None, "turn")  # on its own turn, once the others have moved
    if mine is None:
        return Plan(version, -1, None, "none")
    timeline = list(st.actions_taken())[mine.index:]
    refusal = undo_allowed(mine.before, timeline, seat, humans={seat})
    return Plan(version, mine.index, mine.before, refusal)


def since(game: Game[Any], st: State, seat: int, mine: Mine | None, lang: str,
          names: Sequence[str]) -> dict[str, Any]:
    """What the other seats did since ``seat``'s latest action: ``lines`` (one per decision
    that changed the table, the newest :data:`SINCE_LINES`), ``more`` (how many older lines
    were left out) and ``places`` (the board's places that changed, sorted)."""
    events = st.events(seat)
    start = 0
    if mine is not None:
        told = [i for i, e in enumerate(events) if e["type"] == "action" and e["seat"] == seat]
        start = told[-1] + 1 if told else 0
        while start < len(events) and events[start]["type"] != "action":
            start += 1  # what the seat's own action caused, which it saw happen
    lines = game.summary(events[start:], lang, names)
    shown = lines[-SINCE_LINES:]
    places = sorted(game.changed(mine.after, st.view(seat))) if mine is not None else []
    return {"lines": shown, "more": len(lines) - len(shown), "places": places}
