"""Small statistics for reports: the Wilson score interval of a win rate.

>>> low, high = wilson(5, 10)
>>> round(low, 4), round(high, 4)
(0.2366, 0.7634)
>>> wilson(0, 0)
(0.0, 1.0)
"""

from __future__ import annotations

import math


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
