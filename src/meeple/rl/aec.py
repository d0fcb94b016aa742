"""A meeple game as a PettingZoo AEC environment: the seats as agents ``seat_0…``, taking turns
as the game says (``agent_selection`` follows ``to_act``, so a bid, a shield check or a
partner's answer is an ordinary turn of the seat that takes it).

Rewards come at the end: +1 to a winner, -1 to a loser, 0 to all on a draw; in a co-operative
game every seat gets the team's result. ``shaping=c`` adds ``c`` times the change of the seat's
heuristic (``evaluate``) after each of its decisions, read on a world the seat itself could
imagine (a determinization), so no reward tells a seat what it may not know; it is off by
default. ``max_cycles=K`` ends the episode (truncation, no result) when a seat is due to take
its K+1-th decision.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
from gymnasium.utils import seeding
from pettingzoo import AECEnv

import meeple
from meeple.core import ConfigError, IllegalAction, Result, State

from .actions import Catalogue, Mask, as_index
from .observe import Observer
from .spaces import action_space


def agent_name(seat: int) -> str:
    """The agent of ``seat``."""
    return f"seat_{seat}"


def final_rewards(result: Result, players: int, cooperative: bool) -> list[float]:
    """Each seat's terminal reward."""
    if cooperative:
        return [1.0 if result.winners else -1.0] * players
    if not result.winners:
        return [0.0] * players
    return [1.0 if s in result.winners else -1.0 for s in range(players)]


class MeepleAEC(AECEnv):  # type: ignore[misc]  # pettingzoo ships no types
    """One game of a meeple game per episode; see :func:`meeple.rl.aec_env`."""

    metadata: dict[str, Any] = {  # noqa: RUF012  # pettingzoo reads it from the class
        "name": "meeple", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, game_id: str, players: int | None = None,
                 options: Mapping[str, Any] | None = None, obs: str = "tensor", *,
                 lang: str = "en", history: int = 0, factored: bool = False,
                 shaping: float = 0.0, max_cycles: int | None = None,
                 render_mode: str | None = None) -> None:
        super().__init__()
        self.game = meeple.load(game_id, players=players, options=dict(options or {}))
        self.catalogue = Catalogue(self.game)
        self.observer = Observer(self.catalogue, obs, lang, history)
        self.metadata = {**self.metadata, "name": f"meeple_{self.game.id}"}
        if render_mode not in (None, "ansi"):
            raise ConfigError(f"render_mode is None or 'ansi', not {render_mode!r}")
        if max_cycles is not None and (isinstance(max_cycles, bool)
                                       or not isinstance(max_cycles, int) or max_cycles < 1):
            raise ConfigError(f"max_cycles is a whole number from 1, not {max_cycles!r}")
        self.render_mode, self.shaping, self.max_cycles = render_mode, float(shaping), max_cycles
        self.factored = factored
        self.possible_agents = [agent_name(s) for s in range(self.game.players)]
        self._action_space = action_space(self.catalogue, factored)
        self.state_: State | None = None
        self._np_random, _ = seeding.np_random(None)

    # Spaces: one object each, the same for every agent and every call.

    def observation_space(self, agent: str) -> Any:
        return self.observer.space

    def action_space(self, agent: str) -> Any:
        return self._action_space

    # The episode.

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """A new game from ``seed`` (same seed, same game); ``options={"state": data}`` starts
        from a state saved with ``env.state().to_json()`` instead."""
        if seed is not None:
            self._np_random, _ = seeding.np_random(seed)
            game_seed = int(seed)
        else:
            game_seed = int(self._np_random.integers(2**31))
        data = (options or {}).get("state")
        if data is not None:
            st = meeple.restore(data)
            if st.game.id != self.game.id or st.players != self.game.players:
                raise ConfigError(f"that state is of {st.game.id} for {st.players}, "
                                  f"not of this environment's game")
        else:
            st = self.game.new_state(seed=game_seed)
        self.state_ = st
        self.agents = list(self.possible_agents)
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self._decided = [0] * st.players
        self._potential = [self._value(s) for s in range(st.players)]
        self._after_move()

    def state(self) -> State:
        """The true state (the referee's: save it with ``to_json()``, never show it to a seat)."""
        if self.state_ is None:
            raise ConfigError("reset the environment first")
        return self.state_

    def resample(self, seat: int, seed: int) -> State:
        """A world ``seat`` cannot tell from the true one (``determinize``), for search."""
        return self.state().determinize(seat, seed)

    def observe(self, agent: str) -> dict[str, Any]:
        st, seat = self.state(), self._seat(agent)
        return self.observer.observe(st, seat, self._mask(st, seat))

    def _mask(self, st: State, seat: int) -> Mask:
        if st.is_over or st.to_act != seat or self.truncations.get(agent_name(seat)):
            return np.zeros(self.catalogue.n, dtype=np.int8)
        return self.catalogue.mask(st.legal_actions())

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        st, seat = self.state(), self._seat(agent)
        st.apply(self.catalogue.actions[self.index(action)], seat=seat)
        self._decided[seat] += 1
        self._cumulative_rewards[agent] = 0.0
        self.rewards = dict.fromkeys(self.agents, 0.0)
        if self.shaping:
            value = self._value(seat)
            self.rewards[agent] = self.shaping * (value - self._potential[seat])
            self._potential[seat] = value
        self._after_move()
        self._accumulate_rewards()

    def index(self, action: Any) -> int:
        """The catalogue index of ``action``: an integer, or a sequence of choices when the
        environment is factored."""
        if self.factored:
            if not isinstance(action, Sequence | np.ndarray):
                raise IllegalAction("a factored action is a sequence of choices, one per "
                                    f"level ({len(self.catalogue.factored.sizes)}), "
                                    f"not {action!r}")
            return self.catalogue.factored.join(list(action))
        return as_index(action, self.catalogue.n)

    def _after_move(self) -> None:
        st = self.state()
        if st.is_over:
            result = st.result()
            for s, r in enumerate(final_rewards(result, st.players, self.game.cooperative)):
                self.rewards[agent_name(s)] += r
            self.terminations = dict.fromkeys(self.agents, True)
            for a in self.agents:
                self.infos[a] = {"result": result.to_dict()}
            return
        seat = st.to_act
        assert seat is not None
        self.agent_selection = agent_name(seat)
        if self.max_cycles is not None and self._decided[seat] >= self.max_cycles:
            self.truncations = dict.fromkeys(self.agents, True)
        for a in self.agents:
            self.infos[a] = {}
        if self.observer.mode == "text" and not self.truncations[self.agent_selection]:
            self.infos[self.agent_selection] = {"labels": self.observer.labels(st, seat)}

    def _value(self, seat: int) -> float:
        if not self.shaping:
            return 0.0
        st = self.state()
        if st.is_over:
            return st.evaluate(seat)
        return st.determinize(seat, st.n_actions).evaluate(seat)

    def _seat(self, agent: str) -> int:
        try:
            return self.possible_agents.index(agent)
        except ValueError:
            raise ConfigError(f"agents are {', '.join(self.possible_agents)}, "
                              f"not {agent!r}") from None

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        from meeple.tui.screen import screen
        st = self.state()
        return screen(self.game, st, st.to_act, self.observer.lang, 100)

    def close(self) -> None:
        self.state_ = None
