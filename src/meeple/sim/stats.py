"""Small statistics for reports: the Wilson score interval of a win rate, the score test it
inverts, and Holm's correction for testing many rates at once; for comparing two runs,
Student's t (paired and Welch intervals) and Newcombe's interval of a difference of two rates.

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


def student_p(t: float, df: float) -> float:
    """The two-sided p-value of ``t`` under Student's t distribution with ``df`` degrees of
    freedom (``df`` need not be whole: Welch's is not).

    >>> round(student_p(2.093024, 19), 5)
    0.05
    >>> student_p(0.0, 5)
    1.0
    """
    if df <= 0 or math.isnan(t):
        return 1.0
    if math.isinf(t):
        return 0.0
    return _beta_regularized(df / 2, 0.5, df / (df + t * t))


def student_quantile(df: float, level: float = 0.95) -> float:
    """The ``t`` whose two-sided interval holds ``level`` of Student's t with ``df`` degrees
    of freedom (2.093 for 19 at 95%; 1.96 as ``df`` grows).

    >>> round(student_quantile(19), 4), round(student_quantile(1), 3)
    (2.093, 12.706)
    """
    low, high = 0.0, 1.0
    while student_p(high, df) > 1 - level:
        high *= 2
    for _ in range(100):
        mid = (low + high) / 2
        low, high = (mid, high) if student_p(mid, df) > 1 - level else (low, mid)
    return (low + high) / 2


def _beta_regularized(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b), by its continued fraction."""
    if x <= 0:
        return 0.0
    if x >= 1:
        return 1.0
    front = math.exp(math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                     + a * math.log(x) + b * math.log1p(-x))
    if x > (a + 1) / (a + b + 2):
        return 1.0 - _beta_regularized(b, a, 1 - x)
    tiny = 1e-300
    c, d = 1.0, 1.0 - (a + b) * x / (a + 1)
    d = 1.0 / (d if abs(d) > tiny else tiny)
    f = d
    for m in range(1, 300):
        for num in (m * (b - m) * x / ((a + 2 * m - 1) * (a + 2 * m)),
                    -(a + m) * (a + b + m) * x / ((a + 2 * m) * (a + 2 * m + 1))):
            d = 1.0 + num * d
            d = 1.0 / (d if abs(d) > tiny else tiny)
            c = 1.0 + num / c
            c = c if abs(c) > tiny else tiny
            f *= c * d
        if abs(c * d - 1.0) < 1e-14:
            break
    return front * f / a


def newcombe(wins_a: int, n_a: int, wins_b: int, n_b: int,
             z: float = 1.96) -> tuple[float, float]:
    """The 95% interval of ``wins_b / n_b − wins_a / n_a`` for two independent rates, from
    their Wilson intervals (Newcombe's hybrid score interval, his method 10 of 1998).

    >>> low, high = newcombe(48, 80, 56, 70)
    >>> round(low, 4), round(high, 4)
    (0.0524, 0.3339)
    """
    pa, pb = wins_a / n_a, wins_b / n_b
    (la, ua), (lb, ub) = wilson(wins_a, n_a, z), wilson(wins_b, n_b, z)
    d = pb - pa
    return (d - math.sqrt((pb - lb) ** 2 + (ua - pa) ** 2),
            d + math.sqrt((ub - pb) ** 2 + (pa - la) ** 2))


def two_rates_p(wins_a: int, n_a: int, wins_b: int, n_b: int) -> float:
    """The two-sided p-value of the pooled score test that two independent rates are equal;
    1.0 when nothing can be tested.

    >>> round(two_rates_p(48, 80, 56, 70), 4)
    0.008
    """
    if n_a <= 0 or n_b <= 0:
        return 1.0
    pooled = (wins_a + wins_b) / (n_a + n_b)
    se = math.sqrt(pooled * (1 - pooled) * (1 / n_a + 1 / n_b))
    if se == 0:
        return 1.0
    return math.erfc(abs(wins_b / n_b - wins_a / n_a) / se / math.sqrt(2))
