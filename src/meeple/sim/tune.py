"""``meeple tune``: search game options and content numbers for settings that meet a target
(:mod:`meeple.sim.targets`), with Optuna (``pip install 'meeple[tune]'``; docs/simulate.md,
"Tuning").

Each trial is a real run of :func:`meeple.sim.simulate.simulate` into ``OUT/trials/<n>/``,
on the tuning's seed (every trial plays the same deals, so settings are compared on equal
terms); its penalty is computed from the run's summary. After the budget, the best settings
are played again on new seeds with more games (``OUT/confirm/<n>/``, a run with its report),
and written as ``best.toml``; ``tune.json`` keeps every trial. The sampler is seeded: the
same command gives the same trials, and running it again resumes (finished trials are read
back from their run directories, not played again).
"""

from __future__ import annotations

import json
import math
import re
import tomllib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from meeple.content import read_toml, toml_value
from meeple.core import ConfigError, MeepleError, game_class, load

from .fingerprint import content_package, overridden
from .rundir import write_atomic
from .simulate import make_spec, simulate
from .targets import Target, describe, objective, parse_targets

TUNE_FORMAT = "meeple-tune/1"
INSTALL_HINT = "meeple tune needs Optuna: pip install 'meeple[tune]'"
_INT = re.compile(r"-?\d+")


@dataclass(frozen=True)
class Knob:
    """One number the search sets: a game option, or a content value ``FILE.ENTRY.FIELD``."""

    name: str
    low: int | float
    high: int | float
    kind: str  # "int" or "float"
    content: bool = False

    def __str__(self) -> str:
        return f"{self.name}={self.low}..{self.high}"


@dataclass(frozen=True)
class Plan:
    """Everything that decides a tuning's trials (not where they run)."""

    game: str
    knobs: tuple[Knob, ...]
    targets: tuple[Target, ...]
    games: int
    seats: str = "random"
    players: int | None = None
    options: Mapping[str, Any] = field(default_factory=dict)
    sets: tuple[str, ...] = ()
    content: str | None = None
    seed: int = 0
    confirm_games: int = 0

    def params(self) -> dict[str, Any]:
        """The plan as JSON-able data (``tune.json``)."""
        return {"game": self.game, "params": [str(k) for k in self.knobs],
                "target": ",".join(map(str, self.targets)), "games_per_trial": self.games,
                "seats": self.seats, "players": self.players, "options": dict(self.options),
                "set": list(self.sets), "content": self.content, "seed": self.seed,
                "confirm_games": self.confirm_games}

    def run_args(self, settings: Mapping[str, int | float]) -> dict[str, Any]:
        """The options and ``--set`` values of a run under ``settings``."""
        options = dict(self.options)
        sets = list(self.sets)
        for knob in self.knobs:
            value = settings[knob.name]
            if knob.content:
                sets.append(f"{knob.name}={toml_value(value)}")
            else:
                options[knob.name] = value
        return {"options": options, "sets": sets}


def make_plan(game: str, params: Sequence[str], target: str, games: int, *,
              seats: str = "random", players: int | None = None,
              options: Mapping[str, Any] | None = None, sets: Sequence[str] = (),
              content: str | Path | None = None, seed: int = 0,
              confirm_games: int | None = None) -> Plan:
    """A checked plan; bad input (an unknown param, lo > hi, a malformed target) raises
    ConfigError (or ContentError) saying what is allowed."""
    game = game.lower()
    cls = game_class(game)
    if not params:
        raise ConfigError("give at least one --param NAME=LO..HI: a game option "
                          f"({_option_names(game)}) or a content number FILE.ENTRY.FIELD")
    if isinstance(games, bool) or not isinstance(games, int) or games < 1:
        raise ConfigError(f"the games per trial must be at least 1, got {games!r}")
    folder = None if content is None else str(Path(content).resolve())
    knobs = tuple(parse_knob(game, p, folder, sets) for p in params)
    names = [k.name for k in knobs]
    twice = next((n for i, n in enumerate(names) if n in names[:i]), None)
    if twice is not None:
        raise ConfigError(f"--param {twice} is given twice; give each param once")
    fixed = {s.partition("=")[0].strip() for s in sets} | set(options or {})
    clash = sorted(fixed & set(names))
    if clash:
        raise ConfigError(f"{clash[0]} is both searched (--param) and fixed (--option or "
                          "--set); give it once")
    plan = Plan(game, knobs, parse_targets(target, cls.cooperative), games, seats, players,
                dict(options or {}), tuple(sets), folder, seed,
                confirm_games if confirm_games is not None else 4 * games)
    make_spec(game, seats=seats, players=players, options=plan.options, seed=seed,
              content=folder, sets=sets)  # bad seats, players, fixed options fail now
    return plan


