"""``meeple simulate --skill``: the skill ladder joins the run's summary and page."""

from __future__ import annotations

import json
from pathlib import Path

from click.testing import CliRunner

from meeple.cli import main
from meeple.sim.simulate import make_spec, simulate
from meeple.sim.skill import add_skill, skill_rows


def test_the_ladder_joins_the_summary_and_the_page(tmp_path: Path) -> None:
    summary = simulate(make_spec("tictactoe", seats="random", seed=3), 10, tmp_path, jobs=1,
                       progress=False)
    summary = add_skill(summary, tmp_path, "mcts:10..40", 6, jobs=1)
    steps = summary["skill"]["steps"]
    assert [(s["spec"], s["against"]) for s in steps] == [("mcts:20", "mcts:10"),
                                                          ("mcts:40", "mcts:20")]
    assert all(s["games"] == 6 and 0 <= s["wins"] <= 6 for s in steps)
    assert json.loads((tmp_path / "summary.json").read_text())["skill"] == summary["skill"]
    page = (tmp_path / "report.html").read_text()
    assert "Skill ladder" in page and "mcts:40" in page
    rung, against, wins, rate, _ = skill_rows(summary["skill"])[1]
    assert (rung, against, wins) == ("mcts:40", "mcts:20", f"{steps[1]['wins']} of 6")
    assert rate.startswith(f"{100 * steps[1]['win_rate']:.1f}% (")


def test_the_command_prints_the_ladder_after_the_report(tmp_path: Path) -> None:
    out = CliRunner().invoke(main, ["simulate", "tictactoe", "-n", "6", "--no-progress",
                                    "--skill", "mcts:10..20", "--skill-games", "4",
                                    "--out", str(tmp_path / "run")])
    assert out.exit_code == 0, out.output
    assert "ladder mcts:10..20, 4 games a step" in out.output
    assert (tmp_path / "run" / "skill").is_dir()
