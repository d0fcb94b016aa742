"""Victory (GAH-65, GAH-66, GAH-70): gold reaching the target, the game's end, its result."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core import Result

from . import cards
from .phases import Phase

if TYPE_CHECKING:
    from .state import GrabHitState

#: The words a result's detail gives each way of ending.
DETAIL = {"gold-target": "reached the gold target",
          "only-one-never-died": "is the only adventurer who never died",
          "round-limit": "was richest when the round limit came"}


def gain(st: GrabHitState, seat: int, n: int) -> None:
    """Add gold; reaching the target wins at once (GAH-65)."""
    if n <= 0:
        return
    st.gold[seat] += n
    if st.gold[seat] >= st.game.config["gold_target"] and not st.winners:
        finish(st, (seat,), "gold-target")


def finish(st: GrabHitState, winners: tuple[int, ...], reason: str) -> None:
    """The game ends: its winners and why; no decision is left."""
    st.winners = winners
    st.end_reason = reason
    st.phase = int(Phase.OVER)
    st.decisions.clear()
    st._emit("game_over", winners=list(winners), reason=reason)


def result(st: GrabHitState) -> Result:
    """The result, with each seat's adventurer as its role (for the balance tables)."""
    names = ", ".join(cards.name(st, w) for w in st.winners)
    advs = st.game.T.adventurers
    roles = [advs[a].id if a is not None else "" for a in st.adv]
    return Result(st.winners, tuple(float(g) for g in st.gold), st.turns, st.end_reason,
                  f"{names} {DETAIL[st.end_reason]}.", {"roles": roles})
