"""The turn machinery every mechanic shares (AND-20, 44, 84): whose turn it is, asking a seat,
passing the turn, the phase and step a view shows, and the end of the legend.

It imports no mechanic: a mechanic that hands over to another (a fight that ends the turn, a
day that ends in the sunrise box) leaves it to :mod:`.actions` to carry on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, cast

from .decisions import BlockEvent

if TYPE_CHECKING:
    from .decisions import AndorDecision
    from .state import AndorState

#: The part of the day a view shows: the heroes' day, a fight, the sunrise box, or the end.
Phase = Literal["day", "fight", "sunrise", "over"]
#: The step inside it: the hero's turn, the kind of the decision being taken, or the end.
Step = Literal["turn", "moving", "after move", "invite", "answer", "keep", "flip", "boost",
               "shield", "fight on", "reward", "block event", "over"]
#: How a legend ended (AND-33/71/89): won at N, lost at N, or lost at the castle.
Ending = Literal["goals-met", "goals-unmet", "castle-overrun"]


def begin_turn(st: AndorState, seat: int) -> None:
    """AND-44: the hero chooses one action (move, fight, pass) or ends the day."""
    st.active = seat
    st.to_act = seat
    st.decisions.clear()
    st.free_steps = 0
    st.free_used = 0
    st.falcon_partner = None


def next_turn(st: AndorState, after: int) -> bool:
    """AND-20/44: the turn passes clockwise to the next hero still in the day; False when
    every hero has ended it (the sunrise box comes next)."""
    for k in range(1, st.players + 1):
        s = (after + k) % st.players
        if not st.ended[s]:
            begin_turn(st, s)
            return True
    st.decisions.clear()
    return False


def ask(st: AndorState, decision: AndorDecision) -> None:
    """Play waits for ``decision``: its seat decides now."""
    st.decisions.append(decision)
    st.to_act = decision.seat


def finish(st: AndorState, ending: Ending, detail: str) -> None:
    """AND-84: the legend ends; all heroes win or lose together."""
    st.ending = ending
    st.ending_detail = detail
    st.fight = None
    st.decisions.clear()
    st.to_act = None
    st._emit("legend_over", reason=ending, detail=detail)


def phase(st: AndorState) -> Phase:
    """The part of the day: the heroes' day, a fight, the sunrise box, or the end."""
    if st.ending is not None:
        return "over"
    d = st.decisions[-1] if st.decisions else None
    if isinstance(d, BlockEvent) and d.resume == "sunrise":
        return "sunrise"
    return "fight" if st.fight is not None else "day"


def step(st: AndorState) -> Step:
    """The decision being taken (its kind), the hero's ``turn``, or ``over``."""
    if st.ending is not None:
        return "over"
    return cast("Step", st.decisions[-1].kind) if st.decisions else "turn"
