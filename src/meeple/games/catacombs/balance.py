"""Balance simulation: heuristic dwarves play many games; win shares by turn position and by
entrance are printed. Run ``python -m meeple.games.catacombs.balance [games] [players]``."""

from __future__ import annotations

import sys
from collections import Counter
from typing import Any

import meeple
from meeple.core import Rng

from .state import CatacombsState
from .strategy import choose


def play(players: int, seed: int, options: dict[str, Any] | None = None) -> CatacombsState:
    """One game of heuristic dwarves from ``seed``."""
    st = meeple.load("catacombs", players=players, options=options).new_state(seed=seed)
    assert isinstance(st, CatacombsState)
    rng = Rng(seed + 1)
    while not st.is_over:
        st.apply(choose(st, rng))
    return st


def report(games: int, players: int, options: dict[str, Any] | None = None) -> dict[str, Any]:
    """Win shares by turn position and entrance, game lengths and how games ended."""
    by_pos: Counter[int] = Counter()
    by_entrance: Counter[str] = Counter()
    reasons: Counter[str] = Counter()
    turns: list[int] = []
    for seed in range(games):
        st = play(players, seed, options)
        res = st.result()
        reasons[res.reason] += 1
        turns.append(res.turns)
        share = 1 / len(res.winners) if res.winners else 0.0
        for w in res.winners:
            by_pos[st.order.index(w)] += share  # type: ignore[assignment]
            ent = next(e[0] for e in st.game.cat.entrances
                       if any(ev["type"] == "enter" and ev["seat"] == w and ev["entrance"] == e[0]
                              for ev in st.events()))
            by_entrance[ent] += share  # type: ignore[assignment]
    turns.sort()
    return {
        "players": players, "games": games,
        "win_share_by_turn_position": {p: round(by_pos[p] / games, 3) for p in range(players)},
        "win_share_by_entrance": {e: round(v / games, 3) for e, v in sorted(by_entrance.items())},
        "reasons": dict(reasons),
        "turns_min_median_max": (turns[0], turns[len(turns) // 2], turns[-1]),
    }


if __name__ == "__main__":
    n = int(sys.argv[1]) if len(sys.argv) > 1 else 100
    ps = [int(sys.argv[2])] if len(sys.argv) > 2 else [2, 3, 4]
    for p in ps:
        print(report(n, p))
