"""A game's own scripted bots (``Game.bots``), seated as ``GAME:BOT`` wherever agents are named."""

from __future__ import annotations

import pytest

from meeple.agents import game_bots, make, make_agents
from meeple.core import ConfigError, game_class, game_ids

WITH_BOTS = [g for g in game_ids(hidden=True) if game_class(g).bots]


def test_every_big_game_offers_its_balance_bot() -> None:
    assert {"myth", "catacombs", "grabhit", "heavens", "andor"} <= set(WITH_BOTS)


@pytest.mark.parametrize("game", WITH_BOTS)
def test_a_game_bot_is_made_by_its_spec_and_named_by_it(game: str) -> None:
    for spec in game_bots(game):
        assert make(spec, seed=1, game=game).name == spec


@pytest.mark.parametrize("game", WITH_BOTS)
def test_a_game_bot_cannot_sit_at_another_games_table(game: str) -> None:
    other = next(g for g in WITH_BOTS if g != game)
    with pytest.raises(ConfigError, match=f"is a bot of {game}; it cannot play {other}"):
        make_agents([f"{game}:balance", "random"], 2, seed=0, game=other)


def test_an_unknown_bot_of_a_game_names_the_bots_it_offers() -> None:
    with pytest.raises(ConfigError, match="myth's own bots are: myth:balance"):
        make("myth:wizard")
    with pytest.raises(ConfigError, match="tictactoe's own bots are: none"):
        make("tictactoe:balance")
