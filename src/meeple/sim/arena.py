"""Arenas: agents against each other over many games, seats rotated.

Games are played in blocks of ``players`` games that share one seed: within a block the seat
list is rotated one place per game, so every agent configuration sits in every seat equally
often and meets the same deals and dice from every seat. A configuration *wins* a game when a
seat it holds is among the winners (in a cooperative game the whole team wins or loses).

Each game is handed to ``on_game`` as it finishes. With ``out``, each finished game is also kept
as one line of ``out/records.jsonl``: a record :func:`meeple.replay` reads (seed, seats,
actions, result), with how each seat decided (decisions that had a choice, forced ones with a
single legal action, the seconds spent on the former, and a search seat's iteration counts).
Running the same arena into the same directory plays only the games it lacks; a directory
holding another arena (game, players, seats, options, seed, or the code that plays them) is
refused naming what differs (the run directory of :mod:`meeple.sim.rundir`, shared with
``meeple simulate``).

>>> report = arena("tictactoe", ["mcts:50", "random"], games=4, seed=1)
>>> [a["spec"] for a in report["agents"]], report["games"]
(['mcts:50', 'random'], 4)
>>> again = arena("tictactoe", ["mcts:50", "random"], games=4, seed=1)
>>> [a["wins"] for a in again["agents"]] == [a["wins"] for a in report["agents"]]
True
"""

from __future__ import annotations

import hashlib
import inspect
import time
from collections.abc import Callable, Generator, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor, as_completed
from contextlib import closing
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from meeple.agents import MCTSAgent, info_set, make_agents
from meeple.content import active
from meeple.core import ConfigError, Game, game_class

from .arena_print import print_report, safety_note
from .fingerprint import content_digests, content_package, keep_overridden
from .rundir import RECORD_KEYS, Kept, RecordWriter, RunDir, encode_line
from .stats import wilson

ARENA_FORMAT = "meeple-arena/1"
#: What an arena record holds beyond a simulation's record, one entry per seat: decisions
#: that had a choice, forced decisions (a single legal action), seconds spent on the former,
#: and a search seat's iteration count at each of its decisions (None for other seats).
ARENA_KEYS = ("decisions", "forced", "think", "iterations")

__all__ = ["ARENA_FORMAT", "ArenaSpec", "Played", "arena", "decode_counts", "encode_counts",
           "make_spec", "play_game", "played_from", "print_report", "replay_decisions",
           "safety_note", "seating", "summarise"]


@dataclass(frozen=True)
class Played:
    """One finished arena game: who sat where, who won, how long it took.

    ``decisions`` and ``think_seconds`` count the decisions that had a choice; ``forced``
    those with a single legal action (empty: not told apart). ``iterations`` holds each
    search seat's iteration counts (:func:`encode_counts`), None for other seats.
    """

    seed: int
    seats: tuple[str, ...]
    winners: tuple[int, ...]
    actions: int
    turns: int
    reason: str
    decisions: tuple[int, ...]
    think_seconds: tuple[float, ...]
    forced: tuple[int, ...] = ()
    iterations: tuple[str | None, ...] = ()
    index: int = 0


def seating(specs: Sequence[str], index: int) -> tuple[str, ...]:
    """The seat list of game ``index``: ``specs`` rotated by ``index`` places.

    >>> [seating(["a", "b", "c"], i) for i in range(3)]
    [('a', 'b', 'c'), ('b', 'c', 'a'), ('c', 'a', 'b')]
    """
    k = index % len(specs)
    return tuple(specs[k:]) + tuple(specs[:k])


# ----------------------------------------------------------------------- iteration counts
def encode_counts(counts: Sequence[int]) -> str:
    """Iteration counts, compactly: a run of equal counts is written ``count*times``.

    >>> encode_counts([400, 400, 400, 0, 812, 790, 790])
    '400*3,0,812,790*2'
    >>> decode_counts('400*3,0,812,790*2')
    [400, 400, 400, 0, 812, 790, 790]
    >>> encode_counts([]), decode_counts('')
    ('', [])
    """
    parts: list[str] = []
    k = 0
    while k < len(counts):
        j = k
        while j < len(counts) and counts[j] == counts[k]:
            j += 1
        parts.append(str(counts[k]) if j - k == 1 else f"{counts[k]}*{j - k}")
        k = j
    return ",".join(parts)


