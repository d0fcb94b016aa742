"""Every game, at every player count, passes PettingZoo's and Gymnasium's own checks of an
environment (``api_test``, ``seed_test``, ``check_env``), in every observation mode."""

from __future__ import annotations

import pytest
from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

import meeple
from meeple import rl

GAMES = [g for g in meeple.game_ids() if g != "_template"]
#: Every game at every player count, with the flat tensor observation.
COUNTS = [(g, n) for g in GAMES for n in meeple.load(g).allowed_players()]
#: The checkers' warnings (no render mode, an observation of text) say what these environments
#: are by design; what the checks assert is what counts.
pytestmark = pytest.mark.filterwarnings("ignore")


@pytest.mark.parametrize(("game", "players"), COUNTS)
def test_aec_api_and_seeds_at_every_player_count(game: str, players: int) -> None:
    api_test(rl.aec_env(game, players), num_cycles=80)
    seed_test(lambda: rl.aec_env(game, players), num_cycles=40)


@pytest.mark.parametrize("mode", ["planes", "text", "json"])
@pytest.mark.parametrize("game", GAMES)
def test_aec_api_and_seeds_in_every_observation_mode(game: str, mode: str) -> None:
    api_test(rl.aec_env(game, obs=mode), num_cycles=30)
    seed_test(lambda: rl.aec_env(game, obs=mode), num_cycles=15)


@pytest.mark.parametrize("mode", rl.MODES)
@pytest.mark.parametrize("game", GAMES)
def test_gym_check_env_in_every_observation_mode(game: str, mode: str) -> None:
    # check_env steps an action drawn before a seeded reset, which that new game may not allow:
    # such a draw ends the episode as a forfeit rather than raising (illegal="lose").
    check_env(rl.gym_env(game, obs=mode, opponents="random", illegal="lose"),
              skip_render_check=True)


@pytest.mark.parametrize(("game", "players"), COUNTS)
def test_gym_check_env_at_every_player_count(game: str, players: int) -> None:
    check_env(rl.gym_env(game, players=players, opponents="random", illegal="lose"),
              skip_render_check=True)


@pytest.mark.parametrize("game", ["tictactoe", "heavens"])
def test_factored_actions_pass_the_api_test(game: str) -> None:
    api_test(rl.aec_env(game, factored=True), num_cycles=40)
