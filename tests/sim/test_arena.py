"""``meeple arena``: games told as they finish, kept in a run directory and resumed, time per
decision with forced decisions apart, safety-limit endings counted apart, and the iteration
counts that replay a time-budgeted search."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import meeple
from meeple.cli import main
from meeple.core import ConfigError, RecordError, game_class
from meeple.sim import arena as arena_module
from meeple.sim.arena import Played, arena, make_spec, play_game, replay_decisions

#: Report fields that time the bots: they differ between two runs of the same games.
TIMED = ("seconds_per_decision", "ms_per_decision")


def untimed(report: dict[str, Any]) -> dict[str, Any]:
    """The report without its timings."""
    out = dict(report)
    out["agents"] = [{k: v for k, v in a.items() if k not in TIMED} for a in report["agents"]]
    return out


def records(out: Path) -> list[dict[str, Any]]:
    lines = (out / "records.jsonl").read_text("utf-8").splitlines()
    return sorted((json.loads(line) for line in lines), key=lambda r: r["index"])


def untimed_records(out: Path) -> list[dict[str, Any]]:
    return [{k: v for k, v in r.items() if k != "think"} for r in records(out)]


# ------------------------------------------------------------------------------ streaming
def test_each_game_is_handed_on_as_it_finishes() -> None:
    seen: list[Played] = []
    report = arena("tictactoe", ["mcts:30", "random"], 4, seed=5, on_game=seen.append)
    assert [p.index for p in seen] == [0, 1, 2, 3]
    assert [p.seats for p in seen] == [("mcts:30", "random"), ("random", "mcts:30")] * 2
    assert [g["winners"] for g in report["played"]] == [list(p.winners) for p in seen]


def test_the_command_prints_each_game_and_the_running_totals_before_the_table() -> None:
    result = CliRunner().invoke(main, ["arena", "tictactoe", "--seats", "mcts:30,random",
                                       "--games", "4", "--seed", "5"])
    assert result.exit_code == 0, result.output
    text = result.output
    lines = [line for line in text.splitlines() if line.startswith("game ")]
    assert [line.split(":")[0] for line in lines] == [f"game {i}/4" for i in range(1, 5)]
    assert "mcts:30 v random" in lines[0] and "random v mcts:30" in lines[1]
    assert all("ms/decision mcts:30 " in line and "actions" in line for line in lines)
    assert "| after 4: mcts:30 " in lines[-1]
    assert ("won by" in lines[0] or "no winner" in lines[0])
    assert text.index("game 4/4") < text.index("95% CI")


def test_a_spec_is_printed_as_written_never_as_an_emoji() -> None:
    """``mcts:100:c1.0`` holds ``:100:``, which the terminal library turned into an emoji
    (the spec was shown as "mcts💯c1.0" on every line)."""
    result = CliRunner().invoke(main, ["arena", "tictactoe", "--seats", "mcts:100:c1.0,random",
                                       "--games", "2", "--seed", "5"])
    assert result.exit_code == 0, result.output
    assert "mcts:100:c1.0 v random" in result.output and "\U0001f4af" not in result.output


def test_with_json_the_games_are_told_on_stderr_and_stdout_is_the_report() -> None:
    result = CliRunner().invoke(main, ["arena", "tictactoe", "--seats", "random,random",
                                       "--games", "2", "--json"])
    assert result.exit_code == 0, result.output
    assert json.loads(result.stdout)["games"] == 2
    assert "game 2/2" in result.stderr


# -------------------------------------------------------------------------- run directory
def test_a_stopped_arena_resumes_playing_only_the_missing_games(tmp_path: Path) -> None:
    seats, games = ["mcts:40", "greedy"], 8
    whole = arena("tictactoe", seats, games, seed=3, out=tmp_path / "whole")

    def stop(p: Played) -> None:
        if p.index == 4:
            raise KeyboardInterrupt

    out = tmp_path / "stopped"
    with pytest.raises(KeyboardInterrupt):
        arena("tictactoe", seats, games, seed=3, out=out, on_game=stop)
    assert len(records(out)) == 5
    kept: list[Played] = []
    fresh: list[Played] = []
    again = arena("tictactoe", seats, games, seed=3, out=out, on_game=fresh.append,
                  on_kept=kept.extend)
    assert [p.index for p in kept] == [0, 1, 2, 3, 4]
    assert [p.index for p in fresh] == [5, 6, 7]
    assert untimed(again) == untimed(whole)
    assert untimed_records(out) == untimed_records(tmp_path / "whole")
    assert json.loads((out / "summary.json").read_text("utf-8"))["games"] == games
    done: list[Played] = []
    arena("tictactoe", seats, games, seed=3, out=out, on_game=done.append)
    assert done == []


@pytest.mark.parametrize(("change", "says"), [
    ({"seed": 4}, "seed 4 (the run has 3)"),
    ({"specs": ["mcts:40", "random"]}, "seats ['mcts:40', 'random'] (the run has"),
    ({"game_id": "_template"}, "game '_template'"),
    ({"options": {"hand_size": 4}}, "options {'hand_size': 4}"),
    ({"specs": ["mcts:40", "greedy", "greedy"]}, "players 3 (the run has 2)"),
])
def test_a_directory_of_another_arena_is_refused_naming_what_changed(
        tmp_path: Path, change: dict[str, Any], says: str) -> None:
    args: dict[str, Any] = {"game_id": "_template", "specs": ["mcts:40", "greedy"],
                            "games": 2, "seed": 3}
    if change.get("game_id") == "_template":
        args["game_id"] = "tictactoe"
    arena(**args, out=tmp_path)
    before = (tmp_path / "records.jsonl").read_bytes()
    with pytest.raises(ConfigError) as refused:
        arena(**{**args, **change}, out=tmp_path)
    assert says in str(refused.value) and "another --out" in str(refused.value)
    assert (tmp_path / "records.jsonl").read_bytes() == before


def test_games_played_by_other_code_are_refused(tmp_path: Path,
                                                monkeypatch: pytest.MonkeyPatch) -> None:
    arena("tictactoe", ["random", "random"], 2, out=tmp_path)
    monkeypatch.setattr(arena_module, "code_digest", lambda game_id: "0" * 16)
    with pytest.raises(ConfigError) as refused:
        arena("tictactoe", ["random", "random"], 2, out=tmp_path)
    assert "code '0000000000000000'" in str(refused.value)
    assert "the code of the engine, the bots or the game changed" in str(refused.value)


def test_a_kept_line_that_is_not_this_arenas_is_refused(tmp_path: Path) -> None:
    arena("tictactoe", ["random", "random"], 4, out=tmp_path)
    lines = (tmp_path / "records.jsonl").read_text("utf-8").splitlines(keepends=True)
    bad = json.loads(lines[2])
    bad["forced"] = [0]
    lines[2] = json.dumps(bad, separators=(",", ":")) + "\n"
    (tmp_path / "records.jsonl").write_text("".join(lines), "utf-8")
    with pytest.raises(RecordError) as refused:
        arena("tictactoe", ["random", "random"], 4, out=tmp_path)
    assert "line 3" in str(refused.value) and "forced is not a count per seat" in str(
        refused.value)


def test_arena_records_replay_with_meeple_replay(tmp_path: Path) -> None:
    arena("tictactoe", ["mcts:20", "greedy"], 4, out=tmp_path)
    result = CliRunner().invoke(main, ["replay", str(tmp_path / "records.jsonl")])
    assert result.exit_code == 0 and "all 4 records reproduce" in result.output


def _cli(*args: str) -> list[str]:
    return [sys.executable, "-c", "from meeple.cli import main; main()", *args]


def test_an_arena_killed_mid_run_resumes_to_the_uninterrupted_report(tmp_path: Path) -> None:
    args = ["arena", "tictactoe", "--seats", "mcts:300,greedy", "--games", "20", "--seed",
            "7"]
    out = tmp_path / "killed"
    env = {**os.environ, "PYTHONPATH": str(Path(meeple.__file__).parents[1])}
    proc = subprocess.Popen(_cli(*args, "--out", str(out)), stdout=subprocess.DEVNULL,
                            stderr=subprocess.DEVNULL, start_new_session=True, env=env)
    kept = out / "records.jsonl"
    deadline = time.monotonic() + 120
    try:
        while not (kept.exists() and kept.read_bytes().count(b"\n") >= 3):
            assert proc.poll() is None, "the arena ended before it was killed"
            assert time.monotonic() < deadline
            time.sleep(0.002)
    finally:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait()
    left = kept.read_bytes().count(b"\n")
    assert 3 <= left < 20
    resumed = CliRunner().invoke(main, [*args, "--out", str(out), "--json"])
    assert resumed.exit_code == 0, resumed.output
    assert f"{left} of 20 games already played" in resumed.stderr
    assert resumed.stderr.count("\ngame ") + resumed.stderr.startswith("game ") == 20 - left
    whole = CliRunner().invoke(main, [*args, "--out", str(tmp_path / "whole"), "--json"])
    assert untimed(json.loads(resumed.stdout)) == untimed(json.loads(whole.stdout))
    assert untimed_records(out) == untimed_records(tmp_path / "whole")


# ------------------------------------------------------------------------- decisions
def test_forced_decisions_are_counted_apart_and_left_out_of_the_mean() -> None:
    spec = make_spec("tictactoe", ["mcts:20", "random"], seed=1)
    lines = [play_game(spec, i) for i in range(12)]
    for line in lines:
        state = meeple.load("tictactoe").new_state(seed=line["seed"])
        forced, chosen = [0, 0], [0, 0]
        for seat, text in zip(line["actors"], line["actions"], strict=True):
            (forced if len(state.legal_actions()) == 1 else chosen)[seat] += 1
            state.apply(text)
        assert line["forced"] == forced and line["decisions"] == chosen
        search = line["seats"].index("mcts:20")
        assert line["think"][search] > 0
        counts = arena_module.decode_counts(line["iterations"][search])
        assert len(counts) == sum(1 for s in line["actors"] if s == search)
        assert line["iterations"][1 - search] is None
    assert any(line["forced"] != [0, 0] for line in lines)
    report = arena_module.summarise("tictactoe", 2, {}, 1, spec.seats,
                                    [arena_module.played_from(x) for x in lines], False)
    mcts = report["agents"][0]
    assert mcts["forced_decisions"] == sum(line["forced"][line["seats"].index("mcts:20")]
                                           for line in lines)
    think = sum(line["think"][line["seats"].index("mcts:20")] for line in lines)
    assert mcts["ms_per_decision"] == pytest.approx(1000 * think / mcts["decisions"])
    assert mcts["iterations_per_decision"] == 20


def test_the_table_shows_decisions_with_a_choice_and_forced_ones() -> None:
    result = CliRunner().invoke(main, ["arena", "tictactoe", "--seats", "mcts:20,random",
                                       "--games", "6"])
    assert result.exit_code == 0, result.output
    for header in ("decided", "forced", "ms/dec", "iter/dec"):
        assert header in result.output


@pytest.mark.parametrize(("game", "seats"), [("tictactoe", ["mcts@0.05s", "random"]),
                                             ("grabhit", ["mcts@0.01s", "greedy"])])
def test_a_time_budgeted_game_replays_from_its_iteration_counts(
        game: str, seats: list[str]) -> None:
    line = play_game(make_spec(game, seats, seed=2), 0)
    counts = arena_module.decode_counts(line["iterations"][0])
    assert len({c for c in counts if c}) > 1  # the clock, not a budget, stopped the searches
    assert replay_decisions(line) == line["actions"]


# ------------------------------------------------------------------------ safety limits
def test_games_ending_on_a_safety_limit_are_counted_and_flagged(
        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(game_class("tictactoe"), "safety_endings", frozenset({"draw"}))
    report = arena("tictactoe", ["random", "random"], 20, seed=0)
    draws = report["endings"].get("draw", 0)
    assert draws, "random players draw some games"
    assert report["safety_endings"] == {"games": draws, "reasons": {"draw": draws}}
    result = CliRunner().invoke(main, ["arena", "tictactoe", "--seats", "random,random",
                                       "--games", "20"])
    text = " ".join(result.output.split())
    assert (f"warning: {draws} of 20 games ended on a safety limit (draw): they measure the "
            "limit, not the game") in text
    assert "; draw (safety limit);" in text and "safety limit 1" in text


# ------------------------------------------------------------------------------- ladder
def test_a_ladder_plays_each_rung_against_the_one_below_and_resumes(tmp_path: Path) -> None:
    from meeple.sim.ladder import ladder

    steps: list[tuple[str, str | None]] = []
    result = ladder("tictactoe", "mcts:10..40", 4, out=tmp_path,
                    on_step=lambda k, of, spec, against: steps.append((spec, against)))
    assert steps == [("mcts:20", "mcts:10"), ("mcts:40", "mcts:20")]
    assert [s["spec"] for s in result["steps"]] == ["mcts:20", "mcts:40"]
    for s in result["steps"]:
        lo, hi = s["ci95"]
        assert s["games"] == 4 and 0 <= lo <= s["win_rate"] <= hi <= 1
        assert s["iterations_per_decision"] == int(s["spec"].split(":")[1])
    played: list[Played] = []
    again = ladder("tictactoe", "mcts:10..40", 4, out=tmp_path, on_game=played.append)
    assert played == []
    assert [s["wins"] for s in again["steps"]] == [s["wins"] for s in result["steps"]]


def test_a_ladder_against_a_fixed_opponent_from_the_command_line() -> None:
    result = CliRunner().invoke(main, ["arena", "tictactoe", "--ladder", "mcts@5ms..10ms",
                                       "--against", "random", "--games", "2", "--json"])
    assert result.exit_code == 0, result.output
    report = json.loads(result.stdout)
    assert [(s["spec"], s["against"]) for s in report["steps"]] == [
        ("mcts@5ms", "random"), ("mcts@10ms", "random")]
    assert "step 2/2: mcts@10ms against random" in result.stderr


def test_in_a_cooperative_game_each_rung_plays_as_the_team() -> None:
    from meeple.sim.ladder import steps

    assert steps(["mcts:50", "mcts:100"], None, True) == [("mcts:50", None),
                                                          ("mcts:100", None)]
    with pytest.raises(ConfigError, match="whole team"):
        steps(["mcts:50", "mcts:100"], "greedy", True)


@pytest.mark.parametrize(("args", "says"), [
    (["--seats", "random,random", "--ladder", "mcts:50..100"], "give --seats"),
    ([], "give --seats"),
    (["--seats", "random,random", "--against", "greedy"], "--against goes with --ladder"),
    (["--ladder", "mcts:50..700"], "does not reach 700: end it at 400 or 800"),
    (["--ladder", "mcts@0.1s..1s"], "end it at 0.8s or 1.6s"),
    (["--ladder", "mcts:50"], "names no budget range"),
    (["--ladder", "mcts:100..50"], "must climb"),
    (["--ladder", "mcts:1..100000"], "more than 12 rungs"),
    (["--ladder", "mcts:50.5..101"], "whole numbers"),
    (["--ladder", "mcts:50..100", "--against", "mcts:100"], "pit it against itself"),
    (["--ladder", "mcts:50..100", "--against", "robot"], "unknown agent"),
])
def test_wrong_ladders_are_refused_in_one_line(args: list[str], says: str) -> None:
    result = CliRunner().invoke(main, ["arena", "tictactoe", *args])
    assert result.exit_code == 2, result.output
    assert says in result.output and result.output.count("\n") == 1


def test_games_played_at_once_keep_the_same_records_and_report(tmp_path: Path) -> None:
    seats = ["mcts:30", "greedy"]
    one = arena("tictactoe", seats, 6, seed=2, out=tmp_path / "one")
    two = arena("tictactoe", seats, 6, seed=2, jobs=2, out=tmp_path / "two")
    assert untimed(one) == untimed(two)
    assert untimed_records(tmp_path / "one") == untimed_records(tmp_path / "two")


def test_a_team_of_one_bot_plays_a_deal_a_game() -> None:
    """A cooperative game with the same bot in every seat: rotating the seats over one deal
    played the very same game again, and a win rate counted each game twice. Each game now
    has a deal of its own; a mixed team, and every competitive table, keep the rotation."""
    team = make_spec("andor", ["andor:balance", "andor:balance"], seed=7)
    assert [team.seed_for(i) for i in range(4)] == [7, 8, 9, 10]
    assert team.params()["deals"] == "one a game"
    lines = [play_game(team, i) for i in range(2)]
    assert lines[0]["actions"] != lines[1]["actions"]
    mixed = make_spec("andor", ["andor:balance", "greedy"], seed=7)
    rivals = make_spec("tictactoe", ["random", "random"], seed=7)
    for spec in (mixed, rivals):
        assert [spec.seed_for(i) for i in range(4)] == [7, 7, 8, 8]
        assert "deals" not in spec.params()
    result = CliRunner().invoke(main, ["arena", "andor", "--seats", "andor:balance,andor:balance",
                                       "--games", "2", "--seed", "7"])
    assert result.exit_code == 0 and "a deal a game" in result.output, result.output