def decode_counts(text: str) -> list[int]:
    """The iteration counts :func:`encode_counts` wrote; ValueError when they are not that."""
    out: list[int] = []
    for part in text.split(",") if text else []:
        count, star, times = part.partition("*")
        if not count.isdigit() or (star and not times.isdigit()):
            raise ValueError(f"{part!r} is not COUNT or COUNT*TIMES")
        out += [int(count)] * (int(times) if star else 1)
    return out


# ----------------------------------------------------------------------------- the spec
#: The files whose change may change how a game is played: code and content data (not the
#: words of its catalogues and how-to pages, nor its drawn board).
_PLAYING_FILES = frozenset({".py", ".toml", ".json", ".yaml", ".yml", ".csv"})


def code_digest(game_id: str) -> str:
    """A digest of the code that plays an arena of ``game_id``: the engine, the agents and
    the game's package. Another digest means the games may be played differently."""
    meeple = Path(__file__).resolve().parent.parent
    roots = [meeple / "core", meeple / "agents", meeple / "components", meeple / "content.py",
             Path(inspect.getfile(game_class(game_id))).resolve().parent]
    h = hashlib.sha256()
    for root in roots:
        files = [root] if root.is_file() else sorted(
            p for p in root.rglob("*") if p.is_file() and p.suffix in _PLAYING_FILES
            and not {"__pycache__", "locale", "board"} & set(p.relative_to(root).parts))
        for f in files:
            name = f.name if f == root else f.relative_to(root).as_posix()
            h.update(name.encode() + b"\0" + f.read_bytes() + b"\0")
    return h.hexdigest()[:16]


