"""The game's shape in every report: completion and safety limits, first player, draws,
duration, a co-operative game's team row and defeats, and the sampled choices per decision."""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from click.testing import CliRunner
from rich.console import Console

from meeple.cli import main
from meeple.sim import report
from meeple.sim.shape import picks
from meeple.sim.simulate import make_spec, simulate


def run(game: str, games: int, out: Path, **kw: Any) -> dict[str, Any]:
    spec = make_spec(game, options=kw.pop("options", None), seed=kw.pop("seed", 1),
                     max_actions=kw.pop("max_actions", 100_000))
    return simulate(spec, games, out, jobs=1, progress=False, **kw)


def records(out: Path) -> list[dict[str, Any]]:
    return [json.loads(line) for line in (out / "records.jsonl").read_text().splitlines()]


def terminal(summary: dict[str, Any]) -> str:
    console = Console(width=160, record=True, color_system=None)
    report.print_tables(summary, console)
    return console.export_text()


def test_tictactoe_first_player_draws_and_length_come_from_the_records(tmp_path: Path) -> None:
    summary = run("tictactoe", 120, tmp_path, report=False)
    shape, lines = summary["shape"], records(tmp_path)
    first = [line["actors"][0] for line in lines]
    assert set(first) == {0}  # X moves first in every game (TTT-1)
    wins = sum(line["actors"][0] in line["result"]["winners"] for line in lines)
    all_wins = sum(len(line["result"]["winners"]) for line in lines)
    fp = shape["first_player"]
    assert (fp["n"], fp["wins"], fp["always_seat"]) == (120, wins, 0)
    assert fp["even"] == all_wins / 240
    assert fp["advantage"] == wins / 120 - all_wins / 240 > 0.05  # X wins ~58%, O ~29%
    assert fp["advantage_low"] < fp["advantage"] < fp["advantage_high"]
    draws = sum(not line["result"]["winners"] for line in lines)
    assert (shape["no_winner"]["count"], shape["no_winner"]["n"]) == (draws, 120)
    assert shape["completion"]["rate"] == 1.0 and shape["safety_limit"]["count"] == 0
    assert shape["warning"] is None and shape["failed"] == 0
    turns = sorted(line["result"]["turns"] for line in lines)
    assert shape["duration"]["turns"]["median"] == turns[(len(turns) - 1) // 2]
    assert shape["sampled"]["games"] == 12  # a tenth of the games, measured by default
    text = terminal(summary)
    assert "The game's shape" in text and "Warning" not in text
    assert "seat 0 always moved first" in text and "Forced decisions" in text


def test_a_run_told_to_measure_no_game_says_so(tmp_path: Path) -> None:
    summary = run("tictactoe", 20, tmp_path, report=False, shape=0)
    assert "sampled" not in summary["shape"]
    assert "not measured" in terminal(summary) and "Forced decisions" not in terminal(summary)


def test_every_game_on_a_safety_limit_shows_no_completion_and_a_warning(tmp_path: Path) -> None:
    summary = run("grabhit", 12, tmp_path, options={"round_limit": 1})
    shape = summary["shape"]
    assert shape["completion"]["count"] == 0 and shape["completion"]["rate"] == 0.0
    assert shape["safety_limit"]["reasons"] == {"round-limit": 12}
    assert shape["safety_limit"]["rate"] == 1.0
    assert shape["warning"].startswith("Warning: 12 of 12 games (100.0%) ended on a safety "
                                       "limit (round-limit)")
    text = terminal(summary)
    assert shape["warning"].replace("round-limit", "round limit") in " ".join(text.split())
    line = next(row for row in text.splitlines() if "Ended by the rules" in row)
    assert "0.0% (0.0–24.3)" in line  # the Wilson interval of 0 in 12
    page = (tmp_path / "report.html").read_text()
    assert ">The game's shape</h2>" in page and "ended on a safety limit (round limit)" in page


def test_the_runs_action_limit_counts_as_a_safety_limit(tmp_path: Path) -> None:
    shape = run("tictactoe", 6, tmp_path, max_actions=3, report=False)["shape"]
    assert shape["safety_limit"]["reasons"] == {"error: TooLong": 6}
    assert shape["completion"]["count"] == 0 and shape["failed"] == 0
    assert "(the run's action limit)" in shape["warning"]


def test_a_cooperative_game_has_one_team_row_and_its_causes_of_defeat(tmp_path: Path) -> None:
    summary = run("andor", 6, tmp_path, report=False)
    lines = records(tmp_path)
    won = sum(bool(line["result"]["winners"]) for line in lines)
    assert [(r["name"], r["n"], r["wins"]) for r in summary["seats"]] == [("team", 6, won)]
    assert summary["turn_order"] == [] and summary["first_player"] is None
    shape = summary["shape"]
    assert (shape["team"]["count"], shape["team"]["n"]) == (won, 6)
    assert "first_player" not in shape and "no_winner" not in shape
    lost = Counter(line["result"]["reason"] for line in lines if not line["result"]["winners"])
    assert {d["reason"]: d["count"] for d in shape["defeats"]} == dict(lost)
    assert all(d["n"] == 6 - won for d in shape["defeats"])
    text = terminal(summary)
    assert "Causes of defeat" in text and "Team wins" in text
    assert "seat 1" not in text and "1st to act" not in text


def test_a_sample_of_tictactoe_games_counts_every_choice(tmp_path: Path) -> None:
    summary = run("tictactoe", 30, tmp_path, shape=10, report=False)
    sampled = summary["shape"]["sampled"]
    chosen = [line for line in records(tmp_path) if line["index"] in set(picks(30, 10))]
    assert sampled["games"] == len(chosen) == 10
    lengths = [len(line["actions"]) for line in chosen]
    assert sampled["decisions"] == sum(lengths)
    # The k-th move of tic-tac-toe has 9 - k squares to choose from; only the 9th is forced.
    legal = sum(9 - k for n in lengths for k in range(n))
    assert sampled["branching"] == legal / sum(lengths)
    assert sampled["forced"]["count"] == lengths.count(9)
    assert "Forced decisions" in terminal(summary)


def test_shape_on_the_command_line_measures_a_tenth_fifty_or_what_it_is_told(
        tmp_path: Path) -> None:
    out = tmp_path / "run"
    args = ["simulate", "tictactoe", "-n", "60", "-j", "1", "--no-progress", "--out", str(out)]
    plain = CliRunner().invoke(main, [*args, "--json"])
    assert plain.exit_code == 0, plain.output
    assert json.loads(plain.output)["shape"]["sampled"]["games"] == 6
    none = CliRunner().invoke(main, [*args, "--shape", "0", "--json"])
    assert none.exit_code == 0, none.output
    assert "sampled" not in json.loads(none.output)["shape"]
    result = CliRunner().invoke(main, [*args, "--shape"])
    assert result.exit_code == 0, result.output
    summary = json.loads((out / "summary.json").read_text())
    assert summary["shape"]["sampled"]["games"] == 50
    again = CliRunner().invoke(main, [*args, "--shape", "7", "--json"])
    assert again.exit_code == 0, again.output
    assert json.loads(again.output)["shape"]["sampled"]["games"] == 7


def test_picks_spread_the_sample_over_the_run() -> None:
    assert picks(100, 4) == [0, 25, 50, 75]
    assert picks(5, 5) == [0, 1, 2, 3, 4]
