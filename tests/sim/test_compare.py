"""``meeple compare``: paired and unpaired changes between two runs, with their intervals."""

from __future__ import annotations

import json
import math
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

from meeple.cli import main
from meeple.core import ConfigError
from meeple.sim.compare import compare
from meeple.sim.simulate import RunSpec, iter_records, make_spec, simulate
from meeple.sim.stats import newcombe, student_quantile

ROW_KEYS = {"category", "name", "kind", "a", "b", "n_a", "n_b", "difference", "low", "high",
            "p", "p_adjusted", "tested", "significant", "change"}


def run(spec: RunSpec, games: int, out: Path) -> Path:
    simulate(spec, games, out, jobs=1, progress=False, report=False)
    return out


def tictactoe(out: Path, seats: str, games: int = 60, seed: int = 0) -> Path:
    return run(make_spec("tictactoe", seats=seats, seed=seed, rotate=False), games, out)


def seat_wins(path: Path, seat: int) -> dict[int, int]:
    """Game seed -> 1 when ``seat`` won it, from the records."""
    return {r["seed"]: int(seat in r["result"]["winners"])
            for r in iter_records(path / "records.jsonl")}


def row(result: dict[str, Any], category: str, name: str) -> dict[str, Any]:
    found = [r for r in result["rows"] if (r["category"], r["name"]) == (category, name)]
    assert len(found) == 1, (category, name, [r["name"] for r in result["rows"]])
    out: dict[str, Any] = found[0]
    return out


def test_a_planted_difference_is_found_with_its_paired_interval(tmp_path: Path) -> None:
    # The greedy bot moves from seat 0 to seat 1 on the same deals: seat 0 must lose a lot.
    a = tictactoe(tmp_path / "a", "greedy,random")
    b = tictactoe(tmp_path / "b", "random,greedy")
    result = compare(a, b)
    assert result["paired"] and result["games_paired"] == 60
    assert any("seats: greedy, random in A, random, greedy in B" in c
               for c in result["changes"])
    seat0 = row(result, "seat", "seat 0")
    wins_a, wins_b = seat_wins(a, 0), seat_wins(b, 0)
    diffs = [wins_b[s] - wins_a[s] for s in wins_a]  # the paired t interval, by hand
    mean = sum(diffs) / len(diffs)
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (len(diffs) - 1))
    half = student_quantile(len(diffs) - 1) * sd / math.sqrt(len(diffs))
    assert seat0["a"] == sum(wins_a.values()) / 60 and seat0["b"] == sum(wins_b.values()) / 60
    assert seat0["difference"] == pytest.approx(mean)
    assert (seat0["low"], seat0["high"]) == pytest.approx((mean - half, mean + half))
    assert mean < -0.25 and seat0["high"] < 0
    assert seat0["significant"] and seat0["change"] == "down"
    assert seat0["p"] <= seat0["p_adjusted"] < 0.05
    significant = [r for r in result["rows"] if r["significant"]]
    assert result["rows"][:len(significant)] == significant  # significant changes first
    assert [r["p"] for r in significant] == sorted(r["p"] for r in significant)


def test_two_equal_runs_find_nothing(tmp_path: Path) -> None:
    a = tictactoe(tmp_path / "a", "greedy,random", games=30)
    b = tictactoe(tmp_path / "b", "greedy,random", games=30)
    result = compare(a, b)
    assert result["paired"] and result["changes"] == []
    assert result["significant"] == 0 and result["tests"]["rows"] > 0
    for r in result["rows"]:
        assert r["difference"] == 0 and (r["low"], r["high"]) == (0, 0), r
        assert not r["significant"] and r["p"] == 1
    text = CliRunner().invoke(main, ["compare", str(a), str(b)])
    assert text.exit_code == 0, text.output
    assert "same parameters and rules" in text.output
    assert "No significant change" in text.output and "None" not in text.output


