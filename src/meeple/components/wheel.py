"""A wheel of fortune: weighted sectors, each with a value, colours and symbols.

>>> from meeple.core import Rng
>>> w = Wheel((Sector(1, ("blue",)), Sector(2, ("green", "red"), weight=2)))
>>> w.sectors[w.spin(Rng(5))].value in (1, 2)
True
"""

from __future__ import annotations

from dataclasses import dataclass
from itertools import accumulate

from meeple.core import Rng


@dataclass(frozen=True)
class Sector:
    """One sector: its number, its colours (one, or two for a mixed sector) and symbols."""

    value: int
    colours: tuple[str, ...]
    symbols: tuple[str, ...] = ()
    weight: int = 1


class Wheel:
    """Immutable sectors; ``spin`` returns a sector index drawn by weight."""

    def __init__(self, sectors: tuple[Sector, ...]) -> None:
        if not sectors or any(s.weight <= 0 for s in sectors):
            raise ValueError("a wheel needs sectors with positive weights")
        self.sectors = sectors
        self._cum = tuple(accumulate(s.weight for s in sectors))
        self.total = self._cum[-1]

    def spin(self, rng: Rng) -> int:
        """The index of the sector the wheel stops on."""
        x = rng.below(self.total)
        for i, c in enumerate(self._cum):
            if x < c:
                return i
        raise AssertionError("unreachable")
