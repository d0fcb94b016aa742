"""Every game ends by its rules under every bot: greedy, the game's own scripted bot and the
search, at every player count, on fixed seeds. A game stopped by one of meeple's safety limits
(``Game.safety_endings``: a round cap that keeps a game finite) measures the limit, not the
game, so here it is a failure that names the bot, the count and the seed. Each finished game
also restores from its record as it ended (the server reads a finished match back from it).
"""

from __future__ import annotations

from typing import Any

import pytest

from meeple.agents import info_set, make_agents
from meeple.core import State, game_class, restore

#: The five rulebook games and the seats whose games must end by the rules.
GAMES = ("myth", "catacombs", "grabhit", "heavens", "andor")
#: Games per game, bot and player count; seeds follow on from ``SEED``.
GAMES_EACH = 2
SEED = 400
#: Far beyond any real game of these five: a game still going after this many actions loops.
MOST_ACTIONS = 30_000


def counts(game_id: str) -> tuple[int, ...]:
    cls = game_class(game_id)
    return cls.player_counts or tuple(range(cls.min_players, cls.max_players + 1))


#: Cases known to end on a safety limit still, with why: each is an expected failure that
#: fails the run the day it passes, so the mark is taken off with the fix.
STILL_STALLS: dict[tuple[str, str, int], str] = {}


def marked(bot: str, game_id: str, players: int) -> list[Any]:
    why = STILL_STALLS.get((bot, game_id, players))
    return [pytest.mark.xfail(reason=why, strict=True)] if why else []


def cases(bot: str) -> list[Any]:
    return [pytest.param(g, n, id=f"{g}-{n}p", marks=marked(bot, g, n))
            for g in GAMES for n in counts(g)]


def play_out(game_id: str, players: int, spec: str, seed: int) -> tuple[str, State]:
    """The ending of one game with every seat played by ``spec``, and its last state."""
    game = game_class(game_id)(players=players)
    agents = make_agents([spec] * players, players, seed, game_id)
    state = game.new_state(seed=seed)
    for _ in range(MOST_ACTIONS):
        if state.to_act is None:
            return state.result().reason, state
        seat = state.to_act
        state.apply(agents[seat].choose(info_set(agents[seat], state, seat)))
    return "still going", state


def check(game_id: str, players: int, spec: str, games: int = GAMES_EACH) -> None:
    limits = game_class(game_id).safety_endings | {"still going"}
    for seed in range(SEED, SEED + games):
        reason, state = play_out(game_id, players, spec, seed)
        where = f"{game_id} with {players} {spec} seats, seed {seed}"
        assert reason not in limits, (
            f"{where}: ended on {reason!r} after {state.n_actions} actions")
        back = restore(state.to_json())
        assert back.to_json() == state.to_json() and back.result() == state.result(), (
            f"{where}: the finished game ({reason!r}) does not restore as it ended")


@pytest.mark.parametrize(("game_id", "players"), cases("greedy"))
def test_greedy_seats_end_the_game_by_its_rules(game_id: str, players: int) -> None:
    check(game_id, players, "greedy")


@pytest.mark.parametrize(("game_id", "players"), cases("balance"))
def test_the_games_own_bot_ends_the_game_by_its_rules(game_id: str, players: int) -> None:
    check(game_id, players, f"{game_id}:balance")


@pytest.mark.parametrize("game_id", [pytest.param(g, marks=marked("mcts:24", g, 2))
                                     for g in GAMES])
def test_search_seats_end_the_game_by_its_rules(game_id: str) -> None:
    check(game_id, 2, "mcts:24", games=1)
