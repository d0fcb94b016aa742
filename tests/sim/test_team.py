"""A co-operative game's team in the shape (meeple.sim.team): its win rate by the roles dealt,
by role and by varied option, its causes of defeat and its margin; and a co-operative report
that prints the team's figure once."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from rich.console import Console

from meeple.sim import report, team
from meeple.sim.simulate import make_spec, simulate
from meeple.sim.stats import wilson
from meeple.sim.tally import Tally


def record(index: int, heroes: list[str], won: bool, legend: str, reason: str,
           day: int, letter: str) -> dict[str, Any]:
    """A finished record of a two-hero co-operative game."""
    return {"index": index, "players": 2, "seats": ["random", "random"], "error": None,
            "options": {"legend": legend, "strength_max": 14},
            "actions": ["move to 1", "end day"], "actors": [0, 1],
            "result": {"winners": [0, 1] if won else [], "scores": [1.0, 1.0] if won else
                       [0.0, 0.0], "turns": 2, "reason": reason, "detail": "",
                       "extra": {"day": day, "letter": letter, "roles": heroes}}}


#: Ten games: archer and warrior six times (four won), dwarf and warrior four (one won).
RECORDS = [
    record(0, ["warrior", "archer"], True, "intro", "goals-met", 9, "N"),
    record(1, ["warrior", "archer"], True, "full", "goals-met", 10, "N"),
    record(2, ["archer", "warrior"], True, "intro", "goals-met", 9, "N"),
    record(3, ["warrior", "archer"], True, "full", "goals-met", 11, "N"),
    record(4, ["warrior", "archer"], False, "intro", "castle-overrun", 5, "G"),
    record(5, ["warrior", "archer"], False, "full", "goals-unmet", 12, "N"),
    record(6, ["warrior", "dwarf"], True, "intro", "goals-met", 10, "N"),
    record(7, ["warrior", "dwarf"], False, "full", "castle-overrun", 4, "F"),
    record(8, ["dwarf", "warrior"], False, "intro", "castle-overrun", 6, "H"),
    record(9, ["warrior", "dwarf"], False, "full", "castle-overrun", 7, "I"),
]


def shape_of(records: list[dict[str, Any]]) -> dict[str, Any]:
    tally = Tally()
    for line in records:
        tally.add(line)
    shape: dict[str, Any] = tally.summary(cooperative=True)["shape"]
    return shape


def counted(p: dict[str, Any]) -> tuple[int, int, tuple[float, float]]:
    return p["count"], p["n"], (p["low"], p["high"])


def test_the_team_is_rated_by_the_roles_dealt_by_role_and_by_varied_option() -> None:
    found = shape_of(RECORDS)["team"]
    assert counted(found) == (5, 10, wilson(5, 10)) and found["players"] == 2
    assert [(s["roles"], *counted(s)) for s in found["sets"]] == [
        (["archer", "warrior"], 4, 6, wilson(4, 6)), (["dwarf", "warrior"], 1, 4, wilson(1, 4))]
    assert {r["name"]: counted(r) for r in found["roles"]} == {
        "warrior": (5, 10, wilson(5, 10)), "archer": (4, 6, wilson(4, 6)),
        "dwarf": (1, 4, wilson(1, 4))}
    # legend took two values: a row each; strength_max took one, so it is no row
    assert {o["name"]: counted(o) for o in found["options"]} == {
        "legend=full": (2, 5, wilson(2, 5)), "legend=intro": (3, 5, wilson(3, 5))}


def test_the_causes_of_defeat_are_counted_with_their_share_of_lost_games() -> None:
    defeats = shape_of(RECORDS)["defeats"]
    assert [(d["reason"], *counted(d)) for d in defeats] == [
        ("castle-overrun", 4, 5, wilson(4, 5)), ("goals-unmet", 1, 5, wilson(1, 5))]


def test_the_teams_rows_give_its_figure_once_then_only_what_differs() -> None:
    rows = team.rows(shape_of(RECORDS)["team"])
    names = [name for name, _, _ in rows]
    assert names == ["Team wins", "Team wins with archer, warrior",
                     "Team wins with dwarf, warrior", "Team wins with archer",
                     "Team wins with dwarf", "Team wins at legend=full",
                     "Team wins at legend=intro"]  # warrior played every game: no row
    assert rows[0][1] == "50.0% (23.7–76.3)" and "10 finished games, 2 players" in rows[0][2]
    always = [r for r in RECORDS if "archer" in r["result"]["extra"]["roles"]]
    one_set = team.rows(shape_of(always)["team"])
    assert [name for name, _, _ in one_set] == [  # the one set of roles is the whole team
        "Team wins", "Team wins at legend=full", "Team wins at legend=intro"]
    assert one_set[0][2].endswith("every game: archer, warrior")


def test_the_margin_is_what_the_results_extra_holds_for_won_and_lost_games() -> None:
    found = team.margins(r["result"] for r in RECORDS)
    assert found["won"]["day"]["median"] == 10 and found["won"]["day"]["n"] == 5
    assert found["lost"]["day"]["median"] == 6 and found["lost"]["day"]["min"] == 4
    assert found["won"]["letter"] == {"n": 5, "min": "N", "max": "N", "p10": "N",
                                      "median": "N", "p90": "N"}
    assert found["lost"]["letter"]["median"] == "H"  # F G H I N: a letter's place on a track
    assert "roles" not in found["won"]
    rows = dict((name, value) for name, value, _ in team.margin_rows(found, 10))
    assert rows["Day at the end"] == "won 10 (9–10; 5 games); lost 6 (4–7; 5 games)"


# ------------------------------------------------------------------------ a real run
def test_a_cooperative_report_prints_the_team_once_with_names(tmp_path: Path) -> None:
    spec = make_spec("andor", players=2, seed=2, vary={"legend": ["intro", "full"]})
    summary = simulate(spec, 8, tmp_path, jobs=1, progress=False, shape=4)
    console = Console(width=200, record=True, color_system=None)
    report.print_tables(summary, console)
    text = console.export_text()
    assert "Win rate of the team" not in text and "Win rate by role" not in text
    assert [line.split("│")[1].strip() for line in text.splitlines()
            if "│ Team wins" in line] == ["Team wins", "Team wins at legend=full",
                                          "Team wins at legend=intro"]
    assert "every game: The archer Chada, The warrior Thorn" in text  # names, not ids
    assert "castle overrun" in text and "castle-overrun" not in text
    assert "Day at the end" in text and "Stability" in text and "Lead changes" not in text
    page = (tmp_path / "report.html").read_text("utf-8")
    assert "The warrior Thorn" in page and "castle overrun" in page
    assert "Win rate of the team" not in page
    saved = json.loads((tmp_path / "summary.json").read_text())  # data keeps its ids
    assert {r["name"] for r in saved["roles"]} == {"archer", "warrior"}
    assert saved["shape"]["team"]["sets"][0]["roles"] == ["archer", "warrior"]
    assert all("-" in d["reason"] for d in saved["shape"]["defeats"])
    assert saved["seats"] == [{**saved["seats"][0], "name": "team"}]
