"""Victory (GAH-65, GAH-66, GAH-70): the result of an ended game. Gold reaching the target and
the end itself are the turn machinery's (``turn.gain``, ``turn.finish``), since every mechanic
that pays gold may end the game."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core import Result

from . import cards

if TYPE_CHECKING:
    from .state import GrabHitState

#: The words a result's detail gives each way of ending.
DETAIL = {"gold-target": "reached the gold target",
          "only-one-never-died": "is the only adventurer who never died",
          "round-limit": "was richest when the round limit came"}


def result(st: GrabHitState) -> Result:
    """The result, with each seat's adventurer as its role (for the balance tables)."""
    assert st.ending is not None
    names = ", ".join(cards.name(st, w) for w in st.winners)
    advs = st.game.content.adventurers
    roles = [advs[a].id if a is not None else "" for a in st.adventurer]
    return Result(st.winners, tuple(float(g) for g in st.gold), st.turns, st.ending,
                  f"{names} {DETAIL[st.ending]}.", {"roles": roles})
