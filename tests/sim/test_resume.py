"""Resuming a run: whatever happened to records.jsonl, the resumed file is byte for byte the
uninterrupted run's, or the run is refused with the line and what is wrong, leaving it as it was."""

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
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from meeple.core import ConfigError, MeepleError, RecordError
from meeple.sim.rundir import RECORD_KEYS, RunDir
from meeple.sim.simulate import RunSpec, make_spec, simulate

GAMES = 24
SPEC = make_spec("tictactoe", seed=9)


def run(spec: RunSpec, games: int, out: Path, **kw: Any) -> dict[str, Any]:
    kw.setdefault("jobs", 1)
    return simulate(spec, games, out, progress=False, report=False, **kw)


def whole(tmp_path: Path, spec: RunSpec = SPEC, games: int = GAMES) -> bytes:
    """The records of an uninterrupted run."""
    run(spec, games, tmp_path / "whole")
    return (tmp_path / "whole" / "records.jsonl").read_bytes()


def damaged(tmp_path: Path, lines: list[bytes], spec: RunSpec = SPEC,
            games: int = GAMES) -> Path:
    """A run directory of ``spec`` whose records.jsonl holds ``lines``."""
    out = tmp_path / "damaged"
    run(spec, games, out)
    (out / "records.jsonl").write_bytes(b"".join(lines))
    return out


def resume(out: Path, spec: RunSpec = SPEC, games: int = GAMES, **kw: Any) -> bytes:
    summary = run(spec, games, out, **kw)
    assert summary["games"]["done"] == games and summary["games"]["complete"]
    return (out / "records.jsonl").read_bytes()


# ---------------------------------------------------------------------- resume cases
def test_a_truncated_last_line_is_played_again(tmp_path: Path) -> None:
    good = whole(tmp_path)
    lines = good.splitlines(keepends=True)
    out = damaged(tmp_path, [*lines[:10], lines[10][:25]])
    assert resume(out) == good


def test_a_last_line_without_its_end_of_line_is_played_again(tmp_path: Path) -> None:
    good = whole(tmp_path)
    lines = good.splitlines(keepends=True)
    out = damaged(tmp_path, [*lines[:10], lines[10].rstrip(b"\n")])
    assert resume(out) == good


def test_a_line_deleted_in_the_middle_is_played_and_put_back_in_its_place(
        tmp_path: Path) -> None:
    good = whole(tmp_path)
    lines = good.splitlines(keepends=True)
    out = damaged(tmp_path, lines[:7] + lines[8:])
    summary = run(SPEC, GAMES, out)
    assert (out / "records.jsonl").read_bytes() == good
    assert summary["timing"]["games_played"] == 1


def test_lines_missing_at_the_end_are_played(tmp_path: Path) -> None:
    good = whole(tmp_path)
    lines = good.splitlines(keepends=True)
    out = damaged(tmp_path, lines[:5])
    assert resume(out) == good


def test_lines_missing_everywhere_and_a_cut_line_all_come_back_in_order(
        tmp_path: Path) -> None:
    good = whole(tmp_path)
    lines = good.splitlines(keepends=True)
    kept = [line for i, line in enumerate(lines[:20]) if i % 3]
    out = damaged(tmp_path, [*kept, lines[20][:-7]])
    assert resume(out, jobs=2) == good


def test_lines_out_of_order_are_put_in_order(tmp_path: Path) -> None:
    good = whole(tmp_path)
    lines = good.splitlines(keepends=True)
    out = damaged(tmp_path, [lines[3], lines[0], lines[2], lines[1], *lines[4:12]])
    assert resume(out) == good


def test_a_run_stopped_while_filling_gaps_keeps_what_it_played(tmp_path: Path) -> None:
    good = whole(tmp_path, games=60)
    lines = good.splitlines(keepends=True)
    out = damaged(tmp_path, [line for i, line in enumerate(lines) if i % 2], games=60)

    def stop(done: int) -> None:
        if done >= 40:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        run(SPEC, 60, out, on_chunk=stop)
    held = (out / "records.jsonl").read_bytes().splitlines(keepends=True)
    assert 40 <= len(held) < 60
    assert set(held) <= set(lines)
    indexes = [json.loads(line)["index"] for line in held]
    assert indexes == sorted(indexes)
    assert resume(out, games=60) == good


def test_a_run_killed_while_rewriting_resumes_from_the_old_file(tmp_path: Path) -> None:
    good = whole(tmp_path)
    lines = good.splitlines(keepends=True)
    out = damaged(tmp_path, lines[:3] + lines[4:])
    stale = out / ".records.jsonl.4242.tmp"  # the new file, half-written when it was killed
    stale.write_bytes(b"".join(lines[:9]))
    assert resume(out) == good
    assert not stale.exists()


def test_a_real_game_resumes_to_the_same_records(tmp_path: Path) -> None:
    spec = make_spec("grabhit", seats="random", players=3, seed=4)
    good = whole(tmp_path, spec, games=6)
    lines = good.splitlines(keepends=True)
    out = damaged(tmp_path, [lines[0], lines[2], lines[3][:100]], spec, games=6)
    assert resume(out, spec, games=6, verify=True) == good


