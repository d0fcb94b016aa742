"""``determinize`` against ``clone``: what a search pays for a world beyond a copy.

    PYTHONPATH=src python benchmarks/determinize.py [GAME ...]

For each game, 8 positions after 120 random actions (tic-tac-toe: 2), 300 calls of each on
every position, best of 3 rounds; prints microseconds a call and their ratio (the target:
a world costs at most two clones).
"""

from __future__ import annotations

import random
import sys
import time
from collections.abc import Callable
from typing import Any

import meeple


def positions(game_id: str, count: int = 8) -> list[Any]:
    game = meeple.load(game_id)
    depth = 2 if game_id == "tictactoe" else 120
    states: list[Any] = []
    seed = 0
    while len(states) < count and seed < 1000:
        st = game.new_state(seed=seed)
        chooser = random.Random(seed)
        for _ in range(depth):
            if st.is_over:
                break
            st.apply(chooser.choice(st.legal_actions()))
        if not st.is_over:
            states.append(st)
        seed += 1
    return states


def best(states: list[Any], call: Callable[[Any, int], object], calls: int = 300) -> float:
    """Microseconds a call, best of 3 rounds over every position."""
    fastest = float("inf")
    for _ in range(3):
        start = time.perf_counter()
        for st in states:
            for k in range(calls):
                call(st, k)
        fastest = min(fastest, (time.perf_counter() - start) / (calls * len(states)))
    return fastest * 1e6


def main() -> None:
    games = sys.argv[1:] or ["myth", "catacombs", "grabhit", "heavens", "andor", "tictactoe"]
    print("| game | clone | determinize | ratio |\n|---|---|---|---|")
    for game_id in games:
        states = positions(game_id)
        clone = best(states, lambda st, k: st.clone())
        world = best(states, lambda st, k: st.determinize(k % st.players, k))
        print(f"| {game_id} | {clone:.1f} µs | {world:.1f} µs | {world / clone:.2f}x |",
              flush=True)


if __name__ == "__main__":
    main()
