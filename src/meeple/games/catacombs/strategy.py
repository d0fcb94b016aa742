"""A plain heuristic dwarf used to balance the authored content by simulation.

It reads only the public state of its own seat's view-equivalent (everything but face-down
cards, which it never looks at) and picks among the legal actions: explore the nearest
unexplored ground, fight monsters it can probably beat, wear its best gear, brew, use artifacts,
sell treasures at entrances and turn spare coins into experience. Never imported by the rules.
"""

from __future__ import annotations

from collections import deque
from typing import TYPE_CHECKING

from meeple.core import Action, Rng

from .actions import SIDE_BITS

if TYPE_CHECKING:
    from .state import CatacombsState


def win_chance(st: CatacombsState, s: int, monster: int) -> float:
    """The chance that dwarf ``s`` beats ``monster`` with its weapon in hand this turn."""
    g = st.game
    weapon = st.screen[s][2]
    col = g.column_of[weapon] if weapon >= 0 else g.cat.fists_column
    need = g.cat.monsters[monster].needs[col]
    if need is None:
        return 0.0
    if need == 0:
        return 1.0
    return max(0.0, min(1.0, (7 - max(1, need - st.bonus)) / 6))


def _target_distance(st: CatacombsState, s: int, bold: bool = False,
                     walls: bool = False) -> dict[int, int]:
    """Walking distance to the nearest open side onto unexplored ground, or to a monster the
    dwarf may take on (the monster's cell itself counts as a target)."""
    g = st.game
    dist: dict[int, int] = {}
    q: deque[int] = deque()
    for c in range(g.ncells):
        if st.tile[c] < 0:
            continue
        m = st.monster_at(c)
        if m >= 0:
            mon = g.cat.monsters[m]
            hurt = max(0, mon.attack - st.armour_of(s))
            if win_chance(st, s, m) > 0 and (bold or st.health[s] > 2 * hurt):
                dist[c] = 0
                q.append(c)
            continue
        for d in range(4):
            n = g.nb[c][d]
            if n >= 0 and st.tile[n] < 0 and (walls or st.tile[c] & SIDE_BITS[d]):
                dist[c] = 0
                q.append(c)
                break
    while q:
        c = q.popleft()
        for d in range(4):
            n = st.connected(c, d)
            if n >= 0 and n not in dist and st.monster_at(n) < 0:
                dist[n] = dist[c] + 1
                q.append(n)
    return dist


def _entrance_distance(st: CatacombsState) -> dict[int, int]:
    """Walking distance to the nearest entrance."""
    dist = {e: 0 for e in st.game.entrance_index}
    q = deque(dist)
    while q:
        c = q.popleft()
        for d in range(4):
            n = st.connected(c, d)
            if n >= 0 and n not in dist and st.monster_at(n) < 0:
                dist[n] = dist[c] + 1
                q.append(n)
    return dist


def _stuck_purchase(st: CatacombsState, s: int, texts: dict[str, Action]) -> Action | None:
    """When nothing is in reach: a better weapon, else a destruction potion."""
    items = st.game.cat.items
    best = None
    for t, a in texts.items():
        if t.startswith("buy ") and a.data[0] == "buy":
            it = items[a.data[1]]
            if it.kind == "weapon" and it.strength <= st.strength[s] and not it.two_handed:
                cur = st.screen[s][2]
                if (cur < 0 or it.price > items[cur].price) and (
                        best is None or it.price > items[best.data[1]].price):
                    best = a
    if best is not None and st.screen[s][2] < 0:
        return best
    return texts.get("buy Destruction Potion")


