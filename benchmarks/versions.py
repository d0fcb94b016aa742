"""``meeple bench`` of two versions of meeple side by side, in one run.

    python benchmarks/versions.py --tree before=/path/to/old/checkout --tree after=. \
        [--seconds S] [--rounds N] [GAME ...]

Each tree runs ``meeple bench --json`` in its own subprocess (``PYTHONPATH=<tree>/src``), the
trees taking turns round after round so both meet the same machine load. Per game it reports the
best round of each tree for random play (actions per second) and clone (clones per second), and
each tree's ratio to the first: a ratio of 0.95 means 5% slower than the first tree.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

FIGURES = ("actions_per_s", "clone_per_s")


def bench(tree: Path, games: list[str], seconds: float) -> dict[str, dict[str, float]]:
    env = {**os.environ, "PYTHONPATH": str(tree / "src")}
    out = subprocess.run([sys.executable, "-m", "meeple.cli", "bench", "--json", "--seconds",
                          str(seconds), *games], env=env, capture_output=True, text=True,
                         check=True, cwd=tree)
    report: dict[str, dict[str, float]] = json.loads(out.stdout)["games"]
    return report


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="+", help="game ids")
    parser.add_argument("--tree", action="append", required=True, help="NAME=PATH")
    parser.add_argument("--seconds", type=float, default=1.0)
    parser.add_argument("--rounds", type=int, default=3)
    args = parser.parse_args()
    trees = [(n, Path(p).resolve()) for n, p in (t.split("=", 1) for t in args.tree)]
    best: dict[str, dict[str, dict[str, float]]] = {n: {} for n, _ in trees}
    for _ in range(args.rounds):
        for name, path in trees:
            for game, figures in bench(path, args.games, args.seconds).items():
                mine = best[name].setdefault(game, {})
                for f in FIGURES:
                    mine[f] = max(mine.get(f, 0.0), figures[f])
    first = trees[0][0]
    print(f"{'game':<11}" + "".join(f"{n + ' ' + f:>26}" for n, _ in trees for f in FIGURES))
    for game in args.games:
        row = f"{game:<11}"
        for name, _ in trees:
            for f in FIGURES:
                v = best[name][game][f]
                ratio = v / best[first][game][f]
                row += f"{v:>17,.0f} ({ratio:4.2f}×)"
        print(row)


if __name__ == "__main__":
    main()
