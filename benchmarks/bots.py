"""How strong and how fast the bots are, per game (measured, never asserted).

For each game (default: every registered game, at two seats when it allows two):

- ``mcts:800`` against ``random`` and against ``greedy`` in the arena (seats rotated), win
  rates with 95% Wilson intervals;
- search speed: iterations per second of ``mcts:800`` on positions spread along random games;
- time per decision at the default budget (``mcts``), mean and worst, on the same positions.

    PYTHONPATH=src python benchmarks/bots.py tictactoe _template --games 40 --jobs 2
    PYTHONPATH=src python benchmarks/bots.py --json > bots.json
"""

from __future__ import annotations

import argparse
import json
import time
from typing import Any

from meeple.agents import InfoSet, MCTSAgent, make
from meeple.core import game_class, game_ids
from meeple.sim.arena import arena
from meeple.sim.bench import sample_states


def seats_for(game_id: str) -> int:
    """Two seats when the game allows two, else its smallest count."""
    cls = game_class(game_id)
    return 2 if cls.min_players <= 2 <= cls.max_players else cls.min_players


def search_speed(game_id: str, players: int, spec: str, positions: int = 6
                 ) -> dict[str, float]:
    """Iterations/s and seconds per decision of ``spec`` on positions along random games."""
    states = [s for s in sample_states(game_id, players, positions)
              if len(s.legal_actions()) > 1]
    iterations = 0
    seconds: list[float] = []
    for i, st in enumerate(states):
        agent = make(spec, seed=i)
        assert isinstance(agent, MCTSAgent)
        seat = st.to_act
        assert seat is not None
        start = time.perf_counter()
        agent.choose(InfoSet(st, seat))
        seconds.append(time.perf_counter() - start)
        iterations += agent.last_iterations
    total = sum(seconds) or 1e-9
    return {"positions": len(states), "iterations_per_s": iterations / total,
            "mean_s": total / max(1, len(seconds)), "max_s": max(seconds, default=0.0)}


def rate(report: dict[str, Any], spec: str) -> dict[str, Any]:
    """One agent's line of an arena report."""
    for a in report["agents"]:
        if a["spec"] == spec:
            return {"wins": a["wins"], "games": a["games"], "win_rate": a["win_rate"],
                    "ci95": a["ci95"], "draws": report["draws"],
                    "mean_actions": report["mean_actions"]}
    raise KeyError(spec)


def measure(game_id: str, games: int, jobs: int, bot: str) -> dict[str, Any]:
    """Every figure for one game."""
    players = seats_for(game_id)
    out: dict[str, Any] = {"players": players, "bot": bot}
    cooperative = game_class(game_id).cooperative
    if cooperative:
        team = arena(game_id, [bot] * players, games, players, seed=0, jobs=jobs)
        rnd = arena(game_id, ["random"] * players, games, players, seed=0, jobs=jobs)
        out["bot_team"] = rate(team, bot)
        out["random_team"] = rate(rnd, "random")
    else:
        others = ["random"] * (players - 1)
        vs_random = arena(game_id, [bot, *others], games, players, seed=0, jobs=jobs)
        greedy_others = ["greedy"] * (players - 1)
        vs_greedy = arena(game_id, [bot, *greedy_others], games, players, seed=0, jobs=jobs)
        out["vs_random"] = rate(vs_random, bot)
        out["vs_greedy"] = rate(vs_greedy, bot)
        out["seconds_per_decision_in_arena"] = next(
            a["seconds_per_decision"] for a in vs_random["agents"] if a["spec"] == bot)
    out["speed_800"] = search_speed(game_id, players, "mcts:800")
    out["default_budget"] = search_speed(game_id, players, "mcts")
    return out


def pct(x: float) -> str:
    return f"{100 * x:.0f}%"


def line(r: dict[str, Any]) -> str:
    lo, hi = r["ci95"]
    return f"{r['wins']}/{r['games']} = {pct(r['win_rate'])} [{pct(lo)}, {pct(hi)}]"


def main() -> None:
    """Measure and print (or dump as JSON)."""
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("games_", nargs="*", metavar="GAME")
    ap.add_argument("--games", type=int, default=20, help="arena games per pairing")
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--bot", default="mcts:800", help="the bot spec measured")
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    ids = args.games_ or game_ids(hidden=True)
    report = {}
    for g in ids:
        start = time.perf_counter()
        report[g] = m = measure(g, args.games, args.jobs, args.bot)
        m["wall_s"] = time.perf_counter() - start
        if not args.json:
            print(f"== {g} ({m['players']} seats, {args.bot}; {m['wall_s']:.0f} s)")
            for key in ("vs_random", "vs_greedy", "bot_team", "random_team"):
                if key in m:
                    print(f"  {key:12} {line(m[key])}  (draws {m[key]['draws']}, "
                          f"{m[key]['mean_actions']:.0f} actions/game)")
            s8, sd = m["speed_800"], m["default_budget"]
            print(f"  mcts:800     {s8['iterations_per_s']:,.0f} iterations/s, "
                  f"{s8['mean_s']:.3f} s/decision (max {s8['max_s']:.3f})")
            print(f"  mcts         {sd['iterations_per_s']:,.0f} iterations/s, "
                  f"{sd['mean_s']:.3f} s/decision (max {sd['max_s']:.3f})", flush=True)
    if args.json:
        print(json.dumps(report, indent=1))


if __name__ == "__main__":
    main()
