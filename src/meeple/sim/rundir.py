"""The run directory of ``meeple simulate`` and ``meeple arena``: its files, checking what it
holds, resuming exactly. What a run's records hold beyond :data:`RECORD_KEYS` and how they are
checked is its spec's (:class:`Spec`).

A run directory holds ``run.json`` (the spec) and ``records.jsonl`` (one line per game, in
game order). Resuming keeps ``records.jsonl`` byte-identical to an uninterrupted run:

- a last line without its end of line (a run killed while writing it) is dropped and its game
  played again;
- games missing anywhere (lines deleted in the middle, or at the end) are played and their
  lines put back at their place in index order: the file is rewritten in one step (a
  temporary file in the same folder, flushed to disk, then renamed over the old one), so a
  crash leaves the old file or the new, never a mix;
- ``run.json`` holds the spec, and for ``meeple simulate`` the fingerprint of the rules its
  games were played under (:mod:`meeple.sim.fingerprint`): a run whose parameters differ is
  refused with a :class:`~meeple.core.ConfigError` naming them, one whose rules differ (or
  that predates fingerprints) with a :class:`RulesChanged` naming what changed;
- every kept line is checked against the spec for its index (game, version, players, seats,
  options, seed, format), for the shape of its play (actions, actors, result, error) and for
  being written exactly as a run writes it. A line that fails is refused with a
  :class:`~meeple.core.RecordError` naming the line and what differs: the directory is not
  changed, and deleting that line makes the next run play its game again;
- with ``verify``, every kept record is also replayed with :func:`meeple.replay`, and one that
  does not reproduce (its actions, actors, result or recorded error) is refused the same way.
"""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import nullcontext, suppress
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO, Any, Protocol

from meeple.core import ConfigError, RecordError, replay

try:
    import fcntl
except ImportError:  # not on Windows: runs there are not locked
    fcntl = None  # type: ignore[assignment]

from .fingerprint import changes as fingerprint_changes
from .tally import Tally

#: The keys of a record line, in the order a run writes them.
RECORD_KEYS = ("index", "format", "game", "version", "players", "options", "seed", "seats",
               "actions", "actors", "result", "error")
_ERROR_KEYS = ("type", "message", "traceback")
_HINT = "Delete that line to play its game again, or use another --out."


class RulesChanged(ConfigError):
    """A run directory whose games were played under other rules (code or content) than the
    ones a resumed or extended run would play under, or under rules it did not record."""


class Spec(Protocol):
    """What a run directory needs of the spec of its run (``meeple simulate``'s
    :class:`~meeple.sim.simulate.RunSpec`, ``meeple arena``'s
    :class:`~meeple.sim.arena.ArenaSpec`)."""

    @property
    def players(self) -> int:
        """Seats at each game's table."""

    @property
    def max_actions(self) -> int:
        """The actions after which a game counts as failed (``TooLong``)."""

    @property
    def record_keys(self) -> tuple[str, ...]:
        """The keys of a record line, in the order a run writes them."""

    def params(self) -> dict[str, Any]:
        """The spec as JSON-able data (``run.json``)."""

    def header(self, index: int) -> dict[str, Any]:
        """The fields of game ``index``'s record that the spec decides."""

    def extra_problems(self, line: dict[str, Any]) -> list[str]:
        """What is wrong with the fields of ``line`` beyond :data:`RECORD_KEYS`."""

    def changed(self, key: str) -> str:
        """What it means that the parameter ``key`` of ``run.json`` differs ('' for nothing)."""


def write_atomic(path: Path, text: str) -> None:
    """Write ``text`` to ``path`` so that readers see the old file or the new, never half."""
    tmp = path.with_name(f".{path.name}.{os.getpid()}.tmp")
    with tmp.open("w", encoding="utf-8") as f:
        f.write(text)
        f.flush()
        os.fsync(f.fileno())
    os.replace(tmp, path)


def encode_line(line: dict[str, Any]) -> str:
    """One JSON line (never fails: values JSON cannot hold are written as their repr)."""
    return json.dumps(line, ensure_ascii=False, separators=(",", ":"), default=repr)


@dataclass
class Kept:
    """The records a run directory already holds."""

    #: Game index -> (byte offset, byte length, line number) of its line in records.jsonl.
    lines: dict[int, tuple[int, int, int]] = field(default_factory=dict)
    tally: Tally = field(default_factory=Tally)
    #: Bytes of records.jsonl up to the end of its last complete line.
    end: int = 0
    #: Whether the lines are in index order in the file.
    in_order: bool = True


