"""The skill ladder in a balance report (``meeple simulate --skill RANGE``): how much each
doubling of a search budget wins at this game, the measure of skill against luck.

The ladder (:mod:`.ladder`) is played after the run, on the run's players, options and seed,
each step kept under ``<out>/skill/`` (so it resumes like the run), and its rows join
``summary.json`` and ``report.html`` as ``skill``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from .ladder import ladder
from .simulate import write_atomic

#: The keys of a ladder step the report keeps.
KEPT = ("spec", "against", "wins", "games", "win_rate", "ci95", "ms_per_decision",
        "iterations_per_decision", "forced_decisions", "safety_endings",
        "against_ms_per_decision")


def add_skill(summary: dict[str, Any], out: Path, text: str, games: int,
              jobs: int = 1) -> dict[str, Any]:
    """Play the ladder ``text`` (``games`` a step) for the run in ``out``, then rewrite its
    ``summary.json`` and ``report.html`` with the ladder's rows; the summary with them."""
    from .page import write_report

    run = summary["run"]
    result = ladder(run["game"], text, games, players=run["players"], seed=run["seed"],
                    options=run.get("options") or None, jobs=jobs, out=out / "skill")
    summary = {**summary, "skill": {
        "ladder": result["ladder"], "games": result["games"], "players": result["players"],
        "cooperative": result["cooperative"],
        "steps": [{k: s[k] for k in KEPT} for s in result["steps"]]}}
    write_atomic(out / "summary.json", json.dumps(summary, indent=1, ensure_ascii=False) + "\n")
    write_report(summary, out, jobs)
    return summary


def skill_rows(skill: dict[str, Any]) -> list[tuple[str, str, str, str, str]]:
    """One row per step: rung, opponent, wins, win rate with its interval, ms a decision."""
    rows = []
    for s in skill["steps"]:
        lo, hi = s["ci95"]
        rows.append((s["spec"], s["against"] or "itself, as the whole team",
                     f"{s['wins']} of {s['games']}",
                     f"{100 * s['win_rate']:.1f}% ({100 * lo:.1f}–{100 * hi:.1f})",
                     f"{s['ms_per_decision']:.1f}"))
    return rows
