"""Throughput of ``meeple simulate``: games/s with random seats, one process against two, and Ray.

Run from the repository::

    python benchmarks/simulate.py                # every registered game, ~3 s per measurement
    python benchmarks/simulate.py tictactoe --seconds 10 --json out.json
    python benchmarks/simulate.py --whole        # the whole command, report included
    python benchmarks/simulate.py --whole --tree before=/path/to/old/checkout --tree after=.

``--whole`` times what a person waits for: ``meeple simulate GAME --games N --jobs J`` with
random seats (200 Catacombs games unless told), report and plots included, at ``--jobs 1``
and ``--jobs 2``, each run in a fresh process. Two figures per run: *command*, the wall time
of the whole command from outside (the interpreter's start, imports, the games, the report,
the tables printed), and *run*, the wall time of :func:`meeple.sim.simulate.simulate` inside
a process that has imported meeple but not matplotlib (the games, the summary, the report
with its plots). Each ``--tree`` (a checkout, run with ``PYTHONPATH=<tree>/src``) is measured
in turn, round after round (``--repeat``), so that a burst of other work on the machine falls
on all of them alike; the medians and the ratio ``--jobs 1`` ÷ ``--jobs 2`` are printed with
the load average, the machine's core count and the CPU time of each run.

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
import statistics
import subprocess
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


# ------------------------------------------------------------------------------ --whole
#: A run of ``simulate`` timed inside its process: meeple imported, matplotlib not.
RUN = """
import json, sys, time
from pathlib import Path
from meeple.sim.simulate import make_spec, simulate
game, games, jobs, out = sys.argv[1], int(sys.argv[2]), int(sys.argv[3]), Path(sys.argv[4])
spec = make_spec(game, seats="random", seed=1)
start = time.perf_counter()
simulate(spec, games, out, jobs=jobs, progress=False)
print(json.dumps({"seconds": time.perf_counter() - start,
                  "matplotlib": "matplotlib" in sys.modules}))