class RunDir:
    """The files of a run and how to resume one."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self.run_file = path / "run.json"
        self.records = path / "records.jsonl"
        self.summary_file = path / "summary.json"
        self._lock_fd: int | None = None

    def open(self, spec: Spec, games: int, *, verify: bool = False) -> Kept:
        """Create or resume a run of ``games`` games: the records already played.

        The directory stays locked against other runs until :meth:`close`. ConfigError when
        it cannot be written, is in use, holds another run (other parameters) or more games
        than ``games``; RecordError for a record line that is not this run's (or, with
        ``verify``, does not reproduce). Nothing is changed on error.
        """
        try:
            return self._open(spec, games, verify)
        except BaseException as e:
            self.close()
            if isinstance(e, OSError):
                raise ConfigError(f"cannot use {self.path} as a run directory: "
                                  f"{e.strerror or e}") from None
            raise

    def _open(self, spec: Spec, games: int, verify: bool) -> Kept:
        self._prepare(spec)
        kept = self._read(spec)
        beyond = sorted(i for i in kept.lines if i >= games)
        if beyond:
            raise ConfigError(
                f"{self.path} holds {len(kept.lines)} games (numbered from 0, the last is game "
                f"{beyond[-1]}), more than the {games} asked for: run with --games "
                f"{beyond[-1] + 1} or more to resume or extend it, or use another --out for a "
                f"run of {games} games")
        if verify:
            self.verify(spec, kept)
        for name in ("run.json", "records.jsonl", "summary.json", "report.html"):
            for stale in self.path.glob(f".{name}.*.tmp"):  # left by a run killed while writing
                with suppress(OSError):
                    stale.unlink()
        return kept

    def _prepare(self, spec: Spec) -> None:
        if self.path.exists() and not self.path.is_dir():
            raise ConfigError(f"{self.path} is a file; --out needs a directory")
        self.path.mkdir(parents=True, exist_ok=True)
        self._lock()
        params = json.loads(json.dumps(spec.params()))
        if self.run_file.exists():
            try:
                old = json.loads(self.run_file.read_bytes())
            except (ValueError, RecursionError) as e:
                raise ConfigError(f"{self.run_file} is not a run's parameters: {e}") from None
            if not isinstance(old, dict):
                raise ConfigError(f"{self.run_file} is not a run's parameters")
            diffs = [f"{k} {params.get(k)!r} (the run has {old.get(k)!r}"
                     + (f": {spec.changed(k)})" if spec.changed(k) else ")")
                     for k in sorted(set(params) | set(old))
                     if k != "fingerprint" and not _same(params.get(k), old.get(k))]
            if diffs:
                raise ConfigError(
                    f"{self.path} holds a run with other parameters: {'; '.join(diffs)}. "
                    "Use the same parameters to resume it, or another --out."
                )
            self._check_rules(params, old)
        elif self.records.exists() and self.records.stat().st_size:
            raise ConfigError(f"{self.records} exists but {self.run_file} does not; "
                              "use an empty directory")
        else:
            write_atomic(self.run_file, json.dumps(params, indent=1) + "\n")

    def _check_rules(self, params: dict[str, Any], old: dict[str, Any]) -> None:
        """RulesChanged when the run's games were played under other rules than today's."""
        if "fingerprint" not in params:
            return  # a spec without one (made by hand): nothing to compare
        if not isinstance(old.get("fingerprint"), dict):
            raise RulesChanged(
                f"{self.path} holds a run that predates fingerprints: its run.json does not "
                "say which code and content its games were played under, so more games could "
                "mix old rules with new. Use another --out for a run under today's rules.")
        changes = fingerprint_changes(str(params.get("game")), old["fingerprint"],
                                      params["fingerprint"])
        if not changes and not _same(old["fingerprint"], params["fingerprint"]):
            changes = ["its fingerprint is not today's"]
        if changes:
            raise RulesChanged(
                f"{self.path} holds a run played under other rules: {'; '.join(changes)}. "
                "Its games would mix old rules with new: use another --out for a run under "
                "today's rules, or undo the change to resume this one.")

    def _lock(self) -> None:
        """Hold ``.lock`` until :meth:`close`: one run at a time in a directory.

        A POSIX record lock: the system drops it when this process ends, however it ends, and
        the processes it forks do not hold it. Where there is no ``fcntl`` nothing is locked.
        """
        if fcntl is None or self._lock_fd is not None:
            return
        fd = os.open(self.path / ".lock", os.O_RDWR | os.O_CREAT, 0o644)
        try:
            fcntl.lockf(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
        except OSError:
            os.close(fd)
            raise ConfigError(f"another run is using {self.path}; wait for it to end, or use "
                              "another --out") from None
        self._lock_fd = fd

    def close(self) -> None:
        """Let another run use the directory."""
        if self._lock_fd is not None:
            os.close(self._lock_fd)  # closing the file releases the lock
            self._lock_fd = None

    def _read(self, spec: Spec) -> Kept:
        kept = Kept()
        if not self.records.exists():
            return kept
        last = -1
        for number, offset, raw in _lines(self.records):
            if not raw.endswith(b"\n"):
                break  # a run stopped while writing this line: its game is played again
            line = self._parse(raw, number)
            index: Any = line.get("index")
            if isinstance(index, int) and index in kept.lines:
                raise RecordError(f"{self.records}, line {number} repeats game {index} (line "
                                  f"{kept.lines[index][2]}). {_HINT}")
            problems = record_problems(spec, line, raw)
            if not problems and encode_line(line).encode() + b"\n" != raw:
                problems = ["it is not written the way a run writes it (was it edited?)"]
            if problems:
                which = f"game {index}" if _is_index(index) else "the record"
                raise RecordError(f"{self.records}, line {number}: {which} does not match this "
                                  f"run: {'; '.join(problems)}. {_HINT}")
            kept.lines[index] = (offset, len(raw), number)
            kept.tally.add(line)
            kept.in_order = kept.in_order and index > last
            last = max(last, index)
            kept.end = offset + len(raw)
        return kept

    def _parse(self, raw: bytes, number: int) -> dict[str, Any]:
        try:
            line = json.loads(raw)
        except (ValueError, RecursionError) as e:
            raise RecordError(f"{self.records}, line {number} is not a JSON record ({e}). "
                              f"{_HINT}") from None
        if not isinstance(line, dict):
            raise RecordError(f"{self.records}, line {number} is not a JSON object. {_HINT}")
        return line

    def read_line(self, kept: Kept, index: int) -> dict[str, Any]:
        """The kept record of game ``index``."""
        offset, length, number = kept.lines[index]
        with self.records.open("rb") as f:
            f.seek(offset)
            return self._parse(f.read(length), number)

    def verify(self, spec: Spec, kept: Kept) -> None:
        """Replay every kept record; RecordError naming the first that does not reproduce."""
        for index in sorted(kept.lines):
            problem = replay_problem(self.read_line(kept, index), spec.max_actions)
            if problem:
                number = kept.lines[index][2]
                raise RecordError(f"{self.records}, line {number}: game {index} does not "
                                  f"reproduce: {problem}. {_HINT}")

    def write_summary(self, summary: dict[str, Any]) -> None:
        """Replace ``summary.json`` at once."""
        write_atomic(self.summary_file, json.dumps(summary, indent=1, ensure_ascii=False) + "\n")


def _lines(path: Path) -> Iterator[tuple[int, int, bytes]]:
    """(line number, byte offset, bytes with their end of line) of every line of a file."""
    offset = 0
    with path.open("rb") as f:
        for number, raw in enumerate(f, 1):
            yield number, offset, raw
            offset += len(raw)


def _same(a: Any, b: Any) -> bool:
    """Equal as JSON: ``1``, ``1.0`` and ``true`` differ, key order does not matter."""
    return json.dumps(a, sort_keys=True) == json.dumps(b, sort_keys=True)


def _is_index(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and value >= 0


def _is_seat_list(value: Any, players: int) -> bool:
    return isinstance(value, list) and all(
        isinstance(s, int) and not isinstance(s, bool) and 0 <= s < players for s in value)


def record_problems(spec: Spec, line: dict[str, Any], raw: bytes = b"") -> list[str]:
    """What makes ``line`` not the record a run of ``spec`` writes for its index (empty: none).

    Checked without replaying: the fields the spec decides, and the shape of the play. ``raw``,
    the line as read, makes the check quick when its start is the spec's fields as a run
    writes them.
    """
    index: Any = line.get("index")
    if not _is_index(index):
        return [f"its index {index!r} is not a game number"]
    keys = list(line)
    wanted = spec.record_keys
    if keys != list(wanted):
        missing = [k for k in wanted if k not in line]
        extra = [k for k in keys if k not in wanted]
        return [f"its keys are {keys} (a run writes {list(wanted)}"
                + (f"; missing {missing}" if missing else "")
                + (f"; unknown {extra}" if extra else "") + ")"]
    header = spec.header(index)
    if not raw.startswith(encode_line(header)[:-1].encode() + b","):
        expected = json.loads(json.dumps(header))
        problems = [f"{k} is {line[k]!r}, the run gives {expected[k]!r}"
                    for k in expected if not _same(line[k], expected[k])]
        if problems:
            return problems
    return _play_problems(line, spec.players) or spec.extra_problems(line)


def _play_problems(line: dict[str, Any], players: int) -> list[str]:
    actions, actors, result, error = (line[k] for k in ("actions", "actors", "result", "error"))
    problems = []
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        problems.append("actions is not a list of action texts")
    elif not _is_seat_list(actors, players) or len(actors) != len(actions):
        problems.append(f"actors is not a list of one seat (0 to {players - 1}) per action")
    if error is not None and not (isinstance(error, dict) and list(error) == list(_ERROR_KEYS)
                                  and all(isinstance(v, str) for v in error.values())):
        problems.append(f"error is not null or an object of texts {list(_ERROR_KEYS)}")
    if result is None:
        if error is None:
            problems.append("it has neither a result nor an error")
    elif not (isinstance(result, dict) and _is_seat_list(result.get("winners"), players)
              and isinstance(result.get("scores"), list)
              and _is_index(result.get("turns")) and isinstance(result.get("reason"), str)
              and isinstance(result.get("extra", {}), dict)):
        problems.append("result is not a game result (winners, scores, turns, reason)")
    return problems


def replay_problem(line: dict[str, Any], max_actions: int) -> str | None:
    """Why replaying the record ``line`` does not give what it says (None: it reproduces)."""
    error = line["error"]
    try:
        final = replay(line)
    except Exception as e:
        if error is None:
            return f"its replay raises {type(e).__name__}: {e}"
        if _same_error(e, error):
            return None
        return (f"its replay raises {type(e).__name__}: {e}, the record says "
                f"{error['type']}: {error['message']}")
    actors = [ev["seat"] for ev in final.events() if ev["type"] == "action"]
    if actors != line["actors"]:
        return "the seats that took its actions differ from its actors"
    if error is None:
        if not final.is_over:
            return "after its actions the game goes on"
        got = json.loads(encode_line(final.result().to_dict()))
        return None if _same(got, line["result"]) else \
            f"its result is {line['result']!r}, the replay's is {got!r}"
    if error["type"] == "TooLong":
        return None if not final.is_over and len(actors) >= max_actions else \
            "the record says the game did not end within the action limit, but its replay does"
    try:
        final.result()
    except Exception as e:
        if _same_error(e, error):
            return None
    return f"the record says the game failed with {error['type']}, but its replay does not"


def _same_error(e: Exception, error: dict[str, Any]) -> bool:
    """Whether ``e`` is the recorded ``error`` again (an illegal action comes back wrapped)."""
    if type(e).__name__ == error["type"] and str(e) == error["message"]:
        return True
    return error["type"] == "IllegalAction" and isinstance(e, RecordError) \
        and error["message"] in str(e)


class RecordWriter:
    """Writes played records so that ``records.jsonl`` ends up in index order.

    While games are missing before the last kept one, played lines are held; once the last of
    those gaps is played (or at :meth:`close`, when the run stops early) the file is rewritten
    at once with every line at its place. After that, and when there were no gaps, lines are
    appended and flushed as they come (a half-written last line is cut off first).
    """

    def __init__(self, rundir: RunDir, kept: Kept, todo: list[int]) -> None:
        self.rundir = rundir
        self.kept = kept
        top = max(kept.lines, default=-1)
        self.gaps = {i for i in todo if i < top}
        self.held: dict[int, str] = {}
        self.file: IO[str] | None = None
        if not self.gaps:
            self._settle()

    def write(self, indexes: list[int], text: str) -> None:
        """Add the lines ``text`` of the games ``indexes`` (in that order)."""
        if self.file is not None:
            self.file.write(text)
            self.file.flush()
            return
        self.held.update(zip(indexes, (s + "\n" for s in text.split("\n")[:-1]), strict=True))
        self.gaps.difference_update(indexes)
        if not self.gaps:
            self._settle()

    def close(self) -> None:
        """Write what is held (the run stopped before every gap was played)."""
        if self.file is None:
            if self.held:
                self._rewrite()
            return
        self.file.close()

    def _settle(self) -> None:
        records = self.rundir.records
        if self.held or not self.kept.in_order:
            self._rewrite()
        elif records.exists() and records.stat().st_size != self.kept.end:
            with records.open("r+b") as f:
                f.truncate(self.kept.end)
        self.file = records.open("a", encoding="utf-8")

    def _rewrite(self) -> None:
        """Replace records.jsonl by the kept and held lines in index order, in one step."""
        records = self.rundir.records
        tmp = records.with_name(f".{records.name}.{os.getpid()}.tmp")
        order = sorted(set(self.kept.lines) | set(self.held))
        with tmp.open("wb") as out, _maybe_open(records) as old:
            for index in order:
                if index in self.held:
                    out.write(self.held[index].encode())
                else:
                    offset, length, _ = self.kept.lines[index]
                    assert old is not None
                    old.seek(offset)
                    out.write(old.read(length))
            out.flush()
            os.fsync(out.fileno())
        os.replace(tmp, records)
        with suppress(OSError):  # make the rename itself durable where the platform allows
            fd = os.open(records.parent, os.O_RDONLY)
            try:
                os.fsync(fd)
            finally:
                os.close(fd)
        self.held.clear()
        self.kept = Kept(end=records.stat().st_size)


def _maybe_open(path: Path) -> Any:
    """The file opened for reading in binary, or a context giving None when it is absent."""
    return path.open("rb") if path.exists() else nullcontext(None)