@dataclass(frozen=True)
class ArenaSpec:
    """Everything that decides an arena's games (how many, and where they run, do not)."""

    game: str
    version: str
    players: int
    seats: tuple[str, ...]
    options: Mapping[str, Any]
    seed: int
    #: :func:`code_digest` of the code that plays.
    code: str
    #: The content read in place of the game's own, when it is (``--content``, ``--set``):
    #: the folder, the set values and a digest of every file (:func:`overrides`).
    overrides: Mapping[str, Any] | None = None

    @property
    def max_actions(self) -> int:
        """No bound: an arena game ends by its rules or its safety limit, never cut short."""
        return 0

    @property
    def record_keys(self) -> tuple[str, ...]:
        """The keys of an arena record, in the order it is written."""
        return RECORD_KEYS + ARENA_KEYS

    def seats_for(self, index: int) -> tuple[str, ...]:
        """The agent in each seat of game ``index``."""
        return seating(self.seats, index)

    @property
    def one_team(self) -> bool:
        """A cooperative game with the same bot in every seat: rotating the seats over one
        deal would play the very same game again, so each game has a deal of its own."""
        return len(set(self.seats)) == 1 and game_class(self.game).cooperative

    def seed_for(self, index: int) -> int:
        """The seed of game ``index``: one per block of ``players`` games, the seats rotated
        over one deal; one per game for :attr:`one_team`."""
        return self.seed + (index if self.one_team else index // self.players)

    def params(self) -> dict[str, Any]:
        """The spec as JSON-able data (``run.json``)."""
        out = {"format": ARENA_FORMAT, "game": self.game, "version": self.version,
               "code": self.code, "players": self.players, "seats": list(self.seats),
               "options": dict(self.options), "seed": self.seed}
        if self.overrides is not None:
            out["overrides"] = dict(self.overrides)
        if self.one_team:
            out["deals"] = "one a game"
        return out

    def header(self, index: int) -> dict[str, Any]:
        """The fields of game ``index``'s record that the spec decides."""
        return {"index": index, "format": "meeple-record/1", "game": self.game,
                "version": self.version, "players": self.players,
                "options": dict(self.options), "seed": self.seed_for(index),
                "seats": list(self.seats_for(index))}

    def extra_problems(self, line: dict[str, Any]) -> list[str]:
        """What is wrong with the fields :data:`ARENA_KEYS` of a record line."""
        p = self.players
        problems = []
        for key in ("decisions", "forced"):
            v = line[key]
            if not (isinstance(v, list) and len(v) == p and all(
                    isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in v)):
                problems.append(f"{key} is not a count per seat")
        think = line["think"]
        if not (isinstance(think, list) and len(think) == p and all(
                isinstance(t, int | float) and not isinstance(t, bool) and t >= 0
                for t in think)):
            problems.append("think is not seconds per seat")
        its = line["iterations"]
        if not (isinstance(its, list) and len(its) == p
                and all(c is None or (isinstance(c, str) and _counts_ok(c)) for c in its)):
            problems.append("iterations is not null or iteration counts per seat")
        return problems

    def changed(self, key: str) -> str:
        """What a change of ``key`` means, when its name does not say."""
        if key == "overrides":
            return "other content (--content, --set) than its games were played under"
        if key == "deals":
            return ("a team of one bot now plays a deal a game; its seats rotated over one deal "
                    "played the same game again")
        return ("the code of the engine, the bots or the game changed since its games were "
                "played") if key == "code" else ""


def overrides(game_id: str) -> dict[str, Any] | None:
    """The content ``game_id`` reads in place of its own now (``--content``, ``--set``): the
    folder, the set values and each file's digest; None when it reads its own."""
    package = content_package(game_class(game_id))
    folder, sets = active(package)
    if folder is None and not sets:
        return None
    return {"content": None if folder is None else str(folder),
            "set": [str(s) for s in sets], "files": content_digests(game_class(game_id))}


def _counts_ok(text: str) -> bool:
    try:
        decode_counts(text)
    except ValueError:
        return False
    return True


def _whole(value: Any, what: str, least: int) -> None:
    if isinstance(value, bool) or not isinstance(value, int) or value < least:
        raise ConfigError(f"{what} must be a whole number of at least {least}, got {value!r}")


def make_spec(game_id: str, specs: Sequence[str], players: int | None = None, seed: int = 0,
              options: Mapping[str, Any] | None = None) -> ArenaSpec:
    """A checked arena spec; ConfigError naming the argument that is wrong."""
    cls = game_class(game_id)
    if isinstance(specs, str) or not all(isinstance(s, str) for s in specs):
        raise ConfigError(f"seats must be a list of agent specs, got {specs!r}")
    seats = [s.strip() for s in specs if s.strip()]
    if not seats:
        raise ConfigError("--seats needs one agent per seat, e.g. --seats mcts:200,random")
    if players is not None:
        _whole(players, "players", 1)
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise ConfigError(f"seed must be a whole number, got {seed!r}")
    if players is None:
        players = len(seats)
    if len(seats) != players:
        raise ConfigError(f"{players} seats need {players} agents in --seats, got {len(seats)}")
    game = cls(players=players, options=options)  # validates players and options early
    make_agents(seats, players, seed, game_id)  # validates agent specs early
    return ArenaSpec(game_id, cls.version, players, tuple(seats), dict(game.config), seed,
                     code_digest(game_id), overrides(game_id))


# ------------------------------------------------------------------------------ one game
_GAMES: dict[tuple[str, int, str], Game[Any]] = {}


def _game(spec: ArenaSpec) -> Game[Any]:
    key = (spec.game, spec.players,
           encode_line({"options": dict(spec.options), "overrides": spec.overrides}))
    game = _GAMES.get(key)
    if game is None:
        if spec.overrides is not None:  # a spawned worker does not inherit them
            keep_overridden(spec.game, spec.overrides["content"], spec.overrides["set"])
        game = _GAMES[key] = game_class(spec.game)(players=spec.players, options=spec.options)
    return game


def play_game(spec: ArenaSpec, index: int) -> dict[str, Any]:
    """Play game ``index`` of an arena, timing every decision; its record line."""
    line = spec.header(index)
    seats, seed, players = line["seats"], line["seed"], spec.players
    agents = make_agents(seats, players, seed, spec.game)
    state = _game(spec).new_state(seed=seed)
    decisions, forced, think = [0] * players, [0] * players, [0.0] * players
    counts: list[list[int] | None] = [[] if isinstance(a, MCTSAgent) else None
                                      for a in agents]
    actors: list[int] = []
    clock = time.perf_counter
    while state.to_act is not None:
        seat = state.to_act
        agent = agents[seat]
        info = info_set(agent, state, seat)
        start = clock()
        action = agent.choose(info)
        took = clock() - start
        if len(state.legal_actions()) == 1:  # cached by the state: costs nothing here
            forced[seat] += 1
        else:
            decisions[seat] += 1
            think[seat] += took
        mine = counts[seat]
        if mine is not None and isinstance(agent, MCTSAgent):
            mine.append(agent.last_iterations)
        actors.append(seat)
        state.apply(action)
    record = state.record()
    line.update(actions=record["actions"], actors=actors, result=record["result"], error=None,
                decisions=decisions, forced=forced, think=[round(t, 6) for t in think],
                iterations=[None if c is None else encode_counts(c) for c in counts])
    return line


def played_from(line: dict[str, Any]) -> Played:
    """The :class:`Played` of an arena record line."""
    result = line["result"]
    return Played(line["seed"], tuple(line["seats"]), tuple(result["winners"]),
                  len(line["actions"]), result["turns"], result["reason"],
                  tuple(line["decisions"]), tuple(float(t) for t in line["think"]),
                  tuple(line["forced"]), tuple(line["iterations"]), line["index"])


def replay_decisions(line: dict[str, Any]) -> list[str]:
    """Play the game of an arena record again, every search seat searching exactly the
    iterations it recorded at each decision: the actions chosen.

    A search stopped by its time budget after N iterations decides as the same search with a
    budget of N iterations, so with the same code this gives the record's actions.
    """
    game = game_class(line["game"])(players=line["players"], options=line["options"])
    agents = make_agents(line["seats"], line["players"], line["seed"], line["game"])
    budgets = [None if c is None else iter(decode_counts(c)) for c in line["iterations"]]
    state = game.new_state(seed=line["seed"])
    texts: list[str] = []
    while state.to_act is not None:
        seat = state.to_act
        agent, budget = agents[seat], budgets[seat]
        if budget is not None and isinstance(agent, MCTSAgent):
            n = next(budget, 0)
            if n:
                agent.config = replace(agent.config, iterations=n, seconds=None)
        action = agent.choose(info_set(agent, state, seat))
        texts.append(action[0])
        state.apply(action)
    return texts


def _play_job(job: tuple[ArenaSpec, int]) -> dict[str, Any]:
    return play_game(*job)


def _played_lines(spec: ArenaSpec, todo: list[int], jobs: int
                  ) -> Generator[dict[str, Any], None, None]:
    """The record lines of games ``todo``, as they finish (in any order with several jobs)."""
    if jobs <= 1 or len(todo) <= 1:
        for i in todo:
            yield play_game(spec, i)
        return
    from .backends import _context, _ignore_sigint

    pool = ProcessPoolExecutor(min(jobs, len(todo)), mp_context=_context(),
                               initializer=_ignore_sigint)
    try:
        futures: list[Future[dict[str, Any]]] = [pool.submit(_play_job, (spec, i))
                                                 for i in todo]
        for done in as_completed(futures):
            yield done.result()
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


# ------------------------------------------------------------------------------ the run
def arena(game_id: str, specs: Sequence[str], games: int, players: int | None = None,
          seed: int = 0, options: dict[str, Any] | None = None, jobs: int = 1,
          on_game: Callable[[Played], None] | None = None, out: Path | None = None,
          on_kept: Callable[[list[Played]], None] | None = None) -> dict[str, Any]:
    """Play ``games`` games between the agents ``specs`` (one per seat) and summarise them.

    ``on_game`` receives each game as it finishes. With ``out`` (a run directory), games are
    kept there as they finish, those already kept are not played again (``on_kept`` receives
    them first) and the report is also written to ``out/summary.json``. ConfigError for bad
    arguments or a directory holding another arena; RecordError for a kept line that is not
    this arena's.
    """
    spec = make_spec(game_id, specs, players, seed, options)
    _whole(games, "the number of games", 1)
    _whole(jobs, "jobs", 1)
    played: dict[int, Played] = {}
    rundir = RunDir(Path(out)) if out is not None else None
    try:
        kept = rundir.open(spec, games) if rundir is not None else Kept()
        for i in sorted(kept.lines):
            assert rundir is not None
            played[i] = played_from(rundir.read_line(kept, i))
        if on_kept is not None and played:
            on_kept(list(played.values()))
        todo = [i for i in range(games) if i not in played]
        writer = RecordWriter(rundir, kept, todo) if rundir is not None and todo else None
        with closing(_played_lines(spec, todo, jobs)) as lines:
            try:
                for line in lines:
                    if writer is not None:
                        writer.write([line["index"]], encode_line(line) + "\n")
                    p = played[line["index"]] = played_from(line)
                    if on_game is not None:
                        on_game(p)
            finally:
                if writer is not None:
                    writer.close()
        report = summarise(game_id, spec.players, dict(spec.options), seed, spec.seats,
                           [played[i] for i in sorted(played)],
                           game_class(game_id).cooperative)
        if rundir is not None:
            rundir.write_summary(report)
        return report
    finally:
        if rundir is not None:
            rundir.close()


def _per_seat(values: Sequence[Any], players: int, empty: Any) -> Sequence[Any]:
    return values if values else [empty] * players


def summarise(game_id: str, players: int, options: dict[str, Any], seed: int,
              specs: Sequence[str], played: Sequence[Played], cooperative: bool
              ) -> dict[str, Any]:
    """Win rates with 95% Wilson intervals per agent and per seat, draws, mean length, time
    per decision (forced decisions apart), and games that ended on a safety limit."""
    n = len(played)
    agents: list[dict[str, Any]] = []
    for spec in dict.fromkeys(specs):
        wins = sum(any(p.seats[w] == spec for w in p.winners) for p in played)
        dec = forced = searched = iterations = 0
        secs = 0.0
        for p in played:
            for s, d, t, f, c in zip(p.seats, p.decisions, p.think_seconds,
                                     _per_seat(p.forced, players, 0),
                                     _per_seat(p.iterations, players, None), strict=True):
                if s != spec:
                    continue
                dec, secs, forced = dec + d, secs + t, forced + f
                counts = [k for k in decode_counts(c) if k] if c is not None else []
                searched, iterations = searched + len(counts), iterations + sum(counts)
        lo, hi = wilson(wins, n)
        agents.append({"spec": spec, "wins": wins, "games": n, "win_rate": wins / n,
                       "ci95": [lo, hi], "decisions": dec, "forced_decisions": forced,
                       "seconds_per_decision": secs / dec if dec else 0.0,
                       "ms_per_decision": 1000 * secs / dec if dec else 0.0,
                       "iterations_per_decision": iterations / searched if searched else None})
    by_seat = []
    for seat in range(players):
        wins = sum(seat in p.winners for p in played)
        lo, hi = wilson(wins, n)
        by_seat.append({"seat": seat, "wins": wins, "win_rate": wins / n, "ci95": [lo, hi]})
    draws = sum(not p.winners for p in played)
    reasons: dict[str, int] = {}
    for p in played:
        reasons[p.reason] = reasons.get(p.reason, 0) + 1
    limits = game_class(game_id).safety_endings
    safety = {r: k for r, k in sorted(reasons.items()) if r in limits}
    return {
        "game": game_id, "players": players, "options": options, "seed": seed,
        "cooperative": cooperative, "games": n, "seats": list(specs), "agents": agents,
        "by_seat": by_seat, "draws": draws, "draw_rate": draws / n,
        "mean_actions": sum(p.actions for p in played) / n,
        "mean_turns": sum(p.turns for p in played) / n,
        "endings": dict(sorted(reasons.items())),
        "safety_endings": {"games": sum(safety.values()), "reasons": safety},
        "played": [{"index": p.index, "seed": p.seed, "seats": list(p.seats),
                    "winners": list(p.winners), "reason": p.reason, "actions": p.actions,
                    "turns": p.turns, "iterations": list(p.iterations)} for p in played],
    }
