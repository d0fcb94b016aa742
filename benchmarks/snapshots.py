"""What a person's snapshot costs the referee per version, in two versions of meeple, one run.

    python benchmarks/snapshots.py --tree before=/path/to/old/checkout --tree after=. [GAME ...]

A table of one person (seat 0) and random bots on an in-memory SQLite store plays ``--moves``
actions of each game from fixed seeds; after every action the referee builds the person's
snapshot in English, as the server does to push it. That snapshot is where the table's teaching
lives (the undo plan, "since your turn", the forbidden actions with their reasons), so its cost
per version is the price of that teaching. Each tree runs in its own subprocess
(``PYTHONPATH=<tree>/src``), the trees taking turns round after round; the best round of each is
reported, with each tree's ratio to the first (2.0: twice the first tree's time).
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

CHILD = r"""
import json, random, sys, time
from meeple.core import game_class
from meeple.server import Store, Tables
game_id, moves, seeds = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
players = game_class(game_id).allowed_players()[0]
if players == 1:
    players = game_class(game_id).allowed_players()[1]
tables = Tables(Store("sqlite://"))
spent = built = 0
for seed in range(seeds):
    made = tables.create(game_id, ["human"] + ["random"] * (players - 1), seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        st = tables.get(made.match).state
        if st.is_over:
            break
        version = tables.version(made.match)
        seat = st.to_act
        tables.act(made.match, seat, rng.choice(st.legal_actions()).text, version,
                   bot=seat != 0)
        t0 = time.perf_counter()
        tables.snapshot(made.match, 0, "en")
        spent += time.perf_counter() - t0
        built += 1
print(json.dumps({"ms_per_snapshot": 1000 * spent / built, "snapshots": built}))
"""


def run(tree: Path, game: str, moves: int, seeds: int) -> float:
    env = {**os.environ, "PYTHONPATH": str(tree / "src")}
    out = subprocess.run([sys.executable, "-c", CHILD, game, str(moves), str(seeds)], env=env,
                         capture_output=True, text=True, check=True, cwd=tree)
    return float(json.loads(out.stdout)["ms_per_snapshot"])


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*", default=["myth", "catacombs", "heavens", "grabhit",
                                                      "andor", "tictactoe"])
    parser.add_argument("--tree", action="append", required=True, help="NAME=PATH")
    parser.add_argument("--moves", type=int, default=150)
    parser.add_argument("--seeds", type=int, default=2)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    trees = [(name, Path(path).resolve()) for name, path in
             (t.split("=", 1) for t in args.tree)]
    print("| game | " + " | ".join(f"{n} ms/snapshot" for n, _ in trees) + " | "
          + " | ".join(f"{n} ratio" for n, _ in trees[1:]) + " |")
    print("|---" * (1 + 2 * len(trees) - 1) + "|")
    for game in args.games:
        rounds: dict[str, list[float]] = {name: [] for name, _ in trees}
        for _ in range(args.rounds):  # the trees take turns, meeting the same machine load
            for name, path in trees:
                rounds[name].append(run(path, game, args.moves, args.seeds))
        best = {name: min(times) for name, times in rounds.items()}
        first = best[trees[0][0]]
        cells = [f"{best[n]:.2f}" for n, _ in trees]
        ratios = [f"{best[n] / first:.2f}" for n, _ in trees[1:]]
        print(f"| {game} | " + " | ".join(cells + ratios) + " |", flush=True)


if __name__ == "__main__":
    main()
