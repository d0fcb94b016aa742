"""Running games between agents: one game (``runner``), many games, statistics and reports."""

from .runner import agent_seed, make_agents, play

__all__ = ["agent_seed", "make_agents", "play"]
