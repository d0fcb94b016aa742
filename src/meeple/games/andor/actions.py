"""The legal actions of the seat to act, and the dispatch of an action to its mechanic."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core import Action

from . import day, events, fight
from .decisions import AfterMove, BlockEvent, Moving

if TYPE_CHECKING:
    from .state import AndorState


def legal(st: AndorState) -> list[Action]:
    """By the decision on top of the stack; the hero's turn when it is empty."""
    d = st.decisions[-1] if st.decisions else None
    if d is None:
        return day.turn_actions(st)
    if isinstance(d, Moving):
        return day.moving_actions(st)
    if isinstance(d, AfterMove):
        return day.after_move_actions(st)
    if isinstance(d, BlockEvent):
        return events.actions(st)
    return fight.legal(st)


def apply(st: AndorState, action: Action) -> None:
    """The mechanic an action triggers."""
    d = st.decisions[-1] if st.decisions else None
    if d is None or isinstance(d, (Moving, AfterMove)):
        day.apply(st, action)
    elif isinstance(d, BlockEvent):
        events.apply(st, action)
    else:
        fight.apply(st, action)
