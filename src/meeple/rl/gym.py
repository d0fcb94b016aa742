"""A meeple game as a single-agent Gymnasium environment: the learner holds one seat, meeple's
bots (or policies) hold the others.

Opponents are chosen per episode, through ``reset(options={"opponents": …})`` or the
constructor: a bot spec for every other seat (``"greedy"``, ``"random"``, ``"myth:balance"``,
``"mcts:50"``), a list with one per other seat, or a callable ``policy(observation) -> action
index`` that receives the observation of the seat it plays, built exactly like the learner's
(self-play, curricula). ``reset(options={"seat": k})`` moves the learner to another seat.

An action that is not legal now raises :class:`~meeple.IllegalAction` and changes nothing
(``illegal="raise"``, the default); with ``illegal="lose"`` it ends the episode instead, the
learner's reward -1 and ``info["illegal"]`` naming the action, the convention of PettingZoo's
classic games for learners that ignore the mask.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

import gymnasium as gym
import numpy as np

import meeple
from meeple.agents import Agent, agent_seed, info_set, make
from meeple.core import ConfigError, State

from .actions import Catalogue, as_index
from .aec import final_rewards
from .observe import Observer
from .spaces import action_space

#: A policy seated as an opponent: an observation of its seat in, an action index out.
Policy = Callable[[dict[str, Any]], Any]
Opponents = str | Policy | Sequence[str | Policy]


class MeepleGym(gym.Env[dict[str, Any], Any]):
    """One game per episode, seen from one seat; see :func:`meeple.rl.gym_env`."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012  # read from the class

    def __init__(self, game_id: str, seat: int = 0, opponents: Opponents = "greedy",
                 players: int | None = None, options: Mapping[str, Any] | None = None,
                 obs: str = "tensor", *, lang: str = "en", history: int = 0,
                 factored: bool = False, shaping: float = 0.0,
                 max_steps: int | None = None, illegal: str = "raise",
                 render_mode: str | None = None) -> None:
        self.game = meeple.load(game_id, players=players, options=dict(options or {}))
        self.catalogue = Catalogue(self.game)
        self.observer = Observer(self.catalogue, obs, lang, history)
        self.observation_space = self.observer.space
        self.action_space = action_space(self.catalogue, factored, self._legal_now)
        if render_mode not in (None, "ansi"):
            raise ConfigError(f"render_mode is None or 'ansi', not {render_mode!r}")
        self.render_mode, self.factored, self.shaping = render_mode, factored, float(shaping)
        self.max_steps = max_steps
        if illegal not in ("raise", "lose"):
            raise ConfigError(f"illegal is raise or lose, not {illegal!r}")
        self.illegal = illegal
        self._forfeit = False
        self.seat = self._check_seat(seat)
        self.opponents = opponents
        self._seated: list[Agent | Policy | None] = []
        self.state_: State | None = None
        self._steps = 0
        self._potential = 0.0

    def _check_seat(self, seat: Any) -> int:
        if isinstance(seat, bool) or not isinstance(seat, int | np.integer) \
                or not 0 <= seat < self.game.players:
            raise ConfigError(f"seat is a whole number from 0 to {self.game.players - 1}, "
                              f"not {seat!r}")
        return int(seat)

    def _seat_opponents(self, opponents: Opponents, seed: int) -> list[Agent | Policy | None]:
        others = self.game.players - 1
        if isinstance(opponents, str) or callable(opponents):
            specs: list[str | Policy] = [opponents] * others
        else:
            specs = list(opponents)
            if len(specs) != others:
                raise ConfigError(f"{others} other seats need {others} opponents, "
                                  f"got {len(specs)}")
        seated: list[Agent | Policy | None] = []
        it = iter(specs)
        for s in range(self.game.players):
            if s == self.seat:
                seated.append(None)
                continue
            spec = next(it)
            seated.append(make(spec, agent_seed(seed, s), self.game.id)
                          if isinstance(spec, str) else spec)
        return seated

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[dict[str, Any], dict[str, Any]]:
        super().reset(seed=seed)
        options = dict(options or {})
        if "seat" in options:
            self.seat = self._check_seat(options.pop("seat"))
        if "opponents" in options:
            self.opponents = options.pop("opponents")
        if options:
            raise ConfigError(f"reset takes the options seat and opponents, "
                              f"not {', '.join(map(str, options))}")
        game_seed = int(self.np_random.integers(2**31))
        self._seated = self._seat_opponents(self.opponents, game_seed)
        self.state_ = self.game.new_state(seed=game_seed)
        self._steps = 0
        self._forfeit = False
        self._play_others()
        self._potential = self._value()
        return self._observe(), self._info()

    def step(self, action: Any) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        st = self.state()
        if st.is_over or self._forfeit:
            raise ConfigError("the episode is over: reset the environment")
        index = (self.catalogue.factored.join(list(action)) if self.factored
                 else as_index(action, self.catalogue.n))
        chosen = self.catalogue.actions[index]
        if self.illegal == "lose" and st.check(chosen, seat=self.seat) is not None:
            self._forfeit = True
            return self._observe(), -1.0, True, False, {"illegal": chosen[0]}
        st.apply(chosen, seat=self.seat)
        self._steps += 1
        self._play_others()
        reward = 0.0
        if st.is_over:
            reward = final_rewards(st.result(), st.players, self.game.cooperative)[self.seat]
        if self.shaping:
            value = self._value()
            reward += self.shaping * (value - self._potential)
            self._potential = value
        truncated = not st.is_over and self.max_steps is not None and \
            self._steps >= self.max_steps
        return self._observe(), reward, st.is_over, truncated, self._info()

    def _play_others(self) -> None:
        st = self.state()
        while not st.is_over and st.to_act != self.seat:
            seat = st.to_act
            assert seat is not None
            player = self._seated[seat]
            if isinstance(player, Agent):
                action = player.choose(info_set(player, st, seat))
            else:
                assert player is not None
                mask = self.catalogue.mask(st.legal_actions())
                observation = self.observer.observe(st, seat, mask)
                action = self.catalogue.action(player(observation))
            st.apply(action, seat=seat)

    def state(self) -> State:
        """The true state (the referee's: save it with ``to_json()``, never show it to a seat)."""
        if self.state_ is None:
            raise ConfigError("reset the environment first")
        return self.state_

    def resample(self, seat: int, seed: int) -> State:
        """A world ``seat`` cannot tell from the true one (``determinize``), for search."""
        return self.state().determinize(seat, seed)

    def action_masks(self) -> np.ndarray[Any, np.dtype[np.int8]]:
        """The legal-action mask now (the name sb3-contrib's MaskablePPO looks for)."""
        return self._mask()

    def _legal_now(self) -> np.ndarray[Any, np.dtype[np.int8]]:
        if self.state_ is None:
            return np.zeros(self.catalogue.n, dtype=np.int8)
        return self._mask()

    def _mask(self) -> np.ndarray[Any, np.dtype[np.int8]]:
        st = self.state()
        if st.is_over or self._forfeit:
            return np.zeros(self.catalogue.n, dtype=np.int8)
        return self.catalogue.mask(st.legal_actions())

    def _observe(self) -> dict[str, Any]:
        return self.observer.observe(self.state(), self.seat, self._mask())

    def _info(self) -> dict[str, Any]:
        st = self.state()
        if st.is_over:
            return {"result": st.result().to_dict()}
        if self.observer.mode == "text":
            return {"labels": self.observer.labels(st, self.seat)}
        return {}

    def _value(self) -> float:
        if not self.shaping:
            return 0.0
        st = self.state()
        return st.evaluate(self.seat) if st.is_over else \
            st.determinize(self.seat, st.n_actions).evaluate(self.seat)

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        from meeple.tui.screen import screen
        return screen(self.game, self.state(), self.seat, self.observer.lang, 100)
