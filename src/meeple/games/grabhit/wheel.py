"""The wheel of fortune (GAH-5, GAH-6): who starts, and phase 1. A spin itself is the turn
machinery's (``turn.spin``): limbo, shields and abilities spin too."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .turn import spin

if TYPE_CHECKING:
    from .state import GrabHitState


def who_starts(st: GrabHitState) -> int:
    """GAH-5: everyone spins; the highest coins start (ties spin again)."""
    tied = list(range(st.players))
    while len(tied) > 1:
        vals = [spin(st, "who starts", s) for s in tied]
        best = max(vals)
        tied = [s for s, v in zip(tied, vals, strict=True) if v == best]
    return tied[0]


def phase1(st: GrabHitState, seat: int) -> None:
    """GAH-6: phase 1, the wheel shows coins, colour and symbols."""
    spin(st, "phase 1", seat)
    st.sector = st.last_spin
    st.phase = "income"
