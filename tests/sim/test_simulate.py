"""The simulator: deterministic whatever runs the games, resumable, and never stopped by one bad
game."""

from __future__ import annotations

import importlib.util
import json
import os
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner

import meeple
from meeple.cli import main
from meeple.core import ConfigError
from meeple.sim.simulate import RunSpec, game_seed, iter_records, make_spec, simulate


def run(spec: RunSpec, games: int, out: Path, **kw: Any) -> dict[str, Any]:
    kw.setdefault("jobs", 1)
    return simulate(spec, games, out, progress=False, report=False, **kw)


def records(out: Path) -> str:
    return (out / "records.jsonl").read_text("utf-8")


# ---------------------------------------------------------------------- determinism
def test_game_seeds_depend_on_the_run_seed_and_the_index_only() -> None:
    seeds = [game_seed(7, i) for i in range(1000)]
    assert len(set(seeds)) == 1000
    assert seeds == [game_seed(7, i) for i in range(1000)]
    assert game_seed(8, 0) != seeds[0]


@pytest.mark.parametrize(("game", "players", "vary"), [
    ("tictactoe", None, None),
    ("_template", 3, {"hand_size": [2, 4]}),
])
def test_records_are_the_same_whatever_the_number_of_jobs(
        tmp_path: Path, game: str, players: int | None, vary: dict[str, list[int]] | None
) -> None:
    spec = make_spec(game, seats="random", players=players, vary=vary, seed=11)
    run(spec, 150, tmp_path / "one", jobs=1)
    run(spec, 150, tmp_path / "two", jobs=2)
    assert records(tmp_path / "one") == records(tmp_path / "two")
    lines = list(iter_records(tmp_path / "one" / "records.jsonl"))
    assert [line["index"] for line in lines] == list(range(150))


def needs_ray() -> None:
    """Skip without Ray, unless ``MEEPLE_REQUIRE_RAY`` is set (CI sets it): then fail."""
    if importlib.util.find_spec("ray") is None:
        if os.environ.get("MEEPLE_REQUIRE_RAY"):
            pytest.fail("ray is not installed (MEEPLE_REQUIRE_RAY is set)")
        pytest.skip("ray is not installed")


def test_the_ray_backend_gives_the_same_records(tmp_path: Path) -> None:
    """On a local Ray cluster the records are byte-identical to those of processes."""
    needs_ray()
    spec = make_spec("_template", seats="random", players=2, seed=3)
    run(spec, 60, tmp_path / "processes", jobs=2)
    run(spec, 60, tmp_path / "ray", jobs=2, backend="ray")
    assert records(tmp_path / "processes") == records(tmp_path / "ray")


def test_ray_workers_play_under_the_values_set_on_the_command_line(tmp_path: Path) -> None:
    """A Ray worker inherits nothing from the driver: it sets ``--set`` values up itself, and
    its records are those of processes, not those of the shipped content."""
    needs_ray()
    spec = make_spec("grabhit", seats="random", players=2, seed=4,
                     sets=["adventurers.violet.capital=10"])
    run(spec, 20, tmp_path / "processes", jobs=2)
    run(spec, 20, tmp_path / "ray", jobs=2, backend="ray")
    assert records(tmp_path / "processes") == records(tmp_path / "ray")
    shipped = make_spec("grabhit", seats="random", players=2, seed=4)
    run(shipped, 20, tmp_path / "shipped", jobs=2)
    assert records(tmp_path / "shipped") != records(tmp_path / "ray")


def test_every_record_replays(tmp_path: Path) -> None:
    spec = make_spec("_template", seats="random", players=4, seed=5)
    run(spec, 30, tmp_path)
    for line in iter_records(tmp_path / "records.jsonl"):
        final = meeple.replay(line)
        assert final.result().to_dict() == line["result"]
        assert line["actors"] == [a["seat"] for a in final.events() if a["type"] == "action"]


def test_seats_rotate_so_every_agent_plays_every_seat(tmp_path: Path) -> None:
    spec = make_spec("_template", seats="random,greedy", players=3)
    assert spec.seats == ("random", "greedy", "greedy")
    assert [spec.seats_for(i)[0] for i in range(3)] == ["random", "greedy", "greedy"]
    fixed = make_spec("_template", seats="random,greedy", players=3, rotate=False)
    assert {fixed.seats_for(i)[0] for i in range(3)} == {"random"}


