"""Dice rolled with the state's generator.

>>> from meeple.core import Rng
>>> 1 <= d6(Rng(3)) <= 6
True
>>> best_or_identical_sum([3, 3, 5])
6
>>> best_or_identical_sum([2, 6, 6, 1])
12
>>> best_or_identical_sum([1, 2, 5])
5
>>> d100_from(0, 0), d100_from(0, 7), d100_from(4, 2)
(100, 7, 42)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from typing import TypeVar

from meeple.core import Rng

T = TypeVar("T")


def d6(rng: Rng) -> int:
    """One six-sided die, 1..6."""
    return rng.below(6) + 1


def d10(rng: Rng) -> int:
    """One ten-sided die, 0..9 as printed."""
    return rng.below(10)


def roll(rng: Rng, n: int, sides: int = 6) -> list[int]:
    """``n`` dice with faces 1..sides."""
    return [rng.below(sides) + 1 for _ in range(n)]


def d100_from(tens: int, units: int) -> int:
    """The d100 value of two d10 (tens and units); 0 and 0 read as 100."""
    v = tens * 10 + units
    return v if v else 100


def d100(rng: Rng) -> tuple[int, int, int]:
    """Two d10 read as a percentage: (value 1..100, tens die, units die)."""
    tens, units = rng.below(10), rng.below(10)
    return d100_from(tens, units), tens, units


def roll_faces(rng: Rng, faces: Sequence[T], n: int = 1) -> list[T]:
    """``n`` custom dice whose faces are ``faces`` (values or symbols)."""
    return [faces[rng.below(len(faces))] for _ in range(n)]


def best_or_identical_sum(values: Iterable[int]) -> int:
    """The highest die, or the sum of dice showing the same value when that is higher."""
    counts = Counter(values)
    if not counts:
        return 0
    return max(v * k for v, k in counts.items())
