"""meeple games as OpenSpiel games (``meeple.rl.openspiel``): OpenSpiel's own checks pass, the
observations are the seat's view encoded, worlds resampled for a seat look the same to it,
returns follow meeple's result, and OpenSpiel's MCTS and IS-MCTS play them."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest

pyspiel = pytest.importorskip("pyspiel")

from open_spiel.python.algorithms import evaluate_bots, get_all_states, ismcts, mcts  # noqa: E402
from open_spiel.python.observation import make_observation  # noqa: E402

import meeple  # noqa: E402
from meeple.core import ConfigError, Result  # noqa: E402
from meeple.rl import Catalogue, Observer  # noqa: E402
from meeple.rl import openspiel as ops  # noqa: E402

INFO_STATE = pyspiel.IIGObservationType(perfect_recall=True)


def load(game_id: str, players: int | None = None, **params: Any) -> Any:
    return pyspiel.load_game(ops.register(game_id, players), params)


def played(game: Any, actions: int, seed: int = 0) -> Any:
    """A new state of ``game`` after ``actions`` random legal actions (fewer if it ends)."""
    rng = np.random.RandomState(seed)
    state = game.new_initial_state()
    for _ in range(actions):
        if state.is_terminal():
            break
        state.apply_action(int(rng.choice(state.legal_actions())))
    return state


def expected_returns(result: Result, players: int, cooperative: bool) -> list[float]:
    if cooperative:
        return [1.0 if result.winners else -1.0] * players
    if not result.winners or (players == 2 and len(result.winners) == 2):
        return [0.0] * players
    return [1.0 if s in result.winners else -1.0 for s in range(players)]


def test_tictactoe_has_its_5478_positions() -> None:
    game = load("tictactoe")
    states = get_all_states.get_all_states(game, depth_limit=-1, include_terminals=True,
                                           include_chance_states=False, to_string=str)
    assert len(states) == 5478


@pytest.mark.parametrize("game_id", meeple.game_ids())
def test_openspiel_random_simulations_pass(game_id: str) -> None:
    game = load(game_id)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


@pytest.mark.parametrize("game_id", meeple.game_ids(hidden=True))
def test_the_game_type_follows_the_game(game_id: str) -> None:
    game = load(game_id)
    mg = meeple.load(game_id)
    kind, types = game.get_type(), pyspiel.GameType
    assert game.num_players() == mg.players
    assert game.num_distinct_actions() == Catalogue(mg).n
    assert kind.provides_observation_tensor is ops.has_encoder(mg)
    assert kind.provides_information_state_string and kind.provides_observation_string
    if mg.cooperative:
        assert kind.utility == types.Utility.IDENTICAL
    elif mg.players == 2:
        assert kind.utility == types.Utility.ZERO_SUM
    else:
        assert kind.utility == types.Utility.GENERAL_SUM
    perfect = game_id == "tictactoe"
    assert (kind.information == types.Information.PERFECT_INFORMATION) is perfect
    assert (kind.chance_mode == types.ChanceMode.DETERMINISTIC) is perfect
    if not perfect:
        assert kind.chance_mode == types.ChanceMode.SAMPLED_STOCHASTIC


def test_names_carry_a_player_count_other_than_the_default_and_changed_options() -> None:
    assert ops.register("myth") == ops.register("myth", 3) == "python_meeple_myth"
    assert ops.register("myth", 4) == "python_meeple_myth_4"
    assert pyspiel.load_game("python_meeple_myth_4").num_players() == 4
    short = ops.register("myth", options={"max_turns": 300})
    assert short.startswith("python_meeple_myth_") and short != ops.register("myth", 4)
    assert short == ops.register("myth", options={"max_turns": 300})
    assert ops.register_all() == [f"python_meeple_{g}" for g in meeple.game_ids()]


def test_seeds_count_from_the_seed_parameter_and_only_states_read_take_one() -> None:
    ops.register("myth")
    game = pyspiel.load_game("python_meeple_myth(seed=7)")
    first = game.new_initial_state()
    first.apply_action(first.legal_actions()[0])
    first.clone().child(first.legal_actions()[0])
    assert game.observation_tensor_size() == meeple.load("myth").observation_layout().size
    game.information_state_tensor_size()
    second = game.new_initial_state()
    assert (first.meeple.seed, second.meeple.seed) == (7, 8)
    assert str(game.new_initial_state()) != str(pyspiel.load_game("python_meeple_myth")
                                                 .new_initial_state())


def test_a_clone_is_independent_of_its_original() -> None:
    state = played(load("catacombs"), 20)
    before = str(state)
    copy = state.clone()
    assert str(copy) == before and copy.meeple is not state.meeple
    copy.apply_action(copy.legal_actions()[0])
    assert str(state) == before and copy.history() == [*state.history(), copy.history()[-1]]


@pytest.mark.parametrize("game_id", ["myth", "catacombs", "tictactoe"])
def test_the_observation_tensor_is_the_encoding_of_the_seats_view(game_id: str) -> None:
    game = load(game_id)
    state = played(game, 30)
    mg, layout = state.meeple.game, state.meeple.game.observation_layout()
    obs = make_observation(game)
    for p in range(game.num_players()):
        view = state.meeple.view(p)
        encoded = np.frombuffer(mg.observe(view), dtype=np.float32)
        assert np.array_equal(np.asarray(state.observation_tensor(p), np.float32), encoded)
        obs.set_from(state, p)
        for name, shape in layout.fields:
            at = layout.offset(name)
            part = encoded[at:at + int(np.prod(shape))].reshape(shape)
            assert obs.dict[name].shape == shape and np.array_equal(obs.dict[name], part)
        assert json.loads(state.observation_string(p)) == json.loads(json.dumps(view))


def test_the_information_state_adds_the_seats_recent_actions_as_the_environments_do() -> None:
    game = load("myth")
    state = played(game, 40)
    st = state.meeple
    window = Observer(Catalogue(st.game), "tensor", history=ops.HISTORY)
    info = make_observation(game, INFO_STATE)
    no_mask = np.zeros(game.num_distinct_actions(), np.int8)
    for p in range(game.num_players()):
        info.set_from(state, p)
        rows = window.observe(st, p, no_mask)["history"]
        assert (rows >= 0).any()
        assert np.array_equal(info.dict[ops.RECENT], rows.astype(np.float32))
        assert np.array_equal(np.asarray(state.information_state_tensor(p), np.float32),
                              info.tensor)
        seen = json.loads(state.information_state_string(p))
        assert seen == json.loads(json.dumps({"seen": st.events(p), "view": st.view(p)}))


def worlds(state: Any, player: int, count: int = 3) -> list[Any]:
    """``count`` worlds ``player`` cannot tell from ``state``, as IS-MCTS asks for them."""
    sampler = pyspiel.UniformProbabilitySampler(5, 0.0, 1.0)
    return [state.resample_from_infostate(player, sampler) for _ in range(count)]


@pytest.mark.parametrize("game_id", ["myth", "catacombs", "heavens", "andor"])
def test_a_resampled_world_looks_the_same_to_its_seat(game_id: str) -> None:
    game = load(game_id)
    state = played(game, 30, seed=2)
    for p in range(game.num_players()):
        for world in worlds(state, p):
            assert world.meeple is not state.meeple
            assert world.current_player() == state.current_player()
            assert world.observation_tensor(p) == state.observation_tensor(p)
            assert world.information_state_tensor(p) == state.information_state_tensor(p)
            assert world.observation_string(p) == state.observation_string(p)
            assert world.information_state_string(p) == state.information_state_string(p)
            if p == state.current_player():
                assert world.legal_actions() == state.legal_actions()


def test_a_resampled_world_deals_what_its_seat_cannot_see_anew() -> None:
    state = played(load("myth"), 30, seed=2)
    assert any(world.observation_string(q) != state.observation_string(q)
               for world in worlds(state, 0) for q in (1, 2))


def test_the_cpp_side_of_a_python_state_cannot_resample() -> None:
    state = load("myth").new_initial_state()
    sampler = pyspiel.UniformProbabilitySampler(1, 0.0, 1.0)
    assert state.resample_from_infostate(0, sampler).meeple is not state.meeple
    with pytest.raises(pyspiel.SpielError, match="not implemented"):
        pyspiel.State.resample_from_infostate(state, 0, sampler)


@pytest.mark.parametrize("game_id", meeple.game_ids())
def test_returns_follow_meeples_result(game_id: str) -> None:
    game = load(game_id)
    for seed in range(3):
        state = played(game, game.max_game_length(), seed)
        assert state.is_terminal() and state.meeple.is_over
        mg = state.meeple.game
        assert state.returns() == expected_returns(state.meeple.result(), mg.players,
                                                   mg.cooperative)


def test_a_win_scores_one_and_a_loss_minus_one() -> None:
    state = load("tictactoe").new_initial_state()
    for cell in (0, 3, 1, 4, 2):  # a1 b1 c1: X's row
        assert state.returns() == [0.0, 0.0]
        state.apply_action(cell)
    assert state.is_terminal() and state.returns() == [1.0, -1.0]


def test_a_game_cut_at_max_game_length_ends_with_nothing_for_anyone() -> None:
    game = load("catacombs", max_game_length=5)
    assert game.max_game_length() == 5
    state = played(game, 10)
    assert len(state.history()) == 5 and state.is_terminal() and not state.meeple.is_over
    assert state.returns() == [0.0, 0.0]
    assert state.current_player() == pyspiel.PlayerId.TERMINAL
    assert state.legal_actions() == []


def test_bad_parameters_and_observation_types_are_refused() -> None:
    ops.register("tictactoe")
    with pytest.raises(ConfigError, match="max_game_length"):
        pyspiel.load_game("python_meeple_tictactoe(max_game_length=0)")
    public = pyspiel.IIGObservationType(perfect_recall=False,
                                        private_info=pyspiel.PrivateInfoType.NONE)
    with pytest.raises(ConfigError, match="one seat"):
        make_observation(load("tictactoe"), public)
    with pytest.raises(ConfigError, match="history"):
        make_observation(load("tictactoe"), INFO_STATE, {"history": -1})


def test_mcts_beats_uniform_random_at_tictactoe() -> None:
    game = load("tictactoe")
    wins = losses = 0
    for i in range(20):
        seat = i % 2
        bots: list[Any] = [None, None]
        bots[seat] = mcts.MCTSBot(game, 2.0, 200,
                                  mcts.RandomRolloutEvaluator(1, np.random.RandomState(i)),
                                  random_state=np.random.RandomState(i))
        bots[1 - seat] = pyspiel.make_uniform_random_bot(1 - seat, i)
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots,
                                              np.random.RandomState(i))
        wins += returns[seat] > 0
        losses += returns[seat] < 0
    assert wins >= 15 and losses <= 2, (wins, losses)  # random against random: about 9 and 9


def test_ismcts_plays_a_whole_game_of_myth() -> None:
    game = load("myth")
    evaluator = mcts.RandomRolloutEvaluator(1, np.random.RandomState(0), max_length=20)
    bot = ismcts.ISMCTSBot(game, evaluator, 2.0, 10, random_state=np.random.RandomState(0),
                           use_observation_string=True, allow_inconsistent_action_sets=True)
    sampler = pyspiel.UniformProbabilitySampler(3, 0.0, 1.0)
    worlds: list[Any] = []

    def resample(state: Any, player: int) -> Any:
        worlds.append(state.resample_from_infostate(player, sampler))
        return worlds[-1]

    bot.set_resampler(resample)
    others = [pyspiel.make_uniform_random_bot(p, p) for p in range(1, game.num_players())]
    state = game.new_initial_state()
    while not state.is_terminal():
        player = state.current_player()
        state.apply_action(bot.step(state) if player == 0 else others[player - 1].step(state))
    assert state.meeple.is_over and len(worlds) > 10
    assert state.returns() == expected_returns(state.meeple.result(), 3, False)
