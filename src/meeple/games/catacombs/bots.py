"""The scripted dwarf offered as an agent: ``--seats catacombs:balance,...``.

It plays the way the content was balanced: explore the nearest unexplored ground, fight the
monsters it can probably beat, wear its best gear, brew, use artifacts, sell treasures at the
entrances, turn spare coins into experience, and buy and use a destruction potion when walled
in. It decides from what its seat knows: the policy runs on a world ``info.sample(k)`` makes
for its seat (a face-down card is nobody's to read anyway), and every tie is broken by its
own generator, so two worlds its seat cannot tell apart get the same move.
"""

from __future__ import annotations

import heapq
from typing import Protocol

from meeple.core import Action, ConfigError, Rng, State, Verb

from .backpack import CRISTALL_STANDS_FOR, HALVES, LEFT, RIGHT, armour_of, holds, recipe_need
from .board import SIDE_BITS, cell_of, connected, monster_at, own_entrance, sides
from .content import SLOTS
from .distances import bordering, entrance_distance, fights_on, monsters, target_distance
from .heuristic import win_chance
from .rearm import arm_against, keep_arms, rearm
from .sneak import sneak_distance
from .state import CatacombsState
from .verbs import (
    Attack,
    BreakWall,
    Brew,
    Buy,
    BuyExperience,
    CancelTrade,
    Decline,
    Drink,
    EndTurn,
    Equip,
    Explore,
    Fight,
    Place,
    Raise,
    Retreat,
    Sell,
    Sneak,
    SpeedTo,
    Stat,
    Stay,
    Step,
    Stop,
    Unequip,
    Use,
    Walk,
)

#: Coins (in half coins) the dwarf keeps before buying experience.
SPARE_MONEY = HALVES * 260
#: Strength the dwarf raises first at its thresholds.
STRONG_ENOUGH = 5
#: Health under which a healing potion is drunk.
LOW_HEALTH = 6
#: Win chance at which a revealed monster is fought rather than fled.
FIGHT_CHANCE = 0.5
#: A revealed monster with a chance of winning is fought while health exceeds this many of
#: its wounds, plus ``FLEE_MARGIN``.
FLEE_WOUNDS, FLEE_MARGIN = 3, 2
#: Far away: a cell no target can be reached from.
FAR = 99
#: A wall broken counts as this many steps on a way out (:func:`break_route`): fewer walls
#: first, then fewer steps.
BREAK_STEPS = 1000


class Info(Protocol):
    """What the bot receives: its seat's legal actions and worlds consistent with its view."""

    def legal_actions(self) -> list[Action]: ...

    def sample(self, seed: int) -> State: ...


class BalanceBot:
    """The scripted dwarf as an agent."""

    name = "catacombs:balance"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, info: Info) -> Action:
        """The policy's action, decided in a world of the seat's own."""
        world = info.sample(self.rng.next64() >> 1)
        assert isinstance(world, CatacombsState)
        chosen = choose(world, self.rng)
        return next(a for a in info.legal_actions() if a[1] == chosen[1])


def make_balance(arg: str | None, seed: int) -> BalanceBot:
    """``catacombs:balance`` (no argument)."""
    if arg:
        raise ConfigError(f"catacombs:balance takes no argument, got {arg[:24]!r}")
    return BalanceBot(seed)


# ---------------------------------------------------------------- the policy
def break_route(st: CatacombsState, s: int) -> tuple[int, int, bool] | None:
    """The cheapest way from dwarf ``s``'s cell onto unexplored ground or to a monster it can
    beat, through as few walls as it takes (each broken by a destruction potion, CAT-43),
    then as few steps: the walls, the direction of the first move and whether that move
    breaks a wall; None when monsters it cannot beat close every way."""
    g = st.game
    start = cell_of(st, s)
    best = {start: 0}
    heap: list[tuple[int, int, int, bool]] = [(0, start, -1, False)]
    while heap:
        cost, c, first, broke = heapq.heappop(heap)
        if cost > best[c]:
            continue
        if c != start and (st.tile[c] is None or monster_at(st, c) is not None):
            return cost // BREAK_STEPS, first, broke
        for d, n in enumerate(g.neighbours[c]):
            if n is None:
                continue
            m = monster_at(st, n) if st.tile[n] is not None else None
            if m is not None and win_chance(st, s, m) == 0:
                continue
            wall = connected(st, c, d) is None and not (
                st.tile[n] is None and sides(st, c) & SIDE_BITS[d])
            step = cost + 1 + (BREAK_STEPS if wall else 0)
            if step < best.get(n, step + 1):
                best[n] = step
                heapq.heappush(heap, (step, n, d if c == start else first,
                                      wall if c == start else broke))
    return None


