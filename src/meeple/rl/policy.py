"""A trained policy as a meeple bot: it takes a seat in ``meeple play``, ``arena``, ``simulate``
and the lobby like any other agent, seeing what the seat sees and nothing more.

The policy receives the observation an environment would give that seat (``obs`` mode, its
mask of legal actions) and returns an action index; :class:`PolicyAgent` plays that action. A
package installs it for a game under the ``meeple.bots`` entry points (docs/rl.md).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from meeple.agents import InfoSet
from meeple.core import Action, ConfigError, Game

from .actions import Catalogue
from .observe import Observer

Policy = Callable[[dict[str, Any]], Any]


class PolicyAgent:
    """A seat played by ``policy`` on the observations of ``obs`` mode."""

    def __init__(self, policy: Policy, name: str = "policy", obs: str = "tensor",
                 lang: str = "en") -> None:
        self.policy, self.name, self.obs, self.lang = policy, name, obs, lang
        self._observers: dict[int, Observer] = {}

    def _observer(self, game: Game[Any]) -> Observer:
        key = id(game)
        found = self._observers.get(key)
        if found is None or found.game is not game:
            found = self._observers[key] = Observer(Catalogue(game), self.obs, self.lang)
        return found

    def choose(self, info: InfoSet) -> Action:
        """The legal action the policy picks from the seat's observation."""
        observer = self._observer(info.game)
        legal = info.legal_actions()
        mask = observer.catalogue.mask(legal)
        # A world the seat cannot tell from the true one has its very view and events, so the
        # observation is the one an environment would give the seat.
        world = info.sample(0)
        index = int(self.policy(observer.observe(world, info.seat, mask)))
        if not 0 <= index < mask.size or not mask[index]:
            raise ConfigError(f"the policy {self.name} chose {index}, which is not one of the "
                              f"legal actions {np.flatnonzero(mask).tolist()}")
        return observer.catalogue.actions[index]
