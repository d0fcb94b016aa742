"""Wilson score intervals against values computed by hand and published."""

from __future__ import annotations

import pytest

from meeple.sim.stats import excludes, wilson


@pytest.mark.parametrize(("successes", "n", "low", "high"), [
    (0, 10, 0.0, 0.2775),
    (5, 10, 0.2366, 0.7634),
    (10, 10, 0.7225, 1.0),
    (81, 263, 0.2553, 0.3662),
    (1, 1, 0.2065, 1.0),
    (500, 1000, 0.4691, 0.5309),
])
def test_wilson_matches_known_intervals(successes: int, n: int, low: float, high: float) -> None:
    got = wilson(successes, n)
    assert got == pytest.approx((low, high), abs=1e-4)


def test_wilson_with_no_trials_knows_nothing() -> None:
    assert wilson(0, 0) == (0.0, 1.0)


def test_wilson_narrows_as_games_accumulate() -> None:
    widths = [h - lo for lo, h in (wilson(n // 2, n) for n in (10, 100, 1000, 10000))]
    assert widths == sorted(widths, reverse=True)


def test_wilson_with_a_wider_z_is_wider() -> None:
    lo95, hi95 = wilson(30, 100)
    lo99, hi99 = wilson(30, 100, z=2.576)
    assert lo99 < lo95 < 0.3 < hi95 < hi99


def test_wilson_rejects_impossible_counts() -> None:
    with pytest.raises(ValueError, match="between 0 and n"):
        wilson(11, 10)


def test_an_even_share_outside_the_interval_is_excluded() -> None:
    assert excludes(wilson(81, 263), 0.5)
    assert not excludes(wilson(5, 10), 0.5)