def test_runs_on_other_seeds_are_compared_unpaired(tmp_path: Path) -> None:
    a = tictactoe(tmp_path / "a", "greedy,random", games=50)
    b = tictactoe(tmp_path / "b", "random,greedy", games=40, seed=7)
    result = compare(a, b)
    assert not result["paired"] and result["games_paired"] == 0
    assert "seed: 0 in A, 7 in B" in result["changes"]
    seat0 = row(result, "seat", "seat 0")
    wa, wb = sum(seat_wins(a, 0).values()), sum(seat_wins(b, 0).values())
    assert (seat0["n_a"], seat0["n_b"]) == (50, 40)
    assert (seat0["low"], seat0["high"]) == pytest.approx(newcombe(wa, 50, wb, 40))
    assert seat0["significant"] and seat0["change"] == "down"
    turns = row(result, "length", "turns")  # a mean: Welch's interval around the change
    assert turns["kind"] == "mean" and turns["low"] < turns["difference"] < turns["high"]
    text = CliRunner().invoke(main, ["compare", str(a), str(b)])
    assert text.exit_code == 0 and "Not paired" in text.output


def test_runs_of_other_games_or_player_counts_are_refused(tmp_path: Path) -> None:
    a = tictactoe(tmp_path / "a", "random", games=3)
    other = run(make_spec("_template", players=2), 3, tmp_path / "other")
    three = run(make_spec("_template", players=3), 3, tmp_path / "three")
    for x, y, says in ((a, other, "a run of tictactoe and"),
                       (other, three, "has 2 players and")):
        result = CliRunner().invoke(main, ["compare", str(x), str(y)])
        assert result.exit_code == 2, result.output
        assert says in result.output and "may differ" in result.output
        assert len(result.output.strip().splitlines()) == 1
    missing = CliRunner().invoke(main, ["compare", str(a), str(tmp_path / "none")])
    assert missing.exit_code == 2 and "no run.json" in missing.output
    with pytest.raises(ConfigError, match="compare compares two runs of one game"):
        compare(a, other)


def test_the_json_has_every_row_and_the_plot_is_drawn(tmp_path: Path) -> None:
    pytest.importorskip("matplotlib")
    a = tictactoe(tmp_path / "a", "greedy,random", games=20)
    b = tictactoe(tmp_path / "b", "random,greedy", games=20)
    fp = json.loads((b / "run.json").read_text())
    fp["fingerprint"]["code"]["state.py"] = "0" * 16  # as if the rules had changed
    (b / "run.json").write_text(json.dumps(fp))
    plot = tmp_path / "changes.png"
    out = CliRunner().invoke(main, ["compare", str(a), str(b), "--json", "--plot", str(plot)])
    assert out.exit_code == 0, out.output
    data = json.loads(out.output)
    assert data["format"] == "meeple-compare/1" and data["game"] == "tictactoe"
    assert data["changes"] == ["seats: greedy, random in A, random, greedy in B",
                               "the code of tictactoe changed: state.py"]
    assert {(r["category"], r["name"]) for r in data["rows"]} >= {
        ("seat", "seat 0"), ("seat", "seat 1"), ("length", "turns"), ("length", "actions"),
        ("margin", "winning margin"), ("ending", "three-in-a-row")}
    for r in data["rows"]:
        assert set(r) == ROW_KEYS, r
    assert data["tests"]["method"] == "Holm"
    assert plot.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"


def test_option_values_are_compared_in_numeric_order(tmp_path: Path) -> None:
    spec = make_spec("_template", players=2, vary={"hand_size": [5, 2, 3]})
    a, b = run(spec, 12, tmp_path / "a"), run(spec, 12, tmp_path / "b")
    result = compare(a, b)
    options = [r["name"] for r in result["rows"] if r["category"] == "option"]
    assert options[:2] == ["hand_size=2 · seat 0", "hand_size=2 · seat 1"]
    assert options[-1] == "hand_size=5 · seat 1"
    assert {"length at hand_size=3", "ending at hand_size=5"} <= \
        {r["category"] for r in result["rows"]}


@pytest.mark.usefixtures("test_games")
def test_roles_are_compared(tmp_path: Path) -> None:
    a = run(make_spec("_roles", seats="greedy,random", rotate=False), 30, tmp_path / "a")
    b = run(make_spec("_roles", seats="random,greedy", rotate=False), 30, tmp_path / "b")
    result = compare(a, b)
    knight, wizard = row(result, "role", "knight"), row(result, "role", "wizard")
    assert knight["n_a"] == knight["n_b"] == wizard["n_a"] == 30
    assert knight["low"] <= knight["difference"] <= knight["high"]
