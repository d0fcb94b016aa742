"""Throughput of ``meeple simulate``: games/s with random seats, one process against two, and Ray.

Run from the repository::

    python benchmarks/simulate.py                # every registered game, ~3 s per measurement
    python benchmarks/simulate.py tictactoe --seconds 10 --json out.json

For each game the number of games is calibrated once (so one process runs for about
``--seconds``), then the same games are played with ``--jobs 1``, ``--jobs 2`` and, when Ray is
installed, on a local Ray cluster with two CPUs (started once, before timing: its start-up is
reported apart). The wall time of each run includes starting its worker processes, writing
records and counting the summary — everything but the HTML report. Each figure is the best of
``--repeat`` runs, taken in turn, so that a burst of other work on the machine hurts all of
them alike; the load average is printed since a busy machine makes wall-clock ratios
meaningless. The CPU time of each run (this process and its workers) gives the ratio two idle
cores would reach: the parallel run's overhead (forking, moving records between processes)
shows there whatever else runs.
"""

from __future__ import annotations

import argparse
import importlib.util
import json
import os
import resource
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "src"))

from meeple.core import game_class, game_ids
from meeple.sim.simulate import make_spec, simulate


def cpu_seconds() -> float:
    """CPU time of this process and of its finished children (pool workers)."""
    me = resource.getrusage(resource.RUSAGE_SELF)
    kids = resource.getrusage(resource.RUSAGE_CHILDREN)
    return me.ru_utime + me.ru_stime + kids.ru_utime + kids.ru_stime


def measured_run(game: str, games: int, jobs: int,
                 backend: str = "processes") -> tuple[float, float]:
    """Games per wall second and games per CPU second of one run into a fresh directory.

    CPU time counts only this process and its pool workers (not Ray's workers).
    """
    spec = make_spec(game, seats="random", seed=1)
    with tempfile.TemporaryDirectory() as out:
        cpu = cpu_seconds()
        start = time.perf_counter()
        simulate(spec, games, Path(out), jobs=jobs, backend=backend, progress=False,
                 report=False)
        wall = time.perf_counter() - start
        return games / wall, games / (cpu_seconds() - cpu)


def timed_run(game: str, games: int, jobs: int, backend: str = "processes") -> float:
    """Games/s of one run of ``games`` random games into a fresh directory."""
    return measured_run(game, games, jobs, backend)[0]


def calibrate(game: str, seconds: float) -> int:
    """How many games one process plays in about ``seconds``."""
    n = 20
    while True:
        rate = timed_run(game, n, 1)
        if n / rate >= 0.5:
            return max(20, int(rate * seconds))
        n *= 4


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every registered game)")
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure (best kept)")
    parser.add_argument("--no-ray", action="store_true", help="skip the Ray measurement")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    args = parser.parse_args()
    ids = args.games or game_ids(hidden=True)
    console = Console(width=120)
    load_before = os.getloadavg()
    use_ray = not args.no_ray and importlib.util.find_spec("ray") is not None
    ray_start = None
    if use_ray:
        from meeple.sim.backends import start_ray

        t = time.perf_counter()
        start_ray(2)
        ray_start = time.perf_counter() - t
    rows: list[dict[str, Any]] = []
    for g in ids:
        cls = game_class(g)
        n = calibrate(g, args.seconds)
        if use_ray:
            timed_run(g, min(n, 50), 2, "ray")  # workers import the game once, untimed
        one = two = ray2 = cpu1 = cpu2 = 0.0
        for _ in range(args.repeat):
            wall, cpu = measured_run(g, n, 1)
            one, cpu1 = max(one, wall), max(cpu1, cpu)
            wall, cpu = measured_run(g, n, 2)
            two, cpu2 = max(two, wall), max(cpu2, cpu)
            if use_ray:
                ray2 = max(ray2, timed_run(g, n, 2, "ray"))
        # On an idle machine two processes can at best turn all their CPU time into games:
        # 2 x (games per CPU second with two jobs) / (games per second with one).
        row: dict[str, Any] = {"game": g, "players": cls.default_players or cls.min_players,
                               "games": n, "jobs1": one, "jobs2": two, "ratio": two / one,
                               "cpu_efficiency": cpu2 / cpu1, "idle_ratio": 2 * cpu2 / cpu1}
        if use_ray:
            row["ray2"] = ray2
            row["ray_ratio"] = ray2 / one
        rows.append(row)
        console.print(f"measured {g}: {n} games")
    table = Table(title="meeple simulate: games/s with random seats (2 cores)")
    cols = ["game", "players", "games", "--jobs 1", "--jobs 2", "2 ÷ 1", "idle 2 ÷ 1"]
    if use_ray:
        cols += ["ray, 2 CPUs", "ray ÷ 1"]
    for c in cols:
        table.add_column(c, justify="left" if c == "game" else "right")
    for r in rows:
        cells = [r["game"], str(r["players"]), f"{r['games']:,}", f"{r['jobs1']:,.1f}",
                 f"{r['jobs2']:,.1f}", f"{r['ratio']:.2f}", f"{r['idle_ratio']:.2f}"]
        if use_ray:
            cells += [f"{r['ray2']:,.1f}", f"{r['ray_ratio']:.2f}"]
        table.add_row(*cells)
    console.print(table)
    console.print("idle 2 ÷ 1: the ratio two cores reach when nothing else runs, from CPU "
                  "time: 2 × (games per CPU-second with two jobs ÷ with one).")
    load_after = os.getloadavg()
    console.print(f"Load average (1 min) before {load_before[0]:.2f}, after {load_after[0]:.2f} "
                  f"on {os.cpu_count()} cores")
    if ray_start is not None:
        console.print(f"Local Ray cluster start-up (not in the figures): {ray_start:.1f} s")
    if args.json:
        args.json.write_text(json.dumps({"rows": rows, "ray_startup_s": ray_start,
                                         "load": [load_before[0], load_after[0]]}, indent=1))


if __name__ == "__main__":
    main()