def _potions(st: CatacombsState, s: int) -> int:
    """How many destruction potions dwarf ``s`` carries."""
    kind = st.game.effect_items.get("destruction", frozenset())
    return sum(1 for item in st.pack[s] if item in kind)


def _stuck_purchase(st: CatacombsState, s: int, legal: list[Action]) -> Action | None:
    """When nothing is in reach: a destruction potion, else a weapon for empty hands."""
    items = st.game.content.items
    best: tuple[int, Action] | None = None
    breaker = None
    for a in legal:
        verb = a[1]
        if not isinstance(verb, Buy):
            continue
        it = items[verb.item]
        if it.effect == "destruction":
            breaker = a
        if it.kind == "weapon" and it.strength <= st.strength[s] and not it.two_handed:
            cur = st.screen[s][RIGHT]
            if (cur is None or it.price > items[cur].price) and (
                    best is None or it.price > best[0]):
                best = (it.price, a)
    if best is not None and st.screen[s][RIGHT] is None and breaker is None:
        return best[1]
    return breaker


def _place(st: CatacombsState, legal: list[Action], rng: Rng) -> Action:
    """The orientation opening the most sides onto unexplored ground (ties at random)."""
    g = st.game
    cell = st.build_cell
    assert cell is not None
    scored: list[tuple[int, Action]] = []
    for a in legal:
        verb = a[1]
        if not isinstance(verb, Place):
            continue
        mask = verb.sides
        sc = sum(1 for d in range(4) if mask & SIDE_BITS[d]
                 and (n := g.neighbours[cell][d]) is not None and st.tile[n] is None)
        scored.append((sc, a))
    top = max(sc for sc, _ in scored)
    return rng.choice([a for sc, a in scored if sc == top])  # no favourite direction


def _walk(st: CatacombsState, s: int, legal: list[Action], rng: Rng) -> Action:
    """A step towards the nearest target, else towards an entrance; else stop."""
    g = st.game
    cur = cell_of(st, s)
    dist = target_distance(st, s)
    if cur not in dist:
        dist = target_distance(st, s, bold=True)
    if cur not in dist and monster_at(st, cur) is not None:  # sneaking across (CAT-42)
        on = [dist[n] for d in range(4) if (n := connected(st, cur, d)) is not None and n in dist]
        if on:  # walk on to the side nearer a target, never back (the shared dict is copied)
            dist = {**dist, cur: 1 + min(on)}
    if cur not in dist and holds(st, s, "invisibility"):
        past = _past_one(st, s)
        if cur in past:
            dist = past  # to the monster it sneaks past (CAT-42)
    if cur not in dist:
        if holds(st, s, "destruction"):
            route = break_route(st, s)
            if route is not None and not route[2] and route[0] <= _potions(st, s):
                step = next((a for a in legal if isinstance(a[1], Step)
                             and a[1].direction == route[1]), None)
                if step is not None:
                    return step  # on the way to the wall it breaks next
            short = route is not None and route[0] > _potions(st, s)
            if short and _jump_pays(st, s):
                dist = _home_reach(st, s)  # to its own entrance, to jump (``_walled_in``)
            elif short and cur not in g.entrance_cells:
                dist = entrance_distance(st)  # to buy the potion it lacks
            else:
                dist = target_distance(st, s, bold=True, walls=True)
        elif _brew_ready(st, s) and cur in (pots := entrance_distance(st, _cauldrons(st))):
            dist = pots  # towards a cauldron to brew the way out
        elif _jump_pays(st, s):
            dist = _home_reach(st, s)
        else:
            dist = entrance_distance(st)
    here = dist.get(cur, FAR)
    steps = [(dist[n], a) for a in legal if isinstance(a[1], (Step, Sneak))
             and (n := g.neighbours[cur][a[1].direction]) is not None and n in dist
             and dist[n] < here and _passes(st, s, n) == isinstance(a[1], Sneak)]
    if steps:
        low = min(d for d, _ in steps)
        return rng.choice([a for d, a in steps if d == low])
    return next((a for a in legal if isinstance(a[1], Stop)), legal[0])


