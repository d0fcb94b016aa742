"""The hero's day (AND-17..26, 44..48): steps, stops, passing and the end of the day.

Whose turn comes next, and what a stop reveals, are for :mod:`.actions` to carry on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core import Action

from .decisions import Moving
from .heroes import can_spend, has, remove_item, spend_hour, use_up

if TYPE_CHECKING:
    from .state import AndorState


def step_actions(st: AndorState, seat: int, moving: bool) -> list[Action]:
    """Steps to neighbouring regions: by hour (or herb walking), or by wineskin.

    ``moving``: the hero is in the middle of a move. The wineskin carries him one region
    further in a move (AND-39); out of hours he cannot set out with it (AND-20)."""
    g = st.game
    here = st.position[seat]  # AND-46/47: any neighbour, bridges included
    pays = st.free_steps > 0 or can_spend(st, seat)
    if not (pays or moving):
        return []
    if st.free_steps == 0 and st.items[seat] and has(st, seat, "wineskin") is not None:
        return list(g.steps_or_skin[here] if pays else g.skin_steps[here])
    return list(g.steps[here]) if pays else []


def step(st: AndorState, s: int, region: int, wineskin: bool) -> None:
    """AND-46: one step costs an hour unless the wineskin or the herb carries it."""
    if st.free_steps > 0:
        st.free_steps -= 1
    elif wineskin:  # AND-39
        item = has(st, s, "wineskin")
        assert item is not None
        use_up(st, s, item)
    else:
        spend_hour(st, s)
    st.position[s] = region
    if not st.decisions:
        st.decisions.append(Moving(s))
    st._emit("move", seat=s, dest=region, means="wineskin" if wineskin else "hour")
    if st.carried[s] and region in st.creatures:  # AND-73
        st._emit("farmers_lost", seat=s, count=st.carried[s])
        st.carried[s] = 0
    if region == st.game.castle:
        deliver(st, s)


def stop(st: AndorState) -> None:
    """AND-48: the move ends; tokens act only where it ends (fog, AND-68)."""
    st.free_steps = 0
    st.decisions.pop()


def pass_hour(st: AndorState, s: int) -> None:
    """AND-45, AND-87: the hero spends an hour doing nothing (an overtime one costs willpower)."""
    spend_hour(st, s)
    st._emit("pass", seat=s, hours=st.hours[s])


def end_day(st: AndorState, s: int) -> None:
    """AND-21/22: the marker goes to the sunrise box; the first takes the rooster."""
    st.ended[s] = True
    if st.rooster is None:
        st.rooster = s
    st._emit("end_day", seat=s, rooster=st.rooster == s)


def deliver(st: AndorState, seat: int) -> None:
    """AND-72: farmers (and the herb, AND-81) carried into the castle stay there."""
    if st.carried[seat]:
        st.castle_farmers += st.carried[seat]
        st._emit("farmers_saved", seat=seat, count=st.carried[seat])
        st.carried[seat] = 0
    if "herb" in st.items[seat] and "deliver:herb" in st.game.legend.info.goals:
        remove_item(st, seat, "herb")
        st.herb_delivered = True
        st._emit("herb_delivered", seat=seat)
