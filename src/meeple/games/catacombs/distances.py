"""The scripted dwarf's walking distances (``bots``): to its targets and to the entrances.

Its walk asks them at every step, and a search whose rollouts play the scripted dwarf asks
them of the same board thousands of times, so each is kept per game (``Catacombs.distance_memo``)
by all it reads: the board's tiles and cards, and for a target the dwarf's weapon, armour and
health. A kept dict is shared: callers only read it.

The store is kept per board (a key of every cell's tile and card), then by the rest. The board
a game asked about last is remembered with copies of its two lists (``Catacombs.distance_board``):
while a state's lists equal them (a comparison of lists, no key built or hashed), its distances
are found in that board's store at once. A board changes far more rarely than it is asked about.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from .backpack import armour_of
from .board import ALL_SIDES, monster_at
from .heuristic import win_chance
from .outlook import column

if TYPE_CHECKING:
    from .state import CatacombsState

#: A target monster is sought out while the dwarf's health exceeds this many of its wounds.
SAFE_WOUNDS = 2
#: Win chance at which a dwarf already facing a monster fights on (``bots``); a monster is a
#: target only at this chance or better, unless the walk is bold (nothing else in reach): a
#: dwarf that sought out a monster it then fled from came back to it turn after turn.
FIGHT_ON_CHANCE = 0.34
#: Walking distances kept per game before the store is emptied: each is a dict over the board
#: (a few kilobytes with its key), and a search of 400 iterations from one position asks for
#: about 70 of them.
KEPT = 1024

#: The walking distances kept for one board, by what else they read.
Kept = dict[tuple[object, ...], dict[int, int]]


def spread(st: CatacombsState, dist: dict[int, int], q: deque[int]) -> dict[int, int]:
    """Walking distances out from the cells already in ``dist``, never through a monster: a
    passage needs the sides both ways open (CAT-28; a cell without a tile bars no side)."""
    tile, links, card, monster = st.tile, st.game.links, st.card, st.game.card_monster
    while q:
        c = q.popleft()
        mask = tile[c]
        if mask is None:
            mask = ALL_SIDES
        step = dist[c] + 1
        for side, n, back in links[c]:
            if mask & side and n not in dist:
                there = tile[n]
                if there is not None and there & back and (
                        (k := card[n]) is None or monster[k] is None):
                    dist[n] = step
                    q.append(n)
    return dist


def target_distance(st: CatacombsState, s: int, bold: bool = False,
                    walls: bool = False) -> dict[int, int]:
    """Walking distance to the nearest open side onto unexplored ground, or to a monster the
    dwarf would fight on against (any it has a chance against when ``bold``; the monster's
    cell itself counts as a target).

    Kept per game (see the module's docs)."""
    kept = _board(st)
    key = (column(st, s), st.bonus, armour_of(st, s), st.health[s], bold, walls)
    known = kept.get(key)
    return known if known is not None else _keep(st, kept, key,
                                                 _target_distance(st, s, bold, walls))


def fights_on(st: CatacombsState, s: int, m: int) -> bool:
    """Whether dwarf ``s``, on monster ``m``'s cell with the choice to retreat, fights on: at
    :data:`FIGHT_ON_CHANCE` or better, or with any chance against a monster that cannot wound
    it when the cell it would retreat to has no target in reach (it would only walk back to
    the monster next turn: a bold walk's target)."""
    chance = win_chance(st, s, m)
    if chance >= FIGHT_ON_CHANCE:
        return True
    if chance == 0 or st.game.content.monsters[m].attack > armour_of(st, s):
        return False
    back = st.came_from[s]
    return back is None or back not in target_distance(st, s)


def _board(st: CatacombsState) -> Kept:
    """The distances kept for the state's board (see the module's docs)."""
    g = st.game
    last = g.distance_board
    if last is not None and last[0] == st.tile and last[1] == st.card:  # no key to build
        return last[2]
    store = g.distance_memo
    board = (*st.tile, *st.card)
    kept = store.get(board)
    if kept is None:
        kept = store[board] = {}
    g.distance_board = (list(st.tile), list(st.card), kept)
    return kept


def _keep(st: CatacombsState, kept: Kept, key: tuple[object, ...], dist: dict[int, int]
          ) -> dict[int, int]:
    """``dist`` kept in the board's store ``kept`` under ``key``; every board's store is
    emptied once the game keeps :data:`KEPT` distances."""
    g = st.game
    g.distances_kept += 1
    if g.distances_kept > KEPT:
        g.distance_memo.clear()
        g.distance_board = None
        g.distances_kept = 1
        kept = _board(st)
    kept[key] = dist
    return dist


def _target_distance(st: CatacombsState, s: int, bold: bool, walls: bool) -> dict[int, int]:
    """:func:`target_distance` worked out afresh."""
    g = st.game
    tile, links = st.tile, g.links
    dist: dict[int, int] = {}
    for c in range(g.cells):
        mask = tile[c]
        if mask is None:
            continue
        m = monster_at(st, c)
        if m is not None:
            hurt = max(0, g.content.monsters[m].attack - armour_of(st, s))
            chance = win_chance(st, s, m)
            if chance > 0 and (bold or (chance >= FIGHT_ON_CHANCE
                                        and st.health[s] > SAFE_WOUNDS * hurt)):
                dist[c] = 0
            continue
        for side, n, _ in links[c]:
            if tile[n] is None and (walls or mask & side):
                dist[c] = 0
                break
    return spread(st, dist, deque(dist))


def entrance_distance(st: CatacombsState, doors: list[int] | None = None) -> dict[int, int]:
    """Walking distance to the nearest entrance (of ``doors`` when given), kept per game."""
    cells = tuple(st.game.entrance_cells if doors is None else doors)
    kept = _board(st)
    key = (cells,)
    known = kept.get(key)
    if known is not None:
        return known
    dist = dict.fromkeys(cells, 0)
    return _keep(st, kept, key, spread(st, dist, deque(dist)))


def bordering(st: CatacombsState, cell: int) -> dict[int, int]:
    """The monsters on cells next to those a dwarf on ``cell`` can walk to past no monster,
    each with such a cell of its; kept per game like the distances."""
    kept = _board(st)
    key = ("bordering", cell)
    known = kept.get(key)
    if known is not None:
        return known
    tile, links, card, monster = st.tile, st.game.links, st.card, st.game.card_monster
    out: dict[int, int] = {}
    for c in spread(st, {cell: 0}, deque([cell])):
        mask = tile[c]
        if mask is None:
            mask = ALL_SIDES
        for side, n, back in links[c]:  # a passage onto a monster's cell (CAT-28)
            if mask & side and (there := tile[n]) is not None and there & back and (
                    k := card[n]) is not None and (m := monster[k]) is not None:
                out[m] = n
    return _keep(st, kept, key, out)


def monsters(st: CatacombsState) -> dict[int, int]:
    """Every monster on the board, each with a cell of its; kept per game like the
    distances."""
    kept = _board(st)
    known = kept.get(("monsters",))
    if known is not None:
        return known
    out = {m: c for c in range(st.game.cells)
           if st.tile[c] is not None and (m := monster_at(st, c)) is not None}
    return _keep(st, kept, ("monsters",), out)