def _cli(*args: str) -> list[str]:
    return [sys.executable, "-c", "from meeple.cli import main; main()", *args]


def test_a_run_killed_mid_write_resumes_byte_for_byte(tmp_path: Path) -> None:
    out = tmp_path / "killed"
    proc = subprocess.Popen(
        _cli("simulate", "tictactoe", "-n", "3000", "--seed", "3", "-j", "2", "--no-progress",
             "--json", "--out", str(out)),
        stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
    records = out / "records.jsonl"
    deadline = time.monotonic() + 60
    try:
        while not (records.exists() and records.stat().st_size > 10_000):
            assert proc.poll() is None, "the run ended before it was killed"
            assert time.monotonic() < deadline
            time.sleep(0.002)
    finally:
        os.killpg(proc.pid, signal.SIGKILL)  # the run and its workers
        proc.wait()
    left = records.read_bytes()
    spec = make_spec("tictactoe", seed=3)
    good = whole(tmp_path, spec, games=3000)
    assert left.count(b"\n") < 3000
    assert good.startswith(left[:left.rfind(b"\n") + 1])
    assert resume(out, spec, games=3000, jobs=2) == good


# ------------------------------------------------------------------ what is refused
def _altered(tmp_path: Path, number: int, change: Any) -> tuple[Path, bytes]:
    """A run whose line ``number`` (from 1) is changed by ``change(record)``."""
    good = whole(tmp_path)
    lines = good.splitlines(keepends=True)
    record = json.loads(lines[number - 1])
    change(record)
    lines[number - 1] = json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode() \
        + b"\n"
    out = damaged(tmp_path, lines)
    return out, (out / "records.jsonl").read_bytes()


def _refused(out: Path, before: bytes, *says: str, **kw: Any) -> None:
    with pytest.raises(RecordError) as refused:
        run(SPEC, GAMES, out, **kw)
    for text in says:
        assert text in str(refused.value)
    assert (out / "records.jsonl").read_bytes() == before


@pytest.mark.parametrize(("field", "value"), [
    ("seed", 12345), ("seats", ["greedy", "random"]), ("options", {"size": 4}),
    ("players", 3), ("game", "_template"), ("version", "0.0"), ("format", "meeple-record/0"),
    ("players", True),
])
def test_a_record_that_the_spec_does_not_give_is_refused_naming_line_and_field(
        tmp_path: Path, field: str, value: Any) -> None:
    out, before = _altered(tmp_path, 5, lambda r: r.__setitem__(field, value))
    _refused(out, before, "line 5", "game 4", f"{field} is {value!r}", "Delete that line")


def test_deleting_a_refused_line_plays_its_game_again(tmp_path: Path) -> None:
    out, before = _altered(tmp_path, 5, lambda r: r.__setitem__("seed", 1))
    _refused(out, before, "line 5")
    lines = before.splitlines(keepends=True)
    (out / "records.jsonl").write_bytes(b"".join(lines[:4] + lines[5:]))
    assert resume(out) == (tmp_path / "whole" / "records.jsonl").read_bytes()


@pytest.mark.parametrize(("change", "says"), [
    (lambda r: r.pop("actors"), "missing ['actors']"),
    (lambda r: r.__setitem__("note", 1), "unknown ['note']"),
    (lambda r: r.__setitem__("index", -1), "not a game number"),
    (lambda r: r.__setitem__("actors", r["actors"][:-1]), "actors"),
    (lambda r: r.__setitem__("actions", [1, 2]), "actions"),
    (lambda r: r.__setitem__("result", {"winners": [7]}), "result"),
    (lambda r: r.__setitem__("result", None), "neither a result nor an error"),
    (lambda r: r.__setitem__("error", "boom"), "error"),
])
def test_a_record_of_the_wrong_shape_is_refused(tmp_path: Path, change: Any, says: str) -> None:
    out, before = _altered(tmp_path, 3, change)
    _refused(out, before, "line 3", says)


def test_a_record_not_written_the_way_a_run_writes_is_refused(tmp_path: Path) -> None:
    good = whole(tmp_path)
    lines = good.splitlines(keepends=True)
    lines[2] = json.dumps(json.loads(lines[2])).encode() + b"\n"  # the same, with spaces
    out = damaged(tmp_path, lines)
    _refused(out, b"".join(lines), "line 3", "not written the way a run writes it")


def test_a_repeated_line_is_refused(tmp_path: Path) -> None:
    lines = whole(tmp_path).splitlines(keepends=True)
    out = damaged(tmp_path, [*lines[:6], lines[2], *lines[6:]])
    _refused(out, b"".join([*lines[:6], lines[2], *lines[6:]]), "line 7 repeats game 2 (line 3)")


@pytest.mark.parametrize("bad", [b"hello\n", b"\n", b"\xff\xfe\n", b"[" * 100_000 + b"\n"])
def test_a_line_that_is_not_json_is_refused_unless_it_is_the_cut_last_one(
        tmp_path: Path, bad: bytes) -> None:
    good = whole(tmp_path)
    lines = good.splitlines(keepends=True)
    out = damaged(tmp_path, [*lines[:4], bad, *lines[4:]])
    _refused(out, b"".join([*lines[:4], bad, *lines[4:]]), "line 5")
    (out / "records.jsonl").write_bytes(b"".join([*lines[:4], bad.rstrip(b"\n")]))
    assert resume(out) == good


def test_an_altered_play_is_kept_without_verify_and_refused_with_it(tmp_path: Path) -> None:
    def other_winner(r: dict[str, Any]) -> None:
        r["result"]["winners"] = [1 - r["result"]["winners"][0]] if r["result"]["winners"] \
            else [0]

    out, before = _altered(tmp_path, 6, other_winner)
    _refused(out, before, "line 6", "game 5 does not reproduce", "result", verify=True)
    assert run(SPEC, GAMES, out)["games"]["done"] == GAMES  # only the spec's fields are checked


def test_altered_actions_do_not_reproduce(tmp_path: Path) -> None:
    out, before = _altered(tmp_path, 2, lambda r: r["actions"].reverse())
    _refused(out, before, "line 2", "game 1 does not reproduce", verify=True)


def test_verify_accepts_every_record_a_run_wrote_failures_too(
        tmp_path: Path, test_games: None) -> None:
    kws: tuple[tuple[str, dict[str, Any]], ...] = (
        ("_boom", {}), ("_dud", {}), ("tictactoe", {"max_actions": 4}),
        ("_template", {"players": 3}))
    for game, kw in kws:
        spec = make_spec(game, seed=4, **kw)
        out = tmp_path / game
        run(spec, 12, out)
        first = (out / "records.jsonl").read_bytes()
        assert run(spec, 12, out, verify=True)["timing"]["games_played"] == 0
        assert (out / "records.jsonl").read_bytes() == first


def test_a_failure_that_does_not_come_back_is_refused(tmp_path: Path, test_games: None) -> None:
    spec = make_spec("_boom", seed=4)
    out = tmp_path / "boom"
    run(spec, 10, out)
    lines = (out / "records.jsonl").read_bytes().splitlines(keepends=True)
    number = next(n for n, line in enumerate(lines) if json.loads(line)["error"])
    record = json.loads(lines[number])
    record["error"]["message"] = "the dog ate the board"
    lines[number] = json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode() + b"\n"
    (out / "records.jsonl").write_bytes(b"".join(lines))
    with pytest.raises(RecordError, match=f"line {number + 1}: .* does not reproduce: "
                                          "its replay raises RuntimeError"):
        run(spec, 10, out, verify=True)


def test_fewer_games_than_the_directory_holds_are_refused(tmp_path: Path) -> None:
    run(SPEC, 30, tmp_path)
    before = (tmp_path / "records.jsonl").read_bytes()
    with pytest.raises(ConfigError, match=r"holds 30 games .* the last is game 29\), more than "
                                          r"the 10 asked for: run with --games 30 or more"):
        run(SPEC, 10, tmp_path)
    assert (tmp_path / "records.jsonl").read_bytes() == before


# ------------------------------------------------------------------ any alteration
_json = st.recursive(st.none() | st.booleans() | st.integers(-3, 3) | st.text(max_size=4),
                     lambda inner: st.lists(inner, max_size=3)
                     | st.dictionaries(st.text(max_size=3), inner, max_size=3), max_leaves=6)


@settings(max_examples=120, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(number=st.integers(0, 7), key=st.sampled_from(RECORD_KEYS), value=_json,
       verify=st.booleans())
def test_any_altered_value_is_refused_or_resumes_cleanly(
        tmp_path_factory: pytest.TempPathFactory, number: int, key: str, value: Any,
        verify: bool) -> None:
    tmp = tmp_path_factory.mktemp("alter")
    spec = make_spec("tictactoe", seed=1)
    good = whole(tmp, spec, games=8)
    lines = good.splitlines(keepends=True)
    record = json.loads(lines[number])
    record[key] = value
    lines[number] = json.dumps(record, ensure_ascii=False, separators=(",", ":")).encode() + b"\n"
    out = damaged(tmp, lines, spec, games=8)
    try:
        after = resume(out, spec, games=8, verify=verify)
    except MeepleError:
        assert (out / "records.jsonl").read_bytes() == b"".join(lines)
        return
    assert after == b"".join(lines)
    if verify or key not in {"actions", "actors", "result", "error"}:
        assert record == json.loads(good.splitlines()[number])  # only an unchanged line passes


def test_a_directory_in_use_by_another_run_is_refused(tmp_path: Path) -> None:
    out = tmp_path / "busy"
    holder = RunDir(out)
    holder.open(SPEC, GAMES)
    try:
        other = subprocess.run(_cli("simulate", "tictactoe", "-n", str(GAMES), "--seed", "9",
                                    "--out", str(out), "--no-progress"),
                               capture_output=True, text=True)
        assert other.returncode == 2
        assert other.stderr.splitlines() == [
            f"Error: another run is using {out}; wait for it to end, or use another --out"]
    finally:
        holder.close()
    assert resume(out) == whole(tmp_path)
