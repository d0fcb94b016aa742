"""Names, not ids: the report, its page and ``meeple compare`` show a role by its name in the
game's catalogue and an ending in words, while the JSON keeps the ids (meeple.sim.names)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from rich.console import Console

from meeple.cli import main
from meeple.sim import report
from meeple.sim.compare import compare, print_comparison
from meeple.sim.names import Names, shown
from meeple.sim.simulate import make_spec, simulate


def test_a_role_is_named_by_the_games_catalogue_and_else_in_plain_words() -> None:
    assert Names.of("andor").role("archer") == "The archer Chada"
    assert Names.of("myth").role("heron_guard") == "Heron Guard"
    assert Names.of("heavens").role("pantheon: greek") == "pantheon: Greek Pantheon"
    assert Names.of("myth").role("no_such_hero") == "no such hero"
    assert Names.of("no-such-game").role("heron_guard") == "heron guard"


def test_an_ending_reads_as_words_and_a_failure_as_it_is() -> None:
    assert Names.reason("castle-overrun") == "castle overrun"
    assert Names.reason("gold_target") == "gold target"
    assert Names.reason("error: TooLong") == "error: TooLong"
    names = Names.of("myth")
    assert names.row("role at turn_limit=30", "heron_guard") == "Heron Guard"
    assert names.row("ending at turn_limit=30", "last-hero") == "last hero"
    assert names.row("seat", "seat 0") == "seat 0"
    assert names.label("role: heron_guard (team)") == "role: Heron Guard (team)"


def myth(out: Path, seats: str) -> dict[str, Any]:
    spec = make_spec("myth", seats=seats, players=3, seed=4, rotate=False)
    return simulate(spec, 12, out, jobs=1, progress=False)


def test_a_real_report_shows_names_and_its_summary_keeps_the_ids(tmp_path: Path) -> None:
    summary = myth(tmp_path, "random")
    before = json.dumps(summary, sort_keys=True)
    console = Console(width=200, record=True, color_system=None)
    report.print_tables(summary, console)
    text = console.export_text()
    assert json.dumps(summary, sort_keys=True) == before  # only the words people read change
    names = Names.of("myth")
    roles = [r["name"] for r in summary["roles"]]
    assert roles and all(names.catalogue[r] for r in roles)  # ids of the catalogue
    page = (tmp_path / "report.html").read_text("utf-8")
    for role in roles:
        assert f"│ {names.role(role)} " in text and f">{names.role(role)}<" in page
        assert f"│ {role} " not in text and f">{role}<" not in page
    for ending in summary["endings"]:
        words = ending["reason"].replace("-", " ")
        assert re.search(rf"│ {words} +│", text) and f">{words}<" in page
    assert [r["name"] for r in shown(summary)["roles"]] == [names.role(r) for r in roles]


def test_compare_shows_names_and_its_json_keeps_the_ids(tmp_path: Path) -> None:
    myth(tmp_path / "a", "random")
    myth(tmp_path / "b", "greedy,random")
    data = CliRunner().invoke(main, ["compare", str(tmp_path / "a"), str(tmp_path / "b"),
                                     "--json"])
    assert data.exit_code == 0, data.output
    rows = json.loads(data.output)["rows"]
    console = Console(width=200, record=True, color_system=None)
    print_comparison(compare(tmp_path / "a", tmp_path / "b"), console, rows=100)
    text = console.export_text()
    names = Names.of("myth")
    roles = [r["name"] for r in rows if r["category"] == "role"]
    endings = [r["name"] for r in rows if r["category"] == "ending"]
    assert roles and endings and all(r in names.catalogue for r in roles)
    for role in roles:
        assert f"role: {names.role(role)}" in text
        assert f"role: {role} " not in text
    for ending in endings:
        assert f"ending: {ending.replace('-', ' ')}" in text
