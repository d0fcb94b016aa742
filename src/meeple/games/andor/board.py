"""What lies on the regions besides heroes and creatures: farmers and articles (AND-72), the
pieces the legend cards, the event cards, the fights and the heroes all put down or take up."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import AndorState


def add_farmers(st: AndorState, region: int, change: int) -> None:
    """Farmers appear on (or leave) a region; a region without farmers drops out."""
    left = st.farmers.get(region, 0) + change
    if left:
        st.farmers[region] = left
    else:
        st.farmers.pop(region, None)


def drop(st: AndorState, region: int, item: str) -> None:
    """An article or token is left lying on a region."""
    st.ground[region] = (*st.ground.get(region, ()), item)


def take(st: AndorState, region: int, item: str) -> None:
    """An article lying on a region is taken up."""
    left = list(st.ground[region])
    left.remove(item)
    if left:
        st.ground[region] = tuple(left)
    else:
        del st.ground[region]
