"""Balance by simulation: a simple greedy player, and win shares per adventurer.

``python -m meeple.games.grabhit.balance 400`` plays games with adventurers drawn at random
for each seat and prints each adventurer's wins against its fair share (1 / players per game
it appeared in). The rules never import this module.
"""

from __future__ import annotations

import math
import random
import sys
from typing import Any

import meeple
from meeple.core import Action

from .rules import GrabHitState


def _danger(st: GrabHitState, t: int) -> tuple[int, int]:
    return (st.life[t] + st.armour[t], -st.gold[t])


def greedy(st: GrabHitState, rnd: random.Random) -> Action:
    """A plain greedy choice: buy what it can, use every card, hit the weakest."""
    legal = st.legal_actions()
    if len(legal) == 1:
        return legal[0]
    tags = [a.data[0] for a in legal]
    by: dict[str, list[Action]] = {}
    for a, t in zip(legal, tags, strict=True):
        by.setdefault(t, []).append(a)
    s = st.to_act
    assert s is not None
    if "choose" in by:
        return rnd.choice(by["choose"])
    if "keep" in by:
        return max(by["keep"], key=lambda a: _weapon_value(st, a.data[1]))
    if "buy" in by:
        return by["buy"][0]
    if "block" in by:
        return by["block"][0]
    if "discard" in by:
        return min(by["discard"], key=lambda a: st.location(a.data[1]).income)
    for tag in ("attach", "cast", "ability"):
        if tag in by:
            return min(by[tag], key=lambda a: _target_key(st, a))
    if "bid" in by and rnd.random() < 0.5:
        cheapest = [a for a in by["bid"] if a.data[2] <= st.location(a.data[1]).price - 1]
        if cheapest:
            return cheapest[0]
    if "visit" in by and rnd.random() < 0.5:
        return by["visit"][0]
    if "weapon" in by:
        return max(by["weapon"], key=lambda a: _weapon_value(st, a.data[1], s))
    if "hit" in by:
        return min(by["hit"], key=lambda a: _danger(st, a.data[1]))
    if "done" in by:
        return by["done"][0]
    return rnd.choice(legal)


def _weapon_value(st: GrabHitState, card: int, seat: int | None = None) -> int:
    if card < 0:
        return 1
    w = st.weapon_entry(card)
    return w.damage * w.speed + (2 if w.pierce else 0)


def _target_key(st: GrabHitState, a: Action) -> Any:
    arg = a.data[-1]
    if isinstance(arg, tuple) and arg[0] == "seat":
        return _danger(st, arg[1])
    return (0, 0)


def simulate(games: int, players: int, seed: int = 0,
             options: dict[str, Any] | None = None) -> dict[str, tuple[int, int]]:
    """Wins and appearances per adventurer id over ``games`` greedy games."""
    rnd = random.Random(seed)
    game = meeple.load("grabhit", players=players, options=options)
    stats: dict[str, list[int]] = {}
    for g in range(games):
        st = game.new_state(seed=seed * 100_003 + g)
        assert isinstance(st, GrabHitState)
        picks = rnd.sample(range(8), players)
        for p in picks:
            st.apply(st.legal_actions()[[a.data[1] for a in st.legal_actions()].index(p)])
        first_adv = list(st.adv)
        while not st.is_over:
            top = st.pending[-1] if st.pending else None
            if top is not None and top[0] == "adventurer":  # reborn as the same adventurer
                st.apply(f"choose {st.T.adventurers[first_adv[top[1]]].name}")
                continue
            st.apply(greedy(st, rnd))
        winners = st.result().winners
        for s, a in enumerate(first_adv):
            rec = stats.setdefault(st.T.adventurers[a].id, [0, 0])
            rec[1] += 1
            if s in winners:
                rec[0] += 1
    return {k: (v[0], v[1]) for k, v in stats.items()}


def _wilson(wins: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95% Wilson score interval of a win rate (kept here: games never import sim)."""
    p = wins / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return centre - half, centre + half


def report(games: int, players: int, seed: int = 0) -> str:
    """A table of wins against the fair share, the ratio with its 95% Wilson interval."""
    res = simulate(games, players, seed)
    lines = [f"{players} players, {games} games"]
    for k, (w, n) in sorted(res.items(), key=lambda kv: -kv[1][0] / max(1, kv[1][1])):
        lo, hi = _wilson(w, n)
        lines.append(f"  {k:10s} wins {w:4d} / {n:4d} games = {w / n:.3f}"
                     f"  (fair {1 / players:.3f}, ratio {w / n * players:.2f}"
                     f" [{lo * players:.2f}-{hi * players:.2f}])")
    return "\n".join(lines)


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 200
    for p in (2, 4, 6):
        print(report(n, p))
