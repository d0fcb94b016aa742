"""Battle (CAT-51..56): fight or retreat, potions poured out, the attack roll on the battle
table, victory and the monster's counter-attack."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.components.dice import d6

from . import building, stats, turn
from .board import cell_of, monster_at, whose_turn
from .equipment import RIGHT, armour_of, take_item

if TYPE_CHECKING:
    from .state import CatacombsState


def after_battle(st: CatacombsState) -> None:
    """The turn goes on: building the revealed cell if still bare, else the end phase."""
    if st.ended or not st.alive[whose_turn(st)]:
        return
    if st.build_cell is not None and st.tile[st.build_cell] is None:
        building.to_build(st)
    else:
        turn.to_end_phase(st)


def fight(st: CatacombsState, _: int) -> None:
    """CAT-51: take the monster on."""
    if st.via_wall:  # CAT-43: through a wall, no retreat until one of them falls
        st.no_retreat[whose_turn(st)] = True
    st.step = "battle"


def retreat(st: CatacombsState, _: int) -> None:
    """CAT-51/CAT-55: back to the cell the dwarf came from; the monster stays face up."""
    s = whose_turn(st)
    back = st.came[s]
    assert back is not None
    st._emit("retreat", seat=s, cell=st.game.xy(back))
    st.pos[s] = back
    after_battle(st)


def attack(st: CatacombsState, _: int) -> None:
    """CAT-52; CAT-55: a dwarf already on a monster's cell fights on."""
    if st.step == "battle":
        roll_attack(st)
    else:
        st.phase, st.step = "event", "battle"


def sacrifice(st: CatacombsState, item: int) -> None:
    """CAT-44: a potion poured out adds +1 to the rolls of the turn."""
    s = whose_turn(st)
    take_item(st, s, item)
    st.bonus += 1
    st._emit("sacrifice", seat=s, item=st.game.cat.items[item].id, bonus=st.bonus)


def roll_attack(st: CatacombsState) -> None:
    """CAT-52..54: one attack roll against the monster on the dwarf's cell."""
    g = st.game
    s = whose_turn(st)
    cur = cell_of(st, s)
    m = monster_at(st, cur)
    assert m is not None
    mon = g.cat.monsters[m]
    weapon = st.screen[s][RIGHT]
    col = g.column_of[weapon] if weapon is not None else g.cat.fists_column
    need = mon.needs[col]
    roll = 0
    if need is None:
        win = False
    elif need == 0:
        win = True
    else:
        roll = d6(st.rng)
        win = roll + st.bonus >= need
    st.attacked = True
    st._emit("attack", seat=s, monster=mon.id, need=need, roll=roll, bonus=st.bonus, win=win)
    if win:
        kill(st, s, cur, mon.experience)
    else:
        dmg = max(0, mon.attack - armour_of(st, s))  # CAT-54: armour never adds health
        st._emit("wound", seat=s, monster=mon.id, damage=dmg)
        stats.damage(st, s, dmg)
        if not st.alive[s] or st.ended:
            return
    after_battle(st)


def kill(st: CatacombsState, s: int, cell: int, experience: int) -> None:
    """CAT-53: the monster leaves the board; experience and a kill for the dwarf."""
    st.card[cell] = None
    st.taken += 1
    st.kills[s] += 1
    for o in range(st.players):
        if st.pos[o] == cell:
            st.no_retreat[o] = False
    stats.gain(st, s, experience)
