"""Moving (CAT-26..30, CAT-41..43): the moves from a dwarf's cell, exploring one step, walking
explored ground with a d6, monsters that block, and the speed, invisibility and destruction
potions' moves. A step onto unexplored ground ends here: ``actions`` turns its card up."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.components.dice import d6
from meeple.core import Action

from . import turn
from .backpack import holds, spend_effect
from .board import ALL_SIDES, DIRS, OPP, SIDE_BITS, cell_of, monster_at, own_entrance

if TYPE_CHECKING:
    from .state import CatacombsState

#: CAT-42: walk points a sneak needs: the step onto the monster and one to walk on.
SNEAK_POINTS = 2


def move_actions(st: CatacombsState) -> list[Action]:
    """CAT-26..28, 41, 43, 55: the moves from the dwarf's cell."""
    g = st.game
    A = g.actions
    s = st.active
    here = cell_of(st, s)
    k = st.card[here]
    if k is not None and g.card_monster[k] is not None:  # CAT-55: fight on or retreat
        return [A.attack] if st.no_retreat[s] else [A.attack, A.retreat]
    destroy = holds(st, s, "destruction")
    out: list[Action] = []
    can_walk = False
    tile = st.tile
    mask = tile[here]
    if mask is None:
        mask = ALL_SIDES  # unexplored ground bars no side
    for d, n in enumerate(g.neighbours[here]):
        if n is None:
            continue
        open_here = mask & SIDE_BITS[d]
        there = tile[n]
        if there is None:
            if open_here:
                out.append(A.explore[d])  # CAT-26
            elif destroy:
                out.append(A.break_wall[d])  # CAT-43
        elif open_here and there & SIDE_BITS[OPP[d]]:
            can_walk = True
        elif destroy:
            out.append(A.break_wall[d])
    if can_walk:
        out.append(A.walk)  # CAT-27
    if holds(st, s, "speed"):  # CAT-41
        if can_walk:
            out.append(A.speed_walk)
        if here == own_entrance(st, s):  # from the dwarf's own entrance only
            out += [A.speed_to[k] for k, e in enumerate(g.content.entrances) if e.cell != here]
    out.append(A.stay)
    return out


def walk_actions(st: CatacombsState) -> list[Action]:
    """CAT-27, 30, 42: a step through a passage, a sneak past a monster, or stop."""
    g = st.game
    A = g.actions
    s = st.active
    here = cell_of(st, s)
    invisible = holds(st, s, "invisibility")
    out: list[Action] = []
    tile, card, monster = st.tile, st.card, g.card_monster
    mask = tile[here]
    if mask is None:
        mask = ALL_SIDES
    for d, n in enumerate(g.neighbours[here]):
        if n is None or not mask & SIDE_BITS[d]:
            continue
        there = tile[n]
        if there is None or not there & SIDE_BITS[OPP[d]]:  # CAT-28: no passage
            continue
        k = card[n]
        if k is not None and monster[k] is not None:  # CAT-30: stepping on means a battle
            if not st.sneaking:
                out.append(A.step[d])
                if invisible and (st.walk_left is None or st.walk_left >= SNEAK_POINTS):
                    out.append(A.sneak[d])  # CAT-42
        else:
            out.append(A.step[d])
    if not st.sneaking:
        out.append(A.stop)
    return out


def explore(st: CatacombsState, d: int) -> int:
    """CAT-26: one step onto unexplored ground; the cell stepped on, whose card turns up."""
    s = st.active
    here = cell_of(st, s)
    n = st.game.neighbours[here][d]
    assert n is not None
    st.came_from[s] = here
    st.position[s] = n
    st.via_wall = False
    return n


def break_wall(st: CatacombsState, d: int) -> int | None:
    """CAT-43: the destruction potion takes the dwarf through one wall: onto unexplored ground
    (the cell is returned, its card to turn up), onto a monster, or on to the end phase."""
    s = st.active
    spend_effect(st, s, "destruction")
    here = cell_of(st, s)
    n = st.game.neighbours[here][d]
    assert n is not None
    st.came_from[s] = here
    st.position[s] = n
    st.via_wall = True
    st._emit("break_wall", seat=s, cell=st.game.xy(n), side=DIRS[d])
    if st.tile[n] is None:
        return n
    if monster_at(st, n) is not None:
        st.phase, st.step = "event", "monster"
    else:
        turn.to_end_phase(st)
    return None


def walk(st: CatacombsState) -> None:
    """CAT-27: roll a d6 for the walk's points."""
    st.roll = d6(st.rng)
    st.walk_left = st.roll
    st._emit("roll", seat=st.active, purpose="walk", value=st.roll)
    st.step = "walk"


def speed_walk(st: CatacombsState) -> None:
    """CAT-41: a walk of any length."""
    spend_effect(st, st.active, "speed")
    st.walk_left = None  # no limit
    st.step = "walk"


def speed_to(st: CatacombsState, e: int) -> None:
    """CAT-41: a jump from the dwarf's own entrance to another."""
    s = st.active
    spend_effect(st, s, "speed")
    entrance = st.game.content.entrances[e]
    st.came_from[s] = st.position[s]
    st.position[s] = entrance.cell
    st._emit("speed_jump", seat=s, entrance=entrance.id)
    turn.to_end_phase(st)


def step(st: CatacombsState, d: int, sneak: bool = False) -> None:
    """CAT-27, CAT-30: one cell of a walk; onto a monster, a battle. CAT-42: a sneak steps onto
    the monster's cell without one."""
    s = st.active
    here = cell_of(st, s)
    n = st.game.neighbours[here][d]
    assert n is not None
    st.came_from[s] = here
    st.position[s] = n
    if st.walk_left is not None and st.walk_left > 0:
        st.walk_left -= 1
    if sneak:
        spend_effect(st, s, "invisibility")
        st.sneaking = True
        return
    st.sneaking = False
    if monster_at(st, n) is not None:
        st.phase, st.step = "event", "battle"
        return
    if st.walk_left == 0:
        turn.to_end_phase(st)
