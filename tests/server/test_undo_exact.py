"""The undo a snapshot offers is the undo that succeeds (docs/server.md): in random play of
every game, one person against bots on a real SQLite file, the snapshot's ``undo`` is asked for
at every turn of the person and the referee's answer always agrees with it — taken when
offered, refused (with the policy's reason) when not. "Since your turn" is checked on the way:
its places are places of the seat's board and its lines are words."""

from __future__ import annotations

import importlib
import random
from pathlib import Path

import pytest

from meeple.core import game_class, game_ids
from meeple.server import Store, Tables, sqlite_url
from meeple.server.tables import UndoRefused

GAMES = game_ids()
MOVES = 160


def play(tables: Tables, match: str, rng: random.Random, moves: int) -> tuple[int, int]:
    """Random play, seat 0 a person asking to undo half of its turns; (offered, refused)."""
    offered = refused = 0
    for _ in range(moves):
        snap = tables.snapshot(match, 0)
        if snap["over"]:
            break
        st = tables.get(match).state
        if st.to_act == 0 and rng.random() < 0.5:
            try:
                tables.undo(match, 0, snap["version"])
            except UndoRefused as e:
                assert not snap["undo"], f"undo offered, then refused: {e.code}"
                refused += 1
            else:
                assert snap["undo"], "undo not offered, yet it succeeded"
                offered += 1
                continue
        st = tables.get(match).state
        seat = st.to_act
        assert seat is not None
        action = rng.choice(st.legal_actions())
        tables.act(match, seat, action.text, snap["version"], bot=seat != 0)
    return offered, refused


@pytest.mark.parametrize("game_id", GAMES)
def test_undo_is_offered_exactly_when_it_succeeds(tmp_path: Path, game_id: str) -> None:
    players = game_class(game_id).allowed_players()[0]
    tables = Tables(Store(sqlite_url(str(tmp_path / "m.db"))))
    offered = refused = 0
    for seed in (1, 2):
        made = tables.create(game_id, ["human"] + ["random"] * (players - 1), seed=seed)
        o, r = play(tables, made.match, random.Random(seed), MOVES)
        offered, refused = offered + o, refused + r
    assert offered, f"{game_id}: no undo was ever offered in random play"


@pytest.mark.parametrize("game_id", GAMES)
def test_since_your_turn_names_places_of_the_board(tmp_path: Path, game_id: str) -> None:
    players = game_class(game_id).allowed_players()[0]
    places = importlib.import_module(f"meeple.games.{game_id}.places").places
    tables = Tables(Store(sqlite_url(str(tmp_path / "m.db"))))
    made = tables.create(game_id, ["human"] + ["random"] * (players - 1), seed=3)
    rng, told = random.Random(3), 0
    for _ in range(MOVES):
        snap = tables.snapshot(made.match, 0)
        if snap["over"]:
            break
        st = tables.get(made.match).state
        if st.to_act == 0:
            since = snap["since"]
            assert set(since["places"]) <= places(snap["view"])
            assert all(isinstance(line, str) and line for line in since["lines"])
            told += len(since["lines"])
        else:
            assert "since" not in snap
        seat = st.to_act
        assert seat is not None
        action = rng.choice(st.legal_actions())
        tables.act(made.match, seat, action.text, snap["version"], bot=seat != 0)
    assert told, f"{game_id}: the person was never told what the bots did"
