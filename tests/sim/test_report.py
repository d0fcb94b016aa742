"""The balance report: what the summary counts, the terminal tables and report.html."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from meeple.sim import report
from meeple.sim.page import data_uri
from meeple.sim.simulate import make_spec, simulate
from meeple.sim.tally import Tally, role_names


def run(game: str, games: int, out: Path, **kw: Any) -> dict[str, Any]:
    spec = make_spec(game, seats=kw.pop("seats", "random"), players=kw.pop("players", None),
                     vary=kw.pop("vary", None), seed=kw.pop("seed", 1))
    return simulate(spec, games, out, jobs=1, progress=False, **kw)


def terminal(summary: dict[str, Any], width: int = 110) -> str:
    console = Console(width=width, record=True, color_system=None)
    report.print_tables(summary, console)
    return console.export_text()


def test_tictactoe_shows_the_first_player_advantage(tmp_path: Path) -> None:
    summary = run("tictactoe", 400, tmp_path, report=False)
    seat0, seat1 = summary["seats"]
    # Random tic-tac-toe: X wins about 58%, O about 29%, 13% draws.
    assert seat0["low"] > summary["even_share"] > seat1["high"]
    assert summary["first_player"]["name"] == "1st to act"
    assert summary["first_player"]["wins"] == seat0["wins"]
    names = {(s["category"], s["name"], s["verdict"]) for s in summary["suspicious"]}
    assert {("seat", "seat 0", "above"), ("seat", "seat 1", "below")} <= names
    assert not any(c == "turn order" for c, _, _ in names)  # the same rows as the seats'
    assert {e["reason"] for e in summary["endings"]} == {"three-in-a-row", "draw"}
    assert summary["games"]["without_winner"] == sum(e["count"] for e in summary["endings"]
                                            if e["reason"] == "draw")
    turns = summary["length"]["turns"]
    assert 5 <= turns["min"] <= turns["median"] <= turns["max"] <= 9
    assert sum(c for _, c in turns["histogram"]) == 400
    kinds = summary["action_kinds"]
    assert [k["name"] for k in kinds] == ["mark"] and kinds[0]["n"] == 800
    assert len(summary["action_texts"]) == 9
    assert sum(t["uses"] for t in summary["action_texts"]) == kinds[0]["uses"]


def test_roles_come_from_the_result_and_are_rated(tmp_path: Path, test_games: None) -> None:
    summary = run("_roles", 200, tmp_path, report=False)
    roles = {r["name"]: r for r in summary["roles"]}
    assert set(roles) == {"knight", "wizard"}
    assert roles["knight"]["n"] == roles["wizard"]["n"] == 200
    wins = sum(s["wins"] for s in summary["seats"])
    assert roles["knight"]["wins"] + roles["wizard"]["wins"] == wins


def test_role_shapes_are_read_or_ignored() -> None:
    assert role_names({"roles": ["a", "b"]}, 2) == [["a"], ["b"]]
    assert role_names({"roles": [["a", "Zeus"], ["b"]]}, 2) == [["a", "Zeus"], ["b"]]
    assert role_names({"roles": {"hero": ["a", "b"], "pantheon": ["Zeus", None]}}, 2) == \
        [["hero: a", "pantheon: Zeus"], ["hero: b"]]
    assert role_names({"roles": ["a"]}, 2) == [[], []]  # not one per seat
    assert role_names({}, 2) == [[], []]
    assert role_names(None, 2) == [[], []]


def test_varied_options_are_compared_against_their_own_games(tmp_path: Path) -> None:
    summary = run("_template", 300, tmp_path, players=3, vary={"hand_size": [2, 5]},
                  report=False)
    rows = {r["name"]: r for r in summary["options"]}
    assert set(rows) == {f"hand_size={v} · seat {s}" for v in (2, 5) for s in range(3)}
    assert all(r["n"] == 150 for r in rows.values())
    for v in (2, 5):
        wins = sum(rows[f"hand_size={v} · seat {s}"]["wins"] for s in range(3))
        assert rows[f"hand_size={v} · seat 0"]["even"] == pytest.approx(wins / 450)


def test_tallies_add_up_the_same_however_games_are_split(tmp_path: Path) -> None:
    run("_template", 60, tmp_path, players=3, report=False)
    lines = [json.loads(x) for x in (tmp_path / "records.jsonl").read_text().splitlines()]
    whole, left, right = Tally(), Tally(), Tally()
    for line in lines:
        whole.add(line)
    for line in lines[:25]:
        left.add(line)
    for line in lines[25:]:
        right.add(line)
    right.merge(left)
    assert right.summary() == whole.summary()


def test_the_terminal_report_has_every_section(tmp_path: Path, test_games: None) -> None:
    summary = run("_roles", 300, tmp_path, report=False)
    text = terminal(summary)
    for title in ("Win rate by seat", "Win rate by role", "Win rate by turn order",
                  "Actions by kind", "Most used actions", "Game length", "How games ended",
                  "Balance rows off the even share"):
        assert title in text
    assert "│ knight │ 300 │" in text and "│ mark b2 │" in text


def synthetic(wins0: int, wins1: int, games: int) -> dict[str, Any]:
    """A two-seat run where seat 0 wins ``wins0`` games and seat 1 ``wins1``, in order."""
    tally = Tally()
    for i in range(games):
        winners = [0] if i < wins0 else [1] if i < wins0 + wins1 else []
        tally.add({"players": 2, "seats": ["random", "random"], "actions": ["go", "go"],
                   "actors": [0, 1], "result": {"winners": winners, "turns": 1,
                                                "reason": "finish" if winners else "draw"}})
    spec = make_spec("tictactoe")
    return {"run": spec.params(), **tally.summary(),
            "games": {**tally.summary()["games"], "requested": games}}


def test_the_seat_table_reads_exactly_so() -> None:
    text = terminal(synthetic(70, 20, 100), width=80)
    table = text[text.index("Win rate by seat"):text.index("Win rate by turn order")]
    assert [line.rstrip() for line in table.splitlines()] == [
        "Win rate by seat",
        "┏━━━━━━━━┳━━━━━┳━━━━━━┳━━━━━━━━━━━━━━━━━━━┳━━━┓",
        "┃ seat   ┃   n ┃ wins ┃    win rate (95%) ┃   ┃",
        "┡━━━━━━━━╇━━━━━╇━━━━━━╇━━━━━━━━━━━━━━━━━━━╇━━━┩",
        "│ seat 0 │ 100 │   70 │ 70.0% (60.4–78.1) │ ▲ │",
        "│ seat 1 │ 100 │   20 │ 20.0% (13.3–28.9) │ ▼ │",
        "└────────┴─────┴──────┴───────────────────┴───┘",
    ]
    assert "Even share: 45.0%" in text


def test_the_terminal_report_lists_failures(tmp_path: Path, test_games: None) -> None:
    summary = run("_boom", 20, tmp_path, report=False)
    text = terminal(summary)
    assert "Failed games" in text and "RuntimeError: the board caught fire" in text


@pytest.mark.skipif(importlib.util.find_spec("matplotlib") is None,
                    reason="matplotlib is not installed")
def test_the_html_report_shows_plots(tmp_path: Path) -> None:
    run("_template", 100, tmp_path, players=3, vary={"hand_size": [2, 3]})
    html = (tmp_path / "report.html").read_text("utf-8")
    assert "<h1>Balance report: _template</h1>" in html
    for png in ("seats", "options", "turn_order", "action_kinds", "length", "endings"):
        saved = (tmp_path / "plots" / f"{png}.png").read_bytes()
        assert saved.startswith(b"\x89PNG")
        assert f'src="{data_uri(saved)}"' in html  # embedded: the page stands alone
    assert report.PLOTS_HINT not in html
    assert "hand_size=3 · seat 2" in html


def test_without_matplotlib_the_html_report_says_how_to_get_plots(
        tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(report, "_matplotlib", lambda: None)
    summary = run("tictactoe", 50, tmp_path)
    html = (tmp_path / "report.html").read_text("utf-8")
    assert "pip install &#x27;meeple[report]&#x27;" in html
    assert "<img" not in html and not (tmp_path / "plots").exists()
    wins = summary["seats"][0]["wins"]
    assert f"<td>seat 0</td><td class=num>50</td><td class=num>{wins}</td>" in html
    assert "three in a row" in html and "three-in-a-row" not in html  # words, not ids


def test_a_cooperative_headline_gives_the_team_its_one_number(tmp_path: Path) -> None:
    summary = run("andor", 6, tmp_path, report=False)
    lines = report.headline(summary)
    team = [line for line in lines if line.startswith("The team won")]
    assert team == [f"The team won {report.pct(summary['even_share'])} of the 6 games (every "
                    "seat wins or loses together); intervals are 95% Wilson intervals."]
    assert not any("seat-games" in line or "balance rows" in line or "without a winner" in line
                   for line in lines)
    text = terminal(summary)
    assert "The team won" in text and "even share" not in text.lower()