def choose(st: CatacombsState, rng: Rng) -> Action:
    """The heuristic's action for the seat to act."""
    legal = st.legal_actions()
    texts = {str(a): a for a in legal}
    s = st.to_act
    assert s is not None
    g = st.game
    items = g.cat.items

    def pick(*names: str) -> Action | None:
        for n in names:
            if n in texts:
                return texts[n]
        return None

    if st.levels:
        order = ("raise strength", "raise armour") if st.strength[s] < 5 else (
            "raise armour", "raise health")
        return texts[order[st.level[s] % 2]]
    if st.step == "entrance":
        return rng.choice(legal)
    if st.step == "respond":
        return texts["decline"]
    if st.step == "trade":
        return texts["cancel trade"]
    if st.step == "monster":
        m = st.monster_at(st.pos[s])
        mon = g.cat.monsters[m]
        risk = max(0, mon.attack - st.armour_of(s))
        ok = win_chance(st, s, m) >= 0.5 or (win_chance(st, s, m) > 0 and
                                              st.health[s] > 3 * risk + 2)
        return texts["fight" if ok else "retreat"]
    if st.step == "battle":
        return pick("use Summoner") or texts["attack"]
    if st.step in ("build", "spin"):
        return legal[0]
    if st.step == "place":
        scored: list[tuple[int, Action]] = []
        cell = st.build_cell
        for a in legal:
            if not str(a).startswith("place"):
                continue
            mask = a.data[1]
            sc = sum(1 for d in range(4) if mask & SIDE_BITS[d] and g.nb[cell][d] >= 0
                     and st.tile[g.nb[cell][d]] < 0)
            scored.append((sc, a))
        top = max(sc for sc, _ in scored)
        return rng.choice([a for sc, a in scored if sc == top])  # no favourite direction
    if st.step == "walk":
        dist = _target_distance(st, s)
        if st.pos[s] not in dist:
            dist = _target_distance(st, s, bold=True)
        if st.pos[s] not in dist:
            if any(items[i].effect == "destruction" for i in st.pack[s]):
                dist = _target_distance(st, s, bold=True, walls=True)
            else:
                dist = _entrance_distance(st)
        here = dist.get(st.pos[s], 99)
        steps = [(dist[n], a) for a in legal if str(a).startswith("step")
                 and (n := g.nb[st.pos[s]][a.data[1]]) in dist and dist[n] < here]
        if steps:
            low = min(d for d, _ in steps)
            return rng.choice([a for d, a in steps if d == low])
        return texts.get("stop") or legal[0]
    # main step of the move or end phase: useful free actions first
    for a in legal:
        verb, arg = a.data
        if verb in ("use", "brew", "brew_cr") and (verb != "use" or items[arg].effect != "spinner"):
            return a
        if verb == "drink" and (items[arg].effect != "heal" or st.health[s] <= 6):
            return a
        if verb == "equip":
            it = items[arg]
            scr = st.screen[s]
            cur = scr[("head", "body", "right_hand", "left_hand", "feet").index(it.slot)]
            clash = (it.two_handed and scr[3] >= 0) or (
                it.slot == "left_hand" and scr[2] >= 0 and items[scr[2]].two_handed)
            if clash:
                continue
            if cur < 0 or (it.kind == "armour" and it.armour > items[cur].armour) or (
                    it.kind == "weapon" and it.price > items[cur].price):
                return a
        if verb == "sell" and items[arg].kind == "treasure" and st.pos[s] in g.entrance_index:
            return a
    if st.money[s] >= 2 * 260 and "buy experience" in texts:
        return texts["buy experience"]
    if st.phase == "end":
        return texts["end turn"]
    cur = st.pos[s]
    m = st.monster_at(cur)
    if m >= 0:
        return texts["attack"] if "retreat" not in texts or win_chance(st, s, m) >= 0.34 \
            else texts["retreat"]
    explore = [a for a in legal if str(a).startswith("explore")]
    if explore:
        return rng.choice(explore)
    dist = _target_distance(st, s)
    if cur not in dist:
        dist = _target_distance(st, s, bold=True)
    if "walk" in texts and dist.get(cur, 0) > 0:
        return texts["walk"]
    if cur in dist:
        return texts["stay"]
    # nothing in reach: break a wall, raising the money for a destruction potion if needed
    destroy = [a for a in legal if str(a).startswith("break")
               and st.tile[g.nb[cur][a.data[1]]] < 0]
    if destroy:
        return rng.choice(destroy)
    holds = any(items[i].effect == "destruction" for i in st.pack[s])
    walls = _target_distance(st, s, bold=True, walls=True)
    if not holds:
        buy = _stuck_purchase(st, s, texts)
        if buy is not None:
            return buy
        for a in legal:
            if a.data[0] == "sell" and items[a.data[1]].effect != "destruction":
                return a
        if cur not in g.entrance_index and "walk" in texts:
            return texts["walk"]  # towards an entrance's lower prices
    elif "walk" in texts and walls.get(cur, 0) > 0:
        return texts["walk"]
    return texts["stay"]
