"""The turn (CAT-25..30): move, then the event or battle, then building; walking explored
ground with a d6, exploring one step, walls, monsters that block; the speed, invisibility and
destruction potions' moves (CAT-41..43); extra turns (CAT-9, CAT-19)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.components.dice import d6
from meeple.core import Action

from . import ending, events
from .board import DIRS, OPP, SIDE_BITS, cell_of, connected, monster_at, sides, whose_turn
from .equipment import holds

if TYPE_CHECKING:
    from .state import CatacombsState

#: CAT-42: walk points a sneak needs: the step onto the monster and one to walk on.
SNEAK_POINTS = 2


def reset_turn(st: CatacombsState) -> None:
    """What lasts only one turn starts afresh."""
    st.walk_left = 0
    st.roll = 0
    st.bonus = 0
    st.attacked = False
    st.offers = 0
    st.free_used = 0
    st.sneaking = False
    st.via_wall = False
    st.build_cell = None
    st.build_side = 0
    st.held = None


def start_turn(st: CatacombsState, s: int) -> None:
    st.turn = s
    reset_turn(st)
    st.phase, st.step = "move", "main"
    st.to_act = s
    st._emit("turn", seat=s)


def to_end_phase(st: CatacombsState) -> None:
    """CAT-25: after the move, the event and the building, the free actions before ending."""
    st.phase, st.step = "end", "main"
    st.walk_left = 0
    st.sneaking = False


def end_turn(st: CatacombsState) -> None:
    """Pass to the next living dwarf, or give the same dwarf its extra turn (CAT-9)."""
    st.turns += 1
    s = whose_turn(st)
    if st.turns >= st.game.config["max_rounds"] * st.players:
        ending.finish(st, "round-limit")
        return
    if not ending.any_way_forward(st):  # CAT-24
        ending.finish(st, "dead-end")
        return
    if st.alive[s] and st.extra > 0:
        st.extra -= 1
        start_turn(st, s)
        return
    st.extra = 0
    k = st.order.index(s)
    for j in range(1, st.players + 1):
        nxt = st.order[(k + j) % st.players]
        if st.alive[nxt]:
            start_turn(st, nxt)
            return
    ending.finish(st, "all-fallen")


def move_actions(st: CatacombsState) -> list[Action]:
    """CAT-26..28, 41, 43, 55: the moves from the dwarf's cell."""
    A, g = st.game.acts, st.game
    s = whose_turn(st)
    cur = cell_of(st, s)
    if monster_at(st, cur) is not None:  # CAT-55: fight on or retreat
        return [A.attack] if st.no_retreat[s] else [A.attack, A.retreat]
    destroy = holds(st, s, "destruction")
    out: list[Action] = []
    can_walk = False
    for d in range(4):
        n = g.nb[cur][d]
        if n is None:
            continue
        open_here = sides(st, cur) & SIDE_BITS[d]
        there = st.tile[n]
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
        if cur in g.entrance_index:
            out += [A.speed_to[k] for k, e in enumerate(g.cat.entrances) if e[3] != cur]
    out.append(A.stay)
    return out


def walk_actions(st: CatacombsState) -> list[Action]:
    """CAT-27, 30, 42: a step through a passage, a sneak past a monster, or stop."""
    A = st.game.acts
    s = whose_turn(st)
    cur = cell_of(st, s)
    invisible = holds(st, s, "invisibility")
    out: list[Action] = []
    for d in range(4):
        n = connected(st, cur, d)
        if n is None:
            continue
        if monster_at(st, n) is not None:  # CAT-30: stepping on means a battle
            if not st.sneaking:
                out.append(A.step[d])
                if invisible and (st.walk_left is None or st.walk_left >= SNEAK_POINTS):
                    out.append(A.sneak[d])  # CAT-42
        else:
            out.append(A.step[d])
    if not st.sneaking:
        out.append(A.stop)
    return out


def explore(st: CatacombsState, d: int) -> None:
    """CAT-26: one step onto unexplored ground, whose card turns up."""
    s = whose_turn(st)
    cur = cell_of(st, s)
    n = st.game.nb[cur][d]
    assert n is not None
    st.came[s] = cur
    st.pos[s] = n
    st.via_wall = False
    events.reveal(st, n, d)


def break_wall(st: CatacombsState, d: int) -> None:
    """CAT-43: the destruction potion takes the dwarf through one wall."""
    s = whose_turn(st)
    events.spend_effect(st, s, "destruction")
    cur = cell_of(st, s)
    n = st.game.nb[cur][d]
    assert n is not None
    st.came[s] = cur
    st.pos[s] = n
    st.via_wall = True
    st._emit("break_wall", seat=s, cell=st.game.xy(n), side=DIRS[d])
    if st.tile[n] is None:
        events.reveal(st, n, d)
    elif monster_at(st, n) is not None:
        st.phase, st.step = "event", "monster"
    else:
        to_end_phase(st)


def walk(st: CatacombsState, _: int) -> None:
    """CAT-27: roll a d6 for the walk's points."""
    st.roll = d6(st.rng)
    st.walk_left = st.roll
    st._emit("roll", seat=whose_turn(st), purpose="walk", value=st.roll)
    st.step = "walk"


def speed_walk(st: CatacombsState, _: int) -> None:
    """CAT-41: a walk of any length."""
    events.spend_effect(st, whose_turn(st), "speed")
    st.walk_left = None  # no limit
    st.step = "walk"


def speed_to(st: CatacombsState, e: int) -> None:
    """CAT-41: a jump from an entrance to another."""
    s = whose_turn(st)
    events.spend_effect(st, s, "speed")
    st.came[s] = st.pos[s]
    st.pos[s] = st.game.cat.entrances[e][3]
    st._emit("speed_jump", seat=s, entrance=st.game.cat.entrances[e][0])
    to_end_phase(st)


def step(st: CatacombsState, d: int, sneak: bool = False) -> None:
    """CAT-27, CAT-30: one cell of a walk; onto a monster, a battle."""
    s = whose_turn(st)
    cur = cell_of(st, s)
    n = st.game.nb[cur][d]
    assert n is not None
    st.came[s] = cur
    st.pos[s] = n
    if st.walk_left is not None and st.walk_left > 0:
        st.walk_left -= 1
    if sneak:
        events.spend_effect(st, s, "invisibility")
        st.sneaking = True
        return
    st.sneaking = False
    if monster_at(st, n) is not None:
        st.phase, st.step = "event", "battle"
        return
    if st.walk_left == 0:
        to_end_phase(st)


def sneak(st: CatacombsState, d: int) -> None:
    """CAT-42: onto a monster's cell without a fight."""
    step(st, d, sneak=True)


def stop(st: CatacombsState, _: int) -> None:
    to_end_phase(st)


def end(st: CatacombsState, _: int) -> None:
    end_turn(st)
