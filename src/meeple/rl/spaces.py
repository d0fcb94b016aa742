"""The action spaces: ``Discrete(N)`` over the catalogue, or its factored form.

The factored space is a ``MultiDiscrete`` of the kind and argument choices whose ``sample``
also takes the flat legal-action mask every observation carries, so a masked sample is always
one legal action, as it is with the flat space.

A single-seat environment binds its space to its game: there ``sample()`` without a mask draws
one of the legal actions of the moment (what a random player does), since a state's legal
actions are few among the catalogue's thousands and an unmasked draw would almost never be
legal. A sample with a mask, or from a space not bound, is Gymnasium's own.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import gymnasium.spaces as sp
import numpy as np
import numpy.typing as npt

from .actions import Catalogue, Factored

#: The legal-action mask of the moment, for a space bound to one environment.
Legal = Callable[[], npt.NDArray[np.int8]]


class LegalDiscrete(sp.Discrete):
    """``Discrete(N)`` whose unmasked ``sample()`` draws a legal action of its environment."""

    def __init__(self, n: int, legal: Legal) -> None:
        super().__init__(n)
        self.legal = legal

    def sample(self, mask: Any = None, probability: Any = None) -> np.int64:
        if mask is None and probability is None:
            now = self.legal()
            if now.any():
                mask = now
        return super().sample(mask, probability)


class FactoredSpace(sp.MultiDiscrete):
    """An action as its kind and arguments; ``sample(mask)`` with the flat mask of the
    observation draws one legal action uniformly and returns its choices."""

    def __init__(self, factored: Factored, legal: Legal | None = None) -> None:
        super().__init__(np.array(factored.sizes, dtype=np.int64))
        self.factored, self.legal = factored, legal

    def sample(self, mask: Any = None, probability: Any = None) -> npt.NDArray[np.int64]:
        if mask is None and probability is None and self.legal is not None:
            mask = self.legal()
        if mask is not None and not isinstance(mask, tuple):
            legal = np.flatnonzero(np.asarray(mask))
            if legal.size:
                pick = int(legal[self.np_random.integers(legal.size)])
                return np.array(self.factored.split(pick), dtype=np.int64)
            mask = None
        return super().sample(mask, probability)


def action_space(catalogue: Catalogue, factored: bool, legal: Legal | None = None
                 ) -> sp.Space[Any]:
    """The space of a game's actions: flat, or factored into kind and arguments; bound to an
    environment's legal actions of the moment when ``legal`` is given."""
    if factored:
        return FactoredSpace(catalogue.factored, legal)
    if legal is not None:
        return LegalDiscrete(catalogue.n, legal)
    return sp.Discrete(catalogue.n)
