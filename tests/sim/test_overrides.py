"""Any number without Python: ``--content DIR`` and ``--set FILE.ENTRY.FIELD=VALUE`` change the
content a run is played under, validated as shipped content is; ``meeple content --export``
writes the files to start from; a run knows its overrides and refuses other ones."""

from __future__ import annotations

import json
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

import meeple
from meeple.cli import main
from meeple.content import parse_setting
from meeple.core import ConfigError, ContentError
from meeple.games.myth import Myth
from meeple.sim.fingerprint import overridden
from meeple.sim.report import headline
from meeple.sim.rundir import RulesChanged
from meeple.sim.simulate import RunSpec, make_spec, play_chunk, simulate

ADVENTURERS = ("ashir", "violet", "victor", "garret", "devite", "rene", "torsher", "elizabeth")
#: Every adventurer starts one coin short of the gold target: games end on the first turn.
RICH = tuple(f"adventurers.{a}.capital=49" for a in ADVENTURERS)


def run(spec: RunSpec, games: int, out: Path) -> dict[str, Any]:
    return simulate(spec, games, out, jobs=1, progress=False, report=False)


def cli(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def sim_args(out: Path, *more: str, games: int = 4) -> list[str]:
    return ["simulate", "grabhit", "-n", str(games), "--out", str(out), "--no-progress",
            "--json", "--jobs", "1", *more]


def test_a_set_value_is_read_as_toml_and_changes_the_loaded_content() -> None:
    assert parse_setting("heroes.heron_guard.attack=[40, 44,48]").value == [40, 44, 48]
    assert parse_setting("green.witch.buy_scroll.price=3").key == "witch.buy_scroll.price"
    def attack() -> tuple[int, ...]:
        game = meeple.load("myth")
        assert isinstance(game, Myth)
        return game.content.heroes["heron_guard"].attack

    with overridden("myth", None, ["heroes.heron_guard.attack=[40,44,48]"]):
        assert attack() == (40, 44, 48)
    assert attack() != (40, 44, 48)


def test_set_values_change_how_the_games_go(tmp_path: Path) -> None:
    shipped = run(make_spec("grabhit", seed=1), 4, tmp_path / "shipped")
    rich = run(make_spec("grabhit", seed=1, sets=RICH), 4, tmp_path / "rich")
    assert shipped["length"]["turns"]["median"] > 0
    assert rich["length"]["turns"]["max"] == 0  # every game won before the first turn ends
    assert [e["reason"] for e in rich["endings"]] == ["gold-target"]


@pytest.mark.parametrize(("value", "entry", "field", "words"), [
    ("adventurers.ashir.capital=-5", "ashir", "capital", "greater than or equal to 0"),
    ("adventurers.ashir.capitl=5", "ashir", "capitl", "its fields are: id, name"),
    ("adventurers.ashr.capital=5", "ashr", "capital", "its entries: ashir, devite"),
    ("adventurer.ashir.capital=5", "ashir", "capital", "its files: adventurers, blue"),
    ("adventurers.ashir.capital=[5", "ashir", "capital", "not a TOML value"),
])
def test_a_broken_set_value_names_file_entry_and_field_and_nothing_runs(
        tmp_path: Path, value: str, entry: str, field: str, words: str) -> None:
    with pytest.raises(ContentError) as err:
        make_spec("grabhit", sets=[value])
    assert (err.value.entry, err.value.field) == (entry, field)
    assert err.value.file.removeprefix("grabhit/content/").startswith("adventurer")
    assert words in str(err.value)
    refused = cli(*sim_args(tmp_path / "run", "--set", value))
    assert refused.exit_code == 2
    assert words in refused.output and "Traceback" not in refused.output
    assert not (tmp_path / "run").exists()  # refused before the run directory is made


def test_a_malformed_or_repeated_set_is_refused() -> None:
    with pytest.raises(ContentError, match=r"FILE\.ENTRY\.FIELD=VALUE"):
        make_spec("grabhit", sets=["adventurers.ashir"])
    with pytest.raises(ConfigError, match="given twice"):
        make_spec("grabhit", sets=["adventurers.ashir.life=3", "adventurers.ashir.life=4"])
    with pytest.raises(ContentError, match="tictactoe has no content file"):
        make_spec("tictactoe", sets=["cards.x.y=1"])


def test_export_then_content_plays_the_same_records_as_shipped(tmp_path: Path) -> None:
    export = tmp_path / "mine"
    written = cli("content", "grabhit", "--export", str(export))
    assert written.exit_code == 0, written.output
    assert sorted(p.name for p in export.iterdir()) == [
        "adventurers.toml", "blue.toml", "green.toml", "red.toml", "wheel.toml"]
    run(make_spec("grabhit"), 4, tmp_path / "shipped")
    copied = run(make_spec("grabhit", content=export), 4, tmp_path / "copy")
    assert (tmp_path / "copy" / "records.jsonl").read_bytes() \
        == (tmp_path / "shipped" / "records.jsonl").read_bytes()
    assert copied["run"]["fingerprint"]["folder"] == str(export.resolve())
    with pytest.raises(RulesChanged, match=r"the content is read from the game's own folder, "
                                           r"the run read it from .*mine"):
        run(make_spec("grabhit"), 5, tmp_path / "copy")
    again = cli("content", "grabhit", "--export", str(export))
    assert again.exit_code == 2 and "not empty" in again.output
    assert cli("content", "grabhit", "--export", str(export), "--force").exit_code == 0
    assert cli("content", "tictactoe", "--export", str(tmp_path / "t")).exit_code == 2


def test_a_broken_content_folder_names_file_entry_and_field(tmp_path: Path) -> None:
    export = tmp_path / "mine"
    assert cli("content", "grabhit", "--export", str(export)).exit_code == 0
    text = (export / "adventurers.toml").read_text("utf-8")
    (export / "adventurers.toml").write_text(text.replace("life = 5", "life = 0", 1), "utf-8")
    with pytest.raises(ContentError) as err:
        make_spec("grabhit", content=export)
    assert (err.value.file, err.value.entry, err.value.field) \
        == ("grabhit/content/adventurers.toml", "ashir", "life")
    assert str(export) in str(err.value)  # which folder was read
    refused = cli(*sim_args(tmp_path / "run", "--content", str(export)))
    assert refused.exit_code == 2 and "'ashir', field 'life'" in refused.output
    assert not (tmp_path / "run").exists()


def test_overrides_are_in_the_header_and_a_resume_with_others_is_refused(
        tmp_path: Path) -> None:
    out = tmp_path / "run"
    summary = run(make_spec("grabhit", sets=RICH[:2]), 3, out)
    assert summary["run"]["fingerprint"]["set"] == list(RICH[:2])
    assert "Content values set (--set): adventurers.ashir.capital=49, adventurers.violet" \
        ".capital=49" in headline(summary)  # the terminal's and report.html's header
    assert run(make_spec("grabhit", sets=RICH[:2]), 4, out)["games"]["done"] == 4
    before = (out / "records.jsonl").read_bytes()
    other = [RICH[0], "adventurers.violet.capital=30"]
    with pytest.raises(RulesChanged) as refused:
        run(make_spec("grabhit", sets=other), 5, out)
    assert "adventurers.violet.capital is 30, the run had 49" in str(refused.value)
    with pytest.raises(RulesChanged, match=r"adventurers\.ashir\.capital is not set"):
        run(make_spec("grabhit"), 5, out)
    assert (out / "records.jsonl").read_bytes() == before
    cut = cli(*sim_args(out, "--set", RICH[0], games=5))
    assert cut.exit_code == 2 and "the values set with --set changed" in cut.output


def test_set_values_reach_every_worker_process(tmp_path: Path) -> None:
    spec = make_spec("grabhit", seed=2, sets=RICH[:3])
    run(spec, 4, tmp_path / "one")
    simulate(spec, 4, tmp_path / "two", jobs=2, progress=False, report=False)
    serial = (tmp_path / "one" / "records.jsonl").read_text("utf-8")
    assert (tmp_path / "two" / "records.jsonl").read_text("utf-8") == serial
    # A spawned worker (as on Ray, or where fork does not exist) inherits nothing.
    with ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn")) as pool:
        chunk = pool.submit(play_chunk, spec, 0, [0, 1, 2, 3]).result()
    assert chunk.text == serial


def test_vary_goes_with_set_and_a_content_value_cannot_be_varied(tmp_path: Path) -> None:
    spec = make_spec("grabhit", sets=RICH, vary={"gold_target": ["30", "60"]})
    both = run(spec, 4, tmp_path / "run")
    assert both["run"]["vary"] == {"gold_target": [30, 60]}
    assert [e["reason"] for e in both["endings"]] == ["gold-target"]
    refused = cli(*sim_args(tmp_path / "other", "--vary", "adventurers.ashir.capital=5,9"))
    assert refused.exit_code == 2 and "run once per value with --set" in refused.output


def test_arena_and_play_take_the_same_options(tmp_path: Path) -> None:
    out = tmp_path / "arena"
    args = ["arena", "grabhit", "--seats", "random,random", "--games", "2", "--json",
            "--out", str(out)]
    played = cli(*args, "--set", RICH[0])
    assert played.exit_code == 0, played.output
    assert json.loads((out / "run.json").read_text())["overrides"]["set"] == [RICH[0]]
    assert cli(*args).exit_code == 2  # a resume without the run's overrides
    broken = cli("play", "grabhit", "--seats", "random,random", "--set",
                 "adventurers.ashir.life=0")
    assert broken.exit_code == 2 and "'ashir', field 'life'" in broken.output
