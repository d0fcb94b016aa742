"""``meeple tune``: a seeded search over options and content numbers towards a target, each
trial a real run, the best confirmed on new seeds and written as --option/--set values."""

from __future__ import annotations

import json
import sys
import tomllib
import types
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner, Result

from meeple.cli import main
from meeple.core import ConfigError, Param, registry
from meeple.core import Result as Outcome
from meeple.games.tictactoe import TicTacToe
from meeple.games.tictactoe.state import TicTacToeState
from meeple.sim.simulate import make_spec, simulate
from meeple.sim.targets import UNMEASURED, objective, parse_targets
from meeple.sim.tune import make_plan, parse_knob, tune
from tests.registered import forget_games

#: A tiny search: two numbers of Grab and Hit, a few games per trial, one process.
PARAMS = ("gold_target=15..80", "adventurers.ashir.capital=5..20")
TARGET = "balance,length=3..6,first<=2"


class DialState(TicTacToeState):
    """Tic-tac-toe whose winner is seat 0 when the seed's last digit is below the dial: seat 0
    wins about dial/10 of the games, and the game is fair at dial 5, the known optimum."""

    def _result(self) -> Outcome:
        r = super()._result()
        seat = 0 if self.seed % 10 < self.game.config["dial"] else 1
        return Outcome((seat,), r.scores, r.turns, r.reason, r.detail, r.extra)


class Dial(TicTacToe):
    id = "_dial"
    state_class = DialState
    options = (Param("dial", 0, "Seeds (of ten) won by seat 0.", minimum=0, maximum=10),)


