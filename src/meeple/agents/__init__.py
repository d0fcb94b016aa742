"""Agents: ``random`` and the interface later bots implement; ``make`` builds one by name.

>>> make("random", seed=3).name
'random'
"""

from __future__ import annotations

from collections.abc import Callable

from meeple.core import ConfigError

from .base import Agent, InfoSet, explain
from .random_agent import RandomAgent

#: Agent factories by name: name -> (argument after ':' or '@' or None, seed) -> Agent.
FACTORIES: dict[str, Callable[[str | None, int], Agent]] = {
    "random": lambda arg, seed: RandomAgent(seed),
}


def names() -> list[str]:
    """Every agent name usable in a ``--seats`` list (plus ``human`` in the terminal)."""
    return sorted(FACTORIES)


def make(spec: str, seed: int = 0) -> Agent:
    """The agent named by ``spec`` (``random``, ``mcts:800``, ``mcts@2s``)."""
    name, arg = spec, None
    for sep in (":", "@"):
        if sep in spec:
            name, _, rest = spec.partition(sep)
            arg = sep + rest if sep == "@" else rest
            break
    factory = FACTORIES.get(name)
    if factory is None:
        raise ConfigError(f"unknown agent {spec!r}; agents are: {', '.join(names())}, human")
    return factory(arg, seed)


__all__ = ["Agent", "InfoSet", "RandomAgent", "explain", "make", "names"]
