"""Arenas: agents against each other over many games, seats rotated.

Games are played in blocks of ``players`` games that share one seed: within a block the seat
list is rotated one place per game, so every agent configuration sits in every seat equally
often and meets the same deals and dice from every seat. A configuration *wins* a game when a
seat it holds is among the winners (in a cooperative game the whole team wins or loses).

>>> report = arena("tictactoe", ["mcts:50", "random"], games=4, seed=1)
>>> [a["spec"] for a in report["agents"]], report["games"]
(['mcts:50', 'random'], 4)
>>> again = arena("tictactoe", ["mcts:50", "random"], games=4, seed=1)
>>> [a["wins"] for a in again["agents"]] == [a["wins"] for a in report["agents"]]
True
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from typing import Any

from meeple.agents import info_set
from meeple.core import ConfigError, game_class

from .runner import make_agents
from .stats import wilson


@dataclass(frozen=True)
class Played:
    """One finished arena game: who sat where, who won, how long it took."""

    seed: int
    seats: tuple[str, ...]
    winners: tuple[int, ...]
    actions: int
    turns: int
    reason: str
    decisions: tuple[int, ...]
    think_seconds: tuple[float, ...]


def seating(specs: Sequence[str], index: int) -> tuple[str, ...]:
    """The seat list of game ``index``: ``specs`` rotated by ``index`` places.

    >>> [seating(["a", "b", "c"], i) for i in range(3)]
    [('a', 'b', 'c'), ('b', 'c', 'a'), ('c', 'a', 'b')]
    """
    k = index % len(specs)
    return tuple(specs[k:]) + tuple(specs[:k])


def play_one(game_id: str, players: int, options: dict[str, Any], seats: tuple[str, ...],
             seed: int) -> Played:
    """Play one game, timing every decision of every seat."""
    game = game_class(game_id)(players=players, options=options)
    agents = make_agents(list(seats), players, seed, game_id)
    state = game.new_state(seed=seed)
    decisions = [0] * players
    think = [0.0] * players
    clock = time.perf_counter
    while state.to_act is not None:
        seat = state.to_act
        agent = agents[seat]
        start = clock()
        action = agent.choose(info_set(agent, state, seat))
        think[seat] += clock() - start
        decisions[seat] += 1
        state.apply(action)
    res = state.result()
    return Played(seed, seats, res.winners, state.n_actions, res.turns, res.reason,
                  tuple(decisions), tuple(think))


def _play_job(job: tuple[str, int, dict[str, Any], tuple[str, ...], int]) -> Played:
    return play_one(*job)


def _whole(value: Any, what: str, least: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise ConfigError(f"{what} must be a whole number of at least {least}, got {value!r}")


def _check_arguments(specs: Sequence[str], games: int, players: int | None, seed: int,
                     jobs: int) -> list[str]:
    """The agent specs stripped, or ConfigError naming the argument that is wrong."""
    if isinstance(specs, str) or not all(isinstance(s, str) for s in specs):
        raise ConfigError(f"seats must be a list of agent specs, got {specs!r}")
    out = [s.strip() for s in specs if s.strip()]
    if not out:
        raise ConfigError("--seats needs one agent per seat, e.g. --seats mcts:200,random")
    _whole(games, "the number of games", 1)
    _whole(jobs, "jobs", 1)
    if players is not None:
        _whole(players, "players", 1)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ConfigError(f"seed must be a whole number, got {seed!r}")
    return out


def arena(game_id: str, specs: Sequence[str], games: int, players: int | None = None,
          seed: int = 0, options: dict[str, Any] | None = None, jobs: int = 1,
          on_game: Callable[[Played], None] | None = None) -> dict[str, Any]:
    """Play ``games`` games between the agents ``specs`` (one per seat) and summarise them."""
    cls = game_class(game_id)
    specs = _check_arguments(specs, games, players, seed, jobs)
    if players is None:
        players = len(specs)
    if len(specs) != players:
        raise ConfigError(f"{players} seats need {players} agents in --seats, got {len(specs)}")
    if games < 1:
        raise ConfigError(f"an arena needs at least one game, got {games}")
    game = cls(players=players, options=options)  # validates players and options early
    opts = dict(game.config)
    make_agents(specs, players, seed, game_id)  # validates agent specs early
    jobs_list = [(game_id, players, opts, seating(specs, i), seed + i // players)
                 for i in range(games)]
    played: list[Played] = []
    if jobs <= 1:
        for job in jobs_list:
            played.append(_play_job(job))
            if on_game is not None:
                on_game(played[-1])
    else:
        with ProcessPoolExecutor(max_workers=jobs) as pool:
            for p in pool.map(_play_job, jobs_list, chunksize=1):
                played.append(p)
                if on_game is not None:
                    on_game(p)
    return summarise(game_id, players, opts, seed, specs, played, cls.cooperative)


def summarise(game_id: str, players: int, options: dict[str, Any], seed: int,
              specs: Sequence[str], played: Sequence[Played], cooperative: bool
              ) -> dict[str, Any]:
    """Win rates with 95% Wilson intervals per agent and per seat, draws and mean length."""
    n = len(played)
    agents: list[dict[str, Any]] = []
    for spec in dict.fromkeys(specs):
        wins = sum(any(p.seats[w] == spec for w in p.winners) for p in played)
        dec = sum(d for p in played for s, d in zip(p.seats, p.decisions, strict=True)
                  if s == spec)
        secs = sum(t for p in played for s, t in zip(p.seats, p.think_seconds, strict=True)
                   if s == spec)
        lo, hi = wilson(wins, n)
        agents.append({"spec": spec, "wins": wins, "games": n, "win_rate": wins / n,
                       "ci95": [lo, hi], "decisions": dec,
                       "seconds_per_decision": secs / dec if dec else 0.0})
    by_seat = []
    for seat in range(players):
        wins = sum(seat in p.winners for p in played)
        lo, hi = wilson(wins, n)
        by_seat.append({"seat": seat, "wins": wins, "win_rate": wins / n, "ci95": [lo, hi]})
    draws = sum(not p.winners for p in played)
    reasons: dict[str, int] = {}
    for p in played:
        reasons[p.reason] = reasons.get(p.reason, 0) + 1
    return {
        "game": game_id, "players": players, "options": options, "seed": seed,
        "cooperative": cooperative, "games": n, "seats": list(specs), "agents": agents,
        "by_seat": by_seat, "draws": draws, "draw_rate": draws / n,
        "mean_actions": sum(p.actions for p in played) / n,
        "mean_turns": sum(p.turns for p in played) / n,
        "endings": dict(sorted(reasons.items())),
        "played": [{"seed": p.seed, "seats": list(p.seats), "winners": list(p.winners),
                    "reason": p.reason, "actions": p.actions, "turns": p.turns}
                   for p in played],
    }


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def print_report(report: dict[str, Any]) -> None:
    """The report as terminal tables."""
    from rich.console import Console
    from rich.table import Table

    console = Console()
    title = (f"{report['game']}, {report['players']} seats, {report['games']} games "
             f"(seed {report['seed']}, seats rotated)")
    t = Table(title=title)
    for col in ("agent", "wins", "win rate", "95% CI", "decisions", "s/decision"):
        t.add_column(col, justify="left" if col == "agent" else "right")
    for a in report["agents"]:
        lo, hi = a["ci95"]
        t.add_row(a["spec"], str(a["wins"]), _pct(a["win_rate"]),
                  f"{_pct(lo)} – {_pct(hi)}", str(a["decisions"]),
                  f"{a['seconds_per_decision']:.4f}")
    console.print(t)
    seats = ", ".join(f"seat {s['seat']} {_pct(s['win_rate'])}" for s in report["by_seat"])
    console.print(f"by seat: {seats}")
    console.print(f"draws: {report['draws']} ({_pct(report['draw_rate'])}); mean length "
                  f"{report['mean_actions']:.1f} actions, {report['mean_turns']:.1f} turns")
    console.print("endings: " + ", ".join(f"{k} {v}" for k, v in report["endings"].items()))