@pytest.fixture
def dial(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Register ``_dial`` for one test (forked workers inherit it)."""
    module = types.ModuleType("meeple_tune_test_games")
    module.Dial = Dial  # type: ignore[attr-defined]
    monkeypatch.setitem(sys.modules, module.__name__, module)
    targets = {**registry._targets(), "_dial": f"{module.__name__}:Dial"}
    monkeypatch.setattr(registry, "_targets", lambda: targets)
    forget_games()
    yield
    forget_games()


def needs_optuna() -> None:
    pytest.importorskip("optuna")


def run_cli(*args: str) -> Result:
    return CliRunner().invoke(main, list(args))


def small_tune(out: Path, budget: int = 4, seed: int = 0) -> dict[str, Any]:
    plan = make_plan("grabhit", PARAMS, TARGET, 6, seed=seed, confirm_games=12)
    return tune(plan, budget, out, jobs=1)


def test_the_search_returns_the_best_of_its_trials(tmp_path: Path) -> None:
    needs_optuna()
    record = small_tune(tmp_path / "t")
    trials = record["trials"]
    assert len(trials) == 4
    assert record["best"]["penalty"] == min(t["penalty"] for t in trials)
    best = trials[record["best"]["number"]]
    assert record["best"]["settings"] == best["settings"]
    for t in trials:  # each trial is a run directory of its settings, inside the ranges
        assert 15 <= t["settings"]["gold_target"] <= 80
        assert isinstance(t["settings"]["adventurers.ashir.capital"], int)
        run = json.loads((tmp_path / "t" / t["dir"] / "run.json").read_text("utf-8"))
        assert run["options"]["gold_target"] == t["settings"]["gold_target"]
        assert run["fingerprint"]["set"] == [
            f"adventurers.ashir.capital={t['settings']['adventurers.ashir.capital']}"]
    saved = json.loads((tmp_path / "t" / "tune.json").read_text("utf-8"))
    assert saved["best"] == record["best"] and len(saved["trials"]) == 4


def test_a_toy_game_with_a_known_optimum_is_tuned_to_it(tmp_path: Path, dial: None) -> None:
    needs_optuna()
    plan = make_plan("_dial", ["dial=0..10"], "balance", 40, confirm_games=80)
    record = tune(plan, 14, tmp_path / "t", jobs=1)
    assert record["best"]["settings"] == {"dial": 5}
    assert record["confirm"]["penalty"] < 10  # 80 new games: within the noise of 50%


def test_the_same_seed_gives_the_same_trials_and_resumes(tmp_path: Path) -> None:
    needs_optuna()
    first = small_tune(tmp_path / "a", budget=3)
    again = small_tune(tmp_path / "a", budget=3)  # resumed: read back, not played again
    assert [t["settings"] for t in again["trials"]] == [t["settings"] for t in first["trials"]]
    assert [t["penalty"] for t in again["trials"]] == [t["penalty"] for t in first["trials"]]


def test_the_confirmation_run_and_best_toml_exist(tmp_path: Path) -> None:
    needs_optuna()
    out = tmp_path / "t"
    record = small_tune(out, budget=3)
    check = record["confirm"]
    confirm = out / check["dir"]
    assert (confirm / "report.html").is_file()
    summary = json.loads((confirm / "summary.json").read_text("utf-8"))
    assert summary["games"]["done"] == check["games"] == 12
    assert summary["run"]["seed"] == check["seed"] == 1  # new seeds, not the trials'
    assert check["penalty"] == objective(parse_targets(TARGET), summary)["penalty"]
    best = tomllib.loads((out / "best.toml").read_text("utf-8"))
    settings = record["best"]["settings"]
    assert best["options"] == [f"gold_target={settings['gold_target']}"]
    assert best["set"] == [f"adventurers.ashir.capital={settings['adventurers.ashir.capital']}"]
    assert best["found"]["trial"] == record["best"]["number"]
    assert best["flags"] == " ".join([*(f"--option {o}" for o in best["options"]),
                                      *(f"--set {s}" for s in best["set"])])


def test_the_objective_of_a_known_setting(tmp_path: Path) -> None:
    needs_optuna()
    plan = make_plan("grabhit", ["gold_target=30..30"], "length=3..4,first<=1", 8,
                     confirm_games=8)
    record = tune(plan, 1, tmp_path / "t", jobs=1)
    # The same setting played by hand, on the same seed: the penalty from its records.
    summary = simulate(make_spec("grabhit", options={"gold_target": 30}), 8, tmp_path / "own",
                       jobs=1, progress=False, report=False)
    lines = [json.loads(x) for x in (tmp_path / "own" / "records.jsonl").read_text().split("\n")
             if x]
    turns = sorted(line["result"]["turns"] for line in lines)
    median = (turns[3] + turns[4]) / 2
    first = summary["shape"]["first_player"]
    wins = sum(0 in line["result"]["winners"] for line in lines)  # seat 0 always moves first
    advantage = 100 * (wins / 8 - first["even"])
    expected = max(0.0, 3 - median, median - 4) + max(0.0, abs(advantage) - 1)
    assert record["trials"][0]["penalty"] == pytest.approx(expected)


def test_the_targets_score_hand_made_summaries() -> None:
    seats = [{"name": "seat 0", "n": 100, "rate": 0.5, "low": 0.4, "high": 0.6},
             {"name": "seat 1", "n": 100, "rate": 0.5, "low": 0.4, "high": 0.6}]
    roles = [{"name": "knight", "n": 50, "rate": 0.59, "low": 0.45, "high": 0.71},
             {"name": "wizard", "n": 50, "rate": 0.42, "low": 0.3, "high": 0.56}]
    summary = {"cooperative": False, "even_share": 0.5, "seats": seats, "roles": roles,
               "length": {"turns": {"median": 7, "p10": 5, "p90": 9}},
               "shape": {"first_player": {"advantage": -0.05, "advantage_low": -0.1,
                                          "advantage_high": 0.0}}}
    score = objective(parse_targets("balance<=3,length=5..9,first<=2"), summary)
    assert [round(p["penalty"], 9) for p in score["parts"]] == [6.0, 0.0, 3.0]
    assert score["parts"][0]["row"] == "knight"
    team = {"cooperative": True, "even_share": 0.3, "roles": [], "seats": [
        {"name": "team", "n": 10, "rate": 0.3, "low": 0.1, "high": 0.6}], "length": {}}
    assert objective(parse_targets("balance,length=1..2"), team)["penalty"] == 2 * UNMEASURED


@pytest.mark.parametrize("args, says", [
    (["--param", "foo=1..2"], "grabhit has no option 'foo'"),
    (["--param", "gold_target=80..15"], "the low end 80 is above the high end 15"),
    (["--param", "gold_target=30"], "is not NAME=LO..HI"),
    (["--param", "gold_target=10..80"], "must be at least 15"),
    (["--param", "repair_amount=1.5..3"], "is not a whole number"),
    (["--param", "adventurers.nobody.capital=1..9"], "no entry 'nobody'"),
    (["--param", "adventurers.ashir.name=1..9"], "is not a number"),
    (["--param", "gold_target=15..80", "--target", "bal"], "targets are balance"),
    (["--param", "gold_target=15..80", "--target", "length=9..3"], "low end is above"),
    (["--param", "gold_target=15..80", "--option", "gold_target=40"],
     "both searched (--param) and fixed"),
])
def test_bad_input_is_refused_with_exit_code_2(tmp_path: Path, args: list[str],
                                               says: str) -> None:
    needs_optuna()
    full = ["tune", "grabhit", *args, "--out", str(tmp_path / "t")]
    if "--target" not in args:
        full += ["--target", "balance"]
    result = run_cli(*full)
    assert result.exit_code == 2, result.output
    assert says in result.output
    assert not (tmp_path / "t").exists()


def test_a_first_player_target_is_refused_for_a_cooperative_game() -> None:
    with pytest.raises(ConfigError, match="co-operative game has no first player"):
        parse_targets("first<=2", cooperative=True)
    with pytest.raises(ConfigError, match="given twice"):
        parse_targets("balance,balance<=2")


def test_a_content_number_keeps_its_type() -> None:
    knob = parse_knob("grabhit", "adventurers.ashir.capital=5..20")
    assert (knob.kind, knob.content, knob.low, knob.high) == ("int", True, 5, 20)


def test_the_command_says_how_to_install_optuna(monkeypatch: pytest.MonkeyPatch,
                                                tmp_path: Path) -> None:
    import importlib.util

    real = importlib.util.find_spec
    monkeypatch.setattr(importlib.util, "find_spec",
                        lambda name, *a: None if name == "optuna" else real(name, *a))
    result = run_cli("tune", "grabhit", "--param", "gold_target=15..80", "--target",
                     "balance", "--out", str(tmp_path / "t"))
    assert result.exit_code == 1
    assert "pip install 'meeple[tune]'" in result.output


def test_the_command_tunes_and_prints_the_confirmation(tmp_path: Path) -> None:
    needs_optuna()
    result = run_cli("tune", "grabhit", "--param", "gold_target=15..80", "--target",
                     "length=3..6", "--budget", "2", "--games-per-trial", "4",
                     "--confirm-games", "8", "--jobs", "1", "--out", str(tmp_path / "t"))
    assert result.exit_code == 0, result.output
    assert "trial 1: gold_target=" in result.output
    assert "Confirmed on 8 new games (seed 1)" in result.output
    assert (tmp_path / "t" / "best.toml").is_file()
