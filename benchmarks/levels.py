"""Measure every level of every game and rewrite ``src/meeple/agents/levels.toml``.

Each level and scripted bot (docs/bots.md, "Levels") plays ``meeple arena GAME --seats
SPEC,greedy`` (a cooperative game: ``SPEC,SPEC``, a team of it); its wins, 95% interval, games,
milliseconds per decision, the date and the command are written back beside its spec. The
``easy`` bot of a game is the yardstick itself: only its speed is measured (greedy against
greedy). The file is rewritten after each measurement, so a long run that is stopped keeps what
it measured: the levels advance a block of games (one per seat) each in turn, so every level
is measured as far as the time allowed (``--minutes``). Specs are edited by hand in the file;
this script never changes them.

    PYTHONPATH=src nice -n 5 python benchmarks/levels.py                  # everything
    PYTHONPATH=src python benchmarks/levels.py myth heavens --only fair    # some
    PYTHONPATH=src python benchmarks/levels.py --games 20 --strong-games 6 --seed 0
    PYTHONPATH=src python benchmarks/levels.py --ladder benchmarks/results/ladder/tallies.json

``--ladder TALLIES`` plays nothing: a level whose spec is a rung of ``benchmarks/ladder.py``
against the same yardstick (``mcts:100``, the scripted bots, a cooperative game's greedy team)
takes that rung's tallies instead, when they hold more games than the file's row.
"""

from __future__ import annotations

import argparse
import datetime
import fcntl
import json
import sys
import time
import tomllib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from meeple.agents.levels import LEVELS, YARDSTICK
from meeple.core import game_class
from meeple.sim.arena import arena
from meeple.sim.stats import wilson

FILE = Path(__file__).resolve().parent.parent / "src" / "meeple" / "agents" / "levels.toml"


def seats_for(game: str, spec: str) -> list[str]:
    """Who plays: the spec against the yardstick, or a team of it in a cooperative game."""
    return [spec, spec] if game_class(game).cooperative else [spec, YARDSTICK]


