"""Learning-environment speed: env steps per second with random masked actions.

    PYTHONPATH=src python benchmarks/rl.py [--seconds 3] [GAME ...]

meeple's AEC environment (flat tensor observations) on every game, beside PettingZoo's own
``tictactoe_v3`` and ``connect_four_v3`` (``pip install pygame`` for their import) and
OpenSpiel's ``rl_environment`` on tic-tac-toe (``pip install 'meeple[bench]'``), in one run.
A step is one ``last()`` (the observation and mask of the seat to act) and one ``step``; the
episode restarts when it ends. For meeple it also prints the share of a step spent in the
game's encoder (``Game.encode``), whose target is at most half.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from typing import Any

import numpy as np

import meeple
from meeple import rl


def aec_rate(make: Callable[[], Any], seconds: float) -> float:
    """Steps a second of a PettingZoo AEC env under uniform random masked actions."""
    env, rng = make(), np.random.default_rng(0)
    env.reset(seed=0)
    steps, start = 0, time.perf_counter()
    episode = 0
    while time.perf_counter() - start < seconds:
        obs, _, term, trunc, _ = env.last()
        if term or trunc:
            episode += 1
            env.reset(seed=episode)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[rng.integers(legal.size)]))
        steps += 1
    return steps / (time.perf_counter() - start)


def openspiel_rate(seconds: float) -> float | None:
    """Steps a second of OpenSpiel's rl_environment on tic-tac-toe, None without OpenSpiel."""
    try:
        from open_spiel.python import rl_environment
    except ImportError:
        return None
    env, rng = rl_environment.Environment("tic_tac_toe"), np.random.default_rng(0)
    ts = env.reset()
    steps, start = 0, time.perf_counter()
    while time.perf_counter() - start < seconds:
        if ts.last():
            ts = env.reset()
            continue
        p = ts.observations["current_player"]
        legal = ts.observations["legal_actions"][p]
        ts = env.step([legal[rng.integers(len(legal))]])
        steps += 1
    return steps / (time.perf_counter() - start)


def encoder_share(game_id: str, seconds: float) -> tuple[float, float]:
    """Steps a second and the share of step time spent encoding, for one meeple game."""
    env = rl.aec_env(game_id)
    game = env.game
    spent = [0.0]
    encode = game.encode

    def timed(view: Any, out: Any) -> None:
        t = time.perf_counter()
        encode(view, out)
        spent[0] += time.perf_counter() - t

    game.encode = timed  # type: ignore[method-assign]
    start = time.perf_counter()
    rate = aec_rate(lambda: env, seconds)
    return rate, spent[0] / (time.perf_counter() - start)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("games", nargs="*", default=[
        g for g in meeple.game_ids() if g != "_template"])
    parser.add_argument("--seconds", type=float, default=3.0)
    args = parser.parse_args()
    rows: list[tuple[str, float, str]] = []
    try:
        from pettingzoo.classic import connect_four_v3, tictactoe_v3
        rows.append(("PettingZoo tictactoe_v3", aec_rate(tictactoe_v3.env, args.seconds), ""))
        rows.append(("PettingZoo connect_four_v3",
                     aec_rate(connect_four_v3.env, args.seconds), ""))
    except ImportError:
        print("PettingZoo's classic games need pygame: skipped")
    spiel = openspiel_rate(args.seconds)
    if spiel is not None:
        rows.append(("OpenSpiel rl_environment tic_tac_toe", spiel, ""))
    for g in args.games:
        rate, share = encoder_share(g, args.seconds)
        rows.append((f"meeple {g}", rate, f"{share:.0%}"))
    base = rows[0][1]
    print(f"{'environment':40} {'steps/s':>9} {'ratio':>6} {'encoder':>8}")
    for name, rate, share in rows:
        print(f"{name:40} {rate:9.0f} {rate / base:6.2f} {share:>8}")


if __name__ == "__main__":
    main()
