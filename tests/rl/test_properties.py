"""Properties of the environments over random play: the catalogue and the mask are exact, the
observation of a seat is the same in every world it cannot tell apart, and seeds replay."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import meeple
from meeple import rl
from meeple.core import State

GAMES = [g for g in meeple.game_ids() if g != "_template"]


def _walk(game: str, seed: int, steps: int, players: int | None = None) -> list[State]:
    """The states of a random game, every few steps."""
    g = meeple.load(game, players=players)
    s, rng, out = g.new_state(seed=seed), np.random.default_rng(seed), []
    for k in range(steps):
        if s.is_over:
            break
        if k % 7 == 0:
            out.append(s.clone())
        legal = s.legal_actions()
        s.apply(legal[int(rng.integers(len(legal)))])
    return out


@pytest.mark.parametrize("game", GAMES)
@settings(max_examples=4)
@given(seed=st.integers(0, 10_000))
def test_every_legal_action_has_an_index_and_the_mask_is_exactly_the_legal_ones(
        game: str, seed: int) -> None:
    cat = rl.Catalogue(meeple.load(game))
    for s in _walk(game, seed, 120):
        legal = s.legal_actions()
        mask = cat.mask(legal)
        assert int(mask.sum()) == len(legal)
        for a in legal:
            i = cat.index(a)
            assert mask[i] == 1 and cat.action(i) == a
            assert cat.factored.join(cat.factored.split(i)) == i


@pytest.mark.parametrize("mode", ["tensor", "text", "json"])
@pytest.mark.parametrize("game", GAMES)
def test_a_seats_observation_is_the_same_in_every_world_it_cannot_tell_apart(
        game: str, mode: str) -> None:
    g = meeple.load(game)
    obs = rl.Observer(rl.Catalogue(g), mode, history=6)
    for s in _walk(game, 11, 150)[::2]:
        for seat in range(s.players):
            mask = obs.catalogue.mask(s.legal_actions()) if s.to_act == seat else \
                np.zeros(obs.catalogue.n, dtype=np.int8)
            truth = obs.observe(s, seat, mask)
            for k in (1, 2, 3):
                world = obs.observe(s.determinize(seat, k), seat, mask)
                assert np.array_equal(world["history"], truth["history"])
                if mode == "tensor":
                    assert np.array_equal(world["observation"], truth["observation"])
                else:
                    assert world["observation"] == truth["observation"]


@pytest.mark.parametrize("game", GAMES)
def test_two_environments_reset_with_one_seed_step_identically(game: str) -> None:
    a, b = rl.aec_env(game, obs="json"), rl.aec_env(game, obs="json")
    a.reset(seed=5)
    b.reset(seed=5)
    rng = np.random.default_rng(0)
    for _ in range(60):
        if a.terminations[a.agent_selection]:
            break
        oa, ob = a.observe(a.agent_selection), b.observe(b.agent_selection)
        assert a.agent_selection == b.agent_selection and oa["observation"] == ob["observation"]
        legal = np.flatnonzero(oa["action_mask"])
        pick = int(legal[rng.integers(legal.size)])
        a.step(pick)
        b.step(np.int64(pick))
    assert a.state().to_json() == b.state().to_json()


def test_the_history_holds_the_actions_the_seat_saw_in_order_relative_to_it() -> None:
    env = rl.aec_env("tictactoe", history=4)
    env.reset(seed=2)
    for cell in (4, 0, 8):
        env.step(cell)
    assert env.observe("seat_0")["history"].tolist() == [[-1, -1], [0, 4], [1, 0], [0, 8]]
    assert env.observe("seat_1")["history"].tolist() == [[-1, -1], [1, 4], [0, 0], [1, 8]]


def test_an_action_hidden_from_the_seat_is_the_index_past_the_catalogue() -> None:
    # Myth logs some actions with a public text that names no card: another seat's such action
    # reaches a seat as a hidden one.
    env = rl.aec_env("myth", obs="json", history=64)
    env.reset(seed=4)
    n, hidden, rng = env.catalogue.n, 0, np.random.default_rng(4)
    for _ in range(300):
        agent = env.agent_selection
        if env.terminations[agent]:
            break
        legal = np.flatnonzero(env.observe(agent)["action_mask"])
        env.step(int(legal[rng.integers(legal.size)]))
        rows = env.observe("seat_0")["history"]
        hidden = max(hidden, int(((rows[:, 1] == n) & (rows[:, 0] != 0)).sum()))
        assert not ((rows[:, 1] == n) & (rows[:, 0] == 0)).any()  # its own: never hidden
    assert hidden > 0
