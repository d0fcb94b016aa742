"""Engine benchmarks: ``python benchmarks/engine.py [GAME ...] [--seconds S]``."""

from __future__ import annotations

import argparse

from rich.console import Console

from meeple.core import game_ids
from meeple.sim.bench import run_benchmarks

if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("games", nargs="*", help="game ids (default: all)")
    parser.add_argument("--seconds", type=float, default=2.0)
    args = parser.parse_args()
    run_benchmarks(args.games or game_ids(), seconds=args.seconds, console=Console())
