"""Many games between agents, in parallel, into a run directory that survives interruptions.

A run is fixed by a :class:`RunSpec` (game, players, seats, options, seed...). Game ``i`` of a
run depends on the spec and ``i`` only, never on how many processes or which backend played it,
so the same spec always gives byte-identical ``records.jsonl``.

The run directory holds::

    run.json        the spec and the fingerprint of the rules (code, content); a later run
                    into the same directory must match both
    records.jsonl   one record per game, in game order, appended and flushed as games finish
    summary.json    the balance figures (rewritten atomically: never half-written)
    report.html     the figures for people, one page with its plots embedded (when matplotlib
                    is there; also saved in plots/)

Running again into the same directory resumes: the games already in ``records.jsonl`` are
checked against the spec and kept, only the missing ones are played, and the file ends up
byte-identical to an uninterrupted run's (see :mod:`meeple.sim.rundir`).

>>> import tempfile
>>> spec = make_spec("tictactoe", seats="random")
>>> with tempfile.TemporaryDirectory() as d:
...     summary = simulate(spec, 20, Path(d), jobs=1, progress=False, report=False)
>>> summary["games"]["done"], summary["games"]["failed"]
(20, 0)
"""

from __future__ import annotations

import json
import os
import time
import traceback
from collections.abc import Callable, Collection, Iterator, Mapping, Sequence
from contextlib import AbstractContextManager, closing, nullcontext, suppress
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any

from meeple.agents import make, names
from meeple.content import parse_setting
from meeple.core import ConfigError, Game, Rng, State, game_class, load

from .fingerprint import fingerprint, keep_overridden, overridden
from .progress import RunProgress
from .rundir import RECORD_KEYS, Kept, RecordWriter, RunDir, encode_line, write_atomic
from .runner import play
from .shape import Measuring, default_size, picks
from .tally import Tally

if TYPE_CHECKING:
    from .backends import Aside

RUN_FORMAT = "meeple-sim/1"
RECORD_FORMAT = "meeple-record/1"
_MASK63 = (1 << 63) - 1


def game_seed(seed: int, index: int) -> int:
    """The seed of game ``index`` of a run seeded ``seed``: distinct for every index."""
    base = Rng(seed).next64()
    return Rng((base + index) & ((1 << 64) - 1)).next64() & _MASK63


@dataclass(frozen=True)
class RunSpec:
    """Everything that decides a run's games (how many, and where they run, do not)."""

    game: str
    version: str
    players: int
    seats: tuple[str, ...]
    options: Mapping[str, Any] = field(default_factory=dict)
    #: Options that take several values: game ``i`` plays combination ``i`` mod their count.
    vary: tuple[tuple[str, tuple[Any, ...]], ...] = ()
    seed: int = 0
    rotate: bool = True
    max_actions: int = 100_000
    #: What the games are played under: meeple, its engine, the game's code and content
    #: (:func:`meeple.sim.fingerprint.fingerprint`); None for a spec made by hand.
    fingerprint: Mapping[str, Any] | None = None
    #: A designer's content folder read in place of the game's (``--content``), absolute.
    content: str | None = None
    #: Content values set from outside the files (``--set``), as ``FILE.ENTRY.FIELD=VALUE``.
    sets: tuple[str, ...] = ()

    def params(self) -> dict[str, Any]:
        """The spec as JSON-able data (``run.json``)."""
        out = {
            "format": RUN_FORMAT, "game": self.game, "version": self.version,
            "players": self.players, "seats": list(self.seats), "options": dict(self.options),
            "vary": {name: list(values) for name, values in self.vary},
            "seed": self.seed, "rotate": self.rotate, "max_actions": self.max_actions,
        }
        if self.fingerprint is not None:
            out["fingerprint"] = dict(self.fingerprint)
        return out

    def rules(self) -> AbstractContextManager[None]:
        """A block in which the game reads the content this run's games are played under
        (without overrides: the content it reads now, unchanged)."""
        if self.content is None and not self.sets:
            return nullcontext()
        return overridden(self.game, self.content, self.sets)

    @property
    def record_keys(self) -> tuple[str, ...]:
        """The keys of a record line, in the order a run writes them."""
        return RECORD_KEYS

    def extra_problems(self, line: dict[str, Any]) -> list[str]:
        """A run's records hold nothing beyond :data:`~meeple.sim.rundir.RECORD_KEYS`."""
        return []

    def changed(self, key: str) -> str:
        """Nothing to add: the key names what changed."""
        return ""

    def options_for(self, index: int) -> dict[str, Any]:
        """The options of game ``index``: the fixed ones plus its combination of varied ones."""
        opts = dict(self.options)
        k = index
        for name, values in self.vary:
            opts[name] = values[k % len(values)]
            k //= len(values)
        return opts

    def seats_for(self, index: int) -> list[str]:
        """The agent in each seat in game ``index`` (rotated by one seat per game)."""
        p = self.players
        shift = index % p if self.rotate else 0
        return [self.seats[(s + shift) % p] for s in range(p)]

    def header(self, index: int) -> dict[str, Any]:
        """The fields of game ``index``'s record that the spec decides (all but its play)."""
        return {"index": index, "format": RECORD_FORMAT, "game": self.game,
                "version": self.version, "players": self.players,
                "options": self.options_for(index), "seed": game_seed(self.seed, index),
                "seats": self.seats_for(index)}


