"""The State base: validation, errors, logs, views and records, checked on real games."""

from __future__ import annotations

import json

import pytest

import meeple
from meeple.core import (
    Action,
    ConfigError,
    GameNotOver,
    IllegalAction,
    RecordError,
    game_class,
)
from meeple.games.tictactoe.verbs import Cell, Mark


def test_load_rejects_unknown_game_bad_player_count_and_unknown_option() -> None:
    with pytest.raises(ConfigError, match=r"unknown game 'chess'.*tictactoe"):
        meeple.load("chess")
    with pytest.raises(ConfigError, match="played by 2 players, not 3"):
        meeple.load("tictactoe", players=3)
    with pytest.raises(ConfigError, match="unknown option 'speed'"):
        meeple.load("tictactoe", options={"speed": 3})
    with pytest.raises(ConfigError, match="hand_size' must be at most 5"):
        game_class("_template")(players=2, options={"hand_size": 9})
    with pytest.raises(ConfigError, match="must be int"):
        game_class("_template")(players=2, options={"hand_size": "many"})


def test_options_are_coerced_and_defaults_filled() -> None:
    g = game_class("_template")(players=3, options={"hand_size": "2"})
    assert g.config == {"hand_size": 2}
    assert game_class("_template")(players=2).config == {"hand_size": 3}


def test_games_lists_ids_names_players_and_options() -> None:
    infos = {g["id"]: g for g in meeple.list_games()}
    assert infos["tictactoe"]["name_ru"] == "Крестики-нолики"
    assert (infos["tictactoe"]["min_players"], infos["tictactoe"]["max_players"]) == (2, 2)
    assert "_template" not in infos  # the skeleton is tested, not offered


def test_meeple_games_is_the_package_of_the_games_and_nothing_else() -> None:
    import types

    import meeple.games

    assert type(meeple.games) is types.ModuleType and not callable(meeple.games)
    assert [g["id"] for g in meeple.list_games()] == meeple.game_ids()


def test_illegal_action_names_the_legal_ones_and_changes_nothing() -> None:
    s = meeple.load("tictactoe").new_state(seed=1)
    s.apply("mark b2")
    before = s.to_json()
    with pytest.raises(IllegalAction) as err:
        s.apply("mark b2")
    assert "'mark b2' is not legal now" in err.value.reason
    assert "mark a1" in err.value.reason
    assert s.to_json() == before
    assert s.check("mark b2") == err.value.reason
    assert s.check("mark a1") is None


def test_parse_forgives_case_and_spaces_but_not_other_words() -> None:
    s = meeple.load("tictactoe").new_state(seed=1)
    assert s.parse("  MARK   c3 ") == Action("mark c3", Mark(Cell(8)))
    with pytest.raises(IllegalAction):
        s.parse("mark d4")


def test_finished_game_refuses_actions_and_reports_the_winner() -> None:
    s = meeple.load("tictactoe").new_state(seed=0)
    for text in ("mark a1", "mark a2", "mark b1", "mark b2"):
        with pytest.raises(GameNotOver):
            s.result()
        s.apply(text)
    s.apply("mark c1")  # X completes the top row
    assert s.is_over and s.to_act is None
    res = s.result()
    assert res.winners == (0,) and res.reason == "three-in-a-row" and res.turns == 5
    assert s.legal_actions() == []
    with pytest.raises(IllegalAction, match="the game is over"):
        s.apply("mark c3")
    assert s.check("mark c3") == "the game is over; no action is legal"
    assert s.evaluate(0) == 1.0 and s.evaluate(1) == 0.0


def test_view_rejects_seats_that_do_not_exist() -> None:
    s = meeple.load("tictactoe").new_state(seed=0)
    with pytest.raises(ConfigError, match=r"seat must be None or 0\.\.1"):
        s.view(2)
    with pytest.raises(ConfigError):
        s.events(-1)


def test_hidden_hands_are_counts_for_others_and_events_are_redacted() -> None:
    s = game_class("_template")(players=2).new_state(seed=3)
    v0, v1, spectator = s.view(0), s.view(1), s.view(None)
    ids = [c.id for c in s.game.content.cards]
    assert v0["hand"] == sorted(ids[c] for c in s.hands[0])
    assert v1["hand"] == sorted(ids[c] for c in s.hands[1])
    assert spectator["hand"] is None and spectator["hand_sizes"] == [3, 3]
    assert "pile" not in json.dumps(v0)  # deck order never shown
    s._emit("secret", to=(0,), others={"note": "hidden"}, card="blaze")
    assert s.events(0)[-1] == {"type": "secret", "card": "blaze"}
    assert s.events(1)[-1] == {"type": "secret", "note": "hidden"}
    assert s.events(None)[-1] == {"type": "secret", "note": "hidden"}


def test_determinize_resamples_only_what_the_seat_cannot_see() -> None:
    s = game_class("_template")(players=3).new_state(seed=8)
    others = [d.view(None) for d in (s.determinize(0, k) for k in range(20))]
    hands = {tuple(sorted(d.hands[1])) for d in (s.determinize(0, k) for k in range(20))}
    assert len(hands) > 1  # another seat's hand really is re-sampled
    assert all(o == s.view(None) for o in others)
    assert all(s.determinize(0, k).hands[0] == s.hands[0] for k in range(20))
    assert s.determinize(0, 4).to_json() == s.determinize(0, 4).to_json()


def test_record_replays_and_a_wrong_result_is_rejected() -> None:
    s = meeple.load("tictactoe").new_state(seed=2)
    while not s.is_over:
        s.apply(s.legal_actions()[-1])
    rec = json.loads(json.dumps(s.record()))
    assert rec["game"] == "tictactoe" and rec["seed"] == 2 and rec["result"]["reason"]
    assert meeple.replay(rec).to_json() == s.to_json()
    bad = dict(rec, result=dict(rec["result"], winners=[1 - rec["result"]["winners"][0]]))
    with pytest.raises(RecordError, match="differs"):
        meeple.replay(bad)


@pytest.mark.parametrize(
    ("record", "message"),
    [
        ([], "must be a JSON object"),
        ({"players": 2}, "no 'game'"),
        ({"game": "nope", "players": 2, "seed": 0, "actions": []}, "cannot be set up"),
        ({"game": "tictactoe", "players": 2, "actions": []}, "no 'seed'"),
        ({"game": "tictactoe", "players": 2, "seed": "x", "actions": []}, "whole number"),
        ({"game": "tictactoe", "players": 2, "seed": 1, "actions": [3]}, "list of action"),
        ({"game": "tictactoe", "players": 2, "seed": 1, "actions": [], "version": "9"},
         "version 9"),
    ],
)
def test_malformed_records_are_rejected_with_a_reason(record: object, message: str) -> None:
    with pytest.raises(RecordError, match=message):
        meeple.replay(record)  # type: ignore[arg-type]


def test_restore_rejects_data_that_is_not_a_state() -> None:
    with pytest.raises(RecordError, match="not a meeple state"):
        meeple.restore({"game": "tictactoe", "players": 2})
    s = meeple.load("tictactoe").new_state(seed=0)
    data = s.to_json()
    del data["fields"]
    with pytest.raises(RecordError, match="malformed"):
        meeple.restore(data)


def test_clone_shares_the_past_but_not_the_future() -> None:
    s = meeple.load("tictactoe").new_state(seed=0)
    s.apply("mark a1")
    c = s.clone()
    c.apply("mark b1")
    assert [str(a) for a in s.actions_taken()] == ["mark a1"]
    assert [str(a) for a in c.actions_taken()] == ["mark a1", "mark b1"]
    assert s.view(None)["board"][0] == "X.."