def test_bad_parameters_are_refused_before_any_game() -> None:
    with pytest.raises(ConfigError, match="unknown agent"):
        make_spec("tictactoe", seats="random,nobody")
    with pytest.raises(ConfigError, match="3 seats given for 2 players"):
        make_spec("tictactoe", seats="random,random,random", players=2)
    with pytest.raises(ConfigError, match="hand_size"):
        make_spec("_template", vary={"hand_size": [2, 99]})


# ------------------------------------------------------------------------- resuming
class Stop(KeyboardInterrupt):
    """Ctrl-C, pressed by the test after some games."""


def interrupt_after(k: int) -> Any:
    def on_chunk(done: int) -> None:
        if done >= k:
            raise Stop()
    return on_chunk


@pytest.mark.parametrize("jobs", [1, 2])
def test_an_interrupted_run_resumes_to_the_same_records(tmp_path: Path, jobs: int) -> None:
    spec = make_spec("tictactoe", seed=9)
    run(spec, 200, tmp_path / "whole")
    part = tmp_path / "part"
    with pytest.raises(Stop):
        run(spec, 200, part, jobs=jobs, on_chunk=interrupt_after(50))
    done = len(records(part).splitlines())
    assert 50 <= done < 200
    summary = json.loads((part / "summary.json").read_text("utf-8"))
    assert summary["games"]["done"] == done and not summary["games"]["complete"]
    with (part / "records.jsonl").open("a") as f:
        f.write('{"index": 999, "format": "meeple-rec')  # killed while writing a line
    resumed = run(spec, 200, part, jobs=jobs)
    assert records(part) == records(tmp_path / "whole")
    assert resumed["timing"]["games_played"] == 200 - done
    assert resumed["games"]["complete"]


def test_a_run_can_be_extended_with_more_games(tmp_path: Path) -> None:
    spec = make_spec("tictactoe", seed=2)
    run(spec, 40, tmp_path / "long")
    run(spec, 15, tmp_path / "grown")
    summary = run(spec, 40, tmp_path / "grown")
    assert records(tmp_path / "grown") == records(tmp_path / "long")
    assert summary["timing"]["games_played"] == 25


def test_a_run_with_other_parameters_is_refused(tmp_path: Path) -> None:
    run(make_spec("tictactoe", seed=1), 5, tmp_path)
    with pytest.raises(ConfigError, match=r"seed 2 \(the run has 1\)"):
        run(make_spec("tictactoe", seed=2), 5, tmp_path)
    with pytest.raises(ConfigError, match="seats"):
        run(make_spec("tictactoe", seats="random,greedy", seed=1), 5, tmp_path)


def test_records_not_written_by_a_run_are_refused(tmp_path: Path) -> None:
    (tmp_path / "records.jsonl").write_text("hello\n")
    with pytest.raises(ConfigError, match="use an empty directory"):
        run(make_spec("tictactoe"), 5, tmp_path)


# ------------------------------------------------------------------------- failures
@pytest.mark.parametrize("jobs", [1, 2])
def test_a_failing_game_is_recorded_and_the_run_goes_on(
        tmp_path: Path, test_games: None, jobs: int) -> None:
    spec = make_spec("_boom", seed=4)
    summary = run(spec, 40, tmp_path, jobs=jobs)
    lines = list(iter_records(tmp_path / "records.jsonl"))
    failed = [line for line in lines if line["error"]]
    assert len(lines) == 40
    assert failed and len(failed) < 40
    assert all(line["seed"] % 2 == 1 for line in failed)
    first = failed[0]
    assert first["error"]["type"] == "RuntimeError"
    assert "the board caught fire" in first["error"]["traceback"]
    assert len(first["actions"]) == len(first["actors"]) == 4 and first["result"] is None
    with pytest.raises(RuntimeError, match="caught fire"):  # the record replays to the failure
        meeple.replay(first)
    assert summary["games"]["failed"] == len(failed)
    assert summary["games"]["finished"] == 40 - len(failed)
    assert {"reason": "error: RuntimeError", "count": len(failed),
            "share": len(failed) / 40} in summary["endings"]
    assert summary["failures"][0]["message"] == "the board caught fire"
    again = CliRunner().invoke(main, ["replay", str(tmp_path / "records.jsonl"),
                                      "--index", str(first["index"])])
    assert "the recorded failure reproduces: RuntimeError" in again.output
    every = CliRunner().invoke(main, ["replay", str(tmp_path / "records.jsonl")])
    assert f"{len(failed)} failed games skipped" in " ".join(every.output.split())