def _option_names(game: str) -> str:
    numeric = [p.name for p in game_class(game).options
               if p.kind in (int, float) and p.choices is None]
    return ", ".join(numeric) or "none"


def parse_knob(game: str, text: str, content: str | None = None,
               sets: Sequence[str] = ()) -> Knob:
    """A ``--param NAME=LO..HI`` text as a :class:`Knob`, both ends checked as the game
    checks the value (an option's range, a content field's schema)."""
    name, sep, rng = text.partition("=")
    name = name.strip()
    lo_text, dots, hi_text = rng.partition("..")
    if not sep or not name or not dots or not lo_text.strip() or not hi_text.strip():
        raise ConfigError(f"--param {text!r} is not NAME=LO..HI (gold_target=30..80, say)")
    if "." not in name:
        kind = _option_kind(game, name)
    else:
        try:
            kind = _content_kind(game, name, content, sets)
        except MeepleError as e:
            raise ConfigError(f"--param {text.strip()}: {e}") from None
    low, high = _number(text, lo_text, kind), _number(text, hi_text, kind)
    if low > high:
        raise ConfigError(f"--param {text}: the low end {low} is above the high end {high} "
                          "(write NAME=LO..HI with LO <= HI)")
    knob = Knob(name, low, high, kind, content="." in name)
    for end in (low, high):
        try:
            if knob.content:
                with overridden(game, content, [*sets, f"{name}={toml_value(end)}"]):
                    load(game)
            else:
                load(game, options={name: end})
        except MeepleError as e:
            raise ConfigError(f"--param {text.strip()}: {end} is not allowed: {e}") from None
    return knob


def _number(text: str, raw: str, kind: str) -> int | float:
    raw = raw.strip()
    if kind == "int":
        if not _INT.fullmatch(raw):
            raise ConfigError(f"--param {text}: {raw!r} is not a whole number, and this "
                              "value is one")
        return int(raw)
    try:
        value = float(raw)
    except ValueError:
        raise ConfigError(f"--param {text}: {raw!r} is not a number") from None
    if not math.isfinite(value):
        raise ConfigError(f"--param {text}: {raw!r} is not a finite number")
    return value


def _option_kind(game: str, name: str) -> str:
    table = {p.name: p for p in game_class(game).options}
    param = table.get(name)
    if param is None:
        raise ConfigError(f"--param {name}: {game} has no option {name!r} (its numeric "
                          f"options: {_option_names(game)}); a content number is "
                          f"FILE.ENTRY.FIELD (meeple content {game} lists them)")
    if param.kind not in (int, float) or param.choices is not None:
        raise ConfigError(f"--param {name}: option {name!r} is not a number to search "
                          f"(its numeric options: {_option_names(game)}); fix it with --option")
    return "int" if param.kind is int else "float"


def _content_kind(game: str, name: str, content: str | None, sets: Sequence[str]) -> str:
    """int or float: the type of the value the content holds now at ``name``."""
    file, _, key = name.partition(".")
    with overridden(game, content, sets):
        try:
            data = read_toml(content_package(game_class(game)), f"{file}.toml")
        except MeepleError:
            data = {}
    value = _lookup(data, key.split("."))
    if value is None:  # the game's own message: which files, entries or fields exist
        with overridden(game, content, [*sets, f"{name}=0"]):
            load(game)
    if isinstance(value, bool) or not isinstance(value, int | float):
        shown = "missing" if value is None else f"{toml_value(value)}"
        raise ConfigError(f"--param {name}: the content value is not a number ({shown}); "
                          "tune searches numbers (set other values with --set)")
    return "int" if isinstance(value, int) else "float"


