"""restore, replay and load_json check what they read whole: each refusal names what is wrong."""

from __future__ import annotations

import json
import random
import re
import subprocess
import sys
from pathlib import Path
from typing import Any, cast

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import meeple
from meeple.core import RecordError, State
from meeple.core.records import load_json
from meeple.games.catacombs.state import CatacombsState
from meeple.games.heavens.state import HeavensState


def played(game: str, players: int, actions: int, seed: int = 3) -> State:
    s: State = meeple.load(game, players=players).new_state(seed=seed)
    rng = random.Random(seed)
    for _ in range(actions):
        if s.is_over:
            break
        s.apply(rng.choice(s.legal_actions()))
    return s


def doc(s: State) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(json.dumps(s.to_json()))
    return data


def fields(data: dict[str, Any]) -> dict[str, Any]:
    f: dict[str, Any] = data["fields"]["@d"]
    return f


@pytest.mark.parametrize("game", meeple.game_ids(hidden=True))
def test_a_real_state_restores_exactly_and_owns_its_data(game: str) -> None:
    s = played(game, meeple.load(game).players, 40)
    data = doc(s)
    again = meeple.restore(data)
    assert again.to_json() == s.to_json()
    for v in fields(data).values():  # the document changed afterwards: the state is not
        if isinstance(v, list) and v:
            v.clear()
    assert again.to_json() == s.to_json()


def refusal(data: Any) -> str:
    with pytest.raises(RecordError) as e:
        meeple.restore(data)
    return str(e.value)


def test_fields_missing_extra_or_of_the_wrong_type_are_named() -> None:
    base = doc(played("myth", 2, 30))
    d = json.loads(json.dumps(base))
    del fields(d)["hand"]
    assert refusal(d).startswith("fields: 'hand' is missing")
    d = json.loads(json.dumps(base))
    fields(d)["_private_actions"] = True
    assert "'_private_actions' is not a field of MythState" in refusal(d)
    d = json.loads(json.dumps(base))
    fields(d)["turn"] = "3"
    assert refusal(d) == "fields.turn: expected int, got '3'"
    d = json.loads(json.dumps(base))
    fields(d)["hand"][1] = {"@t": fields(d)["hand"][1]}
    assert refusal(d).startswith("fields.hand[1]: expected list[str]")
    d = json.loads(json.dumps(base))
    fields(d)["quest_pile"] = {"@t": [], "@d": {}}
    assert "an encoded value has one key" in refusal(d)
    d = json.loads(json.dumps(base))
    fields(d)["grid"] = {"@z": []}
    assert refusal(d).startswith("fields.grid: unknown tag '@z'")


def test_ids_and_ranges_only_the_game_knows_are_checked_by_its_hook() -> None:
    d = doc(played("myth", 2, 30))
    fields(d)["hand"][0][0] = "xyz"
    assert refusal(d) == "fields.hand[0][0]: 'xyz' is not a card of myth"
    d = doc(played("catacombs", 3, 30))
    fields(d)["money"][1] = -5
    assert refusal(d) == "fields.money[1]: -5 is not in 0..100000"
    d = doc(played("tictactoe", 2, 2))
    fields(d)["board"] = fields(d)["board"][:5]
    assert refusal(d) == "fields.board: holds 5 cells, the grid has 9"


def test_cat6_a_dwarf_not_yet_at_an_entrance_cannot_be_restored_on_the_board() -> None:
    s = cast(CatacombsState, played("catacombs", 4, 0))
    waiting = s.order[-1]  # CAT-6: entrances are chosen in turn order, so the last waits
    d = doc(s)
    fields(d)["position"][waiting] = 0
    assert refusal(d) == f"fields.position[{waiting}]: 0 for a dwarf who is not set up yet"
    d = doc(played("catacombs", 2, 40))
    seat = fields(d)["alive"].index(True)
    fields(d)["position"][seat] = None  # CAT-11: only a dead dwarf has left the board
    assert refusal(d) == f"fields.position[{seat}]: None for a dwarf who is alive"
    fields(d)["position"][seat] = -1  # no cell, and not the None of a dwarf off the board
    assert refusal(d) == f"fields.position[{seat}]: -1 is not in 0..99"


