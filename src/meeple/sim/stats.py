"""Small statistics for reports: the Wilson score interval of a win rate, the score test it
inverts, and Holm's correction for testing many rates at once.

>>> low, high = wilson(5, 10)
>>> round(low, 4), round(high, 4)
(0.2366, 0.7634)
>>> wilson(0, 0)
(0.0, 1.0)
>>> round(score_p(70, 100, 0.5), 6)
6.3e-05
>>> holm([0.01, 0.04, 0.03, 0.5])
[0.04, 0.09, 0.09, 0.5]
"""

from __future__ import annotations

import math
from collections.abc import Sequence


def wilson(successes: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of ``successes / n`` (95% for ``z = 1.96``); ``(0, 1)`` if n=0.

    Unlike ``p ± z·√(p(1−p)/n)`` it stays inside [0, 1] and is honest near 0 and 1.
    """
    if n <= 0:
        return (0.0, 1.0)
    if not 0 <= successes <= n:
        raise ValueError(f"successes must be between 0 and n={n}, got {successes}")
    p = successes / n
    z2 = z * z
    denom = 1 + z2 / n
    centre = (p + z2 / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z2 / (4 * n * n)) / denom
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    high = 1.0 if successes == n else min(1.0, centre + half)
    return (low, high)


def excludes(interval: tuple[float, float], value: float) -> bool:
    """True when ``value`` lies outside the interval."""
    return value < interval[0] or value > interval[1]


def score_p(successes: int, n: int, p0: float) -> float:
    """The two-sided p-value of the score test of ``successes / n`` against the rate ``p0``.

    It is the test the Wilson interval inverts: ``p0`` lies outside the 95% interval exactly
    when this is below 0.05. 1.0 when nothing can be tested (no trials, ``p0`` 0 or 1).
    """
    if n <= 0 or not 0 < p0 < 1:
        return 1.0
    z = (successes / n - p0) / math.sqrt(p0 * (1 - p0) / n)
    return math.erfc(abs(z) / math.sqrt(2))


def holm(pvalues: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values, in the order given.

    A row is significant at level a when its adjusted p-value is at most a; the chance that
    any of the rows tested is flagged while fair is then at most a, however the rows depend
    on each other (seats of one game do). The smallest p-value is multiplied by the number
    of rows m, the next by m − 1, and so on, each kept at least as large as the one before.
    """
    m = len(pvalues)
    order = sorted(range(m), key=lambda k: pvalues[k])
    out = [1.0] * m
    running = 0.0
    for rank, k in enumerate(order):
        running = max(running, min(1.0, (m - rank) * pvalues[k]))
        out[k] = round(running, 12)
    return out
