"""The seeded uniform random agent."""

from __future__ import annotations

from meeple.core import Action, ConfigError, Rng

from .base import InfoSet, shorten


class RandomAgent:
    """Picks uniformly among the legal actions, from its own seeded generator."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, info: InfoSet) -> Action:
        """A uniformly random legal action."""
        return self.rng.choice(info.legal_actions())


def make_random(arg: str | None, seed: int) -> RandomAgent:
    """``random`` (it takes no argument: ``random:x`` is refused rather than read as ``random``)."""
    if arg:
        raise ConfigError(f"random takes no argument, got {shorten(arg)!r}; seat it as 'random'")
    return RandomAgent(seed)
