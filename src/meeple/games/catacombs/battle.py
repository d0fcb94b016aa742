"""Battle (CAT-49, CAT-51..56): fight or retreat, potions poured out, the attack roll on the
battle table, victory, the monster's counter-attack, and the Summoner that banishes a monster.
A fatal wound ends here: ``actions`` carries the dwarf's death on (``stats.die``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.components.dice import d6

from . import turn
from .backpack import RIGHT, armour_of, take_item
from .board import cell_of, monster_at

if TYPE_CHECKING:
    from .state import CatacombsState


def fight(st: CatacombsState) -> None:
    """CAT-51: take the monster on."""
    if st.via_wall:  # CAT-43: through a wall, no retreat until one of them falls
        st.no_retreat[st.active] = True
    st.step = "battle"


def retreat(st: CatacombsState) -> None:
    """CAT-51/CAT-55: back to the cell the dwarf came from; the monster stays face up."""
    s = st.active
    back = st.came_from[s]
    assert back is not None
    st._emit("retreat", seat=s, cell=st.game.xy(back))
    st.position[s] = back
    turn.after_battle(st)


def attack(st: CatacombsState) -> None:
    """CAT-52; CAT-55: a dwarf already on a monster's cell fights on."""
    if st.step == "battle":
        roll_attack(st)
    else:
        st.phase, st.step = "event", "battle"


def sacrifice(st: CatacombsState, item: int) -> None:
    """CAT-44: a potion poured out adds +1 to the rolls of the turn."""
    s = st.active
    take_item(st, s, item)
    st.bonus += 1
    st._emit("sacrifice", seat=s, item=st.game.content.items[item].id, bonus=st.bonus)


def roll_attack(st: CatacombsState) -> None:
    """CAT-52..54: one attack roll against the monster on the dwarf's cell."""
    g = st.game
    s = st.active
    here = cell_of(st, s)
    m = monster_at(st, here)
    assert m is not None
    mon = g.content.monsters[m]
    weapon = st.screen[s][RIGHT]
    col = g.column_of[weapon] if weapon is not None else g.content.fists_column
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
        kill(st, s, here, mon.experience)
    else:
        dmg = max(0, mon.attack - armour_of(st, s))  # CAT-54: armour never adds health
        st._emit("wound", seat=s, monster=mon.id, damage=dmg)
        st.health[s] -= dmg
        if st.health[s] <= 0:  # CAT-11: the dwarf falls (``stats.die``, from ``actions``)
            return
    turn.after_battle(st)


def kill(st: CatacombsState, s: int, cell: int, experience: int) -> None:
    """CAT-53: the monster leaves the board; experience and a kill for the dwarf."""
    st.card[cell] = None
    st.taken += 1
    st.kills[s] += 1
    for o in range(st.players):
        if st.position[o] == cell:
            st.no_retreat[o] = False
    turn.gain(st, s, experience)


def banish(st: CatacombsState, bonus: int) -> None:
    """CAT-49: the Summoner (already used) banishes the monster on the dwarf's cell: the kill's
    experience and ``bonus``, the artifact's."""
    s = st.active
    here = cell_of(st, s)
    m = monster_at(st, here)
    assert m is not None
    mon = st.game.content.monsters[m]
    st._emit("banish", seat=s, monster=mon.id)
    kill(st, s, here, mon.experience + bonus)
    turn.after_battle(st)
