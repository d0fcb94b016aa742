"""benchmarks/heuristic.py: how a heuristic's values are set against the games' outcomes."""

from __future__ import annotations

import math
from types import ModuleType

import pytest

from .scripts import assert_refused, load


def bench() -> ModuleType:
    return load("heuristic")


def outcomes(value: float, chance: float, n: int = 1000) -> list[tuple[float, float]]:
    """``n`` readings of ``value`` of which a ``chance`` share went on to win."""
    won = round(chance * n)
    return [(value, 1.0)] * won + [(value, 0.0)] * (n - won)


def test_a_prophet_has_skill_one_and_the_base_rate_has_skill_zero() -> None:
    h = bench()
    prophet = [(1.0, 1.0), (0.0, 0.0), (1.0, 1.0), (0.0, 0.0)]
    assert h.brier(prophet) == 0.0 and h.skill(prophet) == 1.0
    base = outcomes(0.3, 0.3)
    assert math.isclose(h.skill(base), 0.0, abs_tol=1e-12)
    wrong = [(0.0, 1.0), (1.0, 0.0)]
    assert h.brier(wrong) == 1.0 and h.skill(wrong) < 0.0


def test_sharpness_reads_a_timid_heuristic_as_above_one_and_a_bold_one_below() -> None:
    h = bench()

    def sig(x: float) -> float:
        return 1.0 / (1.0 + math.exp(-x))

    def logit(v: float) -> float:
        return math.log(v / (1.0 - v))

    values = (0.2, 0.35, 0.5, 0.65, 0.8)
    calibrated = [pt for v in values for pt in outcomes(v, v)]
    timid = [pt for v in values for pt in outcomes(v, sig(2.0 * logit(v)))]
    bold = [pt for v in values for pt in outcomes(v, sig(0.5 * logit(v)))]
    assert math.isclose(h.sharpness(calibrated), 1.0, abs_tol=0.02)
    assert math.isclose(h.sharpness(timid), 2.0, abs_tol=0.05)
    assert math.isclose(h.sharpness(bold), 0.5, abs_tol=0.02)
    assert h.sharpness(outcomes(0.5, 0.7)) is None  # no opinion, nothing to sharpen


def test_bands_count_every_reading_once_and_keep_a_value_of_one() -> None:
    h = bench()
    points = [(0.05, 0.0), (0.15, 1.0), (0.1, 0.0), (1.0, 1.0), (0.95, 0.0)]
    rows = h.bands(points)
    assert sum(n for _, _, n, _, _ in rows) == len(points)
    assert [(lo, n) for lo, _, n, _, _ in rows] == [(0.0, 1), (0.1, 2), (0.9, 2)]
    assert rows[1][4] == 0.5  # 0.1 and 0.15: one of the two won


def test_a_real_game_pairs_each_reading_with_that_seats_final_value() -> None:
    h = bench()
    points = h.play(("grabhit", 2, ("greedy", "random"), 7, 3))
    assert points and len(points) % 2 == 0  # both seats read at every reading
    finals = {y for _, y in points}
    assert finals <= {0.0, 0.5, 1.0}
    # with two seats and one winner, the readings of the two seats end opposite
    assert sum(y for _, y in points) * 2 == len(points)
    assert all(0.0 <= v <= 1.0 for v, _ in points)
    assert h.play(("grabhit", 2, ("greedy", "random"), 7, 3)) == points  # seeded


def test_bad_input_stops_before_any_game(monkeypatch: pytest.MonkeyPatch) -> None:
    assert_refused(bench(), monkeypatch, (
        (["nosuchgame"], "unknown game 'nosuchgame'"),
        (["grabhit", "--seats", "foo"], "unknown agent 'foo'"),
        (["grabhit", "--seats", "greedy,random,random"], "3 seats listed for 2"),
        (["grabhit", "--every", "0"], "must be at least 1")))
