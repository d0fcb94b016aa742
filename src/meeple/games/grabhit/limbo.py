"""Limbo (GAH-34..GAH-41): the black sector's trap, the checks that free, the phases lost.

``st.limbo[seat]`` counts the limbo turns begun: 1 after entering, 2 after a failed second-turn
check; ``st.lost`` holds the phases the seat on turn loses this turn.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .content import BLUE, GREEN, RED
from .decisions import ChooseColour
from .params import LIMBO_ESCAPE
from .turn import LOST_ENTERING, LOST_SECOND, LOST_THIRD, spin

if TYPE_CHECKING:
    from .state import GrabHitState

#: GAH-37: after entering (stage 1) a failed check makes the second limbo turn (stage 2).
ENTERED, SECOND_TURN = 1, 2


def _escapes(st: GrabHitState, seat: int, stage: int) -> bool:
    """A spin that frees: it must reach LIMBO_ESCAPE[stage] less the adventurer's bonus."""
    a = st.adventurer[seat]
    assert a is not None
    bonus = st.game.content.adventurers[a].limbo_bonus
    return spin(st, "escape limbo", seat) >= LIMBO_ESCAPE[stage] - bonus


def check(st: GrabHitState, seat: int) -> None:
    """GAH-37, GAH-38: before the second and third limbo turns, a spin may free you."""
    st.phase = "spin"
    stage = st.limbo[seat]
    if stage == 0:
        return
    if _escapes(st, seat, stage):
        st.limbo[seat] = 0
        st.immune[seat] = True
        st._emit("limbo_escape", seat=seat)
    elif stage == ENTERED:
        st.limbo[seat] = SECOND_TURN
        st.lost = LOST_SECOND
    else:
        st.lost = LOST_THIRD


def leave(st: GrabHitState, seat: int) -> None:
    """GAH-38: out of limbo at phase 3 of the third turn, grabbing any colour."""
    st.limbo[seat] = 0
    st.immune[seat] = True
    st._emit("limbo_leave", seat=seat)
    st.decisions.append(ChooseColour(seat, (BLUE, GREEN, RED)))


def trap(st: GrabHitState, seat: int, was_immune: bool) -> None:
    """GAH-36, GAH-39: the black sector; an immune adventurer ignores it, else a spin may
    free at once, or phases 4 and 5 are lost."""
    if was_immune:  # GAH-39
        st._emit("trap_ignored", seat=seat)
        return
    st._emit("limbo_enter", seat=seat)
    if _escapes(st, seat, 0):  # GAH-36
        st.immune[seat] = True
        st._emit("limbo_escape", seat=seat)
    else:
        st.limbo[seat] = ENTERED
        st.lost = LOST_ENTERING
