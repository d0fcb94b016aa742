"""The scripted dwarf as the agent ``catacombs:balance``: it plays whole games through the
simulator's runner and decides from what its seat knows."""

from __future__ import annotations

import random
from typing import Any

import meeple
from meeple.agents import InfoSet, make, make_agents
from meeple.core import State
from meeple.games.catacombs.bots import BalanceBot, make_balance
from meeple.sim.runner import play


def test_the_balance_bot_plays_whole_games() -> None:
    for players in (2, 3, 4):
        st = play(meeple.load("catacombs", players=players), ["catacombs:balance"] * players,
                  seed=players)
        assert st.is_over and st.result().reason


def test_the_balance_bot_is_offered_as_an_agent() -> None:
    bot = make("catacombs:balance", seed=1, game="catacombs")
    assert isinstance(bot, BalanceBot) and bot.name == "catacombs:balance"
    agents = make_agents(["catacombs:balance", "random"], players=2, seed=3, game="catacombs")
    assert isinstance(agents[0], BalanceBot)
    assert isinstance(make_balance(None, 4), BalanceBot)


def test_the_bot_decides_the_same_in_worlds_its_seat_cannot_tell_apart() -> None:
    """In the true state and in any world of its seat's, the same bot makes the same move."""
    for seed in range(3):
        st = meeple.load("catacombs", players=3).new_state(seed=seed)
        chooser = random.Random(seed)
        checked = 0
        while not st.is_over and st.n_actions < 400:
            seat = st.to_act
            assert seat is not None
            if st.n_actions % 7 == 0:
                truth = BalanceBot(seed).choose(InfoSet(st, seat))
                for k in range(3):
                    world = st.determinize(seat, k)
                    assert BalanceBot(seed).choose(InfoSet(world, seat)) == truth
                checked += 1
            st.apply(chooser.choice(st.legal_actions()))
        assert checked > 10


def test_the_bot_reads_only_sampled_worlds() -> None:
    """The bot never asks the true state for anything but its seat's legal actions."""

    class Guarded(InfoSet):
        sampled = 0

        def sample(self, seed: int) -> State:
            Guarded.sampled += 1
            return super().sample(seed)

        def view(self) -> dict[str, Any]:
            raise AssertionError("the bot decides from a sampled world")

    st = meeple.load("catacombs", players=2).new_state(seed=9)
    bot = BalanceBot(9)
    while not st.is_over and st.n_actions < 300:
        seat = st.to_act
        assert seat is not None
        st.apply(bot.choose(Guarded(st, seat)), seat=seat)
    assert Guarded.sampled == st.n_actions


def test_the_rollout_policy_is_the_scripted_dwarf_on_full_states() -> None:
    """``rollout_policy`` names ``bots.choose``: a legal action of the state itself, the same
    for the same generator."""
    from importlib import import_module

    from meeple.core import Rng
    from meeple.games.catacombs.state import CatacombsState

    game = meeple.load("catacombs", players=3)
    module, name = type(game).rollout_policy.split(":")
    policy = getattr(import_module(module), name)
    st = game.new_state(seed=5)
    assert isinstance(st, CatacombsState)
    for k in range(600):
        if st.to_act is None:
            break
        action = policy(st, Rng(k))
        assert action in st.legal_actions()
        assert policy(st, Rng(k)) == action
        st.apply(action)


def test_kept_walking_distances_are_those_of_the_board_as_it_stands() -> None:
    """``target_distance`` and ``entrance_distance`` are kept per game by the board and the
    dwarf; in games where tiles are laid, monsters fall and dwarves are wounded, every kept
    answer equals one worked out afresh on the state as it stands."""
    from collections import deque

    from meeple.games.catacombs import distances
    from meeple.games.catacombs.game import Catacombs

    game = meeple.load("catacombs", players=3)
    assert isinstance(game, Catacombs)
    checked = 0
    for seed in (3, 4):
        st = game.new_state(seed=seed)
        chooser = random.Random(seed)
        while st.to_act is not None and st.n_actions < 700:
            for s in range(st.players):
                if st.position[s] is None or not st.alive[s]:
                    continue
                for bold, walls in ((False, False), (True, False), (True, True)):
                    fresh = distances._target_distance(st, s, bold, walls)
                    assert distances.target_distance(st, s, bold, walls) == fresh
                doors = dict.fromkeys(game.entrance_cells, 0)
                fresh_doors = distances.spread(st, doors, deque(doors))
                assert distances.entrance_distance(st) == fresh_doors
                checked += 1
            st.apply(chooser.choice(st.legal_actions()))
    assert checked > 500 and len(game.distance_memo) > 10