def make_spec(game: str, seats: str | Sequence[str] = "random", players: int | None = None,
              options: Mapping[str, Any] | None = None,
              vary: Mapping[str, Sequence[Any]] | None = None, seed: int = 0,
              rotate: bool = True, max_actions: int = 100_000,
              content: str | Path | None = None, sets: Sequence[str] = ()) -> RunSpec:
    """A checked spec; a bad game, player count, option or agent raises ConfigError.

    ``seats`` is a comma-separated list (or a list) of agent specs; when it is shorter than
    the number of players, its last agent fills the remaining seats. ``content`` (a copy of
    the game's content folder) and ``sets`` (``FILE.ENTRY.FIELD=VALUE`` values) change the
    content the games are played under; a broken value raises ContentError now.
    """
    folder = None if content is None else str(Path(content).resolve())
    with overridden(game, folder, sets):
        spec = _make_spec(game, seats, players, options, vary, seed, rotate, max_actions)
    if folder is not None and spec.fingerprint is not None:
        spec = replace(spec, fingerprint={**spec.fingerprint, "folder": folder})
    return replace(spec, content=folder, sets=tuple(str(parse_setting(s)) for s in sets))


def _make_spec(game: str, seats: str | Sequence[str], players: int | None,
               options: Mapping[str, Any] | None, vary: Mapping[str, Sequence[Any]] | None,
               seed: int, rotate: bool, max_actions: int) -> RunSpec:
    cls = game_class(game)
    specs = _seat_specs(seats, game)
    if players is None:
        players = len(specs) if len(specs) > 1 else cls.default_players or cls.min_players
    for name, value in (("players", players), ("seed", seed), ("max_actions", max_actions)):
        if isinstance(value, bool) or not isinstance(value, int):
            raise ConfigError(f"{name} must be a whole number, got {value!r}")
    if players not in cls.allowed_players():
        raise ConfigError(f"{game} is played by {cls.player_range()} players, not {players}")
    if len(specs) > players:
        raise ConfigError(f"{len(specs)} seats given for {players} players")
    specs += [specs[-1]] * (players - len(specs))
    both = sorted(set(vary or {}) & set(options or {}))
    if both:
        raise ConfigError(f"option {both[0]!r} is both fixed (--option) and varied (--vary); "
                          "give it once")
    fixed = dict(load(game, players=players, options=dict(options or {})).config)
    varied: list[tuple[str, tuple[Any, ...]]] = []
    for name, values in sorted((vary or {}).items()):
        values = list(values)
        if not values:
            raise ConfigError(f"option {name!r} is varied over no values")
        checked = tuple(load(game, players=players, options={**(options or {}), name: v})
                        .config[name] for v in values)
        twice = [v for k, v in enumerate(checked) if v in checked[:k]]
        if twice:
            raise ConfigError(f"option {name!r} is varied over {twice[0]!r} twice; "
                              "give each value once")
        varied.append((name, checked))
    if max_actions < 1:
        raise ConfigError(f"max_actions must be at least 1, got {max_actions}")
    names = [n for n, _ in varied]
    return RunSpec(game=game, version=cls.version, players=players, seats=tuple(specs),
                   options={k: v for k, v in fixed.items() if k not in names},
                   vary=tuple(varied), seed=seed, rotate=rotate, max_actions=max_actions,
                   fingerprint=fingerprint(game))


