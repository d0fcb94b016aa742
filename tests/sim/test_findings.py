"""Statistics designers can trust: teams counted per game, Holm's correction over each list,
balance rows apart from action rows, and each value of a varied option on its own."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

from meeple.sim import report
from meeple.sim.counts import Roles, value_order
from meeple.sim.findings import find
from meeple.sim.simulate import make_spec, simulate
from meeple.sim.stats import excludes, holm, score_p, wilson


def run(game: str, games: int, out: Path, **kw: Any) -> dict[str, Any]:
    spec = make_spec(game, seats="random", players=kw.pop("players", None),
                     vary=kw.pop("vary", None), seed=kw.pop("seed", 1))
    return simulate(spec, games, out, jobs=1, progress=False, report=False)


def terminal(summary: dict[str, Any]) -> str:
    console = Console(width=200, record=True, color_system=None)
    report.print_tables(summary, console)
    return console.export_text()


# ----------------------------------------------------------------------------- Holm
def test_holm_on_known_p_values() -> None:
    # m = 4: 0.01·4 = 0.04, 0.03·3 = 0.09, 0.04·2 = 0.08 -> kept at 0.09, 0.5·1 = 0.5
    assert holm([0.01, 0.04, 0.03, 0.5]) == [0.04, 0.09, 0.09, 0.5]
    assert holm([0.2, 0.9]) == [0.4, 0.9]
    assert holm([0.6, 0.7]) == [1.0, 1.0]
    assert holm([]) == []


def test_the_score_test_is_the_one_the_wilson_interval_inverts() -> None:
    rng = random.Random(5)
    for _ in range(2000):
        n = rng.randint(1, 400)
        wins, p0 = rng.randint(0, n), rng.uniform(0.05, 0.95)
        assert (score_p(wins, n, p0) < 0.05) == excludes(wilson(wins, n, z=1.959964), p0)
    assert score_p(5, 10, 0.5) == 1.0 and score_p(0, 0, 0.5) == 1.0


def rows(rates: list[tuple[int, int]]) -> list[dict[str, Any]]:
    return [{"name": f"seat {k}", "n": n, "wins": w, "rate": w / n,
             "low": wilson(w, n)[0], "high": wilson(w, n)[1]} for k, (w, n) in enumerate(rates)]


def test_a_narrow_miss_among_many_rows_is_not_listed_but_a_clear_one_is() -> None:
    # 20 roles at 50%: one at 150 of 250 (p ≈ 0.0016), one at 62 of 100 (p ≈ 0.016).
    summary: dict[str, Any] = {"even_share": 0.5, "seats": [], "turn_order": [],
                               "roles": rows([(150, 250), (62, 100)] + [(50, 100)] * 18),
                               "action_kinds": rows([(70, 100)])}
    find(summary)
    clear, narrow = summary["roles"][:2]
    assert excludes((narrow["low"], narrow["high"]), 0.5)  # its own interval misses
    assert narrow["p"] < 0.05 < narrow["p_adjusted"]
    assert clear["p_adjusted"] == pytest.approx(20 * clear["p"])
    assert [r["name"] for r in summary["suspicious"]] == ["seat 0"]
    assert summary["suspicious"][0]["verdict"] == "above"
    assert summary["tests"]["balance_rows"] == 20 and summary["tests"]["action_rows"] == 1
    assert [r["category"] for r in summary["suspicious_actions"]] == ["action"]
    assert report.mark(clear, 0.5) == "▲" and report.mark(narrow, 0.5) == "△"


def test_action_rows_are_listed_apart_from_balance_rows(tmp_path: Path) -> None:
    summary = run("tictactoe", 300, tmp_path)
    assert {r["category"] for r in summary["suspicious"]} == {"seat"}
    assert {r["category"] for r in summary["suspicious_actions"]} <= {"action", "action text"}
    assert summary["suspicious_actions"]  # the centre square goes with winning
    text = terminal(summary)
    assert "Balance rows off the even share: Holm's correction over 2 rows" in text
    assert "correlation, not cause" in text
    for r in summary["suspicious"] + summary["suspicious_actions"]:
        assert report.p_text(r["p_adjusted"]) in text and report.interval(r) in text


# ----------------------------------------------------------------------------- teams
def test_a_team_role_counts_games_not_seats(tmp_path: Path) -> None:
    games = 40
    summary = run("heavens", games, tmp_path, players=4)
    roles = summary["roles"]
    assert len(roles) == 2 and all(r["team"] for r in roles)
    assert sum(r["n"] for r in roles) == 2 * games  # two pantheons a game, one trial each
    decided = sum(e["count"] for e in summary["endings"] if e["reason"] != "round-limit")
    assert sum(r["wins"] for r in roles) == decided
    for r in roles:
        assert (r["low"], r["high"]) == wilson(r["wins"], games)
    text = terminal(summary)  # a pantheon by its name in the catalogue, not its id
    assert "Greek Pantheon (team)" in text and "greek (team)" not in text
    assert report.TEAM_NOTE in text
    two = run("heavens", 20, tmp_path / "two", players=2)
    assert not any(r.get("team") for r in two["roles"])


def test_rivals_sharing_a_role_stay_one_trial_each() -> None:
    roles = Roles()
    roles.add([["door"], ["door"], ["hall"]], {0})  # the two at the door did not share a fate
    roles.add([["door"], ["door"], ["hall"]], set())
    assert roles.teams() == set()
    door = roles.rows(roles.teams())[0]
    assert (door["name"], door["n"], door["wins"]) == ("door", 4, 1)
    team = Roles()
    team.add([["red"], ["red"], ["blue"], ["blue"]], {0, 1})
    team.add([["red"], ["red"], ["blue"], ["blue"]], {2, 3})
    assert team.teams() == {"red", "blue"}
    assert [(r["name"], r["n"], r["wins"]) for r in team.rows(team.teams())] == \
        [("blue", 2, 1), ("red", 2, 1)]


# ----------------------------------------------------------------------------- --vary
def test_values_sort_as_numbers() -> None:
    keys = ["gold_target=80", "gold_target=100", "gold_target=30", "mode=b", "mode=a"]
    assert sorted(keys, key=value_order) == [
        "gold_target=30", "gold_target=80", "gold_target=100", "mode=a", "mode=b"]


def test_each_value_reports_its_endings_length_roles_and_margins(tmp_path: Path) -> None:
    games = 60
    summary = run("grabhit", games, tmp_path, vary={"gold_target": [100, 20, 50]})
    values = summary["values"]
    assert [v["value"] for v in values] == ["20", "50", "100"]  # numbers, not text
    assert [r["name"] for r in summary["options"][::4]] == \
        ["gold_target=20 · seat 0", "gold_target=50 · seat 0", "gold_target=100 · seat 0"]
    for v in values:
        assert v["games"] == games // 3
        assert sum(e["count"] for e in v["endings"]) == v["games"]
        assert all(e["low"] <= e["share"] <= e["high"] for e in v["endings"])
        assert v["length"]["turns"]["n"] == v["games"] and v["margin"]["n"] > 0
        assert sum(r["n"] for r in v["roles"]) == 4 * v["games"]  # four heroes a game
        wins = sum(r["wins"] for r in v["roles"])
        assert v["even_share"] == pytest.approx(wins / (4 * v["games"]))
        assert all(r["even"] == v["even_share"] for r in v["roles"])
    # a higher gold target makes games longer
    assert values[0]["length"]["turns"]["median"] < values[2]["length"]["turns"]["median"]
    text = terminal(summary)
    for v in values:
        assert " · ".join(report.value_cells(v)[:1]) in text
        for e in v["endings"]:
            words = e["reason"].replace("-", " ")  # "gold-target" reads "gold target"
            assert f"{words} {report.ending_interval(e)}" in text
    assert "By option value: win rate by role" in text