def _passes(st: CatacombsState, s: int, cell: int) -> bool:
    """A monster dwarf ``s`` has no chance against stands on ``cell``: it sneaks across."""
    m = monster_at(st, cell)
    return m is not None and win_chance(st, s, m) == 0


def _better_gear(st: CatacombsState, s: int, item: int) -> bool:
    """Equipping ``item`` improves on what is worn in its slot and clashes with nothing."""
    items = st.game.content.items
    it = items[item]
    scr = st.screen[s]
    cur = scr[SLOTS.index(it.slot)]
    if (it.two_handed and scr[LEFT] is not None) or (
            it.slot == "left_hand" and (w := scr[RIGHT]) is not None and items[w].two_handed):
        return False
    return cur is None or (it.kind == "armour" and it.armour > items[cur].armour) or (
        it.kind == "weapon" and it.price > items[cur].price)


#: The verbs :func:`_useful` may take.
FREE_VERBS = frozenset((Brew, Use, Drink, Equip, Sell))


def _useful(st: CatacombsState, s: int, legal: list[Action]) -> Action | None:
    """A free action worth taking now: an artifact, brewing, a potion, better gear, a sale."""
    items = st.game.content.items
    for a in legal:
        verb = a[1]
        if verb.__class__ not in FREE_VERBS:
            continue
        if isinstance(verb, Brew) and items[verb.potion].effect != "destruction" and (
                _brew_ready(st, s) and _saving(st, s)):
            continue  # its ingredients are the way out: the destruction potion comes first
        if isinstance(verb, Brew) or (isinstance(verb, Use)
                                      and items[verb.item].effect != "spinner"):
            return a
        if isinstance(verb, Drink) and (items[verb.item].effect != "heal"
                                        or st.health[s] <= LOW_HEALTH):
            return a
        if isinstance(verb, Equip) and _better_gear(st, s, verb.item):
            return a
        if isinstance(verb, Sell) and items[verb.item].kind == "treasure" and (
                st.position[s] in st.game.entrance_cells):
            return a
    return None


#: The legal actions without fields, by their verb: ``kinds[Walk]``.
Kinds = dict[type[Verb], Action]


def _move(st: CatacombsState, s: int, legal: list[Action], kinds: Kinds, rng: Rng) -> Action:
    """The move phase: fight on, explore, walk to a target, or break out when walled in."""
    g = st.game
    cur = cell_of(st, s)
    m = monster_at(st, cur)
    if m is not None:
        return kinds[Attack if Retreat not in kinds or fights_on(st, s, m) else Retreat]
    explore = [a for a in legal if isinstance(a[1], Explore)]
    if explore:
        return rng.choice(explore)
    dist = target_distance(st, s)
    if cur not in dist:
        dist = target_distance(st, s, bold=True)
    if Walk in kinds and dist.get(cur, 0) > 0:
        return kinds[Walk]
    if cur in dist:
        return kinds[Stay]
    # through a wall onto unexplored ground, or into a cell from which a target lies on foot
    destroy = [a for a in legal if isinstance(a[1], BreakWall)
               and (n := g.neighbours[cur][a[1].direction]) is not None
               and (st.tile[n] is None or (n in dist and monster_at(st, n) is None))]
    if destroy:
        return rng.choice(destroy)
    return _walled_in(st, s, legal, kinds)