"""
#: The ``meeple`` command, as its console script runs it.
COMMAND = "import sys; from meeple.cli import main; sys.argv[0] = 'meeple'; main()"


def whole_run(tree: Path, kind: str, game: str, games: int, jobs: int) -> tuple[float, float]:
    """Wall seconds and CPU seconds (the process and its workers) of one run of ``tree``
    into a fresh directory: the whole command (``kind`` "command") or the ``simulate`` call
    in its process ("run")."""
    env = {**os.environ, "PYTHONPATH": str(tree.resolve() / "src")}
    with tempfile.TemporaryDirectory() as tmp:
        out = Path(tmp) / "run"
        if kind == "command":
            argv = ["-c", COMMAND, "simulate", game, "--games", str(games), "--seats",
                    "random", "--seed", "1", "--jobs", str(jobs), "--out", str(out),
                    "--no-progress"]
        else:
            argv = ["-c", RUN, game, str(games), str(jobs), str(out)]
        before = resource.getrusage(resource.RUSAGE_CHILDREN)
        start = time.perf_counter()
        done = subprocess.run([sys.executable, *argv], env=env, check=True,
                              capture_output=True, text=True)
        wall = time.perf_counter() - start
        after = resource.getrusage(resource.RUSAGE_CHILDREN)
        if not (out / "report.html").exists():
            raise SystemExit(f"{tree}: the run wrote no report.html")
        if kind == "run":
            got = json.loads(done.stdout.strip().splitlines()[-1])
            if got["matplotlib"] is False:
                raise SystemExit(f"{tree}: no plots drawn (is matplotlib installed?)")
            wall = got["seconds"]
        cpu = (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)
        return wall, cpu


def whole(args: argparse.Namespace, console: Console) -> None:
    """``--whole``: jobs 1 against jobs 2, report included, for every tree; medians."""
    trees = [(name, Path(path)) for name, _, path in
             (t.partition("=") for t in args.tree or ["this=."])]
    game, games = (args.games or ["catacombs"])[0], args.n
    figures: dict[tuple[str, str, int], list[tuple[float, float]]] = {}
    loads = [os.getloadavg()[0]]
    console.print(f"{game}: {games} random games, whole runs with report and plots, "
                  f"{args.repeat} rounds over {', '.join(n for n, _ in trees)}")
    for round_ in range(args.repeat):
        for name, tree in trees:
            for kind in ("command", "run"):
                for jobs in (1, 2):
                    loads.append(os.getloadavg()[0])
                    wall, cpu = whole_run(tree, kind, game, games, jobs)
                    figures.setdefault((name, kind, jobs), []).append((wall, cpu))
                    console.print(f"round {round_ + 1} {name} {kind} --jobs {jobs}: "
                                  f"{wall:.2f} s wall, {cpu:.2f} s CPU, load {loads[-1]:.2f}",
                                  highlight=False)
    loads.append(os.getloadavg()[0])
    rows = whole_rows(trees, figures)
    print_whole(rows, console, games, game, loads, args.repeat)
    if args.json:
        args.json.write_text(json.dumps({"rows": rows, "load": loads,
                                         "cores": os.cpu_count()}, indent=1))


def whole_rows(trees: list[tuple[str, Path]],
               figures: dict[tuple[str, str, int], list[tuple[float, float]]]
               ) -> list[dict[str, Any]]:
    """One row per tree and kind of run: the medians and the ratio jobs 1 ÷ jobs 2."""
    rows = []
    for name, _ in trees:
        for kind in ("command", "run"):
            one, two = figures[name, kind, 1], figures[name, kind, 2]
            m1 = statistics.median(w for w, _ in one)
            m2 = statistics.median(w for w, _ in two)
            rows.append({"tree": name, "kind": kind, "jobs1": m1, "jobs2": m2,
                         "ratio": m1 / m2, "spread1": [min(w for w, _ in one),
                                                       max(w for w, _ in one)],
                         "spread2": [min(w for w, _ in two), max(w for w, _ in two)],
                         "cpu1": statistics.median(c for _, c in one),
                         "cpu2": statistics.median(c for _, c in two)})
    return rows


def print_whole(rows: list[dict[str, Any]], console: Console, games: int, game: str,
                loads: list[float], repeat: int) -> None:
    table = Table(title=f"meeple simulate {game} --games {games}: whole run, report included "
                        f"(median of {repeat})")
    for c in ("tree", "timed", "--jobs 1 (min–max)", "--jobs 2 (min–max)", "1 ÷ 2",
              "CPU s jobs 1 / 2"):
        table.add_column(c, justify="left" if c in ("tree", "timed") else "right")
    for r in rows:
        table.add_row(r["tree"], r["kind"],
                      f"{r['jobs1']:.2f} s ({r['spread1'][0]:.2f}–{r['spread1'][1]:.2f})",
                      f"{r['jobs2']:.2f} s ({r['spread2'][0]:.2f}–{r['spread2'][1]:.2f})",
                      f"{r['ratio']:.2f}", f"{r['cpu1']:.2f} / {r['cpu2']:.2f}")
    console.print(table)
    console.print("command: the whole `meeple simulate` process, timed from outside; run: "
                  "simulate() in a process with meeple imported (not matplotlib).")
    console.print(f"Load average (1 min) at the start {loads[0]:.2f}, highest before a run "
                  f"{max(loads):.2f}, at the end {loads[-1]:.2f}, on {os.cpu_count()} cores",
                  highlight=False)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("games", nargs="*", help="game ids (default: every registered game; "
                                                 "with --whole: catacombs)")
    parser.add_argument("--seconds", type=float, default=3.0)
    parser.add_argument("--repeat", type=int, default=3,
                        help="runs per figure (best kept; with --whole: rounds, median kept)")
    parser.add_argument("--no-ray", action="store_true", help="skip the Ray measurement")
    parser.add_argument("--json", type=Path, help="also write the figures to this file")
    parser.add_argument("--whole", action="store_true",
                        help="time whole runs with their report, --jobs 1 against --jobs 2")
    parser.add_argument("-n", type=int, default=200, help="games of a --whole run")
    parser.add_argument("--tree", action="append", metavar="NAME=PATH",
                        help="with --whole: a checkout to measure (repeat; default: this one)")
    args = parser.parse_args()
    if args.whole:
        return whole(args, Console(width=120))
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