def test_a_game_that_cannot_start_is_recorded_by_its_seed(
        tmp_path: Path, test_games: None) -> None:
    summary = run(make_spec("_dud", seed=1), 30, tmp_path)
    failed = [line for line in iter_records(tmp_path / "records.jsonl") if line["error"]]
    assert failed and all(line["seed"] % 3 == 0 for line in failed)
    assert all(line["actions"] == [] and line["actors"] == [] for line in failed)
    assert failed[0]["error"]["message"] == "no board in the box"
    assert summary["games"]["finished"] == 30 - len(failed)


def test_a_game_that_never_ends_fails_at_the_action_limit(tmp_path: Path) -> None:
    summary = run(make_spec("tictactoe", max_actions=4), 10, tmp_path)
    assert summary["games"]["failed"] == 10
    assert summary["failures"][0]["type"] == "TooLong"


# ------------------------------------------------------------------------------ cli
def test_the_command_prints_the_summary_as_json(tmp_path: Path) -> None:
    out = tmp_path / "run"
    result = CliRunner().invoke(main, [
        "simulate", "_template", "--games", "12", "--players", "3", "--seats", "random",
        "--vary", "hand_size=2,3", "--seed", "5", "--jobs", "1", "--out", str(out), "--json",
        "--no-progress"])
    assert result.exit_code == 0, result.output
    summary = json.loads(result.stdout)
    assert summary["games"]["done"] == 12
    assert summary["run"]["vary"] == {"hand_size": [2, 3]}
    assert (out / "report.html").exists()


def test_the_command_prints_tables_and_reports_bad_input(tmp_path: Path) -> None:
    out = tmp_path / "run"
    ok = CliRunner().invoke(main, ["simulate", "tictactoe", "-n", "20", "-j", "1",
                                   "--out", str(out), "--no-progress"])
    assert ok.exit_code == 0, ok.output
    assert "Win rate by seat" in ok.output and "How games ended" in ok.output
    bad = CliRunner().invoke(main, ["simulate", "tictactoe", "-n", "20", "--seed", "3",
                                    "--out", str(out), "--no-progress"])
    assert bad.exit_code != 0
    assert "other parameters" in bad.output


def test_replay_takes_one_game_of_a_run(tmp_path: Path) -> None:
    run(make_spec("tictactoe"), 5, tmp_path)
    result = CliRunner().invoke(main, ["replay", str(tmp_path / "records.jsonl"),
                                       "--index", "3"])
    assert result.exit_code == 0, result.output
    assert "reproduces" in result.output
    every = CliRunner().invoke(main, ["replay", str(tmp_path / "records.jsonl")])
    assert "all 5 records reproduce" in " ".join(every.output.split())
    missing = CliRunner().invoke(main, ["replay", str(tmp_path / "records.jsonl"),
                                        "--index", "9"])
    assert "no game with index 9" in missing.output


@pytest.mark.parametrize(("args", "says"), [
    (["--seats", "human"], "only bots play here (meeple play seats people)"),
    (["--seats", "random,human"], "only bots play here"),
    (["--seats", "nobody"], "unknown agent 'nobody'; agents are: greedy, mcts, mcts-cheat, random"),
    (["--seats", "mcts:abc"], "cannot read 'abc'"),
    (["--seats", ","], "--seats needs at least one agent"),
    (["--seats", "random,random,random"], "tictactoe is played by 2 players, not 3"),
    (["--seats", "random,random,random", "-p", "2"], "3 seats given for 2 players"),
    (["--games", "0"], "0 is not in the range x>=1"),
    (["--games", "many"], "'many' is not a valid integer"),
    (["--players", "0"], "tictactoe is played by 2 players, not 0"),
    (["-o", "size"], "--option 'size' is not NAME=VALUE"),
    (["-o", "size=3"], "unknown option 'size'"),
    (["--vary", "size=1,2"], "unknown option 'size'"),
    (["--jobs", "0"], "0 is not in the range x>=1"),
    (["--backend", "cloud"], "'cloud' is not one of 'processes', 'ray'"),
])
def test_bad_input_is_one_line_and_exit_code_2(tmp_path: Path, args: list[str], says: str) -> None:
    out = tmp_path / "run"
    result = CliRunner().invoke(main, ["simulate", "tictactoe", "-n", "3", *args,
                                       "--out", str(out), "--no-progress"])
    assert result.exit_code == 2, result.output
    assert result.stderr.splitlines() == [f"Error: {result.stderr[7:].strip()}"]
    assert says in result.stderr
    assert result.exception is None or isinstance(result.exception, SystemExit)
    assert not out.exists()