def _lookup(data: Mapping[str, Any], parts: list[str]) -> Any:
    """The value at an entry's id (or a single table's name) followed by field names."""
    entries: dict[str, Any] = {}
    for section, rows in data.items():
        if isinstance(rows, dict):
            entries[section] = rows
        elif isinstance(rows, list):
            entries.update({str(r["id"]): r for r in rows if isinstance(r, dict) and "id" in r})
    for k in range(len(parts) - 1, 0, -1):
        node: Any = entries.get(".".join(parts[:k]))
        if node is None:
            continue
        for key in parts[k:]:
            node = node.get(key) if isinstance(node, dict) else None
        return node
    return None


# ------------------------------------------------------------------------------ the search
OnTrial = Callable[[dict[str, Any]], None]


def tune(plan: Plan, budget: int, out: Path, *, jobs: int | None = None,
         backend: str = "processes", on_trial: OnTrial | None = None) -> dict[str, Any]:
    """Run ``budget`` trials into ``out``, confirm the best; ``tune.json``'s content."""
    try:
        import optuna
    except ImportError:
        raise ConfigError(INSTALL_HINT) from None
    if isinstance(budget, bool) or not isinstance(budget, int) or budget < 1:
        raise ConfigError(f"the budget must be at least 1 trial, got {budget!r}")
    out = Path(out)
    _check_out(out, plan)
    optuna.logging.set_verbosity(optuna.logging.ERROR)
    study = optuna.create_study(direction="minimize",
                                sampler=optuna.samplers.TPESampler(seed=plan.seed))
    record: dict[str, Any] = {"format": TUNE_FORMAT, "plan": plan.params(), "trials": []}

    def run_trial(trial: Any) -> float:
        settings = {k.name: (trial.suggest_int(k.name, int(k.low), int(k.high))
                             if k.kind == "int" else
                             trial.suggest_float(k.name, float(k.low), float(k.high)))
                    for k in plan.knobs}
        row: dict[str, Any] = {"number": trial.number, "settings": settings,
                               "dir": f"trials/{trial.number}"}
        record["trials"].append(row)
        try:
            summary = _run(plan, settings, plan.seed, plan.games, out / row["dir"],
                           jobs, backend, report=False)
        except MeepleError as e:
            row.update(penalty=None, error=str(e))
            _save(out, record, on_trial, row)
            raise
        row.update(_scored(plan, summary))
        _save(out, record, on_trial, row)
        return float(row["penalty"])

    study.optimize(run_trial, n_trials=budget, catch=(MeepleError,))
    done = [t for t in record["trials"] if t.get("penalty") is not None]
    if not done:
        raise ConfigError(f"no trial could be played: {record['trials'][0]['error']}")
    best = min(done, key=lambda t: (t["penalty"], t["number"]))
    record["best"] = {"number": best["number"], "settings": best["settings"],
                      "penalty": best["penalty"]}
    record["confirm"] = confirm(plan, best["number"], best["settings"], out, jobs, backend)
    write_best(out / "best.toml", plan, record)
    write_atomic(out / "tune.json", json.dumps(record, indent=1, ensure_ascii=False) + "\n")
    return record


def _check_out(out: Path, plan: Plan) -> None:
    """Refuse an ``out`` that is a file or holds a tuning with another plan."""
    if out.exists() and not out.is_dir():
        raise ConfigError(f"{out} is a file; --out needs a folder")
    old = out / "tune.json"
    if old.is_file():
        try:
            before = json.loads(old.read_text("utf-8")).get("plan")
        except (OSError, ValueError, AttributeError):
            before = None
        if before != plan.params():
            raise ConfigError(f"{out} holds a tuning with other parameters (tune.json): use "
                              "another --out, or the same command to resume it")
    try:
        out.mkdir(parents=True, exist_ok=True)
    except OSError as e:
        raise ConfigError(f"{out} cannot be created: {e.strerror or e}") from None