def _seat_specs(seats: str | Sequence[str], game: str) -> list[str]:
    """The agents of a ``--seats`` list, each checked (an unknown one fails now, not per game)."""
    if isinstance(seats, str):
        specs = [s.strip() for s in seats.split(",")]
    elif isinstance(seats, Sequence) and all(isinstance(s, str) for s in seats):
        specs = [s.strip() for s in seats]
    else:
        raise ConfigError(f"seats must be agent names, got {seats!r}")
    specs = [s for s in specs if s]
    if not specs:
        raise ConfigError(f"--seats needs at least one agent; agents are: {', '.join(names())}")
    for s in sorted(set(specs)):
        name = s.split(":", 1)[0].split("@", 1)[0]
        if name.lower() == "human":
            raise ConfigError(f"{s!r} seats a person, and only bots play here (meeple play "
                              f"seats people); agents are: {', '.join(names())}")
        make(s, 0, game)  # an unknown agent or argument (mcts:abc) fails now, not per game
    return specs


# ------------------------------------------------------------------------------ one game
_GAMES: dict[tuple[str, int, str, str], Game[Any]] = {}


def _game(spec: RunSpec, options: dict[str, Any]) -> Game[Any]:
    """The game object for these options (and content), built once per process."""
    content = json.dumps([(spec.fingerprint or {}).get("content"), spec.content, spec.sets],
                         sort_keys=True)
    key = (spec.game, spec.players, json.dumps(options, sort_keys=True), content)
    game = _GAMES.get(key)
    if game is None:
        game = _GAMES[key] = load(spec.game, players=spec.players, options=options)
    return game


class TooLong(Exception):
    """A game that did not end within the run's ``max_actions``."""


def play_game(spec: RunSpec, index: int, measuring: Measuring | None = None
              ) -> dict[str, Any]:
    """Play game ``index`` of a run; its record line, with ``error`` set if anything raised.

    Agents play as in :func:`meeple.sim.runner.play`. A failing game keeps its record up to
    the failure (the action that raised comes last, so replaying the record raises the same
    error), and the error's type, message and traceback. ``measuring`` takes the game's shape
    as it is played (:class:`~meeple.sim.shape.Measuring`; left empty if the game fails).
    """
    line: dict[str, Any] = {**spec.header(index), "actions": [], "actors": [], "result": None,
                            "error": None}
    seed, seats, options = line["seed"], line["seats"], line["options"]
    actors: list[int] = []
    playing: list[State] = []
    chosen: list[tuple[int, str]] = []
    limit = spec.max_actions

    def on_choose(state: State, seat: int, text: str) -> None:
        if not playing:
            playing.append(state)
        chosen[:] = [(seat, text)]
        if measuring is not None:
            measuring.before(state)

    def on_step(state: State, seat: int, text: str) -> None:
        chosen.clear()
        actors.append(seat)
        if len(actors) >= limit and state.to_act is not None:
            raise TooLong(f"the game did not end within {limit} actions")

    game: Game[Any] | None = None
    try:
        game = _game(spec, options)
        playing.append(play(game, seats, seed, on_step=on_step, on_choose=on_choose))
    except Exception as e:
        line["error"] = _error(e)
        if not playing and game is not None:  # it failed on its first action
            with suppress(Exception):  # if the game cannot even start, its seed is the record
                playing.append(game.new_state(seed=seed))
    if playing:
        state = playing[0]
        try:
            record = state.record()
        except Exception as e:  # a result that cannot be computed is a failure too
            line["error"] = line["error"] or _error(e)
            record = {"actions": [a[0] for a in state.actions_taken()], "result": None}
        line["actions"] = record["actions"]
        line["result"] = record["result"]
        actors = [e["seat"] for e in state.events() if e["type"] == "action"]
        if line["error"] is not None and chosen:  # the action that raised is recorded too
            seat, text = chosen[0]
            line["actions"] = [*record["actions"], text]
            actors.append(seat)
        elif measuring is not None and line["error"] is None and line["result"]:
            measuring.end(state, line["result"])
    line["actors"] = actors
    return line


def _error(e: BaseException) -> dict[str, str]:
    return {"type": type(e).__name__, "message": str(e), "traceback": traceback.format_exc()}


@dataclass
class Chunk:
    """Played games: their indexes, their record lines (text) and their tally."""

    number: int
    indexes: list[int]
    text: str
    tally: Tally
    #: Time spent playing (not part of any record).
    seconds: float = 0.0
    #: The shape measured on the sampled games among them, by index (:mod:`.shape`).
    measures: dict[int, dict[str, Any]] = field(default_factory=dict)


