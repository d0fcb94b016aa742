"""The scripted dwarf offered as an agent: ``--seats catacombs:balance,...``.

It plays the way the content was balanced: explore the nearest unexplored ground, fight the
monsters it can probably beat, wear its best gear, brew, use artifacts, sell treasures at the
entrances, turn spare coins into experience, and buy and use a destruction potion when walled
in. It decides from what its seat knows: the policy runs on a world ``info.sample(k)`` makes
for its seat (a face-down card is nobody's to read anyway), and every tie is broken by its
own generator, so two worlds its seat cannot tell apart get the same move.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from typing import Protocol

from meeple.core import Action, ConfigError, Rng, State

from .board import SIDE_BITS, cell_of, connected, monster_at
from .content import SLOTS
from .equipment import LEFT, RIGHT, armour_of, holds
from .heuristic import win_chance
from .shop import HALVES
from .state import CatacombsState
from .stats import RAISES

#: Coins (in half coins) the dwarf keeps before buying experience.
SPARE_MONEY = HALVES * 260
#: Strength the dwarf raises first at its thresholds.
STRONG_ENOUGH = 5
#: Health under which a healing potion is drunk.
LOW_HEALTH = 6
#: Win chance at which a revealed monster is fought rather than fled.
FIGHT_CHANCE = 0.5
#: Win chance at which a dwarf already facing a monster fights on.
FIGHT_ON_CHANCE = 0.34
#: A target monster is sought out while the dwarf's health exceeds this many of its wounds.
SAFE_WOUNDS = 2
#: A revealed monster with a chance of winning is fought while health exceeds this many of
#: its wounds, plus ``FLEE_MARGIN``.
FLEE_WOUNDS, FLEE_MARGIN = 3, 2
#: Far away: a cell no target can be reached from.
FAR = 99


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
        return next(a for a in info.legal_actions() if a.text == chosen.text)


def make_balance(arg: str | None, seed: int) -> BalanceBot:
    """``catacombs:balance`` (no argument)."""
    if arg:
        raise ConfigError(f"catacombs:balance takes no argument, got {arg[:24]!r}")
    return BalanceBot(seed)


# ---------------------------------------------------------------- the policy
def _spread(st: CatacombsState, dist: dict[int, int], q: deque[int]) -> dict[int, int]:
    """Walking distances out from the cells already in ``dist``, never through a monster."""
    while q:
        c = q.popleft()
        for d in range(4):
            n = connected(st, c, d)
            if n is not None and n not in dist and monster_at(st, n) is None:
                dist[n] = dist[c] + 1
                q.append(n)
    return dist


def target_distance(st: CatacombsState, s: int, bold: bool = False,
                    walls: bool = False) -> dict[int, int]:
    """Walking distance to the nearest open side onto unexplored ground, or to a monster the
    dwarf may take on (the monster's cell itself counts as a target)."""
    g = st.game
    dist: dict[int, int] = {}
    for c in range(g.ncells):
        mask = st.tile[c]
        if mask is None:
            continue
        m = monster_at(st, c)
        if m is not None:
            hurt = max(0, g.cat.monsters[m].attack - armour_of(st, s))
            if win_chance(st, s, m) > 0 and (bold or st.health[s] > SAFE_WOUNDS * hurt):
                dist[c] = 0
            continue
        if any((n := g.nb[c][d]) is not None and st.tile[n] is None
               and (walls or mask & SIDE_BITS[d]) for d in range(4)):
            dist[c] = 0
    return _spread(st, dist, deque(dist))


def entrance_distance(st: CatacombsState) -> dict[int, int]:
    """Walking distance to the nearest entrance."""
    dist = dict.fromkeys(st.game.entrance_index, 0)
    return _spread(st, dist, deque(dist))


def _stuck_purchase(st: CatacombsState, s: int, texts: dict[str, Action]) -> Action | None:
    """When nothing is in reach: a better weapon, else a destruction potion."""
    items = st.game.cat.items
    best = None
    for a in texts.values():
        if a.data[0] != "buy":
            continue
        it = items[a.data[1]]
        if it.kind == "weapon" and it.strength <= st.strength[s] and not it.two_handed:
            cur = st.screen[s][RIGHT]
            if (cur is None or it.price > items[cur].price) and (
                    best is None or it.price > items[best.data[1]].price):
                best = a
    if best is not None and st.screen[s][RIGHT] is None:
        return best
    return texts.get("buy Destruction Potion")


def _place(st: CatacombsState, legal: list[Action], rng: Rng) -> Action:
    """The orientation opening the most sides onto unexplored ground (ties at random)."""
    g = st.game
    cell = st.build_cell
    assert cell is not None
    scored: list[tuple[int, Action]] = []
    for a in legal:
        if a.data[0] != "place":
            continue
        mask = a.data[1]
        sc = sum(1 for d in range(4) if mask & SIDE_BITS[d]
                 and (n := g.nb[cell][d]) is not None and st.tile[n] is None)
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
    if cur not in dist:
        if holds(st, s, "destruction"):
            dist = target_distance(st, s, bold=True, walls=True)
        else:
            dist = entrance_distance(st)
    here = dist.get(cur, FAR)
    steps = [(dist[n], a) for a in legal if a.data[0] == "step"
             and (n := g.nb[cur][a.data[1]]) is not None and n in dist and dist[n] < here]
    if steps:
        low = min(d for d, _ in steps)
        return rng.choice([a for d, a in steps if d == low])
    return next((a for a in legal if a.data[0] == "stop"), legal[0])


def _better_gear(st: CatacombsState, s: int, item: int) -> bool:
    """Equipping ``item`` improves on what is worn in its slot and clashes with nothing."""
    items = st.game.cat.items
    it = items[item]
    scr = st.screen[s]
    cur = scr[SLOTS.index(it.slot)]
    if (it.two_handed and scr[LEFT] is not None) or (
            it.slot == "left_hand" and (w := scr[RIGHT]) is not None and items[w].two_handed):
        return False
    return cur is None or (it.kind == "armour" and it.armour > items[cur].armour) or (
        it.kind == "weapon" and it.price > items[cur].price)


def _useful(st: CatacombsState, s: int, legal: list[Action]) -> Action | None:
    """A free action worth taking now: an artifact, brewing, a potion, better gear, a sale."""
    items = st.game.cat.items
    for a in legal:
        verb, arg = a.data
        if verb in ("brew", "brew_cr") or (verb == "use" and items[arg].effect != "spinner"):
            return a
        if verb == "drink" and (items[arg].effect != "heal" or st.health[s] <= LOW_HEALTH):
            return a
        if verb == "equip" and _better_gear(st, s, arg):
            return a
        if verb == "sell" and items[arg].kind == "treasure" and (
                st.pos[s] in st.game.entrance_index):
            return a
    return None


def _move(st: CatacombsState, s: int, legal: list[Action], texts: dict[str, Action],
          rng: Rng) -> Action:
    """The move phase: fight on, explore, walk to a target, or break out when walled in."""
    g = st.game
    cur = cell_of(st, s)
    m = monster_at(st, cur)
    if m is not None:
        fight_on = "retreat" not in texts or win_chance(st, s, m) >= FIGHT_ON_CHANCE
        return texts["attack" if fight_on else "retreat"]
    explore = [a for a in legal if a.data[0] == "explore"]
    if explore:
        return rng.choice(explore)
    dist = target_distance(st, s)
    if cur not in dist:
        dist = target_distance(st, s, bold=True)
    if "walk" in texts and dist.get(cur, 0) > 0:
        return texts["walk"]
    if cur in dist:
        return texts["stay"]
    destroy = [a for a in legal if a.data[0] == "break"
               and (n := g.nb[cur][a.data[1]]) is not None and st.tile[n] is None]
    if destroy:
        return rng.choice(destroy)
    return _walled_in(st, s, legal, texts)


def _walled_in(st: CatacombsState, s: int, legal: list[Action],
               texts: dict[str, Action]) -> Action:
    """Nothing in reach: raise the money for a way through a wall, or walk to one."""
    items = st.game.cat.items
    cur = cell_of(st, s)
    if not holds(st, s, "destruction"):
        buy = _stuck_purchase(st, s, texts)
        if buy is not None:
            return buy
        for a in legal:
            if a.data[0] == "sell" and items[a.data[1]].effect != "destruction":
                return a
        if cur not in st.game.entrance_index and "walk" in texts:
            return texts["walk"]  # towards an entrance's lower prices
    elif "walk" in texts and target_distance(st, s, bold=True, walls=True).get(cur, 0) > 0:
        return texts["walk"]
    return texts["stay"]


def _fight_or_retreat(st: CatacombsState, s: int, texts: dict[str, Action]) -> Action:
    """CAT-51: fight what it can probably beat, or what cannot hurt it much."""
    m = monster_at(st, cell_of(st, s))
    assert m is not None
    risk = max(0, st.game.cat.monsters[m].attack - armour_of(st, s))
    chance = win_chance(st, s, m)
    ok = chance >= FIGHT_CHANCE or (chance > 0 and st.health[s] > FLEE_WOUNDS * risk + FLEE_MARGIN)
    return texts["fight" if ok else "retreat"]


def choose(st: CatacombsState, rng: Rng) -> Action:
    """The policy's action for the seat to act."""
    legal = st.legal_actions()
    texts = {a.text: a for a in legal}
    s = st.to_act
    assert s is not None
    kind = st.decisions[-1].kind if st.decisions else st.step
    by_step: dict[str, Callable[[], Action]] = {
        "level": lambda: texts[_raise(st, s)],
        "entrance": lambda: rng.choice(legal),
        "respond": lambda: texts["decline"],
        "trade": lambda: texts["cancel trade"],
        "monster": lambda: _fight_or_retreat(st, s, texts),
        "battle": lambda: texts.get("use Summoner") or texts["attack"],
        "build": lambda: legal[0],
        "spin": lambda: legal[0],
        "place": lambda: _place(st, legal, rng),
        "walk": lambda: _walk(st, s, legal, rng),
    }
    if kind in by_step:
        return by_step[kind]()
    useful = _useful(st, s, legal)  # the main step of the move or end phase
    if useful is not None:
        return useful
    if st.money[s] >= SPARE_MONEY and "buy experience" in texts:
        return texts["buy experience"]
    if st.phase == "end":
        return texts["end turn"]
    return _move(st, s, legal, texts, rng)


def _raise(st: CatacombsState, s: int) -> str:
    """CAT-9: strength and armour in turn, then armour and health once strong."""
    pair = ("strength", "armour") if st.strength[s] < STRONG_ENOUGH else ("armour", "health")
    choice = pair[st.level[s] % 2]
    assert choice in RAISES
    return f"raise {choice}"
