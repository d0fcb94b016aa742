"""The scripted balance player (``grabhit:balance``) as an agent."""

from __future__ import annotations

import random

import pytest

import meeple
from meeple.agents import make
from meeple.agents.base import InfoSet
from meeple.core import ConfigError, Rng
from meeple.games.grabhit import death
from meeple.games.grabhit.bots import BalanceBot, make_balance, rollout
from meeple.games.grabhit.state import GrabHitState
from meeple.sim.runner import play

from .helpers import card, new, texts, turn


@pytest.mark.parametrize("players", [2, 3, 5, 8])
def test_the_balance_bot_plays_whole_games(players: int) -> None:
    game = meeple.load("grabhit", players=players)
    for seed in range(3):
        st = play(game, ["grabhit:balance"] * players, seed=seed)
        assert st.is_over and st.result().winners


def test_the_bot_is_offered_by_the_game_and_takes_no_argument() -> None:
    assert isinstance(make("grabhit:balance", 1, "grabhit"), BalanceBot)
    with pytest.raises(ConfigError):
        make_balance("fast", 1)


def _twin(st: GrabHitState, rng: random.Random) -> GrabHitState:
    """The same position with the decks in another order: a world the seat cannot tell."""
    twin = st.clone()
    for pile in twin.deck:
        rng.shuffle(pile)
    twin._legal = None
    return twin


def test_the_bot_decides_the_same_in_worlds_its_seat_cannot_tell_apart() -> None:
    """Deck order is all that is hidden (GAH-67): two worlds differing only there give the
    same choice, since the bot reads only a world sampled from what its seat knows."""
    st = meeple.load("grabhit", players=4).new_state(seed=11)
    chooser = random.Random(11)
    shuffler = random.Random(5)
    checked = 0
    while not st.is_over and checked < 60:
        seat = st.to_act
        assert seat is not None and isinstance(st, GrabHitState)
        if len(st.legal_actions()) > 1:
            twin = _twin(st, shuffler)
            assert twin.deck != st.deck or not any(len(p) > 1 for p in st.deck)
            a = BalanceBot(7).choose(InfoSet(st, seat))
            b = BalanceBot(7).choose(InfoSet(twin, seat))
            assert a == b
            checked += 1
        st.apply(chooser.choice(st.legal_actions()))
    assert checked >= 30


def test_the_bot_is_reborn_as_the_same_adventurer() -> None:
    """GAH-64: the balance tables count each game once per adventurer in it."""
    st = new(players=3)
    death.die(st, 1, 0)
    turn(st, 1, "before")
    assert "choose Violet" in texts(st) and len(texts(st)) > 1
    assert BalanceBot(3).choose(InfoSet(st, 1)).text == "choose Violet"


def test_the_bot_keeps_the_stronger_weapon_and_hits_the_weakest() -> None:
    st = new(players=3)
    st.life[1], st.armour[1] = 1, 0
    st.weapons[0] = ((card("battle_axe"), 5, ()),)
    turn(st, 0, "hit")
    bot = BalanceBot(1)
    assert bot.choose(InfoSet(st, 0)).text == "attack with Battle Axe"
    st.apply("attack with Battle Axe")
    assert bot.choose(InfoSet(st, 0)).text == "hit Violet"


def test_the_rollout_policy_is_the_balance_policy_drawn_from_the_search_rng() -> None:
    """``Game.rollout_policy`` names ``bots.rollout``: a legal action of the seat to act, the
    same for the same generator, so a search with an iteration budget stays repeatable."""
    game = meeple.load("grabhit", players=3)
    assert game.rollout_policy == "meeple.games.grabhit.bots:rollout"
    st = game.new_state(seed=4)
    assert isinstance(st, GrabHitState)
    for _ in range(80):
        if st.is_over:
            break
        a, b = rollout(st, Rng(9)), rollout(st, Rng(9))
        assert a == b and a in st.legal_actions()
        st.apply(a)