def _walled_in(st: CatacombsState, s: int, legal: list[Action], kinds: Kinds) -> Action:
    """Nothing in reach: follow the way through the fewest walls when it holds a destruction
    potion for each (:func:`break_route`), else raise the money for one more, or walk to a
    wall; or jump from its own entrance to another with a speed potion (CAT-41), the way the
    dead-end rule (CAT-24) counts on."""
    items = st.game.content.items
    cur = cell_of(st, s)
    jump = _jump(st, s, legal)
    if jump is not None:
        return jump
    route, potions = break_route(st, s), _potions(st, s)
    if potions and route is None:  # monsters it cannot beat close every way, walls or not
        sneak = _sneak_plan(st, s, legal, kinds)
        if sneak is not None:
            return sneak
    if route is not None and 0 < route[0] <= potions:
        _, d, broke = route
        through = next((a for a in legal if isinstance(a[1], BreakWall)
                        and a[1].direction == d), None)
        if broke and through is not None:
            return through
        if not broke and Walk in kinds:
            return kinds[Walk]  # towards the wall it breaks (``_walk``)
    if not potions or (route is not None and route[0] > potions):
        brew = _brew_out(st, s, legal, kinds)
        if brew is not None:
            return brew
        buy = _stuck_purchase(st, s, legal)
        if buy is not None and items[buy[1].item].effect == "destruction":
            return buy
        sneak = _sneak_plan(st, s, legal, kinds)
        if sneak is not None:
            return sneak
        keep = ["destruction"]
        if _jump_pays(st, s):  # the speed potion before a weapon its coins would go on
            keep.append("speed")
            home = own_entrance(st, s)
            speed = next((a for a in legal if isinstance(a[1], Buy)
                          and items[a[1].item].effect == "speed"), None)
            if cur == home and speed is not None:
                return speed
            if cur != home and Walk in kinds:
                return kinds[Walk]  # towards its own entrance (``_walk``)
        if buy is not None:
            return buy
        for a in legal:
            if isinstance(a[1], Sell) and items[a[1].item].effect not in keep:
                return a
        if cur not in st.game.entrance_cells and Walk in kinds:
            return kinds[Walk]  # towards an entrance's lower prices
    elif Walk in kinds and target_distance(st, s, bold=True, walls=True).get(cur, 0) > 0:
        return kinds[Walk]
    return kinds[Stay]


def _past_one(st: CatacombsState, s: int) -> dict[int, int]:
    """Walking distances to a target past one monster (:func:`sneak.sneak_distance`); with a
    destruction potion, a wall onto unexplored ground counts as a target."""
    walls = holds(st, s, "destruction")
    return sneak_distance(st, s, target_distance(st, s, bold=True, walls=walls))


def _sneak_plan(st: CatacombsState, s: int, legal: list[Action], kinds: Kinds
                ) -> Action | None:
    """CAT-42: every way on passes a monster it has no chance against; with an invisibility
    potion it walks there to sneak across (``_walk``), else it buys one where it can."""
    if cell_of(st, s) not in _past_one(st, s):
        return None
    if holds(st, s, "invisibility"):
        return kinds.get(Walk)
    items = st.game.content.items
    return next((a for a in legal if isinstance(a[1], Buy)
                 and items[a[1].item].effect == "invisibility"), None)


def _brew_ready(st: CatacombsState, s: int) -> bool:
    """Dwarf ``s`` holds what a destruction potion is brewed from (CAT-37; the Cristall
    standing in for two ingredients, CAT-50)."""
    g = st.game
    spare = CRISTALL_STANDS_FOR if g.cristall in st.pack[s] else 0
    return any(g.content.items[potion].effect == "destruction"
               and len(recipe_need(st, s, ings)) <= spare for potion, ings in g.content.recipes)


def _cauldrons(st: CatacombsState) -> list[int]:
    return [c for c in range(st.game.cells) if st.cauldron[c] is not None]


def _brew_out(st: CatacombsState, s: int, legal: list[Action], kinds: Kinds) -> Action | None:
    """Walled in with the ingredients of a destruction potion: brew it at a cauldron, or walk
    to the nearest one in reach (the way out the dead-end rule, CAT-24, counts)."""
    if not _brew_ready(st, s):
        return None
    items = st.game.content.items
    brew = next((a for a in legal if isinstance(a[1], Brew)
                 and items[a[1].potion].effect == "destruction"), None)
    if brew is not None:
        return brew
    near = entrance_distance(st, _cauldrons(st))
    return kinds[Walk] if Walk in kinds and near.get(cell_of(st, s), 0) > 0 else None


def _landing(st: CatacombsState, s: int) -> dict[int, int]:
    """The entrances (their index) from which a target can be walked to, by its distance;
    with a destruction potion, a wall onto unexplored ground counts as a target."""
    dist = target_distance(st, s, bold=True, walls=holds(st, s, "destruction"))
    return {k: dist[e.cell] for k, e in enumerate(st.game.content.entrances)
            if e.cell in dist}


