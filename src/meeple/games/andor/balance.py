"""A scripted team of heroes and the balance simulation of the two legends.

Every hero follows the same plan: the team picks one target (the creature that would overrun
the castle soon, else the next goal: the herb, the herb gor, the legend's creature), walks to it
by the shortest way, buys strength and drinks on the way, and attacks together once the heroes
in reach look strong enough (or nobody else can come today). Fights go on while a hero keeps
more than a little willpower. It measures how hard a legend is for a sensible team::

    python -m meeple.games.andor.balance intro 100
"""

from __future__ import annotations

import math
import random
import sys

import meeple
from meeple.core import Action

from .params import HOURS_PER_DAY
from .rules import AndorState


def _arrow_steps(st: AndorState, region: int) -> int:
    g = st.game
    n = 0
    while region != g.castle:
        region = g.arrow[region]
        n += 1
    return n


def target(st: AndorState, s: int) -> int:
    """The region hero ``s`` heads for."""
    g = st.game
    free = g.shields + st.castle_farmers - st.castle_creatures
    mobile = sorted((_arrow_steps(st, r), r) for r, k in st.creatures.items()
                    if g.moves_as[k] != "immobile" and r not in st.blocked)
    if len(mobile) > free:
        steps, r = mobile[free]  # the creature that would overrun the castle
        if steps <= 3:
            return r
    for r, items in st.ground.items():
        if "herb" in items:
            return r
    if any("herb" in it for it in st.items) and "deliver:herb" in g.legend.info.goals:
        return g.castle
    herb_gor = next((r for r, k in st.creatures.items() if k == "herb_gor"), -1)
    if herb_gor >= 0 and "deliver:herb" in g.legend.info.goals and not st.herb_delivered:
        return herb_gor
    for goal in g.legend.info.goals:
        kind, _, arg = goal.partition(":")
        if kind == "kill" and arg not in st.killed:
            here = next((r for r, k in st.creatures.items() if k == arg), -1)
            if here >= 0:
                return here
    return st.pos[s]  # nothing to do: wait where he stands (each kill costs a letter)