@dataclass
class Run:
    """One level's measurement as it goes: blocks of games played so far."""

    game: str
    name: str
    spec: str
    target: int
    seed: int
    games: int = 0
    wins: int = 0
    decisions: int = 0
    seconds: float = 0.0

    @property
    def seats(self) -> list[str]:
        return seats_for(self.game, self.spec)

    def block(self) -> None:
        """One block of games (one per seat, seats rotated; one in a cooperative game, whose
        team of one bot plays a deal a game), as ``meeple arena`` plays its games ``games`` to
        ``games + block - 1``: the same seed, so the blocks of a run are exactly the games of
        one arena run of their total."""
        block = 1 if game_class(self.game).cooperative else len(self.seats)
        report = arena(self.game, self.seats, block, seed=self.seed + self.games // block)
        mine = next(a for a in report["agents"] if a["spec"] == self.spec)
        self.games += block
        self.wins += mine["wins"]
        self.decisions += mine["decisions"]
        self.seconds += mine["seconds_per_decision"] * mine["decisions"]

    def row(self) -> dict[str, Any]:
        """The fields the file keeps beside the spec."""
        low, high = wilson(self.wins, self.games)
        ms = 1000 * self.seconds / self.decisions if self.decisions else 0.0
        command = (f"meeple arena {self.game} --seats {','.join(self.seats)} "
                   f"--games {self.games} --seed {self.seed}")
        print(f"{self.game} {self.name} {self.spec}: {self.wins}/{self.games} "
              f"[{low:.2f}, {high:.2f}] {ms:.1f} ms/decision", flush=True)
        return {"spec": self.spec, "wins": self.wins, "games": self.games,
                "ci95": [round(low, 3), round(high, 3)], "ms_per_decision": round(ms, 1),
                "measured": datetime.date.today().isoformat(), "command": command}


def header(text: str) -> str:
    """The file's comment lines before its first table."""
    out = []
    for line in text.splitlines():
        if line.startswith("["):
            break
        out.append(line)
    return "\n".join(out).rstrip() + "\n"


def value(v: Any) -> str:
    if isinstance(v, str):
        return '"' + v.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if isinstance(v, list):
        return "[" + ", ".join(value(x) for x in v) + "]"
    return repr(v)


def render(head: str, data: dict[str, dict[str, dict[str, Any]]]) -> str:
    """The file again: its header, then every game's tables with the spec first."""
    parts = [head]
    for game, rows in data.items():
        for name, row in rows.items():
            lines = [f"[{game}.{name}]", f"spec = {value(row['spec'])}"]
            lines += [f"{k} = {value(v)}" for k, v in row.items() if k != "spec"]
            parts.append("\n".join(lines) + "\n")
    return "\n".join(parts)


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("games", nargs="*", help="games to measure (default: every game in the file)")
    p.add_argument("--only", action="append", default=[],
                   help="level or bot names to measure (repeat; default: all)")
    p.add_argument("--games", dest="n", type=int, default=20, help="games per level")
    p.add_argument("--strong-games", type=int, default=6,
                   help="games for the strong level (its decisions are the slowest)")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--file", type=Path, default=FILE)
    p.add_argument("--minutes", type=float, default=None,
                   help="start no new block of games after this many minutes")
    p.add_argument("--ladder", type=Path, default=None,
                   help="take the rows of levels that are ladder rungs from these tallies")
    args = p.parse_args(argv)
    data: dict[str, dict[str, dict[str, Any]]] = tomllib.loads(args.file.read_text("utf-8"))
    if args.ladder is not None:
        for game, name, row in from_ladder(args.ladder, data, args.games):
            update(args.file, game, name, row)
        return 0
    runs = []
    for game in args.games or list(data):
        for name, row in data[game].items():
            if args.only and name not in args.only:
                continue
            n = args.strong_games if name == LEVELS[-1] else args.n
            if row["spec"] == YARDSTICK and not game_class(game).cooperative:
                n = max(2, min(n, 4))  # its win rate is the yardstick's own: only its speed
            runs.append(Run(game, name, row["spec"], n, args.seed))
    stop = None if args.minutes is None else time.monotonic() + 60 * args.minutes
    # Every level advances one block in turn, and the file is written after each, so a run
    # stopped early (or past --minutes) leaves every level measured as far as it got.
    while any(r.games < r.target for r in runs):
        for r in runs:
            if r.games >= r.target:
                continue
            if stop is not None and time.monotonic() > stop:
                return 0
            r.block()
            update(args.file, r.game, r.name, r.row())
    return 0


def from_ladder(path: Path, data: dict[str, dict[str, dict[str, Any]]], games: list[str]
                ) -> list[tuple[str, str, dict[str, Any]]]:
    """Rows for the levels that are ladder rungs, from the ladder's tallies (``benchmarks/
    ladder.py``: a rung against greedy, or a team of it), where those hold more games."""
    tallies = json.loads(path.read_text("utf-8"))
    out = []
    for game in games or list(data):
        coop = game_class(game).cooperative
        for name, row in data[game].items():
            spec = row["spec"]
            if spec == YARDSTICK and not coop:
                continue  # the yardstick against itself: only its speed is measured
            t = tallies.get(f"{game}|{spec}|{'' if coop else YARDSTICK}")
            if not t or t["games"] <= row["games"]:
                continue
            low, high = wilson(t["wins"], t["games"])
            ms = 1000 * t["seconds"] / t["decisions"] if t["decisions"] else 0.0
            out.append((game, name, {
                "spec": spec, "wins": t["wins"], "games": t["games"],
                "ci95": [round(low, 3), round(high, 3)], "ms_per_decision": round(ms, 1),
                "measured": datetime.date.today().isoformat(),
                "command": f"python benchmarks/ladder.py {game} (its {spec} row in "
                           f"benchmarks/results/ladder/tallies.json)"}))
            print(f"{game} {name} {spec}: {t['wins']}/{t['games']} from the ladder", flush=True)
    return out


def update(path: Path, game: str, name: str, row: dict[str, Any]) -> None:
    """Write ``row`` into the file, read again under a lock: runs of different games or levels
    may share it."""
    with open(path, "r+", encoding="utf-8") as f:
        fcntl.flock(f, fcntl.LOCK_EX)
        text = f.read()
        data = tomllib.loads(text)
        if data[game][name]["spec"] != row["spec"]:
            print(f"{game}.{name}: the spec changed while measuring; not written", flush=True)
            return
        data[game][name] = row
        f.seek(0)
        f.truncate()
        f.write(render(header(text), data))


if __name__ == "__main__":
    sys.exit(main())
