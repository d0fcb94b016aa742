"""Goal and end of the game (CAT-22..24): the winner, the tenth vein, and the dead end.

CAT-24: the rulebook lets the players agree to stop when nobody can reach unexplored cells
(walls, no money). meeple detects it: a dwarf still has a way forward when, from its cell, it
can walk through passages (past monsters it has or can buy a chance against, or can sneak past
or banish) to an open side that faces unexplored ground; or when it can break or turn walls (a
destruction potion held, affordable or brewable, a Spinner) and some reachable cell borders
unexplored ground; a speed potion adds every entrance's region to its reach when the dwarf
can reach its own entrance, the only one it may jump from (CAT-41).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core import Result

from .backpack import CRISTALL_STANDS_FOR, HALVES, recipe_need
from .board import ALL_SIDES, OPP, SIDE_BITS, cell_of, monster_at, own_entrance, sides

if TYPE_CHECKING:
    from .state import CatacombsState
    from .turn import Ending

#: Why a game ended, as ``Result.detail`` says it.
DETAILS: dict[Ending, str] = {
    "tenth-vein": "The last mithril vein was found.",
    "dead-end": "No dwarf can reach unexplored ground any more.",
    "round-limit": "The safety limit of rounds was reached.",
    "all-fallen": "Every dwarf has fallen.",
    "last-dwarf": "Every other dwarf has fallen.",
}


def result(st: CatacombsState) -> Result:
    """CAT-22: most experience wins, then most kills; the fallen cannot win."""
    pool = [s for s in range(st.players) if st.alive[s]] or list(range(st.players))
    best = max((st.experience[s], st.kills[s]) for s in pool)
    winners = tuple(s for s in pool if (st.experience[s], st.kills[s]) == best)
    entrances = st.game.content.entrances
    ending = st.ending
    assert ending is not None, "the game goes on"
    return Result(winners, tuple(float(e) for e in st.experience), st.turn, ending,
                  DETAILS[ending],
                  {"kills": list(st.kills), "veins": st.veins,
                   "roles": [entrances[e].id if e is not None else "" for e in st.entered]})


def region(st: CatacombsState, starts: list[int],
           beatable: frozenset[int] | None = None) -> set[int]:
    """Explored cells reachable from ``starts`` through passages; a monster's cell only when
    its monster is in ``beatable`` (None: every monster)."""
    g = st.game
    tile, card, nb, monster = st.tile, st.card, g.neighbours, g.card_monster
    seen = set(starts)
    todo = list(starts)
    while todo:
        c = todo.pop()
        mask = tile[c]
        if mask is None:
            mask = ALL_SIDES
        for d, n in enumerate(nb[c]):  # CAT-28: both facing sides open
            if n is None or not mask & SIDE_BITS[d] or n in seen:
                continue
            there = tile[n]
            if there is None or not there & SIDE_BITS[OPP[d]]:
                continue
            if beatable is not None and (k := card[n]) is not None and (
                    (m := monster[k]) is not None and m not in beatable):
                continue
            seen.add(n)
            todo.append(n)
    return seen


def _near(st: CatacombsState, here: int) -> set[int] | None:
    """``region(st, [here], frozenset())``, or None as soon as one of its cells shows an open
    side onto unexplored ground (the cells nearest ``here`` are looked at first)."""
    g = st.game
    tile, card, nb, monster = st.tile, st.card, g.neighbours, g.card_monster
    seen = {here}
    todo = [here]
    for c in todo:  # grows while it is read: breadth first
        mask = tile[c]
        if mask is None:
            mask = ALL_SIDES
        for d, n in enumerate(nb[c]):
            if n is None or not mask & SIDE_BITS[d]:
                continue
            there = tile[n]
            if there is None:
                return None
            if n in seen or not there & SIDE_BITS[OPP[d]]:
                continue
            if (k := card[n]) is not None and monster[k] is not None:
                continue
            seen.add(n)
            todo.append(n)
    return seen


def _faces_unexplored(st: CatacombsState, cells: set[int]) -> bool:
    """Some cell of ``cells`` has an open side onto unexplored ground."""
    tile, nb = st.tile, st.game.neighbours
    for c in cells:
        for d in range(4):
            n = nb[c][d]
            if n is not None and tile[n] is None and sides(st, c) & SIDE_BITS[d]:
                return True
    return False


def _wealth(st: CatacombsState, s: int, at_entrance: bool) -> int:
    """Money plus what everything carried would fetch (in half coins)."""
    content = st.game.content
    vals = sum(content.items[i].value for i in st.pack[s])
    vals += sum(content.items[i].value for i in st.screen[s] if i is not None)
    vals *= HALVES
    return st.money[s] + (vals if at_entrance else round(vals * content.sell_remote))


def _can_brew(st: CatacombsState, s: int, effect: str, cells: set[int]) -> bool:
    g = st.game
    if not any(st.cauldron[c] is not None for c in cells):
        return False
    spare = CRISTALL_STANDS_FOR if g.cristall in st.pack[s] else 0
    return any(g.content.items[potion].effect == effect
               and len(recipe_need(st, s, ings)) <= spare for potion, ings in g.content.recipes)


#: Answers of :func:`beatable` kept per game before its store is emptied.
KEPT = 4096


def beatable(st: CatacombsState, s: int, at_entrance: bool) -> frozenset[int]:
    """Monsters dwarf ``s`` could beat and so stand where they stood: a weapon it holds or can
    afford (at its strength) gives a chance, or it holds the Summoner. (An invisibility potion
    only takes it past one, CAT-42: :func:`way_forward` counts that apart.)

    The answer depends only on what the dwarf carries, its coins and strength and where it
    may shop, so it is kept per game by them (a search ends many turns with the same dwarf)."""
    key = (tuple(st.pack[s]), tuple(st.screen[s]), st.money[s], st.strength[s], at_entrance)
    store: dict[tuple[object, ...], frozenset[int]] = st.game.__dict__.setdefault(
        "_beatable", {})
    known = store.get(key)
    if known is None:
        if len(store) >= KEPT:
            store.clear()
        known = store[key] = _beatable(st, s, at_entrance)
    return known


def _beatable(st: CatacombsState, s: int, at_entrance: bool) -> frozenset[int]:
    g = st.game
    content = g.content
    if g.summoner in st.pack[s]:
        return frozenset(range(len(content.monsters)))
    wealth = _wealth(st, s, at_entrance)
    factor = HALVES if at_entrance else HALVES * content.markup
    cols = {content.fists_column}
    for i in [*st.pack[s], *st.screen[s], *content.shop]:
        if i is None:
            continue
        it = content.items[i]
        if it.kind != "weapon" or it.strength > st.strength[s]:
            continue
        if i in content.shop and i not in st.pack[s] and i not in st.screen[s] and (
                wealth < round(it.price * factor)):
            continue
        cols.add(g.column_of[i])
    return frozenset(m.index for m in content.monsters
                     if any(m.needs[c] is not None for c in cols))


#: The tools a plan uses, in the order it comes by them: a potion's effect and whether it is
#: bought at an entrance (when it is not carried already).
Plan = list[tuple[str, bool]]


def way_forward(st: CatacombsState, s: int) -> bool:
    """True while dwarf ``s`` can still reach unexplored ground somehow."""
    g = st.game
    entrances = g.entrance_cells
    here = cell_of(st, s)
    if st.no_retreat[s] and (m := monster_at(st, here)) is not None and (
            m not in beatable(st, s, here in entrances)):
        return False  # CAT-43: bound to fight to the end a monster it can never beat
    near = _near(st, here)
    if near is None:  # unexplored ground in reach past no monster: the rest cannot matter
        return True
    at_entrance = bool(near & entrances)
    can_beat = beatable(st, s, at_entrance)
    ways: list[Plan] = [[]]
    if _pays(st, s, [("invisibility", at_entrance)]):
        ways.append([("invisibility", at_entrance)])  # CAT-42: past any one monster
    for plan in ways:
        passable = frozenset(range(len(g.content.monsters))) if plan else can_beat
        cells = region(st, [here], passable)
        if own_entrance(st, s) in cells and _pays(st, s, [*plan, ("speed", True)]):
            # CAT-41: the jump is made at its own entrance, where the sneak can be bought too
            jump = [(tool, True) for tool, _ in plan] + [("speed", True)]
            if _onward(st, s, _walk_on(st, cells, can_beat, plan), plan, at_entrance):
                return True
            plan, cells = jump, cells | region(st, sorted(entrances), passable)
        if _onward(st, s, _walk_on(st, cells, can_beat, plan), plan, at_entrance):
            return True
    return False


def _walk_on(st: CatacombsState, cells: set[int], can_beat: frozenset[int],
             plan: Plan) -> set[int]:
    """``cells`` where the dwarf may stand: a sneak walks on, never stopping on the cell of a
    monster it cannot beat (CAT-42), so that cell's own sides lead nowhere."""
    if not plan or plan[0][0] != "invisibility":
        return cells
    return {c for c in cells if (m := monster_at(st, c)) is None or m in can_beat}


