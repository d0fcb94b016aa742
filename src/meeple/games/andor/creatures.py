"""Creatures (AND-4..16): where they stand, how they march along the arrows, the castle."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import turn
from .params import SUNRISE_ORDER

if TYPE_CHECKING:
    from .state import AndorState


def destination(st: AndorState, region: int) -> int | None:
    """AND-6/8: follow the arrows past occupied regions; a blocked region stops the creature.

    Returns the region reached (the castle absorbs every creature), or None when blocked.
    """
    g = st.game
    to = g.content.graph.next_free(region, st.creatures)
    if st.blocked:
        path = g.paths[region]
        if any(r in st.blocked for r in path[1:path.index(to) + 1]):
            return None
    return to


def enter(st: AndorState, kind: str, region: int) -> None:
    """A creature arrives on a region: farmers there die; the castle takes it on a shield."""
    if region == st.game.castle:  # AND-70/71
        shields = st.game.shields + st.castle_farmers
        overrun = st.castle_creatures >= shields
        if not overrun:  # a creature with no free shield takes none: the count stops at them
            st.castle_creatures += 1
        st._emit("castle", kind=kind, creatures=st.castle_creatures, shields=shields,
                 overrun=overrun)
        if overrun:
            turn.finish(st, "castle-overrun",
                        f"A {kind} entered the castle and no golden shield was free.")
        return
    st.creatures[region] = kind
    if region in st.farmers:  # AND-73
        del st.farmers[region]
        st._emit("farmers_lost", region=region)


def place(st: AndorState, kind: str, region: int) -> None:
    """AND-9: a new creature on an occupied region moves on along the arrows at once."""
    on_board = sum(1 for k in st.creatures.values() if k == kind)
    if on_board >= st.game.content.creatures[kind].count:
        return  # the box holds no more of this kind
    if region in st.creatures:
        to = destination(st, region)
        if to is None:
            return
        region = to
    st._emit("creature_placed", kind=kind, region=region)
    enter(st, kind, region)


def move_all(st: AndorState) -> None:
    """AND-4/5/7: each kind in the sunrise order, lowest region number first."""
    moves_as = st.game.moves_as  # the sunrise step of each kind (``immobile`` never moves)
    for step in SUNRISE_ORDER:
        movers = sorted(r for r, k in st.creatures.items() if moves_as[k] == step)
        for r in movers:
            kind = st.creatures[r]
            to = destination(st, r)
            if to is None:  # AND-8: blocked, it stays
                continue
            del st.creatures[r]
            st._emit("creature_moved", kind=kind, frm=r, dest=to)
            enter(st, kind, to)
            if st.ending:
                return
