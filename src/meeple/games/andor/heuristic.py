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
from .params import HOURS_PER_DAY, KNOCKED_OUT_WILLPOWER

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


#: The narrator's last letter (N): the legend is judged there.
LAST = len(LETTERS) - 1
#: The most a legend with a goal still open is worth; every goal met is worth more.
OPEN_MAX = 0.75

#: The mean of the best of n six-sided dice (n = 0..6).
_BEST_OF = (0.0, 3.5, 4.472, 4.958, 5.245, 5.431, 5.560)
#: The dice band of each willpower below the last band's (AND-42), looked up, not computed.
_BANDS = 21
_BAND = tuple(band(w) for w in range(_BANDS))
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
        team += strength[s] + _BEST_OF[dice[s][_BAND[w] if 0 <= w < _BANDS else band(w)]]
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
    arrive, less when a hero stands within a day's walk of them (so the heroes walk out to
    meet them); one that cannot reach the castle before the narrator reaches N (a step each
    sunrise, two for a wardrak, AND-7) is no danger.
    """
    g = st.game
    moves_as = g.moves_as
    to_castle = g.to_castle
    blocked = st.blocked
    sunrises = LAST - st.letter
    steps = []
    for r, k in st.creatures.items():
        how = moves_as[k]
        if how == "immobile" or r in blocked:
            continue
        n = to_castle[r]
        if ((n + 1) // 2 if how == "wardrak" else n) > sunrises:
            continue
        steps.append((n, r))
    steps.sort()
    dist = g.distance
    pos = st.position
    far = g.far
    danger = 0.0
    for i, (n, r) in enumerate(steps):
        urgency = 1.0 / (1.0 + n)
        if i < free:
            urgency *= 0.3  # the castle still has a shield for it
        row = dist[r]
        nearest = far
        for p in pos:
            if row[p] < nearest:
                nearest = row[p]
        guard = 1.0 - nearest / HOURS_PER_DAY if nearest < HOURS_PER_DAY else 0.0
        danger += urgency * (1.0 - 0.6 * guard)
        if danger >= 1.0:
            return 1.0
    return danger


#: Each fight round costs every fighter an hour; a hopeless fight is counted as this many.
MAX_ROUNDS = 12.0


def _rounds(st: AndorState, kind: str, seats: Iterable[int], willpower: float) -> float:
    """The rounds these heroes need, on average, to bring a creature's willpower to 0."""
    g = st.game
    dice = g.hero_dice
    team = 0.0
    wps = st.willpower
    for s in seats:
        w = wps[s]
        team += st.strength[s] + _BEST_OF[dice[s][_BAND[w] if 0 <= w < _BANDS else band(w)]]
    hits = _margins(team - g.stats[kind][0] - st.creature_bonus
                    - g.creature_roll(kind, int(willpower)))[0]
    return min(MAX_ROUNDS, willpower / max(hits, willpower / MAX_ROUNDS, 0.05))


def slack(st: AndorState) -> float:
    """Hero-hours left before N less the hero-hours the open goals still need.

    Left: the hours each hero has not spent today (none for one out of the day, AND-20) and
    a full day for each letter the narrator has still to walk, less one letter for each
    creature the goals still need killed (each kill moves him on, AND-31). Needed: every hero
    walks to a creature to kill and they fight it together (each round an hour for each); the
    herb: the nearest hero walks to its gor, fights it alone and carries the herb to the
    castle, or picks the herb up, or carries it home. A creature not yet on the board is
    counted where the legend's card will place it.
    """
    g = st.game
    dist = g.distance
    pos = st.position
    n = len(pos)
    everyone = range(n)
    need = 0.0
    kills = 0
    f = st.fight
    for kind, arg in g.goals:
        if kind == "kill":
            if arg in st.killed:
                continue
            r = _where(st, arg)
            kills += 1
            if f is not None and f["kind"] == arg:
                need += _rounds(st, arg, everyone, f["creature_willpower"]) * n
                continue
            for p in pos:
                need += dist[p][r]
            need += _rounds(st, arg, everyone, g.stats[arg][1]) * n
            continue
        if st.herb_delivered:
            continue
        castle = g.castle
        home = next((dist[p][castle] for p, held in zip(pos, st.items, strict=True)
                     if held and "herb" in held), None)
        if home is not None:
            need += home
            continue
        lying = next((r for r, items in st.ground.items() if "herb" in items), None)
        if lying is None:
            lying = _where(st, "herb_gor")
            kills += 1
            if f is not None and f["kind"] == "herb_gor":
                need += _rounds(st, "herb_gor", f["fighters"], f["creature_willpower"])
            else:
                best = min(everyone, key=lambda o: dist[pos[o]][lying])
                need += dist[pos[best]][lying] + _rounds(
                    st, "herb_gor", (best,), g.stats["herb_gor"][1])
        else:
            need += min(dist[p][lying] for p in pos)
        need += dist[lying][castle]
    today = 0
    for h, out in zip(st.hours, st.ended, strict=True):
        if not out and h < HOURS_PER_DAY:
            today += HOURS_PER_DAY - h
    days = max(0, LAST - st.letter - 1 - kills)
    return today + HOURS_PER_DAY * n * days - need


def _where(st: AndorState, kind: str) -> int:
    """The region of the creature ``kind`` (where its card will place it, if not yet)."""
    for r, k in st.creatures.items():
        if k == kind:
            return r
    return st.game.placed_at.get(kind, st.game.castle)


def evaluate(st: AndorState, seat: int) -> float:
    """How well the legend goes, from 0 to 1, the same for every hero (a cheap bot heuristic).

    While a goal is open (at most :data:`OPEN_MAX`): progress on each goal weighs most (a met
    goal fully, an open one by the heroes' distance to it, their odds against its creature and
    the odds of a fight under way); then the golden shields still free (AND-70/71), the danger
    from creatures marching on the castle and how near the heroes are to meet them, the time
    left before N (letters, and the hours the heroes have not spent today: each kill costs a
    letter, AND-31, and a day ended early wastes its hours), and the heroes' strength,
    willpower and gold. With every goal met only the castle can still lose the legend: above
    :data:`OPEN_MAX`, by the castle's free shields, the danger and the heroes.
    """
    g = st.game
    shields = g.shields + st.castle_farmers
    castle = 1.0 - st.castle_creatures / (shields + 1)
    goals = g.goals
    progress = (sum(_goal_progress(st, kind, arg) for kind, arg in goals) / len(goals)
                if goals else 1.0)
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
    if progress >= 1.0:
        return OPEN_MAX + (1.0 - OPEN_MAX) * (0.4 * castle + 0.4 * (1.0 - threat) + 0.2 * heroes)
    # Time: hero-hours to spare, as a chance (a day of the whole team is the unit) and in
    # proportion to a whole legend's hours, so that an hour wasted always costs something.
    spare = slack(st)
    day = HOURS_PER_DAY * n
    x = max(-30.0, min(30.0, spare / day))
    time_left = 0.5 / (1.0 + math.exp(-x)) + 0.5 * max(0.0, min(1.0, spare / (day * LAST)))
    f = st.fight
    # A fight the heroes should win, and the damage done (lost again if they all withdraw,
    # AND-55).
    fighting = 0.0
    if f is not None:
        fighting = odds_now(st, f) ** 2
    v = (0.3 * progress + 0.1 * castle + 0.1 * (1.0 - threat) + 0.3 * time_left
         + 0.15 * heroes + 0.05 * fighting)
    return OPEN_MAX * min(1.0, max(0.0, v))