def _onward(st: CatacombsState, s: int, cells: set[int], plan: Plan, at_entrance: bool) -> bool:
    """From ``cells``, with the tools of ``plan``, unexplored ground: an open side onto it, or a
    wall before it that a destruction potion (carried, brewed or paid for besides the plan) or
    the Spinner takes away."""
    if _faces_unexplored(st, cells):
        return True
    g = st.game
    tile, nb = st.tile, g.neighbours
    if not any(n is not None and tile[n] is None for c in cells for n in nb[c]):
        return False
    if _can_brew(st, s, "destruction", cells):
        return True
    if (g.spinner in st.pack[s] and any(st.tile_card[c] is not None for c in cells)
            and _pays(st, s, plan, keep=g.spinner)):
        return True
    shop_there = at_entrance or not cells.isdisjoint(g.entrance_cells)
    return _pays(st, s, [*plan, ("destruction", shop_there)])


def _pays(st: CatacombsState, s: int, plan: Plan, keep: int | None = None) -> bool:
    """Dwarf ``s`` can come by every tool of ``plan`` in its order: one it carries is kept for
    its use (it is not sold to pay for another), else it is bought; what else it carries is
    sold as it needs coins (never ``keep``, a tool kept besides the plan), at the sale price
    where that purchase is made (CAT-17, CAT-18). Sales are counted as if any part of a thing
    could be sold, so the answer errs towards a way on, never towards a dead end."""
    content = st.game.content
    items = content.items
    carried = [*st.pack[s], *(i for i in st.screen[s] if i is not None)]
    if keep is not None:
        carried.remove(keep)
    buys = []
    for tool, at_entrance in plan:
        held = next((i for i in carried if items[i].effect == tool), None)
        if held is not None:
            carried.remove(held)
            continue
        price = next((items[i].price for i in content.shop if items[i].effect == tool), None)
        if price is None:
            return False
        buys.append((price * HALVES if at_entrance else round(price * HALVES * content.markup),
                     1.0 if at_entrance else content.sell_remote))
    money: float = st.money[s]
    goods: float = sum(items[i].value for i in carried) * HALVES
    for cost, rate in buys:
        if money < cost:
            goods -= (cost - money) / rate  # sold to make up the difference
            if goods < 0:
                return False
            money = cost
        money -= cost
    return True


def any_way_forward(st: CatacombsState) -> bool:
    """CAT-24: False when no living dwarf can ever reach unexplored ground again."""
    return any(st.alive[s] and way_forward(st, s) for s in range(st.players))