def test_hvn32_a_character_on_the_heavens_must_stand_or_lie_on_its_hex() -> None:
    s = cast(HeavensState, played("heavens", 4, 60))
    assert s.at  # HVN-32: summoned characters stand on the map
    d = doc(s)
    fields(d)["at"]["@m"] = []
    assert refusal(d).startswith("fields.units[")
    assert "neither at nor fallen_at holds it there once" in refusal(d)


def test_the_base_fields_the_log_and_the_document_itself_are_checked() -> None:
    base = doc(played("_template", 3, 4))
    cases: list[tuple[str, Any, str]] = [
        ("to_act", 3, "fields.to_act must be None or 0..2, got 3"),
        ("n_actions", 9, "fields.n_actions is 9, but the log holds 4 actions"),
        ("players", 2, "fields.players is 2, but the state is of 3"),
    ]
    for key, value, says in cases:
        d = json.loads(json.dumps(base))
        fields(d)[key] = value
        assert refusal(d) == says
    d = json.loads(json.dumps(base))
    d["log"][0] = {"@t": ["A", 7, {"@a": ["x", None]}, None]}
    assert refusal(d).startswith("log[0]: the acting seat must be 0..2, got 7")
    d = json.loads(json.dumps(base))
    d["rng"] = -1
    assert refusal(d).startswith("rng must be a whole number")
    d = json.loads(json.dumps(base))
    d["extra"] = 1
    assert refusal(d).startswith("'extra' is not part of a state")
    d = json.loads(json.dumps(base))
    d["version"] = "99"
    assert "version 99" in refusal(d)
    d = json.loads(json.dumps(base))
    d["options"] = ["x"]
    assert "options must be an object" in refusal(d)
    assert "not a meeple state" in refusal(dict(base, format="meeple-state/9"))
    assert "must be a JSON object" in refusal([base])


def test_deeply_nested_garbage_is_a_record_error() -> None:
    d = doc(played("_template", 2, 2))
    deep: Any = 1
    for _ in range(5000):
        deep = [deep]
    fields(d)["scores"] = deep
    assert "fields.scores" in refusal(d)


# A JSON-ish value that likes the tags: what a careless or hostile writer could put anywhere.
_TAGGED = st.sampled_from(["@t", "@d", "@m", "@s", "@f", "@a", "@x", "a"])
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70) | st.floats() | st.text(max_size=4),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_TAGGED, inner, max_size=2),
    max_leaves=12,
)


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(field=st.sampled_from(["hands", "pile", "scores", "to_act", "seed"]), value=json_values)
def test_any_json_in_a_field_is_refused_or_a_state_that_plays(field: str, value: Any) -> None:
    d = doc(played("_template", 2, 1))
    fields(d)[field] = value
    try:
        s = meeple.restore(d)
    except RecordError:
        return
    for seat in (None, 0, 1):
        s.view(seat)
    while not s.is_over:
        s.apply(s.legal_actions()[0])


# ----------------------------------------------------------------------- load_json
def test_load_json_reads_bytes_and_paths_and_refuses_what_is_not_json(tmp_path: Path) -> None:
    assert load_json(b'{"a": [1]}') == {"a": [1]}
    p = tmp_path / "r.json"
    p.write_bytes(b'{"a": 2}')
    assert load_json(p) == {"a": 2} == load_json(str(p))
    cases = [
        (b'{"game": "caf\xe9"}', "is not UTF-8 text (byte 0xe9 at offset 13)"),
        (b"[" * 3_000_000, "nested too deeply"),
        (b'{"a": NaN}', "NaN is not a number"),
        (b'{"a": ', "is not JSON: Expecting value at line 1, column 7"),
    ]
    for raw, says in cases:
        with pytest.raises(RecordError, match=re.escape(says)):
            load_json(raw)
    with pytest.raises(RecordError, match="cannot be read"):
        load_json(tmp_path / "missing.json")


# ----------------------------------------------------------------------- replay
def finished_record() -> dict[str, Any]:
    s = meeple.load("tictactoe").new_state(seed=2)
    while not s.is_over:
        s.apply(s.legal_actions()[-1])
    rec: dict[str, Any] = json.loads(json.dumps(s.record()))
    return rec


