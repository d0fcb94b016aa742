"""Every game's full ladder: random, greedy, the scripted bot, search at four budgets, the oracle.

Each rung plays ``meeple arena`` games against a yardstick (greedy; greedy itself against
random), two seats rotated; in a cooperative game each rung plays as the whole team, so its
row is the team's win rate, one game a deal (the team's seats rotated would play the very same
game again, and count it twice). The oracle (``benchmarks/luck.py``: a search whose samples keep the
true random generator) plays at the budget of the third search rung, so the search's row at
that budget reads against the most any bot could reach with it; a cooperative game has no
oracle row (the oracle would only stand beside a teammate).

Rungs advance a block of games (one per seat, or one) each in turn and the tallies are kept in
``--out`` after every block, so a run stopped early (or past ``--minutes``) resumes there and
every rung is measured as far as the time allowed; a rung stops once it has ``--games`` games
or its 95% interval is at most ``--width`` wide (and it has at least ``--least`` games).
``--rungs`` plays only the rungs named (a costly rung's blocks can take an hour each).
``--write FILE`` renders the tallies as Markdown.

    PYTHONPATH=src nice -n 5 python benchmarks/ladder.py --out /tmp/ladder --minutes 120
    PYTHONPATH=src python benchmarks/ladder.py --out /tmp/ladder --write results/DATE-ladder.md
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import Any

from meeple.core import game_class
from meeple.sim.arena import arena, seating, summarise
from meeple.sim.stats import wilson

sys.path.insert(0, str(Path(__file__).resolve().parent))
import luck  # a sibling script

GAMES = ["heavens", "myth", "catacombs", "grabhit", "andor"]
BUDGETS = [100, 200, 400, 800]
ORACLE_BUDGET = BUDGETS[2]
YARDSTICK = "greedy"


def rungs(game: str) -> list[tuple[str, str]]:
    """(rung, opponent) pairs of a game, in the order the table shows them."""
    if game_class(game).cooperative:  # a team of each: no opponent but the game
        return [(r, "") for r in ("random", YARDSTICK, f"{game}:balance",
                                  *(f"mcts:{b}" for b in BUDGETS))]
    out = [("random", YARDSTICK), (YARDSTICK, "random"), (f"{game}:balance", YARDSTICK)]
    out += [(f"mcts:{b}", YARDSTICK) for b in BUDGETS]
    return [*out, (luck.ORACLE, YARDSTICK)]


def per_block(game: str) -> int:
    """Games a block plays: one per seat, seats rotated; one in a cooperative game, whose team
    is one bot in every seat (rotating it plays the very same game again)."""
    return 1 if game_class(game).cooperative else 2


def block(game: str, rung: str, against: str, seed: int) -> dict[str, Any]:
    """One block of games (:func:`per_block`): wins, decisions, seconds, endings."""
    coop = game_class(game).cooperative
    specs = [rung, rung] if coop else [rung, against]
    games = per_block(game)
    if rung == luck.ORACLE:
        played = [luck.play((game, seating(specs, i), str(ORACLE_BUDGET), seed))
                  for i in range(games)]
        report = summarise(game, 2, {}, seed, specs, played, False)
    else:
        report = arena(game, specs, games, seed=seed)
    mine = next(a for a in report["agents"] if a["spec"] == rung)
    return {"games": games, "wins": mine["wins"], "decisions": mine["decisions"],
            "seconds": mine["seconds_per_decision"] * mine["decisions"],
            "safety": report["safety_endings"]["games"]}


def done(t: dict[str, Any], args: argparse.Namespace) -> bool:
    if t["games"] >= args.games:
        return True
    low, high = wilson(t["wins"], t["games"]) if t["games"] else (0.0, 1.0)
    return t["games"] >= args.least and high - low <= args.width


def run(args: argparse.Namespace) -> None:
    args.out.mkdir(parents=True, exist_ok=True)
    path = args.out / "tallies.json"
    tallies: dict[str, Any] = json.loads(path.read_text()) if path.exists() else {}
    cells = [(g, r, a) for g in args.game for r, a in rungs(g)
             if not args.rungs or r in args.rungs]
    stop = None if args.minutes is None else time.monotonic() + 60 * args.minutes
    while True:
        todo = [c for c in cells if not done(tallies.get("|".join(c), _empty()), args)]
        if not todo:
            return
        for game, rung, against in todo:
            if stop is not None and time.monotonic() > stop:
                return
            key = "|".join((game, rung, against))
            t = tallies.setdefault(key, _empty())
            seed = args.seed + t["games"] // per_block(game)
            got = block(game, rung, against, seed)
            for k in t:
                t[k] += got[k]
            low, high = wilson(t["wins"], t["games"])
            limit = f"; {got['safety']} on a safety limit (seed {seed})" if got["safety"] else ""
            print(f"{game} {rung} vs {against}: {t['wins']}/{t['games']} "
                  f"[{low:.2f}, {high:.2f}]{limit}", flush=True)
            path.write_text(json.dumps(tallies, indent=1))


def _empty() -> dict[str, Any]:
    return {"games": 0, "wins": 0, "decisions": 0, "seconds": 0.0, "safety": 0}


def write(args: argparse.Namespace) -> str:
    tallies = json.loads((args.out / "tallies.json").read_text())
    lines = ["| game | rung | against | won | win rate | 95% interval | ms a decision "
             "| safety endings |", "|---|---|---|---|---|---|---|---|"]
    for game in args.game:
        for rung, against in rungs(game):
            t = tallies.get(f"{game}|{rung}|{against}")
            if not t or not t["games"]:
                who = against or "the game"
                lines.append(f"| {game} | {_name(game, rung)} | {who} | not played | | | | |")
                continue
            low, high = wilson(t["wins"], t["games"])
            ms = 1000 * t["seconds"] / t["decisions"] if t["decisions"] else 0.0
            wide = " (wide)" if high - low > args.width else ""
            lines.append(f"| {game} | {_name(game, rung)} | {against or 'the game'} | "
                         f"{t['wins']} of "
                         f"{t['games']} | {t['wins'] / t['games']:.0%} | "
                         f"{low:.0%}–{high:.0%}{wide} | {_ms(ms)} | {t['safety']} |")
    return "\n".join(lines) + "\n"


def _ms(ms: float) -> str:
    """Milliseconds as people read them: two figures below ten, whole ones above."""
    return f"{ms:.2g}" if ms < 10 else f"{ms:,.0f}"


def _name(game: str, rung: str) -> str:
    if rung == luck.ORACLE:
        return f"oracle (mcts:{ORACLE_BUDGET}, knows the future)"
    return rung + (" (team)" if game_class(game).cooperative else "")


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("game", nargs="*", default=GAMES)
    p.add_argument("--out", type=Path, required=True, help="where the tallies are kept")
    p.add_argument("--games", type=int, default=200, help="most games a rung plays")
    p.add_argument("--least", type=int, default=20, help="fewest games before --width stops it")
    p.add_argument("--width", type=float, default=0.15, help="an interval this narrow is enough")
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--minutes", type=float, default=None)
    p.add_argument("--write", type=Path, default=None, help="render the tallies here and stop")
    p.add_argument("--rungs", type=lambda v: v.split(","), default=[],
                   help="play only these rungs (random,greedy,mcts:100,...); the others keep "
                        "their tallies")
    args = p.parse_args(argv)
    args.game = args.game or GAMES
    if args.write is not None:
        args.write.write_text(write(args), "utf-8")
        return 0
    run(args)
    return 0


if __name__ == "__main__":
    sys.exit(main())
