"""The seeded uniform random agent."""

from __future__ import annotations

from meeple.core import Action, Rng

from .base import InfoSet


class RandomAgent:
    """Picks uniformly among the legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, info: InfoSet) -> Action:
        """A uniformly random legal action."""
        return self.rng.choice(info.legal_actions())
