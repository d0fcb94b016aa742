"""Agents: ``random``, ``greedy``, ``mcts`` and ``mcts-cheat``; ``make`` builds one by name.

>>> make("random", seed=3).name
'random'
>>> make("mcts:800:greedy").config.spec()
'800:greedy'
>>> make("mcts@2s:d30").config.spec()
'@2s:random:d30'
"""

from __future__ import annotations

from collections.abc import Callable

from meeple.core import ConfigError

from .base import Agent, CheatInfoSet, InfoSet, explain, explain_for, info_set
from .greedy import GreedyAgent, make_greedy
from .mcts import CheatMCTSAgent, MCTSAgent, SearchConfig, make_mcts, make_mcts_cheat
from .random_agent import RandomAgent

#: Agent factories by name: name -> (argument after ':' or '@' or None, seed) -> Agent.
FACTORIES: dict[str, Callable[[str | None, int], Agent]] = {
    "random": lambda arg, seed: RandomAgent(seed),
    "greedy": make_greedy,
    "mcts": make_mcts,
    "mcts-cheat": make_mcts_cheat,
}


def names() -> list[str]:
    """Every agent name usable in a ``--seats`` list (plus ``human`` in the terminal)."""
    return sorted(FACTORIES)


def make(spec: str, seed: int = 0) -> Agent:
    """The agent named by ``spec`` (``random``, ``mcts:800``, ``mcts@2s``, ``mcts@2s:greedy``).

    The name ends at the first ``:`` or ``@``; what follows is the agent's argument (an ``@``
    is kept in it, a ``:`` is not).
    """
    if not isinstance(spec, str):
        raise ConfigError(f"an agent spec is a string such as 'random' or 'mcts:800', "
                          f"got {spec!r}")
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ConfigError(f"an agent's seed must be a whole number, got {seed!r}")
    spec = spec.strip()
    cut = min((i for i in (spec.find(":"), spec.find("@")) if i >= 0), default=-1)
    name, arg = (spec, None) if cut < 0 else (spec[:cut], spec[cut:])
    if arg is not None and arg.startswith(":"):
        arg = arg[1:]
    factory = FACTORIES.get(name)
    if factory is None:
        raise ConfigError(f"unknown agent {spec!r}; agents are: {', '.join(names())} "
                          f"('human' seats a person, in meeple play only)")
    return factory(arg, seed)


__all__ = [
    "Agent", "CheatInfoSet", "CheatMCTSAgent", "GreedyAgent", "InfoSet", "MCTSAgent",
    "RandomAgent", "SearchConfig", "explain", "explain_for", "info_set", "make", "names",
]
