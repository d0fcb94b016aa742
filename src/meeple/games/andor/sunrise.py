"""The sunrise box (AND-23, 27..30): its own steps. The event card, the creatures' march and
the narrator's step between them are sequenced by :mod:`.actions`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import turn

if TYPE_CHECKING:
    from .state import AndorState


def begin(st: AndorState) -> None:
    """AND-23: every hero has ended the day; yesterday's creature bonus is gone."""
    st.creature_bonus = 0
    st._emit("sunrise", day=st.day)


def refill_wells(st: AndorState) -> None:
    """AND-29: every well without a hero on it fills again."""
    occupied = set(st.position)
    st.wells_full = st.wells_full | {w for w in st.game.wells if w not in occupied}


def new_day(st: AndorState) -> None:
    """AND-22/30: a new day; the hero with the rooster begins it."""
    st.day += 1
    n = st.players
    st.hours = [st.next_day_hours] * n
    st.next_day_hours = 0
    st.ended = [False] * n
    st.falcon_used = [False] * n
    first = st.rooster if st.rooster is not None else 0
    st.rooster = None
    turn.begin_turn(st, first)