def _value(st: AndorState, s: int) -> float:
    h = st.game.c.heroes[st.name(s)]
    dice = h.dice[min(2, st.wp[s] // 7)]
    return st.sp[s] + {1: 3.5, 2: 4.5, 3: 5.0, 4: 5.3, 5: 5.5}.get(dice, 5.5)


def choose(st: AndorState, rng: random.Random) -> Action:
    """The scripted team's decision for the seat to act."""
    acts = st.legal_actions()
    by = {a[1][0]: a for a in acts}
    if st.step == "event":
        return by["block"]
    if st.fight is not None:
        return _fight(st, acts, by)
    s = st.active
    g = st.game
    dist = g.dist  # computed once by the game
    goal = target(st, s)
    here = st.pos[s]
    for key in ("drink", "buy_sp", "pick", "pick_farmer"):
        if key in by and (key != "drink" or st.wp[s] <= 16):
            if key == "pick" and not any(a[1][0] == "pick" and a[1][1] == "herb" for a in acts):
                pick = [a for a in acts if a[1][0] == "pick"]
                return pick[0]
            if key == "pick":
                return next(a for a in acts if a[1][0] == "pick" and a[1][1] == "herb")
            return by[key]
    if st.step == "after_move":
        return by["done"]
    hours_ok = st.hours[s] < HOURS_PER_DAY or (st.wp[s] > 8 and dist[here][goal] <= 1)
    if st.step == "moving":
        if here == goal or not hours_ok:
            return by["stop"]
        return _step(st, acts, dist, here, goal)
    attacks = [a for a in acts if a[1][0] == "fight"]
    if attacks and hours_ok:
        region = goal if any(a[1][1] == goal for a in attacks) else -1
        if region >= 0 and _ready(st, s, region, dist):
            return next(a for a in attacks if a[1][1] == region)
        if region >= 0 and st.hours[s] < HOURS_PER_DAY - 1 and "pass" in by:
            return by["pass"]
    in_range = goal in g.nbrs[here] and goal in st.creatures and (
        st.name(s) == "archer" or st.has(s, "bow") is not None)
    if here != goal and hours_ok and not in_range and any(a[1][0] == "move" for a in acts):
        return _step(st, acts, dist, here, goal)
    return by["end"]


def _step(st: AndorState, acts: list[Action], dist: tuple[tuple[int, ...], ...], here: int,
          goal: int) -> Action:
    moves = [a for a in acts if a[1][0] == "move"]
    best = min(moves, key=lambda a: (dist[a[1][1]][goal], a[1][2] == ""))
    if dist[best[1][1]][goal] >= dist[here][goal]:
        return next(a for a in acts if a[1][0] in ("stop", "end"))
    return best


def _ready(st: AndorState, s: int, region: int, dist: tuple[tuple[int, ...], ...]) -> bool:
    """Attack when the heroes in reach should beat the creature, or nobody else can come."""
    sp, wp = st.game.creature_stats(st.creatures[region])
    team = [o for o in range(st.players) if o == s or (
        not st.ended[o] and (st.pos[o] == region or (
            region in st.game.nbrs[st.pos[o]] and (st.name(o) == "archer" or st.has(o, "bow")))))]
    value = sum(_value(st, o) for o in team)
    coming = [o for o in range(st.players) if o not in team and not st.ended[o]
              and dist[st.pos[o]][region] + st.hours[o] < HOURS_PER_DAY]
    needed = sp + 4.5 + st.creature_bonus + (2 if wp > 10 else 0)
    return value >= needed or not coming


def _fight(st: AndorState, acts: list[Action], by: dict[str, Action]) -> Action:
    f = st.fight
    assert f is not None
    stage = f["stage"]
    if stage == "invite":
        inv = [a for a in acts if a[1][0] == "invite"]
        return inv[0] if inv else by["begin"]
    if stage == "answer":
        return by["join"]
    if stage == "keep":
        return acts[0] if f["dice"][-1] >= 4 else by["again"]
    if stage == "flip":
        low = [a for a in acts if a[1][0] == "flip" and f["dice"][a[1][1]] <= 3]
        if low and max(f["dice"]) <= 3:
            return min(low, key=lambda a: f["dice"][a[1][1]])
        return by["noflip"]
    if stage == "boost":
        brews = [a for a in acts if a[1][0] == "brew"]
        if brews:
            return max(brews, key=lambda a: f["dice"][a[1][1]])
        return by["accept"]
    if stage == "shield":
        return by["shield"] if f["losses"] >= 3 else by["take"]
    if stage == "continue":
        s = f["queue"][0]
        keep = st.wp[s] > 3 or f["cwp"] <= 3
        return by["on"] if keep and "on" in by else by["withdraw"]
    # reward: willpower to the weakest, otherwise gold
    weakest = min(f["who"], key=lambda o: st.wp[o])
    if st.wp[weakest] <= 8:
        return next(a for a in acts if a[1][0] == "wp" and a[1][1] == weakest)
    return next(a for a in acts if a[1][0] == "gold")


def play(legend: str, players: int, seed: int, **options: object) -> AndorState:
    """One legend played to the end by the scripted team."""
    game = meeple.load("andor", players=players, options={"legend": legend, **options})
    st = game.new_state(seed=seed)
    assert isinstance(st, AndorState)
    rng = random.Random(seed)
    while not st.is_over:
        st.apply(choose(st, rng))
    return st


def wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate."""
    if n == 0:
        return 0.0, 1.0
    p = wins / n
    d = 1 + z * z / n
    c = (p + z * z / (2 * n)) / d
    h = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return max(0.0, c - h), min(1.0, c + h)


def main(argv: list[str]) -> None:
    """Win rates of the scripted team by number of heroes."""
    legend = argv[0] if argv else "intro"
    games = int(argv[1]) if len(argv) > 1 else 100
    for n in range(1, 5):
        results = [play(legend, n, seed) for seed in range(games)]
        wins = sum(1 for r in results if r.outcome == "goals-met")
        lo, hi = wilson(wins, games)
        ends: dict[str, int] = {}
        for r in results:
            ends[r.outcome] = ends.get(r.outcome, 0) + 1
        print(f"{legend} {n} heroes: {wins}/{games} = {wins / games:.0%} "
              f"[{lo:.0%}, {hi:.0%}] {ends}")


if __name__ == "__main__":
    main(sys.argv[1:])