def play_chunk(spec: RunSpec, number: int, indexes: list[int],
               measure: Sequence[int] = ()) -> Chunk:
    """Play a few games (in a worker), measuring the shape of those in ``measure``; lines are
    encoded and counted where they are played."""
    start = time.perf_counter()
    if spec.content is not None or spec.sets:
        keep_overridden(spec.game, spec.content, spec.sets)  # a spawned or a Ray worker
    tally = Tally()
    lines = []
    wanted = set(measure)
    measures: dict[int, dict[str, Any]] = {}
    for i in indexes:
        measuring = Measuring() if i in wanted else None
        line = play_game(spec, i, measuring)
        tally.add(line)
        lines.append(encode_line(line))
        if measuring is not None and measuring.out is not None:
            measures[i] = measuring.out
    return Chunk(number, indexes, "".join(s + "\n" for s in lines), tally,
                 time.perf_counter() - start, measures)


# ------------------------------------------------------------------------------ the run
class Chunks:
    """Hands out the games to play in chunks sized by how long games take.

    A chunk should take about ``target`` seconds: long enough that moving it between
    processes costs nothing next to playing it, short enough for a live progress bar and for
    Ctrl-C to lose little. The first chunks hold one game each; later ones are sized from the
    time per game measured so far, and shrink towards the end so the workers finish together.
    Chunk sizes never change a record: game ``i`` depends only on the spec and ``i``.
    """

    def __init__(self, todo: list[int], workers: int, target: float = 0.5,
                 measure: Collection[int] = ()) -> None:
        self.todo = todo
        #: The games whose shape is measured as they are played.
        self.measure = frozenset(measure)
        self.workers = max(1, workers)
        self.target = target
        self.given = 0
        self.number = 0
        self.seconds = 0.0
        self.measured = 0

    def __len__(self) -> int:
        """Games not handed out yet."""
        return len(self.todo) - self.given

    def next(self) -> tuple[int, list[int], list[int]] | None:
        """The next chunk (its number, game indexes and those of them to measure), or None
        when all are handed out."""
        left = len(self)
        if not left:
            return None
        if self.measured:
            size = int(self.target * self.measured / max(self.seconds, 1e-9))
            size = max(1, min(size, 100_000, -(-left // (2 * self.workers))))
        else:
            size = 1
        chunk = self.todo[self.given:self.given + size]
        self.given += size
        self.number += 1
        return self.number - 1, chunk, [i for i in chunk if i in self.measure]

    def done(self, chunk: Chunk) -> None:
        """Learn from a played chunk how long games take."""
        self.seconds += chunk.seconds
        self.measured += len(chunk.indexes)


def default_jobs() -> int:
    """The number of cores this process may use."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on every platform
        return os.cpu_count() or 1


def build_summary(spec: RunSpec, tally: Tally, requested: int) -> dict[str, Any]:
    """``summary.json``: the run's parameters and the tally's figures."""
    summary = {"format": "meeple-sim-summary/1", "run": spec.params(),
               **tally.summary(cooperative=game_class(spec.game).cooperative,
                               safety=game_class(spec.game).safety_endings)}
    summary["games"]["requested"] = requested
    summary["games"]["complete"] = tally.games >= requested
    return summary


def simulate(spec: RunSpec, games: int, out: Path, *, jobs: int | None = None,
             backend: str = "processes", progress: Any = True, report: bool = True,
             verify: bool = False, shape: int | None = None,
             on_chunk: Callable[[int], None] | None = None) -> dict[str, Any]:
    """Play games ``0..games-1`` of ``spec`` into ``out`` (resuming); the summary.

    ``progress``: True for a bar on stderr, False for none, or a rich Console to draw on.
    ``verify``: replay every record already in ``out`` first, and refuse one that does not
    reproduce. ``shape``: measure that many games spread over the run, as they are played
    (:mod:`meeple.sim.shape`: choices per decision, the lead; None: a tenth of the games, 5 to
    50; 0: none); only a complete run keeps the figures.
    ``on_chunk(games_done)`` is called after each batch of records is written.
    Ctrl-C (or any exception) still leaves ``out`` consistent: complete records in game order,
    an up-to-date summary. Bad arguments, a directory that cannot be written or that holds
    another run raise ConfigError; a record line that is not this run's raises RecordError.
    """
    from .backends import check_backend

    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ConfigError(f"the number of games must be at least 1, got {games!r}")
    if jobs is not None and (isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 1):
        raise ConfigError(f"jobs must be at least 1, got {jobs!r}")
    if shape is None:
        shape = default_size(games)
    if isinstance(shape, bool) or not isinstance(shape, int) or shape < 0:
        raise ConfigError(f"the number of games to measure must be 0 or more, got {shape!r}")
    check_backend(backend)
    if backend == "processes":
        jobs = jobs or default_jobs()
    rundir = RunDir(Path(out))
    with spec.rules():
        kept = rundir.open(spec, games, verify=verify)
        try:
            return _run(spec, games, rundir, kept, jobs=jobs, backend=backend,
                        progress=progress, report=report, shape=shape, on_chunk=on_chunk)
        finally:
            rundir.close()


def _run(spec: RunSpec, games: int, rundir: RunDir, kept: Kept, *, jobs: int | None,
         backend: str, progress: Any, report: bool, shape: int,
         on_chunk: Callable[[int], None] | None) -> dict[str, Any]:
    """Play the games of ``0..games-1`` not in ``kept`` into ``rundir``; the summary.

    The games ``shape`` samples are measured where they are played; while other processes
    play, this one replays those the run directory already held and prepares the report
    (:class:`~meeple.sim.backends.Aside`), so that little is left for the end.
    """
    from .backends import run_chunks

    tally = kept.tally
    todo = [i for i in range(games) if i not in kept.lines]
    wanted = picks(games, shape) if shape else []
    aside = _prepare(spec, games, rundir, kept, todo, wanted, report)
    chunks = Chunks(todo, jobs or default_jobs(), measure=wanted)
    measures: dict[int, dict[str, Any]] = {}
    bar = RunProgress(progress, spec.game, games, len(kept.lines) if todo else games)
    started = last_summary = time.perf_counter()
    played = 0
    complete = False
    try:
        ready: dict[int, Chunk] = {}
        next_chunk = 0
        results = run_chunks(spec, chunks, jobs=jobs, backend=backend, on_start=bar.start,
                             while_playing=aside.start)
        records = RecordWriter(rundir, kept, todo)
        with closing(records), closing(results):
            for chunk in results:
                ready[chunk.number] = chunk
                bar.advance(len(chunk.indexes), len(chunk.tally.failures))
                # Records go out in game order, so the file is the same however games ran.
                while next_chunk in ready:
                    c = ready.pop(next_chunk)
                    records.write(c.indexes, c.text)
                    measures.update(c.measures)
                    tally.merge(c.tally)
                    played += len(c.indexes)
                    next_chunk += 1
                    if on_chunk is not None:
                        on_chunk(tally.games)
                if time.perf_counter() - last_summary > 30:
                    rundir.write_summary(build_summary(spec, tally, games))
                    last_summary = time.perf_counter()
        complete = True
    finally:
        bar.stop()
        seconds = time.perf_counter() - started
        timing = {"seconds": seconds, "games_played": played,
                  "games_per_second": played / seconds if seconds else None,
                  "jobs": jobs, "backend": backend}
        processes = min(jobs or default_jobs(), default_jobs()) if report else 0
        summary = _finish(spec, rundir, tally, games, (aside, wanted, measures), complete,
                          timing, processes)
    return summary


def _prepare(spec: RunSpec, games: int, rundir: RunDir, kept: Kept, todo: list[int],
             wanted: list[int], report: bool) -> Aside:
    """Build the run's games once here (forked workers inherit them); what this process
    does while they play."""
    from .backends import Aside

    combos = 1
    for _, values in spec.vary:
        combos *= len(values)
    for k in range(min(combos, len(todo))):
        _game(spec, spec.options_for(k))
    aside = Aside(wanted, lambda line: _game(spec, line["options"]),
                  spec.params() if report else None)
    aside.kept(rundir, kept)
    return aside


def _finish(spec: RunSpec, rundir: RunDir, tally: Tally, games: int,
            sampled: tuple[Aside, list[int], dict[int, dict[str, Any]]], complete: bool,
            timing: dict[str, Any], report: int) -> dict[str, Any]:
    """The run's summary, written with its report (drawn on ``report`` processes; none: 0);
    ``sampled``: what measures the shape (the replays of kept games, the games to measure,
    the measures of those played now)."""
    from .shape import combine

    summary = build_summary(spec, tally, games)
    summary["timing"] = timing
    aside, wanted, measures = sampled
    replayed = aside.finish(complete)
    if complete and wanted:
        measures = {**measures, **replayed}
        summary["shape"]["sampled"] = combine((measures.get(i) for i in wanted),
                                              game_class(spec.game).cooperative)
    rundir.write_summary(summary)
    if report:
        from . import report as reports

        reports.write_report(summary, rundir.path, jobs=report)
    return summary


def iter_records(path: Path) -> Iterator[dict[str, Any]]:
    """The record lines of a ``records.jsonl`` file."""
    with path.open(encoding="utf-8") as f:
        for raw in f:
            if raw.strip():
                yield json.loads(raw)


__all__ = ["Chunk", "Chunks", "RunDir", "RunSpec", "encode_line", "game_seed",
           "iter_records", "make_spec", "play_chunk", "play_game", "simulate",
           "write_atomic"]
