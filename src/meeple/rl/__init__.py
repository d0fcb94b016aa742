"""Every meeple game as a learning environment: PettingZoo (all seats) and Gymnasium (one seat
against meeple's bots), with a fixed action catalogue and observations as tensors, named
planes, the seat's screen in words, or its view as JSON (docs/rl.md).

Needs the ``rl`` extra: ``pip install 'meeple[rl]'``.

>>> from meeple import rl
>>> env = rl.aec_env("tictactoe")
>>> env.reset(seed=3)
>>> obs, reward, terminated, truncated, info = env.last()
>>> int(env.action_space("seat_0").n), int(obs["action_mask"].sum()), obs["observation"].shape
(9, 9, (28,))
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

try:
    import gymnasium  # noqa: F401
    import pettingzoo  # noqa: F401
except ImportError as e:  # pragma: no cover - depends on the installation
    raise ImportError("meeple.rl needs the rl extra: pip install 'meeple[rl]'") from e

from .actions import Catalogue, Factored
from .aec import MeepleAEC
from .gym import MeepleGym, Opponents
from .observe import MODES, Observer
from .policy import PolicyAgent


def aec_env(game_id: str, players: int | None = None, options: Mapping[str, Any] | None = None,
            obs: str = "tensor", **kwargs: Any) -> MeepleAEC:
    """A PettingZoo AEC environment of ``game_id``: agents ``seat_0…``, one game an episode.

    ``obs``: ``tensor``, ``planes``, ``text`` or ``json``; keywords: ``lang`` (en, ru),
    ``history`` (the last K actions a seat saw), ``factored`` (kind, then arguments),
    ``shaping`` (a weight for the heuristic's change; 0, off, by default), ``max_cycles``
    (the most decisions a seat takes before the episode is truncated), ``render_mode``.
    """
    return MeepleAEC(game_id, players, options, obs, **kwargs)


def gym_env(game_id: str, seat: int = 0, opponents: Opponents = "greedy",
            players: int | None = None, options: Mapping[str, Any] | None = None,
            obs: str = "tensor", **kwargs: Any) -> MeepleGym:
    """A Gymnasium environment of ``game_id`` played from ``seat`` against ``opponents`` (a bot
    spec, one per other seat, or policies); the keywords of :func:`aec_env`, and ``max_steps``
    for a truncation after that many of the learner's decisions."""
    return MeepleGym(game_id, seat, opponents, players, options, obs, **kwargs)


__all__ = ["MODES", "Catalogue", "Factored", "MeepleAEC", "MeepleGym", "Observer", "PolicyAgent",
           "aec_env", "gym_env"]