def _jump_pays(st: CatacombsState, s: int) -> bool:
    """A speed potion would take the dwarf on: its own entrance is in reach on foot and a
    target lies beyond another entrance. What it could sell counts worn or not, so taking a
    thing off to sell it never changes the answer (and the plan) half way."""
    g = st.game
    items = g.content.items
    goods = [*st.pack[s], *(i for i in st.screen[s] if i is not None)]
    if not (holds(st, s, "speed") or any(
            items[i].effect == "speed" and st.money[s] + HALVES * sum(
                items[j].value for j in goods) >= g.buy_prices[True][i]
            for i in g.content.shop)):
        return False
    return cell_of(st, s) in _home_reach(st, s) and bool(_landing(st, s))


def _home_reach(st: CatacombsState, s: int) -> dict[int, int]:
    """Walking distance to the dwarf's own entrance (never through a monster)."""
    home = own_entrance(st, s)
    return {} if home is None else entrance_distance(st, [home])


def _jump(st: CatacombsState, s: int, legal: list[Action]) -> Action | None:
    """CAT-41: from its own entrance, with a speed potion, to the entrance nearest a target."""
    landing = _landing(st, s)
    jumps = [(landing[a[1].entrance], a) for a in legal
             if isinstance(a[1], SpeedTo) and a[1].entrance in landing]
    return min(jumps, key=lambda p: p[0])[1] if jumps else None


def _raise_cash(st: CatacombsState, s: int, legal: list[Action]) -> Action | None:
    """Walled in with fewer destruction potions than the walls on its way out
    (:func:`break_route`) and too few coins for one more — or, when a speed potion would take
    it on (:func:`_jump_pays`), standing on its own entrance without the coins for one, or
    when an invisibility potion would (:func:`_sneak_plan`), without the coins for that — but
    goods enough to pay (what the dead-end rule, CAT-24, counts): at an entrance, or where it
    stands when no entrance is in reach (half the sale value, half again the price, CAT-17),
    sell the backpack, then take off the dearest gear to sell it; never the potion it saves
    for. The plan reads only what stays the same while it sells, so it never turns back."""
    g = st.game
    cur = cell_of(st, s)
    here = cur in g.entrance_cells
    potions = _potions(st, s)
    route = break_route(st, s) if potions else None
    if potions and route is not None and route[0] <= potions:
        return None
    if (not here and cur in entrance_distance(st)) or cur in target_distance(st, s, bold=True):
        return None
    keep = ("destruction", "speed", "invisibility")
    effect = keep[0]
    if _jump_pays(st, s):
        if holds(st, s, "speed") or cur != own_entrance(st, s):
            return None  # it walks home first (``_walled_in``)
        effect = keep[1]
    elif cur in _past_one(st, s):
        if holds(st, s, "invisibility"):
            return None  # it walks to the monster to sneak past (``_sneak_plan``)
        effect = keep[2]
    elif potions:
        return None  # monsters it cannot beat close every way: no potion breaks through them
    items = g.content.items
    price = min((g.buy_prices[here][i] for i in g.content.shop
                 if items[i].effect == effect), default=None)
    if price is None or st.money[s] >= price:
        return None
    worn = [i for i in st.screen[s] if i is not None]
    value = HALVES * sum(items[i].value for i in [*st.pack[s], *worn]
                         if items[i].effect not in keep)
    wealth = st.money[s] + (value if here else round(value * g.content.sell_remote))
    if wealth < price:
        return None
    for a in legal:
        if isinstance(a[1], Sell) and items[a[1].item].effect not in keep:
            return a
    off = [(items[a[1].item].value, a) for a in legal if isinstance(a[1], Unequip)]
    return max(off, key=lambda p: p[0])[1] if off else None


