"""Runs know their rules: run.json holds a fingerprint of the code and content a run's games
were played under, and a run is resumed or extended only under the same rules."""

from __future__ import annotations

import json
import shutil
from pathlib import Path
from typing import Any

import pytest

from meeple.content import folder, use_folder
from meeple.core import ConfigError
from meeple.sim.rundir import RulesChanged
from meeple.sim.simulate import RunSpec, make_spec, simulate

MYTH = "meeple.games.myth"


def run(spec: RunSpec, games: int, out: Path) -> dict[str, Any]:
    return simulate(spec, games, out, jobs=1, progress=False, report=False)


@pytest.fixture
def myth_copy(tmp_path: Path) -> Path:
    """A copy of Myth's shipped content folder (the shipped one is never edited)."""
    copy = tmp_path / "myth-content"
    shutil.copytree(str(folder(MYTH)), copy)
    return copy


def raise_archer_attack(content: Path) -> None:
    heroes = content / "heroes.toml"
    text = heroes.read_text("utf-8")
    assert "attack = [24, 28, 32]" in text
    heroes.write_text(text.replace("attack = [24, 28, 32]", "attack = [30, 34, 38]", 1), "utf-8")


def test_the_fingerprint_holds_version_engine_code_and_content() -> None:
    found = make_spec("myth").fingerprint
    assert found is not None
    assert set(found) == {"meeple", "engine", "code", "content"}
    assert "battle.py" in found["code"] and "heroes.toml" in found["content"]
    assert make_spec("tictactoe").fingerprint["content"] == {}  # type: ignore[index]


def test_a_content_edit_changes_the_fingerprint(myth_copy: Path) -> None:
    shipped = make_spec("myth").fingerprint
    with use_folder(MYTH, myth_copy):
        same = make_spec("myth").fingerprint
    raise_archer_attack(myth_copy)
    with use_folder(MYTH, myth_copy):
        edited = make_spec("myth").fingerprint
    assert same == shipped
    assert edited is not None and shipped is not None
    assert edited != shipped
    assert {k for k in edited["content"] if edited["content"][k] != shipped["content"][k]} \
        == {"heroes.toml"}


def test_a_stale_rerun_is_refused_naming_the_file_and_an_unchanged_one_resumes(
        tmp_path: Path, myth_copy: Path) -> None:
    out = tmp_path / "run"
    with use_folder(MYTH, myth_copy):
        run(make_spec("myth", seed=3), 4, out)
        summary = run(make_spec("myth", seed=3), 6, out)  # unchanged: extended
    assert summary["games"]["done"] == 6 and summary["timing"]["games_played"] == 2
    assert json.loads((out / "run.json").read_text())["fingerprint"]["content"]
    before = (out / "records.jsonl").read_bytes()
    raise_archer_attack(myth_copy)
    with use_folder(MYTH, myth_copy), pytest.raises(RulesChanged) as refused:
        run(make_spec("myth", seed=3), 8, out)
    message = str(refused.value)
    assert "the content of myth changed: heroes.toml" in message
    assert "another --out" in message
    assert isinstance(refused.value, ConfigError)  # the command's one line and exit code 2
    assert (out / "records.jsonl").read_bytes() == before
    with use_folder(MYTH, myth_copy), pytest.raises(RulesChanged):
        run(make_spec("myth", seed=3), 6, out)  # resuming, too, is refused


def test_a_code_change_is_named_by_its_file(tmp_path: Path) -> None:
    spec = make_spec("tictactoe", seed=1)
    run(spec, 3, tmp_path)
    assert spec.fingerprint is not None
    code = {**spec.fingerprint["code"], "state.py": "0" * 16}
    other = RunSpec(**{**spec.__dict__, "fingerprint": {**spec.fingerprint, "code": code}})
    with pytest.raises(RulesChanged, match=r"the code of tictactoe changed: state\.py"):
        run(other, 3, tmp_path)


def test_a_run_that_predates_fingerprints_is_refused_with_why(tmp_path: Path) -> None:
    spec = make_spec("tictactoe", seed=1)
    run(spec, 3, tmp_path)
    params = json.loads((tmp_path / "run.json").read_text())
    del params["fingerprint"]
    (tmp_path / "run.json").write_text(json.dumps(params))
    with pytest.raises(RulesChanged, match="predates fingerprints"):
        run(spec, 5, tmp_path)


def test_the_command_refuses_a_stale_run_in_one_line(tmp_path: Path, myth_copy: Path) -> None:
    from click.testing import CliRunner

    from meeple.cli import main

    out = tmp_path / "run"
    args = ["simulate", "myth", "-n", "2", "--out", str(out), "--no-progress", "--json",
            "--jobs", "1"]
    with use_folder(MYTH, myth_copy):
        assert CliRunner().invoke(main, args).exit_code == 0
        raise_archer_attack(myth_copy)
    with use_folder(MYTH, myth_copy):
        refused = CliRunner().invoke(main, args)
    assert refused.exit_code == 2
    assert "the content of myth changed: heroes.toml" in refused.output
