"""The sunrise box (AND-23, 27..30): an event, the creatures march, wells refill, a new day."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import creatures, day, events, legend

if TYPE_CHECKING:
    from .state import AndorState


def sunrise(st: AndorState) -> None:
    """AND-23/27: every hero has ended the day; the sunrise box runs in order."""
    st.creature_bonus = 0
    st._emit("sunrise", day=st.day)
    events.draw(st, "sunrise", None)
    if not st.decisions and not st.outcome:
        rest(st)


def rest(st: AndorState) -> None:
    """AND-28/29/30: creatures move, wells refresh, the narrator steps, a new day begins."""
    creatures.move_all(st)
    if st.outcome:
        return
    occupied = set(st.pos)
    st.wells_full = st.wells_full | {w for w in st.game.wells if w not in occupied}  # AND-29
    legend.advance_narrator(st)  # AND-30
    if st.outcome:
        return
    st.day += 1
    n = st.players
    st.hours = [st.next_day_hours] * n
    st.next_day_hours = 0
    st.ended = [False] * n
    st.falcon_used = [False] * n
    first = st.rooster if st.rooster is not None else 0
    st.rooster = None
    day.begin_turn(st, first)  # AND-22: the rooster begins the new day