def test_options_given_twice_or_twice_varied_are_refused(tmp_path: Path) -> None:
    for args, says in ((["-o", "hand_size=2", "-o", "hand_size=3"], "given twice"),
                       (["-o", "hand_size=2", "--vary", "hand_size=2,3"], "fixed (--option) "
                                                                            "and varied"),
                       (["--vary", "hand_size=2,2"], "varied over 2 twice")):
        result = CliRunner().invoke(main, ["simulate", "_template", "-n", "3", *args,
                                           "--out", str(tmp_path / "run"), "--no-progress"])
        assert result.exit_code == 2 and says in result.stderr, (args, result.output)


def test_an_out_that_cannot_be_a_directory_is_one_line(tmp_path: Path) -> None:
    (tmp_path / "file").write_text("not a run\n")
    cases = [(tmp_path / "file", "is a file; --out needs a directory"),
             (tmp_path / "file" / "run", "cannot use"),
             (Path("/proc/meeple-no-such-run"), "cannot use")]
    for out, says in cases:
        result = CliRunner().invoke(main, ["simulate", "tictactoe", "-n", "3", "--out", str(out),
                                           "--no-progress"])
        assert result.exit_code == 2, result.output
        assert len(result.stderr.splitlines()) == 1 and says in result.stderr, result.stderr
    assert (tmp_path / "file").read_text() == "not a run\n"


def test_the_command_refuses_a_shorter_run_and_verifies_on_request(tmp_path: Path) -> None:
    out = tmp_path / "run"
    args = ["simulate", "tictactoe", "-j", "1", "--out", str(out), "--no-progress", "--json"]
    assert CliRunner().invoke(main, [*args, "-n", "12"]).exit_code == 0
    shorter = CliRunner().invoke(main, [*args, "-n", "5"])
    assert shorter.exit_code == 2
    assert "holds 12 games" in shorter.stderr and "--games 12 or more" in shorter.stderr
    lines = (out / "records.jsonl").read_text("utf-8").splitlines(keepends=True)
    record = json.loads(lines[4])
    record["actions"] = record["actions"][:-1]
    record["actors"] = record["actors"][:-1]
    lines[4] = json.dumps(record, ensure_ascii=False, separators=(",", ":")) + "\n"
    (out / "records.jsonl").write_text("".join(lines), "utf-8")
    assert CliRunner().invoke(main, [*args, "-n", "12"]).exit_code == 0
    verified = CliRunner().invoke(main, [*args, "-n", "12", "--verify"])
    assert verified.exit_code == 2
    assert "line 5: game 4 does not reproduce" in verified.stderr
    assert "goes on" in verified.stderr


def test_make_spec_refuses_people_and_odd_arguments() -> None:
    with pytest.raises(ConfigError, match="only bots play here"):
        make_spec("tictactoe", seats=["random", "human"])
    with pytest.raises(ConfigError, match="seats must be agent names"):
        make_spec("tictactoe", seats=[1, 2])  # type: ignore[list-item]
    with pytest.raises(ConfigError, match="players must be a whole number"):
        make_spec("tictactoe", players="2")  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="seed must be a whole number"):
        make_spec("tictactoe", seed=1.5)  # type: ignore[arg-type]


def test_simulate_refuses_no_games(tmp_path: Path) -> None:
    for games in (0, -1, True, "3"):
        with pytest.raises(ConfigError, match="at least 1"):
            run(make_spec("tictactoe"), games, tmp_path / "run")  # type: ignore[arg-type]
    assert not (tmp_path / "run").exists()
