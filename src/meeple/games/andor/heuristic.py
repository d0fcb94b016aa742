"""How promising a legend looks for the heroes (a cheap heuristic for the bots), and the
distance tables the game builds once for it."""

from __future__ import annotations

import math
from collections import deque
from collections.abc import Iterable
from typing import TYPE_CHECKING

from . import fight
from .content import LETTERS
from .decisions import Boost, Flip, Keep, ShieldLoss
from .heroes import band
from .params import KNOCKED_OUT_WILLPOWER

if TYPE_CHECKING:
    from .fight import Fight
    from .state import AndorState


def distances(nbrs: tuple[tuple[int, ...], ...]) -> tuple[tuple[int, ...], ...]:
    """Steps between every pair of regions, by breadth-first search from each."""
    out = []
    for src in range(len(nbrs)):
        d = [-1] * len(nbrs)
        d[src] = 0
        q = deque([src])
        while q:
            r = q.popleft()
            for n in nbrs[r]:
                if d[n] < 0:
                    d[n] = d[r] + 1
                    q.append(n)
        out.append(tuple(d))
    return tuple(out)


def _near(st: AndorState, region: int) -> float:
    """How close the heroes are to ``region``, from 0 to 1: the nearest counts most."""
    g = st.game
    row = g.distance[region]
    nearest = total = row[st.position[0]]
    for p in st.position[1:]:
        d = row[p]
        total += d
        if d < nearest:
            nearest = d
    return 1.0 - (2 * nearest + total / len(st.position)) / (3 * g.far)


def _goal_progress(st: AndorState, kind: str, arg: str) -> float:
    """An open goal's progress from 0 to 1 (a met goal is 1).

    A creature to kill: the heroes' nearness to it and their odds against it; in a fight under
    way, the odds of the heroes fighting it (squared: a fight that fails costs willpower and
    strength the estimate does not see yet). The herb: its gor the same way, then the herb on
    the ground, then the carrier's nearness to the castle.
    """
    g = st.game
    if kind == "kill":
        if arg in st.killed:
            return 1.0
        return _hunt(st, arg, 1.0)
    if st.herb_delivered:
        return 1.0
    for s, held in enumerate(st.items):
        if held and "herb" in held:
            return 0.7 + 0.3 * (1.0 - g.distance[st.position[s]][g.castle] / g.far)
    for r, lying in st.ground.items():
        if "herb" in lying:
            return 0.5 + 0.2 * _near(st, r)
    return _hunt(st, "herb_gor", 0.5)


def _hunt(st: AndorState, kind: str, scale: float) -> float:
    """Progress toward killing the creature ``kind``, from 0 to ``scale``."""
    where = -1
    for r, k in st.creatures.items():
        if k == kind:
            where = r
            break
    if where < 0:
        return 0.0
    wp = st.game.stats[kind][1]
    v = 0.3 * _near(st, where) + 0.2 * fight_odds(st, kind, range(st.players), wp)
    f = st.fight
    if f is not None and f["kind"] == kind:
        p = odds_now(st, f)
        v += (1.0 - v) * p * p
    return scale * v


#: The mean of the best of n six-sided dice (n = 0..6).
_BEST_OF = (0.0, 3.5, 4.472, 4.958, 5.245, 5.431, 5.560)
#: How much a round's battle values spread (hero dice against creature dice).
_SPREAD = 2.5
_ROOT2 = math.sqrt(2.0)
_ROOT2PI = math.sqrt(2.0 * math.pi)


def fight_odds(st: AndorState, kind: str, seats: Iterable[int], willpower: float,
               lost: float = 0.0) -> float:
    """From 0 to 1: the chance these heroes kill a creature of ``kind`` with ``willpower``.

    A round's margin is taken as normal around the heroes' strength plus their best die
    against the creature's strength (with the day's bonus) plus its mean roll (AND-57/14);
    each side loses what it loses on average per round (AND-51/58) until the creature or the
    weakest hero (who has already lost ``lost`` this round) runs out of willpower.
    """
    g = st.game
    dice = g.hero_dice
    strength = st.strength
    wps = st.willpower
    team = 0.0
    weakest = -1
    for s in seats:
        w = wps[s]
        team += strength[s] + _BEST_OF[dice[s][band(w)]]
        if weakest < 0 or w < weakest:
            weakest = w
    if weakest < 0:
        return 0.0
    hits, taken = _margins(team - g.stats[kind][0] - st.creature_bonus
                           - g.creature_roll(kind, int(willpower)))
    if willpower <= 0:
        return 1.0
    if weakest <= lost:
        return 0.0
    to_kill = willpower / max(hits, 0.05)
    to_fall = (weakest - lost) / max(taken, 0.05)
    return to_fall / (to_fall + to_kill)


