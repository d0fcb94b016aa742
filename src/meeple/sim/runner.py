"""Play one game between agents, deterministically for a seed.

>>> import meeple
>>> st = play(meeple.load("tictactoe"), ["random", "random"], seed=4)
>>> st.is_over
True
>>> st.to_json() == play(meeple.load("tictactoe"), ["random", "random"], seed=4).to_json()
True
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from meeple.agents import Agent, agent_seed, info_set, make_agents
from meeple.core import Game, State

__all__ = ["agent_seed", "make_agents", "play"]


def play(game: Game[Any], seats: Sequence[str | Agent], seed: int = 0,
         on_step: Callable[[State, int, str], None] | None = None,
         on_choose: Callable[[State, int, str], None] | None = None) -> State:
    """Play a whole game; ``on_step(state, seat, action_text)`` is called after each action.

    ``on_choose`` is called with the same arguments before each action is applied, so a caller
    can tell which action a failing ``apply`` was given (a failed ``apply`` leaves no trace).
    """
    agents = make_agents(seats, game.players, seed, game.id)
    state: State = game.new_state(seed=seed)
    while state.to_act is not None:
        seat = state.to_act
        action = agents[seat].choose(info_set(agents[seat], state, seat))
        if on_choose is not None:
            on_choose(state, seat, action[0])
        state.apply(action)
        if on_step is not None:
            on_step(state, seat, action[0])
    return state
