"""How well a game's heuristic foretells the winner (measured, never asserted).

The bots score an unfinished position by the game's ``_evaluate`` (or the generic fallback,
``meeple.agents.evaluation``) and a finished one by the result: 1 won, 0 lost, 0.5 drawn. The
search averages the two kinds of value together, so a heuristic works best when it reads as a
chance of winning. This plays games, reads every seat's value whenever the actions played come
to a multiple of ``--every``, and sets it against the value the finished game gave that seat:

- the Brier score (mean squared error) of the heuristic, beside that of the constant guess
  (the mean outcome), and the *skill* 1 - heuristic / constant: 0 tells nothing, 1 is a
  prophet;
- a reliability table: the values in ten bands, and how often the seats in each band won;
- the *sharpness* ``a`` that fits best when every value ``v`` is read as
  ``1 / (1 + ((1 - v) / v) ** a)``: 1 is calibrated, above 1 the heuristic is too timid, below
  1 too bold. A greedy bot's choices do not depend on it; the search's averages do.

    PYTHONPATH=src python benchmarks/heuristic.py grabhit --games 400 --jobs 2
    PYTHONPATH=src python benchmarks/heuristic.py myth --seats greedy,random --every 2

Positions are read on the true state, as a referee would; the bots read them on samples.
"""

from __future__ import annotations

import argparse
import json
import math
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor

from meeple.agents.evaluation import has_heuristic, values
from meeple.core import MeepleError, State, game_class
from meeple.sim import runner

#: Values are kept this far from 0 and 1 when they are read as odds.
EDGE = 1e-6

Point = tuple[float, float]  # (the heuristic's value, the value the finished game gave)


def play(job: tuple[str, int, tuple[str, ...], int, int]) -> list[Point]:
    """One game: each seat's value every ``every`` actions, paired with its final value."""
    game_id, players, seats, seed, every = job
    read: list[list[float]] = []

    def look(state: State, seat: int, action: str) -> None:
        if state.to_act is not None and state.n_actions % every == 0:
            read.append(values(state))

    end = runner.play(game_class(game_id)(players=players), seats, seed, on_step=look)
    final = [end.evaluate(s) for s in range(players)]
    return [(v[s], final[s]) for v in read for s in range(players)]


def brier(points: Sequence[Point]) -> float:
    """Mean squared error of the values."""
    return sum((v - y) ** 2 for v, y in points) / len(points)


def skill(points: Sequence[Point]) -> float:
    """1 - Brier / the Brier of always guessing the mean outcome (0 when outcomes never vary)."""
    mean = sum(y for _, y in points) / len(points)
    constant = sum((mean - y) ** 2 for _, y in points) / len(points)
    return 1.0 - brier(points) / constant if constant else 0.0


def bands(points: Sequence[Point], count: int = 10) -> list[tuple[float, float, int, float, float]]:
    """``(low, high, points, mean value, mean outcome)`` for each band that holds a value."""
    rows = []
    for b in range(count):
        lo, hi = b / count, (b + 1) / count
        inside = [(v, y) for v, y in points
                  if lo <= v < hi or (b == count - 1 and v == 1.0)]
        if inside:
            rows.append((lo, hi, len(inside), sum(v for v, _ in inside) / len(inside),
                         sum(y for _, y in inside) / len(inside)))
    return rows


def sharpness(points: Sequence[Point], top: float = 20.0) -> float | None:
    """The ``a`` that makes ``sigmoid(a * logit(v))`` fit the outcomes best (log loss).

    The loss is convex in ``a``, so its slope rises with ``a``: the slope's zero is found by
    halving ``[0, top]`` (``top`` when the heuristic is too timid even for that). None when
    every value is 0.5: such a heuristic has no opinion to sharpen.
    """
    xs = []
    for v, y in points:
        p = min(1.0 - EDGE, max(EDGE, v))
        xs.append((math.log(p / (1.0 - p)), y))

    def slope(a: float) -> float:
        return sum((1.0 / (1.0 + math.exp(-max(-700.0, min(700.0, a * x)))) - y) * x
                   for x, y in xs)

    if all(x == 0.0 for x, _ in xs):
        return None
    lo, hi = 0.0, top
    if slope(hi) <= 0.0:
        return top
    for _ in range(40):
        mid = (lo + hi) / 2
        if slope(mid) < 0.0:
            lo = mid
        else:
            hi = mid
    return (lo + hi) / 2


def summary(game_id: str, seats: Sequence[str], games: int, seed: int, every: int,
            heuristic: bool, points: Sequence[Point]) -> dict[str, object]:
    """Everything the report prints, as plain data."""
    return {
        "game": game_id, "seats": list(seats), "games": games, "seed": seed, "every": every,
        "heuristic": "the game's _evaluate" if heuristic else "the generic fallback",
        "points": len(points), "mean_outcome": sum(y for _, y in points) / len(points),
        "brier": brier(points), "skill": skill(points), "sharpness": sharpness(points),
        "bands": [{"low": lo, "high": hi, "points": n, "value": v, "won": w}
                  for lo, hi, n, v, w in bands(points)],
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("game")
    p.add_argument("--seats", default="greedy",
                   help="one agent for every seat, or a comma-separated list, one per seat")
    p.add_argument("--players", type=int, default=2)
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--seed", type=int, default=0)
    p.add_argument("--every", type=int, default=4, help="read the values every N actions")
    p.add_argument("--jobs", type=int, default=1)
    p.add_argument("--json", action="store_true")
    a = p.parse_args()
    seats = tuple(a.seats.split(","))
    if len(seats) == 1:
        seats *= a.players
    if len(seats) != a.players:
        sys.exit(f"heuristic.py: {len(seats)} seats listed for {a.players} players")
    if a.games < 1 or a.every < 1:
        sys.exit("heuristic.py: --games and --every must be at least 1")
    try:  # bad names fail here, with the engine's message, before any game is played
        game = game_class(a.game)(players=a.players)
        runner.make_agents(seats, a.players, 0)
    except MeepleError as e:
        sys.exit(f"heuristic.py: {e}")
    jobs = [(a.game, a.players, seats, a.seed + i, a.every) for i in range(a.games)]
    if a.jobs > 1:
        with ProcessPoolExecutor(a.jobs) as pool:
            per_game = list(pool.map(play, jobs))
    else:
        per_game = [play(j) for j in jobs]
    points = [pt for got in per_game for pt in got]
    if not points:
        sys.exit("heuristic.py: no position was read; lower --every")
    report = summary(a.game, seats, a.games, a.seed, a.every,
                     has_heuristic(game.new_state(seed=a.seed)), points)
    if a.json:
        print(json.dumps(report, indent=2))
        return
    print(f"{a.game}, {a.games} games of {','.join(seats)} from seed {a.seed}, "
          f"values read every {a.every} actions ({report['heuristic']})")
    print(f"{report['points']} readings; mean outcome {report['mean_outcome']:.3f}")
    sharp = report["sharpness"]
    shown = "none (every value is 0.5)" if sharp is None else f"{sharp:.2f} (1 = calibrated)"
    print(f"Brier {report['brier']:.4f}, skill {report['skill']:.3f}, sharpness {shown}")
    print("  values        readings  mean value  won")
    for row in report["bands"]:  # type: ignore[attr-defined]
        print(f"  {row['low']:.1f}-{row['high']:.1f}  {row['points']:10d}  "
              f"{row['value']:10.3f}  {row['won']:.3f}")


if __name__ == "__main__":
    main()
