"""The contract every registered game passes, for every player count (DESIGN.md §1–4).

A game added later is tested here without extra code: random playouts end, legality has one
source, bad input changes nothing, text round-trips, state serialises and clones exactly,
determinizing never changes what a seat sees, and records replay or are rejected.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import meeple
from meeple.core import Action, IllegalAction, RecordError, State, game_class
from tests.games.checked import checked_games

CONFIGS = [
    pytest.param(g, p, id=f"{g}-{p}p")
    for g in checked_games()
    for p in game_class(g).allowed_players()
]
MAX_ACTIONS = 200_000


def playout(game: str, players: int, seed: int, checkpoints: int = 8
            ) -> tuple[State, list[State]]:
    """A random game to the end, with clones taken at evenly spread moments."""
    state = meeple.load(game, players=players).new_state(seed=seed)
    chooser = random.Random(seed)
    snaps: list[State] = []
    n = 0
    every = 1
    while not state.is_over:
        if n % every == 0:
            snaps.append(state.clone())
            if len(snaps) >= 2 * checkpoints:
                snaps = snaps[::2]
                every *= 2
        legal = state.legal_actions()
        assert legal, "no legal action while the game is not over"
        state.apply(chooser.choice(legal))
        n += 1
        assert n < MAX_ACTIONS, f"{game} did not end within {MAX_ACTIONS} random actions"
    return state, snaps


def roundtrip(state: State) -> State:
    return meeple.restore(json.loads(json.dumps(state.to_json())))


@pytest.mark.parametrize(("game", "players"), CONFIGS)
def test_random_games_end_with_a_valid_result(game: str, players: int) -> None:
    for seed in range(3):
        state, _ = playout(game, players, seed)
        assert state.legal_actions() == []
        res = state.result()
        assert set(res.winners) <= set(range(players))
        assert len(res.scores) == players
        assert res.reason
        if game_class(game).cooperative:
            assert res.winners in ((), tuple(range(players)))
        json.dumps(res.to_dict())
        json.dumps(state.view(None))


@pytest.mark.parametrize(("game", "players"), CONFIGS)
def test_legality_text_and_bad_input(game: str, players: int) -> None:
    _, snaps = playout(game, players, seed=11)
    previous: list[Action] = []
    for s in snaps:
        legal = s.legal_actions()
        assert legal == s.legal_actions() == s.clone().legal_actions()
        texts = [str(a) for a in legal]
        assert len(set(texts)) == len(texts), "two legal actions share a text"
        for a in legal:
            assert s.parse(str(a)) == a
            assert s.check(a) is None
        before = json.dumps(s.to_json(), sort_keys=True)
        bogus = Action("no such action in any game")
        with pytest.raises(IllegalAction):
            s.apply(bogus)
        assert s.check(bogus)
        for stale in previous:
            if stale not in legal:
                with pytest.raises(IllegalAction):
                    s.apply(stale)
                break
        with pytest.raises(IllegalAction):
            s.parse("no such action in any game")
        assert json.dumps(s.to_json(), sort_keys=True) == before
        previous = legal


@pytest.mark.parametrize(("game", "players"), CONFIGS)
def test_serialisation_clone_and_replay(game: str, players: int) -> None:
    final, snaps = playout(game, players, seed=5)
    for s in [*snaps, final]:
        assert roundtrip(s).to_json() == s.to_json()
    # A clone is independent: playing the original on leaves the clone unchanged.
    mid = snaps[len(snaps) // 2]
    twin = mid.clone()
    frozen = json.dumps(twin.to_json(), sort_keys=True)
    chooser = random.Random(1)
    for _ in range(50):
        if mid.is_over:
            break
        mid.apply(chooser.choice(mid.legal_actions()))
    assert json.dumps(twin.to_json(), sort_keys=True) == frozen
    # A record replays to exactly the same state.
    rec = json.loads(json.dumps(final.record()))
    assert meeple.replay(rec).to_json() == final.to_json()


@pytest.mark.parametrize(("game", "players"), CONFIGS)
def test_tampered_record_names_the_first_bad_action(game: str, players: int) -> None:
    final, _ = playout(game, players, seed=3)
    rec = final.record()
    if not rec["actions"]:
        pytest.skip("a game with no actions")
    k = len(rec["actions"]) // 2
    rec["actions"][k] = "an action nobody can take"
    with pytest.raises(RecordError) as err:
        meeple.replay(rec)
    assert err.value.index == k
    assert f"action {k + 1}" in str(err.value)


@pytest.mark.parametrize(("game", "players"), CONFIGS)
def test_determinize_keeps_each_seats_view(game: str, players: int) -> None:
    _, snaps = playout(game, players, seed=7)
    for s in snaps:
        before = json.dumps(s.to_json(), sort_keys=True)
        for seat in range(players):
            view = s.view(seat)
            for k in range(3):
                d = s.determinize(seat, k)
                assert d.view(seat) == view
                assert d.events(seat) == s.events(seat)
                if not d.is_over:
                    assert d.legal_actions() or d.is_over
        assert json.dumps(s.to_json(), sort_keys=True) == before


@pytest.mark.parametrize(("game", "players"), CONFIGS)
def test_same_seed_same_game_whatever_global_random_does(game: str, players: int) -> None:
    a = meeple.load(game, players=players).new_state(seed=42)
    b = meeple.load(game, players=players).new_state(seed=42)
    chooser = random.Random(0)
    for _ in range(300):
        if a.is_over:
            break
        random.seed(chooser.random())  # scramble the global generator between steps
        action = chooser.choice(a.legal_actions())
        a.apply(action)
        random.random()
        b.apply(str(action))
    assert a.to_json() == b.to_json()
    assert a.events(None) == b.events(None)


@pytest.mark.parametrize(("game", "players"), CONFIGS)
def test_views_are_json_and_hide_nothing_extra_from_the_spectator(game: str,
                                                                   players: int) -> None:
    _, snaps = playout(game, players, seed=9)
    for s in snaps:
        views: list[dict[str, Any]] = [s.view(None)] + [s.view(p) for p in range(players)]
        for v in views:
            assert json.loads(json.dumps(v)) == v
        for seat in (None, *range(players)):
            for e in s.events(seat):
                json.dumps(e)


@pytest.mark.parametrize(("game", "players"), CONFIGS)
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**32))
def test_every_finished_game_is_kept_and_read_back_exactly(game: str, players: int,
                                                           seed: int) -> None:
    # A server keeps a match's final state and reads it back when asked again; the last
    # action may leave fields mid-phase (a weapon that broke on the winning hit).
    final, snaps = playout(game, players, seed, checkpoints=2)
    for s in (*snaps, final):
        assert roundtrip(s).to_json() == s.to_json()


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_any_sequence_of_legal_actions_keeps_the_contract(data: st.DataObject) -> None:
    game = data.draw(st.sampled_from(checked_games()), label="game")
    cls = game_class(game)
    players = data.draw(st.sampled_from(cls.allowed_players()), label="players")
    state = meeple.load(game, players=players).new_state(seed=data.draw(st.integers(0, 2**32)))
    for _ in range(data.draw(st.integers(0, 60), label="steps")):
        if state.is_over:
            break
        legal = state.legal_actions()
        state.apply(legal[data.draw(st.integers(0, len(legal) - 1))])
    assert roundtrip(state).to_json() == state.to_json()
    for seat in range(players):
        assert state.determinize(seat, 1).view(seat) == state.view(seat)
