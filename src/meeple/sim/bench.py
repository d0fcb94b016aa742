"""Benchmarks behind ``meeple bench`` and ``benchmarks/``: measured, never asserted in tests.

- Random playouts through the public contract (``legal_actions`` + ``apply``): actions/s.
- ``clone()`` against ``copy.deepcopy`` of the same state. Both share what a state shares by
  design: the game object with its content, and the log of the past, which is immutable (the
  deepcopy is given both in its memo, so it copies the state's own data only).
- Tic-tac-toe side by side: meeple's contract, OpenSpiel's pure-Python ``python_tic_tac_toe``
  (``pip install meeple[bench]``), and a minimal hand-written loop. All three choose moves with
  the same ``random.Random``.
"""

from __future__ import annotations

import copy
import random
import time
from collections.abc import Callable
from typing import Any

from rich.console import Console
from rich.table import Table

from meeple.core import ConfigError, State, load

CloneFn = Callable[[State], Any]


def _timed(fn: Callable[[], int], seconds: float) -> float:
    """Units of work per second: repeat ``fn`` (which returns units done) for ``seconds``."""
    done = 0
    start = time.perf_counter()
    end = start + seconds
    while True:
        done += fn()
        now = time.perf_counter()
        if now >= end:
            return done / (now - start)


def playout_rate(game_id: str, players: int | None, seconds: float) -> dict[str, float]:
    """Random-playout actions/s and games/s through the public contract."""
    game = load(game_id, players=players)
    chooser = random.Random(1)
    seeds = iter(range(1, 1 << 30))
    games = [0]

    def one_game() -> int:
        st = game.new_state(seed=next(seeds))
        n = 0
        while st.to_act is not None:
            st.apply(chooser.choice(st.legal_actions()))
            n += 1
        games[0] += 1
        return n

    start = time.perf_counter()
    rate = _timed(one_game, seconds)
    elapsed = time.perf_counter() - start
    return {"actions_per_s": rate, "games_per_s": games[0] / elapsed}