def _margins(mu: float) -> tuple[float, float]:
    """The mean willpower a round costs the creature and the heroes, for a mean margin."""
    z = mu / _SPREAD
    above = 0.5 * (1.0 + math.erf(z / _ROOT2))
    hits = _SPREAD * math.exp(-0.5 * z * z) / _ROOT2PI + mu * above  # E[max(0, margin)]
    return hits, hits - mu


def odds_now(st: AndorState, f: Fight) -> float:
    """:func:`fight_odds` for a fight under way, with the round in progress counted.

    While heroes roll, the dice already kept count as rolled and the rest at their mean, so a
    good roll is worth keeping; once the creature has won a round, its loss is counted.
    """
    d = st.decisions[-1] if st.decisions else None
    kind = f["kind"]
    fighters = f["fighters"]
    if isinstance(d, (Keep, Flip, Boost)):
        g = st.game
        i = f["roller"]
        s = fighters[i]
        dice = g.hero_dice
        team = float(f["total"] + st.strength[s] + fight.hero_value(st, s, f))
        for o in fighters[i + 1:]:
            team += st.strength[o] + _BEST_OF[dice[o][band(st.willpower[o])]]
        hits, taken = _margins(team - f["creature_strength"]
                               - g.creature_roll(kind, f["creature_willpower"]))
        return fight_odds(st, kind, fighters, f["creature_willpower"] - hits, taken)
    if isinstance(d, ShieldLoss):
        return fight_odds(st, kind, fighters, f["creature_willpower"], f["losses"])
    return fight_odds(st, kind, fighters, f["creature_willpower"])


def _threat(st: AndorState, free: int) -> float:
    """The danger from creatures marching on the castle, from 0 (none) to 1.

    Creatures nearer the castle than the free shields can absorb count by how soon they
    arrive, less when a hero stands near them (so the heroes walk out to meet them).
    """
    g = st.game
    moves_as = g.moves_as
    to_castle = g.to_castle
    blocked = st.blocked
    steps = sorted((to_castle[r], r) for r, k in st.creatures.items()
                   if r not in blocked and moves_as[k] != "immobile")
    danger = 0.0
    for i, (n, r) in enumerate(steps):
        urgency = 1.0 / (1.0 + n)
        if i < free:
            urgency *= 0.3  # the castle still has a shield for it
        danger += urgency * (1.0 - 0.6 * _near(st, r))
        if danger >= 1.0:
            return 1.0
    return danger


def evaluate(st: AndorState, seat: int) -> float:
    """How well the legend goes, from 0 to 1, the same for every hero (a cheap bot heuristic).

    Progress on each goal weighs most (a met goal fully, an open one by the heroes' distance
    to it, their odds against its creature and the odds of a fight under way); then the golden
    shields still free (AND-70/71), the danger from creatures marching on the castle and how
    near the heroes are to meet them, the letters left before N while a goal is open (each
    kill costs one, AND-31), and the heroes' strength, willpower and gold.
    """
    g = st.game
    shields = g.shields + st.castle_farmers
    castle = 1.0 - st.castle_creatures / (shields + 1)
    goals = g.goals
    progress = (sum(_goal_progress(st, kind, arg) for kind, arg in goals) / len(goals)
                if goals else 1.0)
    last = len(LETTERS) - 1
    time_left = 1.0 if progress >= 1.0 else (last - st.letter) / last
    threat = _threat(st, shields - st.castle_creatures)
    strength_max = g.strength_max
    n = st.players
    # Strength lasts (gold buys it at 2 for 1); willpower matters more the lower it is (fewer
    # dice, then a knock-out, AND-54), little above 12. Below the willpower a knock-out
    # restores it counts no less, so that a knock-out never looks like a gain.
    heroes = 0.0
    for sp, gold, wp in zip(st.strength, st.gold, st.willpower, strict=True):
        lack = 1.0 - min(max(wp, KNOCKED_OUT_WILLPOWER), 12) / 12
        heroes += 0.6 * min(1.0, (sp + gold / 2) / strength_max) + 0.4 * (1.0 - lack * lack)
    heroes /= n
    f = st.fight
    # A fight the heroes should win, and the damage done (lost again if they all withdraw,
    # AND-55).
    fighting = 0.0
    if f is not None:
        fighting = odds_now(st, f) ** 2
    v = (0.35 * progress + 0.15 * castle + 0.15 * (1.0 - threat) + 0.1 * time_left
         + 0.2 * heroes + 0.05 * fighting)
    return min(1.0, max(0.0, v))
