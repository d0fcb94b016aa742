"""The end of the game (MYTH-20 to MYTH-24): a hero at level 4, the last hero alive, or the
most quests done when the tiles or the event deck run out."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import heroes

if TYPE_CHECKING:
    from .state import MythState


def over(st: MythState) -> bool:
    """True once the game has ended."""
    return bool(st.over_reason)


def finish(st: MythState, winners: tuple[int, ...], reason: str, detail: str) -> None:
    """End the game now."""
    if st.over_reason:
        return
    st.winners = winners
    st.over_reason = reason
    st.detail = detail
    st.to_act = None
    st.decisions.clear()
    st._emit("game_over", winners=list(winners), reason=reason)


def finish_by_score(st: MythState, reason: str, detail: str) -> None:
    """MYTH-23, MYTH-24: most quests done; ties broken by life + resources."""
    alive = heroes.living(st)
    best = max(len(st.shown[s]) for s in alive)
    top = [s for s in alive if len(st.shown[s]) == best]
    if len(top) > 1:
        tb = max(st.life[s] + heroes.res(st, s) for s in top)
        top = [s for s in top if st.life[s] + heroes.res(st, s) == tb]
    finish(st, tuple(top), reason, detail)
