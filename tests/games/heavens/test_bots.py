"""The balance bot (``heavens:balance``): whole games through the runner, from its seat's view."""

from __future__ import annotations

import random

import pytest

import meeple
from meeple.agents import make
from meeple.agents.base import InfoSet
from meeple.core import ConfigError, Rng
from meeple.games.heavens import cards
from meeple.games.heavens.bots import WON, BalanceBot, make_balance, score
from meeple.games.heavens.game import Heavens
from meeple.games.heavens.state import HeavensState
from meeple.games.heavens.worlds import deal_hands
from meeple.sim.runner import play

from .helpers import fresh, give, hexi, place, unlock


@pytest.mark.parametrize("players", [2, 4])
def test_balance_bots_play_whole_games_through_the_runner(players: int) -> None:
    game = meeple.load("heavens", players=players, options={"max_rounds": 12})
    seats = ["heavens:balance"] * 2 if players == 2 else ["heavens:balance", "random"] * 2
    for seed in range(2):
        st = play(game, seats, seed=seed)
        assert st.is_over
        again = play(game, seats, seed=seed)
        assert [a.text for a in again.actions_taken()] == [a.text for a in st.actions_taken()]


def test_balance_bot_decides_the_same_in_worlds_its_seat_cannot_tell_apart() -> None:
    st = Heavens().new_state(seed=4)
    chooser = random.Random(4)
    checked = 0
    while not st.is_over and checked < 25:
        seat = st.to_act
        assert seat is not None
        worlds = [st.determinize(seat, k) for k in (1, 2)]
        other = 1 - st.game.side_of[seat]
        for k, w in enumerate(worlds):  # worlds deal the other side's hands as it comes to act
            assert isinstance(w, HeavensState)
            deal_hands(w, other, Rng(k))
        if worlds[0].hands[other] != worlds[1].hands[other]:
            picks = {BalanceBot(7).choose(InfoSet(w, seat)).text for w in worlds}
            assert len(picks) == 1
            checked += 1
        st.apply(chooser.choice(st.legal_actions()))
    assert checked >= 10


def test_balance_bot_is_offered_by_the_game_and_takes_no_argument() -> None:
    assert make("heavens:balance", seed=1).name == "heavens:balance"
    with pytest.raises(ConfigError):
        make_balance("deep", 1)


def test_score_prefers_a_won_game_and_characters_near_the_enemy_base() -> None:
    st = fresh()
    unlock(st)
    c = place(st, "zeus", "f3")
    far = score(st, 0)
    st.at[st.game.board.index["f9"]] = st.at.pop(st.game.board.index["f3"])
    st.units[c] = (st.game.board.index["f9"], *st.units[c][1:])
    assert score(st, 0) > far
    assert score(st, 1) < 0
    st.base_health = (st.base_health[0], 0)
    st.apply(st.legal_actions()[-1])  # any action settles the game: side 1's base is gone
    assert st.is_over and score(st, 0) == WON and score(st, 1) == -WON


def trapped_apollo_and_a_venom_in_hand() -> HeavensState:
    """A greedy-balance game that never ended: Thor and Apollo, the last gods, each stood in a
    trap; the decks were empty and the Norse (the balance bot, to act) held the Venom of
    Jormungandr, which poisons Apollo to death, and never played it: the card played was
    scored as a card lost."""
    st = fresh()
    unlock(st)
    place(st, "thor", "f5")
    place(st, "apollo", "c8")
    st.traps = {hexi(st, "f5"): 3, hexi(st, "c8"): 2}
    for side in (0, 1):
        cards.set_deck(st, side, ())
    cards.set_hand(st, 0, ())
    cards.set_hand(st, 1, ())
    give(st, 1, "venom_of_jormungandr", "ice_wall", "mead_of_valhalla")
    st.base_health = (30, 7)
    st.active = st.to_act = 1
    st.order_position = st.game.order.index(1)
    st.tokens = st.game.tokens[1]
    st._legal = None
    return st


def test_balance_bot_plays_a_power_by_its_best_target_and_ends_the_game() -> None:
    for seed in range(3):
        st = trapped_apollo_and_a_venom_in_hand()
        bot = BalanceBot(seed)
        assert bot.choose(InfoSet(st, 1)).text == "play Venom of Jormungandr"
        bots = {0: BalanceBot(seed), 1: bot}
        while st.to_act is not None and st.n_actions < 200:
            seat = st.to_act
            st.apply(bots[seat].choose(InfoSet(st, seat)))
        assert st.is_over and st.result().winners == (1,)
