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

from meeple.agents import Agent, info_set, make
from meeple.core import ConfigError, Game, State


def agent_seed(seed: int, seat: int) -> int:
    """The seed of the agent in ``seat`` for the game seeded ``seed`` (independent streams)."""
    return (seed * 1_000_003 + seat * 7_919 + 17) & ((1 << 63) - 1)


def make_agents(specs: Sequence[str | Agent], players: int, seed: int) -> list[Agent]:
    """One agent per seat from names (``random``, ``mcts:200``) or ready agents."""
    if isinstance(specs, str) or not all(isinstance(s, str | Agent) for s in specs):
        raise ConfigError(f"seats must be a list of agent specs or agents, got {specs!r}")
    if len(specs) != players:
        raise ConfigError(f"{players} seats need {players} agents, got {len(specs)}")
    return [make(s, agent_seed(seed, i)) if isinstance(s, str) else s
            for i, s in enumerate(specs)]


def play(game: Game, seats: Sequence[str | Agent], seed: int = 0,
         on_step: Callable[[State, int, str], None] | None = None,
         on_choose: Callable[[State, int, str], None] | None = None) -> State:
    """Play a whole game; ``on_step(state, seat, action_text)`` is called after each action.

    ``on_choose`` is called with the same arguments before each action is applied, so a caller
    can tell which action a failing ``apply`` was given (a failed ``apply`` leaves no trace).
    """
    agents = make_agents(seats, game.players, seed)
    state = game.new_state(seed=seed)
    while state.to_act is not None:
        seat = state.to_act
        action = agents[seat].choose(info_set(agents[seat], state, seat))
        if on_choose is not None:
            on_choose(state, seat, action[0])
        state.apply(action)
        if on_step is not None:
            on_step(state, seat, action[0])
    return state