def arm_for_the_way(st: CatacombsState, s: int, legal: list[Action]) -> Action | None:
    """Walled in by monsters it has no chance against, no entrance in reach and no other way
    on (potions for the walls, a sneak, a jump): the next step of arming against one of them
    (``rearm.arm_against``), the way on the dead-end rule (CAT-24) counts."""
    if st.phase != "move" or st.active != s or st.decisions or st.position[s] is None:
        return None
    if all(win_chance(st, s, m) > 0 for m in monsters(st)):
        return None
    cur = cell_of(st, s)
    foes = sorted(m for m in bordering(st, cur) if win_chance(st, s, m) == 0)
    if not foes or cur in target_distance(st, s, bold=True) or cur in entrance_distance(st):
        return None
    potions = _potions(st, s)
    if (potions and (route := break_route(st, s)) is not None and route[0] <= potions) or (
            cur in _past_one(st, s) or _jump_pays(st, s)):
        return None
    return next((a for m in foes if (a := arm_against(st, s, legal, m))), None)


def _fight_or_retreat(st: CatacombsState, s: int, kinds: Kinds) -> Action:
    """CAT-51: fight what it can probably beat, or what cannot hurt it much."""
    m = monster_at(st, cell_of(st, s))
    assert m is not None
    risk = max(0, st.game.content.monsters[m].attack - armour_of(st, s))
    chance = win_chance(st, s, m)
    ok = chance >= FIGHT_CHANCE or (chance > 0 and st.health[s] > FLEE_WOUNDS * risk + FLEE_MARGIN)
    return kinds[Fight if ok else Retreat]


#: The steps where the policy's answer is the step's own (:func:`_at_step`).
STEPS = frozenset(("level", "entrance", "respond", "trade", "monster", "battle", "build",
                   "spin", "place", "walk"))


def choose(st: CatacombsState, rng: Rng) -> Action:
    """The policy's action for the seat to act."""
    legal = st.legal_actions()
    s = st.to_act
    assert s is not None
    kind = st.decisions[-1].kind if st.decisions else st.step
    if kind in STEPS:
        return _at_step(st, s, kind, legal, rng)
    kinds = _kinds(legal)
    plan = rearm(st, s, legal) or arm_for_the_way(st, s, legal)
    if plan is not None:
        return plan
    legal = keep_arms(st, s, legal)
    if st.phase == "move":
        cash = _raise_cash(st, s, legal)
        if cash is not None:
            return cash
    useful = (None if kinds.keys().isdisjoint(FREE_VERBS)
              else _useful(st, s, legal))  # the main step of the move or end phase
    if useful is not None:
        return useful
    if st.money[s] >= SPARE_MONEY and BuyExperience in kinds and not _saving(st, s):
        return kinds[BuyExperience]
    if st.phase == "end":
        return kinds[EndTurn]
    return _move(st, s, legal, kinds, rng)


def _kinds(legal: list[Action]) -> Kinds:
    """The legal actions by their verb's class (the last of each class)."""
    return {a[1].__class__: a for a in legal}


def _at_step(st: CatacombsState, s: int, kind: str, legal: list[Action], rng: Rng) -> Action:
    """The answer at a step of its own: a level's stat, an entrance, a trade, a fight, a tile
    (the actions by their verb, :func:`_kinds`, made only for the steps that ask for one)."""
    if kind == "level":
        return st.game.action(Raise(_raise(st, s)))
    if kind == "entrance":
        return rng.choice(legal)
    if kind == "respond":
        return _kinds(legal)[Decline]
    if kind == "trade":
        return _kinds(legal)[CancelTrade]
    if kind == "monster":
        return _fight_or_retreat(st, s, _kinds(legal))
    if kind == "battle":
        summon = st.game.actions.use[st.game.summoner]
        return summon if summon in legal else _kinds(legal)[Attack]
    if kind == "place":
        return _place(st, legal, rng)
    if kind == "walk":
        return _walk(st, s, legal, rng)
    return legal[0]  # a tile's build and spin


def _saving(st: CatacombsState, s: int) -> bool:
    """Walled in (no target in reach, however bold) with fewer destruction potions than the
    walls on its way out: its coins are for a potion, not for experience."""
    if cell_of(st, s) in target_distance(st, s, bold=True):
        return False
    potions = _potions(st, s)
    return not potions or ((route := break_route(st, s)) is not None and route[0] > potions)


def _raise(st: CatacombsState, s: int) -> Stat:
    """CAT-9: strength and armour in turn, then armour and health once strong."""
    pair: tuple[Stat, Stat] = (("strength", "armour") if st.strength[s] < STRONG_ENOUGH
                               else ("armour", "health"))
    return pair[st.level[s] % 2]