@pytest.mark.parametrize(("change", "says"), [
    ({"format": "meeple-record/9"}, "not a meeple record"),
    ({"result": {"turns": 99}}, r"result\.turns \(99\) differs"),
    ({"result": {"scores": [0.0, 0.0]}}, r"result\.scores \(\[0\.0, 0\.0\]\) differs"),
    ({"result": {"reason": "draw"}}, r"result\.reason \('draw'\) differs"),
    ({"result": {"turns": "x"}}, r"result\.turns must be a whole number"),
    ({"result": {"winners": "0"}}, r"result\.winners must be a list of seats"),
    ({"result": ["won"]}, "result must be an object"),
])
def test_replay_compares_the_whole_result_and_refuses_a_bad_one(change: dict[str, Any],
                                                                 says: str) -> None:
    rec = finished_record()
    meeple.replay(rec)
    for key, value in change.items():
        rec[key] = ({**rec[key], **value} if isinstance(value, dict) and key == "result"
                    else value)
    with pytest.raises(RecordError, match=says):
        meeple.replay(rec)


# ----------------------------------------------------------------------- the command
def meeple_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "meeple.cli", *args], capture_output=True,
                          text=True, timeout=120, check=False)


def test_meeple_replay_refuses_bad_files_and_seats_in_one_line(tmp_path: Path) -> None:
    good = tmp_path / "good.json"
    good.write_text(json.dumps(finished_record()))
    files = {"latin1.json": b'{"game": "caf\xe9"}', "deep.json": b"[" * 3_000_000,
             "format.json": json.dumps({**finished_record(), "format": "x"}).encode(),
             "lines.jsonl": json.dumps(finished_record()).encode() + b"\n[[\n"}
    for name, raw in files.items():
        (tmp_path / name).write_bytes(raw)
    runs: list[tuple[str, ...]] = [(str(tmp_path / n),) for n in files]
    runs += [(str(good), "--seat", "99"), (str(good), "--step", "--seat", "99"),
             (str(good), "--seat", "-1")]
    for args in runs:
        done = meeple_cli("replay", *args)
        assert done.returncode == 2, (args, done.stderr)
        assert done.stderr.count("\n") == 1 and done.stderr.startswith("Error: "), done.stderr
        assert "Traceback" not in done.stderr
    assert "--seat must be 0..1" in meeple_cli("replay", str(good), "--seat", "99").stderr
    ok = meeple_cli("replay", str(good), "--seat", "1")
    assert ok.returncode == 0 and "reproduces" in ok.stdout


class _Unannotated(State):
    """A game written without annotations, as a first game often is."""

    _mutable = ("banked",)

    def _setup(self) -> None:
        self.banked = [0] * self.players
        self.to_act = 0

    def _legal_actions(self) -> list[meeple.Action]:
        return [meeple.Action("hold")]

    def _apply(self, action: meeple.Action) -> None:
        self.banked[self.to_act or 0] += 1
        self.to_act = None

    def _result(self) -> meeple.Result:
        return meeple.Result((0,), (1.0, 0.0), 1, "held")

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {"banked": list(self.banked)}


class _UnannotatedGame(meeple.Game[_Unannotated]):
    id = "unannotated"
    state_class = _Unannotated


def test_a_game_without_annotations_restores_its_fields_as_plain_data_only() -> None:
    game = _UnannotatedGame()
    data = doc(game.new_state(seed=1))
    assert cast(_Unannotated, _Unannotated.from_json(game, data)).banked == [0, 0]
    for name, value in (("_private_actions", True), ("_legal_actions", 1), ("bad key", 1)):
        d = json.loads(json.dumps(data))
        fields(d)[name] = value
        with pytest.raises(RecordError, match=f"{name!r} is not a field of _Unannotated"):
            _Unannotated.from_json(game, d)
    fields(data)["banked"] = {"@x": 1}
    with pytest.raises(RecordError, match=r"fields\.banked: unknown tag '@x'"):
        _Unannotated.from_json(game, data)
