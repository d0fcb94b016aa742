"""Two versions of meeple side by side: ``determinize`` and a search bot's decision, in one run.

    python benchmarks/trees.py --tree before=/path/to/old/checkout --tree after=. [GAME ...]

Each tree is measured in its own subprocess (``PYTHONPATH=<tree>/src``), the trees taking
turns round after round, so both meet the same machine load; the figures are the best round of
each (as ``timeit`` reports: the other rounds only add the machine's noise) and the ratio of
each tree to the first. Per game it reports

- ``determinize``: microseconds per call, over the same mid-game positions (a fixed seed and
  random legal actions, then every seat in turn), and
- ``mcts``: milliseconds per decision of ``mcts:BUDGET`` over the same positions.

Positions are built by each tree's own rules, so a game whose random stream changed between the
trees is measured on positions of the same kind rather than the very same ones.
"""

from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys
from pathlib import Path

WORKER = r"""
import json, random, sys, time
import meeple
from meeple.agents import InfoSet, make

game_id, positions, depth, calls, budget = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), \
    int(sys.argv[4]), int(sys.argv[5])
game = meeple.load(game_id)
states = []
seed = 0
while len(states) < positions:
    st = game.new_state(seed=seed)
    chooser = random.Random(seed)
    for _ in range(depth):
        if st.is_over:
            break
        st.apply(chooser.choice(st.legal_actions()))
    if not st.is_over:
        states.append(st)
    seed += 1
clock = time.perf_counter
start = clock()
n = 0
for st in states:
    for k in range(calls):
        st.determinize(k % st.players, k)
        n += 1
det = (clock() - start) / n * 1e6
start = clock()
for i, st in enumerate(states):
    make(f"mcts:{budget}", seed=i).choose(InfoSet(st, st.to_act))
bot = (clock() - start) / len(states) * 1e3
print(json.dumps({"determinize_us": det, "mcts_ms": bot}))
"""


def measure(tree: Path, game: str, args: argparse.Namespace) -> dict[str, float]:
    """One subprocess of ``tree`` measuring ``game``."""
    env = {**os.environ, "PYTHONPATH": str(tree / "src")}
    out = subprocess.run(
        [sys.executable, "-c", WORKER, game, str(args.positions), str(args.depth),
         str(args.calls), str(args.budget)],
        env=env, check=True, capture_output=True, text=True)
    result: dict[str, float] = json.loads(out.stdout.strip().splitlines()[-1])
    return result


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("games", nargs="*",
                        default=["myth", "catacombs", "grabhit", "heavens", "andor"])
    parser.add_argument("--tree", action="append", required=True, metavar="NAME=PATH",
                        help="a checkout to measure (give two or more; the first is the base)")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--depth", type=int, default=120, help="random actions before a position")
    parser.add_argument("--calls", type=int, default=200, help="determinize calls per position")
    parser.add_argument("--budget", type=int, default=100, help="mcts iterations per decision")
    args = parser.parse_args()
    trees = [(name, Path(path).resolve()) for name, _, path in
             (t.partition("=") for t in args.tree)]
    if len(trees) < 2 or any(not (p / "src" / "meeple").is_dir() for _, p in trees):
        parser.error("give at least two --tree NAME=PATH, each a meeple checkout")
    print(f"{args.positions} positions after {args.depth} random actions, {args.rounds} rounds; "
          f"determinize x{args.calls} per position, mcts:{args.budget} once per position\n")
    head = "| game | measure | " + " | ".join(n for n, _ in trees) + " | " + " | ".join(
        f"{n} / {trees[0][0]}" for n, _ in trees[1:]) + " |"
    print(head)
    print("|" + "---|" * (2 + 2 * len(trees) - 1))
    for game in args.games:
        runs: dict[str, list[dict[str, float]]] = {n: [] for n, _ in trees}
        for _ in range(args.rounds):
            for name, path in trees:
                runs[name].append(measure(path, game, args))
        for key, unit in (("determinize_us", "µs"), ("mcts_ms", "ms")):
            med = {n: min(r[key] for r in rs) for n, rs in runs.items()}
            base = med[trees[0][0]]
            cells = " | ".join(f"{med[n]:.1f} {unit}" for n, _ in trees)
            ratios = " | ".join(f"{med[n] / base:.2f}x" for n, _ in trees[1:])
            print(f"| {game} | {key.split('_')[0]} | {cells} | {ratios} |", flush=True)


if __name__ == "__main__":
    main()
