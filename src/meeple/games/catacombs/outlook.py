"""What a dwarf can still earn by walking on, for the bots' heuristic (``heuristic.py``).

Experience comes from the cards still face down (a vein is worth 2, a weapon or a treasure
money, a beatable monster its kill) and from face-up monsters a dwarf can beat; a turn spent
walking back and forth earns nothing, and a game whose dwarves stop exploring never ends. So a
dwarf's *outlook* is the best of its targets — an open side onto unexplored ground, worth a
face-down card's expected worth to it (:func:`card_worth`), or a face-up monster it can beat,
worth one attack (:func:`kill_value`) — times ``NEAR`` for each cell it still has to walk to
reach it (:func:`outlook`). A step towards the nearest target raises the value, a step away
lowers it, and a walk's rolled points count as cells already walked, so rolling for a walk is
worth more than staying when a target lies ahead, and a walk of any length still heads for
it. A dwarf walled in (no target on foot) is worth ``WALLED``, less than nothing, and more
for each step towards the destruction potion that would free it (:func:`_walled_in`).

The walking distances depend only on the board (its tiles and cards), not on the dwarf: they
are worked out once per board, from the targets outwards, and kept on the game
(:func:`board_maps`), so a search that reads the value at every leaf does not walk the board
again for each seat and each leaf; no state is copied.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .backpack import HALVES, RIGHT, armour_of, holds
from .board import ALL_SIDES, OPP, SIDE_BITS
from .content import DIE_FACES
from .events import ARTIFACT_EXPERIENCE, VEIN_EXPERIENCE

if TYPE_CHECKING:
    from .game import Catacombs
    from .state import CatacombsState

#: What a fall costs (CAT-11): its 4 experience and all the dwarf could still earn.
FALL = 4.0
#: What one health point is worth, in experience-like points.
HEALTH = 0.1
#: What one coin is worth, in experience-like points (200 coins buy one experience).
COIN = 1 / 200
#: What a target is worth for each cell still to walk to it, as a share of its worth one cell
#: nearer: a d6 walk covers 3.5 cells a turn, so a turn's walk costs about a fifth of what
#: lies at its end. Never nothing however far, and never below what no target is worth.
NEAR = 0.93
#: The cells within a walk's points count this much each: a tie-break, so that a walk of any
#: length (CAT-41) still heads for the target rather than wander.
NEARER = 0.1
#: The share of a coin's worth that a coin above the reserve keeps (``money_worth``).
SURPLUS = 0.9
#: What being walled in is worth: less than nothing, since every later turn is lost.
WALLED = -0.2
#: How much better buying a destruction potion it can pay for now looks to a walled-in dwarf
#: than hoping to buy it, when the way out is worth its price (:func:`_walled_in`).
BUY_NOW = 0.01
#: What getting out of a walled-in region adds to the first card beyond it: the rest of the
#: board, so a destruction potion is worth its price to a walled-in dwarf, and breaking
#: through with it keeps that worth until the tile beyond is laid.
ESCAPE = 2.0
#: A cauldron found: a place to brew potions, worth a little.
CAULDRON = 0.3
#: Walk points without a limit (a speed potion's walk, CAT-41).
UNLIMITED = 99


def chance(g: Catacombs, col: int, bonus: int, monster: int) -> float:
    """The chance that one attack roll with weapon column ``col`` beats ``monster``."""
    need = g.content.monsters[monster].needs[col]
    if need is None:
        return 0.0
    if need == 0:
        return 1.0
    return max(0.0, min(1.0, (DIE_FACES + 1 - max(1, need - bonus)) / DIE_FACES))


def column(st: CatacombsState, s: int) -> int:
    """The battle table's column of dwarf ``s``'s weapon in hand (fists without one)."""
    weapon = st.screen[s][RIGHT]
    return st.game.column_of[weapon] if weapon is not None else st.game.content.fists_column


def kill_value(g: Catacombs, col: int, bonus: int, armour: int, health: int, monster: int
               ) -> float | None:
    """What one attack on ``monster`` is worth to a dwarf with weapon column ``col``, a
    ``bonus`` to its roll, ``armour`` and ``health``: the kill's experience at its odds less
    what a miss costs (its wound's health, and the dwarf's fall when the wound would kill it,
    CAT-11); None when it cannot win at all."""
    p = chance(g, col, bonus, monster)
    if p == 0:
        return None
    mon = g.content.monsters[monster]
    wound = max(0, mon.attack - armour)
    miss = HEALTH * wound + (FALL if wound >= health else 0.0)
    return p * mon.experience - (1 - p) * miss


def _card_table(g: Catacombs, col: int, armour: int) -> tuple[float, ...]:
    """Each event card's worth, turned up by a dwarf with weapon column ``col`` and
    ``armour``, worked out once per game for each pair and kept."""
    cache: dict[tuple[int, int], tuple[float, ...]] = g.__dict__.setdefault("_card_worths", {})
    key = (col, armour)
    table = cache.get(key)
    if table is None:
        items = g.content.items
        out: list[float] = []
        for card in g.content.cards:
            if card.kind == "vein":
                out.append(float(VEIN_EXPERIENCE))
            elif card.kind == "monster":
                assert card.ref is not None
                kill = kill_value(g, col, 0, armour, UNLIMITED, card.ref)
                out.append(max(0.0, kill or 0.0))  # else the dwarf retreats
            elif card.kind == "cauldron":
                out.append(CAULDRON)
            elif card.kind == "artifact":
                out.append(float(ARTIFACT_EXPERIENCE) / 2)
            else:
                assert card.ref is not None
                it = items[card.ref]
                out.append((it.price or it.value) / 2 * COIN)
        table = cache[key] = tuple(out)
    return table


def card_worth(st: CatacombsState, s: int) -> float:
    """The expected worth to dwarf ``s`` of a face-down card it turns up: the mean over the
    cards still face down (CAT-3: each is as likely)."""
    deck = st.deck
    if not deck:
        return 0.0
    col, armour = column(st, s), armour_of(st, s)
    # Kept per game by the cards still face down, which change only when one turns up; the
    # last deck seen by each dwarf's fighting power first, compared without a key built.
    memo = st.game.__dict__
    last: dict[tuple[int, int], tuple[list[int], float]] = memo.setdefault("_last_deck", {})
    seen = last.get((col, armour))
    if seen is not None and seen[0] == deck:
        return seen[1]
    key = (col, armour, tuple(deck))
    store: dict[tuple[int, int, tuple[int, ...]], float] = memo.setdefault("_deck_worths", {})
    mean = store.get(key)
    if mean is None:
        if len(store) >= KEPT:
            store.clear()
        table = _card_table(st.game, col, armour)
        mean = store[key] = sum(map(table.__getitem__, deck)) / len(deck)
    last[col, armour] = (list(deck), mean)
    return mean


def walk_points(st: CatacombsState, s: int) -> int:
    """The cells dwarf ``s`` may still walk this turn without another roll: its walk's points
    left while it walks, else none."""
    if st.active != s or st.step != "walk" or st.decisions:
        return 0
    left = st.walk_left
    return UNLIMITED if left is None else left


def outlook(st: CatacombsState, s: int, fresh: float | None = None) -> float:
    """The best target's worth, times ``NEAR`` for each cell still to walk to it (the walk's
    points left count as walked); with no target in reach on foot, what :func:`_walled_in`
    says. ``fresh`` is the worth of a face-down card to ``s`` (:func:`card_worth` when not
    given)."""
    start = st.position[s]
    if start is None:
        return 0.0
    if fresh is None:
        fresh = card_worth(st, s)
    if st.tile[start] is None:  # just explored: the tile is still to be laid
        held = st.held_tile
        if held is None or st.active != s or st.build_cell != start:
            # through a wall out of a walled-in region: the rest of the board lies ahead
            return fresh + (ESCAPE if st.via_wall and st.active == s else 0.0)
        return max(_laid(st, s, start, m, fresh)  # the best way to lay the tile in hand
                   for m in st.game.rotations[st.game.content.tiles[held].sides]
                   if m & st.build_side)
    g = st.game
    frontier, monsters = board_maps(st)
    walked = walk_points(st, s)
    best: float | None = None
    d = frontier[start]
    k = st.card[start]
    # On a monster's cell: the way on, once beaten. Any other cell facing unexplored ground
    # is a source of the frontier's distances already (d == 0).
    if d != 0 and k is not None and g.card_monster[k] is not None and _faces_unexplored(
            st, start):
        d = 0
    if d >= 0:
        best = fresh * NEAR ** (max(0, d - walked) + NEARER * d)
    if monsters:
        col, armour, health = column(st, s), armour_of(st, s), st.health[s]
        for m, dist in monsters:
            d = dist[start]
            if d <= 0:  # out of reach, or the dwarf's own cell (its battle counts apart)
                continue
            kill = kill_value(g, col, 0, armour, health, m)
            if kill is not None:
                w = kill * NEAR ** (max(0, d - walked) + NEARER * d)
                if best is None or w > best:
                    best = w
    if best is None:
        if k is not None and g.card_monster[k] is not None:
            return 0.0  # the battle on its cell counts apart, whatever lies beyond
        return _walled_in(st, s, fresh, _region(st, start))
    return max(0.0, best)


def stuck(st: CatacombsState, s: int) -> bool:
    """Dwarf ``s`` has no target on foot worth walking to: no open side onto unexplored ground
    lies in its reach, and no face-up monster it can beat at better than even worth (its
    kill at its odds against the wound or fall a miss costs, :func:`kill_value`); and it
    faces no monster on its own cell."""
    start = st.position[s]
    if start is None or st.tile[start] is None:
        return False
    k = st.card[start]
    if k is not None and st.game.content.cards[k].kind == "monster":
        return False
    frontier, monsters = board_maps(st)
    if frontier[start] >= 0:
        return False
    g = st.game
    col, armour, health = column(st, s), armour_of(st, s), st.health[s]
    return not any(dist[start] > 0 and (kill := kill_value(g, col, 0, armour, health, m))
                   is not None and kill >= 0 for m, dist in monsters)


def _laid(st: CatacombsState, s: int, cell: int, mask: int, fresh: float) -> float:
    """The outlook once the tile in hand lies on ``cell`` turned to ``mask`` (CAT-57); the
    state is left as it was."""
    st.tile[cell] = mask
    try:
        return outlook(st, s, fresh)
    finally:
        st.tile[cell] = None


def _faces_unexplored(st: CatacombsState, cell: int) -> bool:
    """``cell`` has an open side onto unexplored ground."""
    mask, tile, nb = st.tile[cell], st.tile, st.game.neighbours[cell]
    assert mask is not None
    return any(mask & SIDE_BITS[d] and (n := nb[d]) is not None and tile[n] is None
               for d in range(4))


#: Per board, the walking distances to the nearest open side onto unexplored ground and to
#: each face-up monster (:func:`board_maps`).
Maps = tuple[list[int], list[tuple[int, list[int]]]]
#: Boards kept per game before the store is emptied.
KEPT = 4096


def board_maps(st: CatacombsState) -> Maps:
    """Walking distances (-1: out of reach) from each cell to the nearest explored cell with an
    open side onto unexplored ground, and to each face-up monster's cell, never through a
    monster (CAT-30). They change only when a tile is laid or turned or a card turns up or
    leaves, so they are kept per board (its tiles and cards) on the game, shared by every
    state and every seat."""
    memo = st.game.__dict__
    last: tuple[list[int | None], list[int | None], Maps] | None = memo.get("_last_board")
    if last is not None and last[0] == st.tile and last[1] == st.card:  # no key to build
        return last[2]
    key = (tuple(st.tile), tuple(st.card))
    store: dict[tuple[tuple[int | None, ...], tuple[int | None, ...]], Maps] = (
        memo.setdefault("_board_maps", {}))
    maps = store.get(key)
    if maps is None:
        if len(store) >= KEPT:
            store.clear()
        maps = store[key] = _work_out(st)
    memo["_last_board"] = (list(st.tile), list(st.card), maps)
    return maps


def _work_out(st: CatacombsState) -> Maps:
    g = st.game
    tile, card, monster, nb = st.tile, st.card, g.card_monster, g.neighbours
    blocked = [False] * g.cells
    found: list[tuple[int, int]] = []
    edge: list[int] = []
    for c, mask in enumerate(tile):
        if mask is None:
            continue
        k = card[c]
        if k is not None and (ref := monster[k]) is not None:
            blocked[c] = True
            found.append((ref, c))
            continue
        for d, n in enumerate(nb[c]):
            if n is not None and mask & SIDE_BITS[d] and tile[n] is None:
                edge.append(c)
                break
    return _spread(st, edge, blocked), [(m, _spread(st, [c], blocked)) for m, c in found]


def _spread(st: CatacombsState, sources: list[int], blocked: list[bool]) -> list[int]:
    """Walking distances out from ``sources`` through passages; a blocked cell is reached but
    not walked through."""
    tile, links = st.tile, st.game.links
    dist = [-1] * st.game.cells
    for c in sources:
        dist[c] = 0
    layer = sources
    d = 0
    while layer:
        d += 1
        nxt: list[int] = []
        for c in layer:
            if blocked[c] and d > 1:
                continue
            mask = tile[c]
            assert mask is not None
            for side, n, back in links[c]:
                if mask & side and dist[n] < 0:
                    there = tile[n]
                    if there is not None and there & back:
                        dist[n] = d
                        nxt.append(n)
        layer = nxt
    return dist


def _region(st: CatacombsState, start: int) -> dict[int, int]:
    """The cells a dwarf on ``start`` can walk to, by their distance, never through a
    monster."""
    g = st.game
    tile, card, cards, nb = st.tile, st.card, g.content.cards, g.neighbours
    seen = {start: 0}
    layer = [start]
    d = 0
    while layer:
        d += 1
        nxt: list[int] = []
        for c in layer:
            k = card[c]
            if c != start and k is not None and cards[k].kind == "monster":
                continue
            mask = tile[c]
            sides = ALL_SIDES if mask is None else mask
            for side in range(4):
                if sides & SIDE_BITS[side]:
                    n = nb[c][side]
                    if n is not None and n not in seen:
                        there = tile[n]
                        if there is not None and there & SIDE_BITS[OPP[side]]:
                            seen[n] = d
                            nxt.append(n)
        layer = nxt
    return seen


def _walled_in(st: CatacombsState, s: int, fresh: float, region: dict[int, int]) -> float:
    """No target on foot (``region``: the cells in reach, by their distance): with a
    destruction potion (CAT-43), the nearest cell by a wall onto unexplored ground; with the
    means to buy one at an entrance (CAT-16), a little for each cell nearer to an entrance in
    reach and for each coin towards its price, and less where it stands, at a dearer price;
    else ``WALLED``, so that a potion, or a weapon that gives a chance against the monster in
    the way, is worth buying. That hope is never worth more than holding the potion less its
    price where the dwarf stands (and ``BUY_NOW``): otherwise a dwarf that could pay kept
    its coins and its hope, and stood still."""
    tile, nb = st.tile, st.game.neighbours
    fresh += ESCAPE
    g = st.game
    if holds(st, s, "destruction"):
        # the break is one more step, and it spends the potion, whose worth as goods
        # (``heuristic.goods_worth``) lies in this way out: so breaking beats keeping it
        if g.__dict__.get("_breaker") is None:
            _find_breaker(g)
        breaker = g.__dict__.get("_breaker")
        spent = g.content.items[breaker].price / 2 * COIN if breaker is not None else 0.0
        best = WALLED
        for c, d in region.items():
            if any(n is not None and tile[n] is None for n in nb[c]):
                best = max(best, fresh * NEAR ** (d + 1) - spent)
        return best
    if g.__dict__.get("_breaker") is None and not _find_breaker(g):
        return WALLED
    breaker = g.__dict__["_breaker"]
    values = HALVES * sum(g.content.items[i].value for i in st.pack[s])
    best = WALLED
    doors = [d for c, d in region.items() if c in g.entrance_cells]
    price = g.buy_prices[True][breaker]
    if doors and st.money[s] + values >= price:
        saved = min(1.0, st.money[s] / price)  # selling at the entrance brings it nearer
        best = WALLED + fresh * NEAR ** min(doors) * (1 + saved) / 16
    price = g.buy_prices[False][breaker]
    if st.money[s] + round(values * g.content.sell_remote) >= price:
        saved = min(1.0, st.money[s] / price)
        best = max(best, WALLED + fresh * (1 + saved) / 8)
    # The hope of a potion is worth no more than holding one, less its price here: so a
    # dwarf that can pay buys it, and one that spends its coins otherwise gains no hope.
    price = g.buy_prices[st.position[s] in g.entrance_cells][breaker]
    escape = WALLED
    for c, d in region.items():
        if any(n is not None and tile[n] is None for n in nb[c]):
            escape = max(escape, fresh * NEAR ** (d + 1) - price / HALVES * COIN - BUY_NOW)
    return min(best, escape)


def _find_breaker(g: Catacombs) -> bool:
    """Keeps the shop's destruction potion on the game; False when the shop sells none."""
    for i in g.content.shop:
        if g.content.items[i].effect == "destruction":
            g.__dict__["_breaker"] = i
            return True
    return False


def money_worth(money: int, reserve: int) -> float:
    """What ``money`` (half coins) is worth: ``COIN`` a coin up to ``reserve`` (half coins)
    kept for a weapon, a potion or a way through a wall, ``SURPLUS`` of that above it, so that
    spare coins are better spent on experience (200 coins buy one, CAT-19)."""
    coins = money / HALVES
    keep = reserve / HALVES
    if coins <= keep:
        return coins * COIN
    return keep * COIN + (coins - keep) * COIN * SURPLUS