def sample_states(game_id: str, players: int | None, count: int = 6) -> list[State]:
    """States spread along a few random games (early, middle, late)."""
    game = load(game_id, players=players)
    chooser = random.Random(2)
    out: list[State] = []
    for seed in range(3):
        st = game.new_state(seed=seed)
        trail = []
        while st.to_act is not None:
            trail.append(st.clone())
            st.apply(chooser.choice(st.legal_actions()))
        k = max(1, count // 3)
        out.extend(trail[(i * len(trail)) // (k + 1)] for i in range(1, k + 1))
    return out


def clone_vs_deepcopy(game_id: str, players: int | None, seconds: float) -> dict[str, float]:
    """Copies/s of ``clone()`` and of ``copy.deepcopy`` over the same states, and the ratio."""
    states = sample_states(game_id, players)

    # Interleaved batches, best of each side (as timeit does): a busy machine only ever
    # slows a batch down, so the fastest batch is the closest to the true cost.
    best_clone = best_deep = float("inf")
    end = time.perf_counter() + seconds
    while time.perf_counter() < end:
        t0 = time.perf_counter()
        for _ in range(10):
            for s in states:
                s.clone()
        t1 = time.perf_counter()
        for s in states:
            copy.deepcopy(s, {id(s.game): s.game, id(s._log): s._log})
        t2 = time.perf_counter()
        best_clone = min(best_clone, (t1 - t0) / 10)
        best_deep = min(best_deep, t2 - t1)
    c, d = len(states) / best_clone, len(states) / best_deep
    return {"clone_per_s": c, "deepcopy_per_s": d, "ratio": c / d}


LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
THROUGH = tuple(tuple(ln for ln in LINES if i in ln) for i in range(9))


def handwritten_ttt(seconds: float) -> float:
    """Steps/s of a minimal hand-written random tic-tac-toe loop."""
    choice = random.Random(3).choice

    def one_game() -> int:
        b = [0] * 9
        p = 1
        n = 0
        while True:
            moves = [i for i in range(9) if not b[i]]
            m = choice(moves)
            b[m] = p
            n += 1
            if any(b[x] == b[y] == b[z] for x, y, z in THROUGH[m]) or len(moves) == 1:
                return n
            p = 3 - p

    return _timed(one_game, seconds)


def meeple_ttt(seconds: float) -> float:
    """Steps/s of random tic-tac-toe through meeple's public contract."""
    game = load("tictactoe")
    choice = random.Random(3).choice

    def one_game() -> int:
        st = game.new_state(seed=0)
        n = 0
        while st.to_act is not None:
            st.apply(choice(st.legal_actions()))
            n += 1
        return n

    return _timed(one_game, seconds)


def openspiel_ttt(seconds: float) -> float | None:
    """Steps/s of OpenSpiel's pure-Python tic-tac-toe, or None when it is not installed."""
    try:
        import pyspiel
        from open_spiel.python.games import tic_tac_toe  # noqa: F401  (registers the game)
    except ImportError:
        return None
    game = pyspiel.load_game("python_tic_tac_toe")
    choice = random.Random(3).choice

    def one_game() -> int:
        st = game.new_initial_state()
        n = 0
        while not st.is_terminal():
            st.apply_action(choice(st.legal_actions()))
            n += 1
        return n

    return _timed(one_game, seconds)


def check_seconds(seconds: float) -> None:
    """ConfigError unless ``seconds`` is a time a measurement can take (0 < s <= 3600)."""
    if isinstance(seconds, bool) or not isinstance(seconds, int | float) \
            or not 0 < seconds <= 3600:
        raise ConfigError(f"seconds per measurement must be more than 0 and at most 3600, "
                          f"got {seconds!r}")


def run_benchmarks(game_ids: list[str], seconds: float = 2.0,
                   console: Console | None = None) -> dict[str, Any]:
    """Every measurement for ``game_ids``; prints tables to ``console`` when given."""
    check_seconds(seconds)
    report: dict[str, Any] = {"games": {}}
    table = Table(title="Random playouts and clone cost")
    for col in ("game", "players", "actions/s", "games/s", "clone/s", "deepcopy/s",
                "clone ÷ deepcopy"):
        table.add_column(col, justify="right" if col != "game" else "left")
    for g in game_ids:
        cls = load(g).__class__
        players = cls.default_players or cls.min_players
        rate = playout_rate(g, players, seconds)
        cl = clone_vs_deepcopy(g, players, seconds)
        report["games"][g] = {"players": players, **rate, **cl}
        table.add_row(g, str(players), f"{rate['actions_per_s']:,.0f}",
                      f"{rate['games_per_s']:,.1f}", f"{cl['clone_per_s']:,.0f}",
                      f"{cl['deepcopy_per_s']:,.0f}", f"{cl['ratio']:.1f}×")
        if console is not None:
            console.print(f"measured {g}")
    if console is not None:
        console.print(table)
    if "tictactoe" in game_ids:
        hand = handwritten_ttt(seconds)
        ours = meeple_ttt(seconds)
        spiel = openspiel_ttt(seconds)
        ttt: dict[str, Any] = {"meeple_steps_per_s": ours, "handwritten_steps_per_s": hand,
                               "openspiel_steps_per_s": spiel,
                               "meeple_vs_handwritten": ours / hand,
                               "meeple_vs_openspiel": ours / spiel if spiel else None}
        report["tictactoe_baselines"] = ttt
        if console is not None:
            t2 = Table(title="Tic-tac-toe, random play, steps/s (one run)")
            t2.add_column("loop")
            t2.add_column("steps/s", justify="right")
            t2.add_column("meeple ÷ this", justify="right")
            t2.add_row("meeple (public contract)", f"{ours:,.0f}", "1.00")
            t2.add_row("hand-written Python", f"{hand:,.0f}", f"{ours / hand:.2f}")
            if spiel:
                t2.add_row("OpenSpiel python_tic_tac_toe", f"{spiel:,.0f}", f"{ours / spiel:.2f}")
            else:
                t2.add_row("OpenSpiel python_tic_tac_toe", "not installed",
                           "pip install 'meeple[bench]'")
            console.print(t2)
    return report
