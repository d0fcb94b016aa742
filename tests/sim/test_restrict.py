"""``meeple simulate --restrict``: paired arms, the worth table, determinism, the command."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from rich.console import Console

from meeple.cli import main
from meeple.core import ConfigError
from meeple.sim.restrict import Plan, focus_seat, paired, plan, print_table, run

QUIET: dict[str, Any] = {"jobs": 1, "progress": False, "report": False}


def test_the_arms_are_paired_same_seeds_options_and_seats_but_the_measured_one() -> None:
    p = plan("grabhit", ["random!no=use", "random!no=buy"], seats="greedy,random", seed=5,
             players=4)
    assert len(p.arms) == 3  # one unrestricted arm serves both restrictions
    for row in p.rows:
        free, held = p.arms[row.unrestricted], p.arms[row.restricted]
        for i in range(8):
            a, b = free.header(i), held.header(i)
            seat = focus_seat(i, 4)
            assert a["seed"] == b["seed"] and a["options"] == b["options"]
            assert a["seats"][seat] == "random" and b["seats"][seat] == row.spec
            others = [s for k, s in enumerate(a["seats"]) if k != seat]
            assert others == [s for k, s in enumerate(b["seats"]) if k != seat]
            assert sorted(others) == ["greedy", "random", "random"]
        assert sorted({focus_seat(i, 4) for i in range(4)}) == [0, 1, 2, 3]


def test_the_agent_itself_fills_the_other_seats_by_default() -> None:
    p = plan("myth", ["greedy!no=heal"], players=3)
    assert p.rows[0].opponents == ("greedy", "greedy")


@pytest.mark.parametrize(("restricts", "seats", "words"), [
    (["greedy"], None, "forbids nothing"),
    (["greedy!no="], None, "an empty action prefix"),
    (["greedy!not=heal"], None, "unknown agent modifier 'not'"),
    (["greedy!no=heal"], "random,random,random,random", "names the 3 other seats"),
    (["robot!no=heal"], None, "unknown agent 'robot'"),
])
def test_bad_restrictions_are_refused_before_any_game(restricts: list[str], seats: str | None,
                                                      words: str) -> None:
    with pytest.raises(ConfigError, match=words):
        plan("grabhit", restricts, seats=seats, players=4)


def _records(out: Path, arm: str) -> list[dict[str, Any]]:
    return [json.loads(x) for x in (out / arm / "records.jsonl").read_text().splitlines()]


def test_a_tiny_run_gives_the_table_with_intervals_and_is_deterministic(tmp_path: Path) -> None:
    p: Plan = plan("grabhit", ["random!no=use", "random!no=xyzzy"], seed=2, players=3)
    table = run(p, 12, tmp_path / "a", **QUIET)
    rows = {r["restriction"]: r for r in table["rows"]}
    assert set(rows) == {"random!no=use", "random!no=xyzzy"}
    for r in rows.values():
        low, high = r["interval"]
        assert -1 <= low <= r["worth"] <= high <= 1
        assert r["pairs"] + r["failed"] == 12 and r["violations"] == 0
        assert r["decisions"] > 0 and 0 <= r["forced"] <= r["decisions"]
    never = rows["random!no=xyzzy"]  # it never bites: both arms play the very same games
    assert never["changed"] == 0 and never["worth"] == 0 and never["used"]["games"] == 0
    free = _records(tmp_path / "a", never["arms"]["unrestricted"])
    held = _records(tmp_path / "a", never["arms"]["restricted"])
    assert [r["actions"] for r in free] == [r["actions"] for r in held]
    assert [r["seed"] for r in free] == [r["seed"] for r in held]
    assert rows["random!no=use"]["used"]["games"] > 0
    saved = json.loads((tmp_path / "a" / "restrict.json").read_text())
    assert saved == table and (tmp_path / "a" / "report.html").exists()
    again = run(p, 12, tmp_path / "b", **QUIET)
    assert again == table
    for arm in p.arms:
        assert (tmp_path / "a" / arm / "records.jsonl").read_bytes() == \
               (tmp_path / "b" / arm / "records.jsonl").read_bytes()


def test_the_paired_interval() -> None:
    assert paired([]) == (0.0, -1.0, 1.0, 1.0)
    assert paired([0, 0, 0]) == (0.0, 0.0, 0.0, 1.0)
    worth, low, high, p = paired([1, 0, -1, 1, 1, 0, 1, 0])
    assert worth == 0.375 and low < 0 < high and 0.05 < p < 1


def test_the_command_prints_the_table_and_its_json(tmp_path: Path,
                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr("meeple.sim.report.write_report", lambda *a, **k: None)  # the arms'
    args = ["simulate", "grabhit", "--restrict", "random!no=attach", "--restrict",
            "random!no=use", "-n", "6", "-p", "3", "--no-progress", "-j", "1", "--json"]
    result = CliRunner().invoke(main, [*args, "--out", str(tmp_path / "t")])
    assert result.exit_code == 0, result.output
    table = json.loads(result.output)
    assert table["format"] == "meeple-restrict/1" and len(table["rows"]) == 2
    assert all(len(r["interval"]) == 2 for r in table["rows"])
    assert table == json.loads((tmp_path / "t" / "restrict.json").read_text())
    console = Console(width=160, record=True)
    print_table(table, console)
    text = console.export_text()
    assert "random!no=attach" in text and "worth (95%)" in text and "[" in text


@pytest.mark.parametrize(("restrict", "words"), [
    ("random!no=", "an empty action prefix"),
    ("random!avoid=use", "unknown agent modifier 'avoid'"),
    ("random", "forbids nothing"),
])
def test_the_command_refuses_a_malformed_restriction_with_exit_2(tmp_path: Path, restrict: str,
                                                                 words: str) -> None:
    result = CliRunner().invoke(main, ["simulate", "grabhit", "--restrict", restrict, "-n", "2",
                                       "--out", str(tmp_path / "x")])
    assert result.exit_code == 2
    assert words in result.output and "Traceback" not in result.output
    assert not (tmp_path / "x").exists()