def _run(plan: Plan, settings: Mapping[str, int | float], seed: int, games: int, out: Path,
         jobs: int | None, backend: str, report: bool) -> dict[str, Any]:
    """One run of the plan's game under ``settings``: its summary."""
    args = plan.run_args(settings)
    spec = make_spec(plan.game, seats=plan.seats, players=plan.players,
                     options=args["options"], seed=seed, content=plan.content,
                     sets=args["sets"])
    # A trial is read for its target only; the confirmation run's report has the whole shape.
    return simulate(spec, games, out, jobs=jobs, backend=backend, progress=False,
                    report=report, shape=None if report else 0)


def _scored(plan: Plan, summary: Mapping[str, Any]) -> dict[str, Any]:
    games = summary["games"]
    return {**objective(plan.targets, summary),
            "games": games["done"], "failed": games["failed"]}


def _save(out: Path, record: dict[str, Any], on_trial: OnTrial | None,
          row: dict[str, Any]) -> None:
    write_atomic(out / "tune.json", json.dumps(record, indent=1, ensure_ascii=False) + "\n")
    if on_trial is not None:
        on_trial(row)


def confirm(plan: Plan, number: int, settings: Mapping[str, int | float], out: Path,
            jobs: int | None, backend: str) -> dict[str, Any]:
    """Play trial ``number``'s ``settings`` again on new seeds (the tuning's seed + 1) with
    ``plan.confirm_games`` games into ``out/confirm/<number>``, with its report: its
    penalty. (A resumed tuning whose best trial changed confirms the new one beside.)"""
    seed = plan.seed + 1
    where = f"confirm/{number}"
    summary = _run(plan, settings, seed, plan.confirm_games, out / where, jobs, backend,
                   report=True)
    return {"dir": where, "seed": seed, **_scored(plan, summary)}


def write_best(path: Path, plan: Plan, record: Mapping[str, Any]) -> None:
    """``best.toml``: the best settings, as the ``--option`` and ``--set`` values that play
    them (docs/simulate.md, "Tuning")."""
    best, check = record["best"], record["confirm"]
    args = plan.run_args(best["settings"])
    options = [f"{k}={toml_value(v)}" for k, v in sorted(args["options"].items())]
    flags = [f"--option {o}" for o in options] + [f"--set {s}" for s in args["sets"]]
    if plan.content is not None:
        flags.insert(0, f"--content {plan.content}")
    lines = [
        f"# The best settings meeple tune found for {plan.game} "
        f"(target {','.join(map(str, plan.targets))}).",
        f"# Play them: meeple simulate {plan.game} {' '.join(flags)} ...",
        f"game = {toml_value(plan.game)}",
        f"options = {toml_value(options)}  # each an --option NAME=VALUE",
        f"set = {toml_value(list(args['sets']))}  # each a --set FILE.ENTRY.FIELD=VALUE",
        f"content = {toml_value(plan.content or '')}  # --content DIR, if any",
        f"flags = {toml_value(' '.join(flags))}",
        "",
        "[found]",
        f"trial = {best['number']}",
        f"trials = {len(record['trials'])}",
        f"penalty = {best['penalty']!r}",
        f"confirmed_penalty = {check['penalty']!r}",
        f"confirmed_games = {check['games']}",
        f"confirmed_seed = {check['seed']}",
        "",
    ]
    text = "\n".join(lines)
    tomllib.loads(text)  # never write a file that does not read back
    write_atomic(path, text)


def lines(record: Mapping[str, Any]) -> list[str]:
    """The tuning's outcome in words: the best trial and its confirmation, target by target."""
    best, check = record["best"], record["confirm"]
    shown = ", ".join(f"{k}={v:g}" if isinstance(v, float) else f"{k}={v}"
                      for k, v in best["settings"].items())
    out = [f"Best of {len(record['trials'])} trials: trial {best['number']} ({shown}), "
           f"penalty {best['penalty']:.2f}",
           f"Confirmed on {check['games']} new games (seed {check['seed']}): "
           f"penalty {check['penalty']:.2f}"]
    out += [f"  {describe(p)}" for p in check["parts"]]
    return out


__all__ = ["INSTALL_HINT", "Knob", "Plan", "confirm", "lines", "make_plan", "parse_knob",
           "tune", "write_best"]
