"""Comparing two runs of ``meeple simulate``: how every figure moved from run A to run B, each
change with a 95% interval, the significant changes first (``meeple compare``).

Every row is a ratio of sums over games, as in the report: a seat's win rate is its wins over
its finished games; a role's, its wins over the seat-games that held it (games, for a team:
:mod:`meeple.sim.counts`); an option value's, a seat's wins over the games under that value; an
ending's share, its games over all games; the mean length, turns (or actions) over finished
games; the mean winning margin, margins over the games that have one. Endings, length and
margins are also given under each value of a varied option. A change is B − A.

**Paired** (the runs have one seed, so game *i* of both is dealt alike): games are paired by
their seed, over the seeds both runs played. With ``R = Σy / Σn`` in each run, the change is
``D = R_B − R_A`` and each paired game *i* contributes its linearised difference
``z_i = (y_Bi − R_B·n_Bi) / n̄_B − (y_Ai − R_A·n_Ai) / n̄_A`` (the delta method; ``n̄`` is
``Σn / m``). Then ``SE = √(Σ z_i² / (m(m − 1)))`` over the ``m`` paired games, the interval is
``D ± t·SE`` with Student's t at ``m − 1`` degrees of freedom, and the p-value is the same t
test's. For a seat or an ending ``n_i = 1`` and this is exactly the paired t interval on the
per-game differences. Pairing takes out what the deal decides, which both runs share, so a
paired interval is narrower than an unpaired one on the same games; two runs with the same
parameters and rules play the same games and every change is exactly 0.

**Unpaired** (different seeds): a rate's change has Newcombe's hybrid score interval (from the
two Wilson intervals) and the pooled two-rate score test's p-value; a mean's has Welch's
interval and test.

A row is tested when both runs have at least :data:`~meeple.sim.findings.MIN_TRIALS` trials of
it; the p-values are corrected with Holm's method over every row tested (as the report's
lists are, :mod:`meeple.sim.findings`), and a row whose corrected p-value is below
:data:`~meeple.sim.findings.LEVEL` is a significant change.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table

from meeple.core import ConfigError, MeepleError, game_class

from .counts import Roles, margin, value_order
from .findings import LEVEL, MIN_TRIALS
from .fingerprint import changes as fingerprint_changes
from .names import Names
from .simulate import RUN_FORMAT
from .stats import holm, newcombe, student_p, student_quantile, two_rates_p
from .tally import role_names

FORMAT = "meeple-compare/1"
RATE, MEAN = "rate", "mean"
#: A row: its category ("seat", "role", "ending at gold_target=30", ...) and its name.
Key = tuple[str, str]
#: The order of the categories (a category "X at V" follows every overall one).
CATEGORIES = ("team", "seat", "role", "option", "ending", "length", "margin")
#: Rows shown in the terminal besides the significant ones.
TERMINAL_ROWS = 25
#: Rows of one panel of the plot.
PLOT_ROWS = 40


@dataclass(frozen=True)
class Game:
    """What comparing reads of one record."""

    values: tuple[str, ...]
    ending: str
    finished: bool = False
    winners: frozenset[int] = frozenset()
    roles: tuple[tuple[str, ...], ...] = ()
    turns: int = 0
    actions: int = 0
    margin: float | None = None


@dataclass
class Run:
    """A run directory's parameters (``run.json``) and its games by seed."""

    path: Path
    params: dict[str, Any]
    games: dict[int, Game] = field(default_factory=dict)

    @property
    def varied(self) -> list[str]:
        return sorted((self.params.get("vary") or {}).keys())


# ----------------------------------------------------------------------------- reading
def read_run(path: Path) -> Run:
    """The run in directory ``path``; ConfigError when it is not a run of ``meeple simulate``
    or holds no games."""
    run_file = path / "run.json"
    if not run_file.is_file():
        raise ConfigError(f"{path} is not a run directory of meeple simulate: it has no "
                          "run.json")
    try:
        params = json.loads(run_file.read_bytes())
    except (OSError, ValueError) as e:
        raise ConfigError(f"{run_file} cannot be read as a run's parameters: {e}") from None
    if not isinstance(params, dict) or params.get("format") != RUN_FORMAT:
        what = "a run of meeple arena" if isinstance(params, dict) and \
            str(params.get("format", "")).startswith("meeple-arena") else "not a run's"
        raise ConfigError(f"{run_file} is {what}: compare compares runs of meeple simulate")
    run = Run(path, params)
    varied = run.varied
    for number, line in _lines(path / "records.jsonl"):
        seed = line.get("seed")
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise ConfigError(f"{path / 'records.jsonl'}, line {number} has no seed")
        run.games.setdefault(seed, _game(line, varied))
    if not run.games:
        raise ConfigError(f"{path} holds no games yet: run meeple simulate into it first")
    return run


def _lines(records: Path) -> Iterator[tuple[int, dict[str, Any]]]:
    """(line number, record) of each complete line of ``records.jsonl`` (none if absent)."""
    if not records.is_file():
        return
    with records.open("rb") as f:
        for number, raw in enumerate(f, 1):
            if not raw.endswith(b"\n"):
                break  # a run stopped while writing it: its game is not played yet
            if not raw.strip():
                continue
            try:
                line = json.loads(raw)
            except ValueError:
                raise ConfigError(f"{records}, line {number} is not a record (not JSON)"
                                  ) from None
            if isinstance(line, dict):
                yield number, line


def _game(line: dict[str, Any], varied: list[str]) -> Game:
    options = line.get("options") or {}
    values = tuple(f"{k}={options[k]}" for k in varied if k in options)
    result, error = line.get("result"), line.get("error")
    if error or not isinstance(result, dict):
        why = error if isinstance(error, dict) else {"type": "Unfinished"}
        return Game(values, f"error: {why.get('type')}")
    players = int(line["players"])
    roles = role_names(result.get("extra"), players)
    return Game(values, str(result.get("reason", "?")), True,
                frozenset(result.get("winners") or ()), tuple(tuple(r) for r in roles),
                int(result.get("turns", 0)), len(line.get("actions") or ()),
                margin(result, players))


# ---------------------------------------------------------------------------- checking
def check_comparable(a: Run, b: Run) -> None:
    """ConfigError unless ``a`` and ``b`` are runs of one game at one player count."""
    allowed = ("their seats, options, varied options, seeds, number of games and rules may "
               "differ")
    ga, gb = a.params.get("game"), b.params.get("game")
    if ga != gb:
        raise ConfigError(f"{a.path} is a run of {ga} and {b.path} a run of {gb}: compare "
                          f"compares two runs of one game ({allowed})")
    pa, pb = a.params.get("players"), b.params.get("players")
    if pa != pb:
        raise ConfigError(f"{a.path} has {pa} players and {b.path} has {pb}: compare "
                          f"compares two runs of one game at one player count ({allowed})")


def run_changes(a: Run, b: Run) -> list[str]:
    """What differs between the runs' parameters and rules, in words (A's, then B's)."""
    out = []
    pa, pb = a.params, b.params
    words = {"seats": "seats", "vary": "varied options", "seed": "seed",
             "rotate": "seats rotated each game", "max_actions": "action limit",
             "version": "game version"}
    for key in sorted((set(pa) | set(pb)) - {"format", "fingerprint", "options"}):
        if pa.get(key) != pb.get(key):
            out.append(f"{words.get(key, key)}: {_show(pa.get(key))} in A, "
                       f"{_show(pb.get(key))} in B")
    oa, ob = pa.get("options") or {}, pb.get("options") or {}
    for name in sorted(set(oa) | set(ob)):
        if oa.get(name) != ob.get(name):
            out.append(f"option {name}: {_show(oa.get(name))} in A, {_show(ob.get(name))} in B")
    fa, fb = pa.get("fingerprint"), pb.get("fingerprint")
    if isinstance(fa, dict) and isinstance(fb, dict):
        found = fingerprint_changes(str(pa.get("game")), fa, fb)
        if not found and fa != fb:
            found = ["the rules differ (the runs' fingerprints do)"]
        out += [s.replace("the run was played with", "A was played with")
                 .replace(", this is", ", B with") for s in found]
    for run, fp, which in ((a, fa, "A"), (b, fb, "B")):
        if not isinstance(fp, dict):
            out.append(f"{which} ({run.path}) does not record the rules its games were played "
                       "under (it predates fingerprints)")
    return out


def _show(value: Any) -> str:
    """A parameter's value in words."""
    if value is None:
        return "nothing"
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, list):
        return ", ".join(map(str, value)) or "none"
    if isinstance(value, dict):
        return "; ".join(f"{k} over {_show(v)}" if isinstance(v, list) else f"{k}={v}"
                         for k, v in value.items()) or "none"
    return str(value)


# ---------------------------------------------------------------------------- counting
def _teams(runs: Iterable[Run]) -> set[str]:
    """The roles held by a team (seats that win or lose together) in both runs' games."""
    roles = Roles()
    for run in runs:
        for g in run.games.values():
            if g.finished:
                roles.add([list(r) for r in g.roles], set(g.winners))
    return roles.teams()


def _reasons(runs: Iterable[Run]) -> dict[str, set[str]]:
    """Every ending seen, overall ("") and under each option value (" at name=value")."""
    out: dict[str, set[str]] = {"": set()}
    for run in runs:
        for g in run.games.values():
            for scope in ("", *(f" at {v}" for v in g.values)):
                out.setdefault(scope, set()).add(g.ending)
    return out


@dataclass(frozen=True)
class Counting:
    """How games are turned into rows."""

    players: int
    cooperative: bool
    teams: set[str]
    reasons: dict[str, set[str]]

    def rows(self, g: Game) -> dict[Key, tuple[float, float]]:
        """Each row's ``(y, n)`` in one game: the row is ``Σy / Σn`` over games."""
        scopes = ("", *(f" at {v}" for v in g.values))
        out: dict[Key, tuple[float, float]] = {}
        for scope in scopes:
            for r in self.reasons.get(scope, ()):
                out[f"ending{scope}", r] = (float(r == g.ending), 1.0)
        if not g.finished:
            return out
        won = g.winners
        seats = [("team win rate", bool(won))] if self.cooperative else \
            [(f"seat {s}", s in won) for s in range(self.players)]
        for name, w in seats:
            out["team" if self.cooperative else "seat", name] = (float(w), 1.0)
            for v in g.values:
                out["option", v if self.cooperative else f"{v} · {name}"] = (float(w), 1.0)
        holders: dict[str, list[int]] = {}
        for seat, names in enumerate(g.roles):
            for n in names:
                holders.setdefault(n, []).append(seat)
        for n, held in holders.items():
            wins = [s in won for s in held]
            out["role", n] = (float(any(wins)), 1.0) if n in self.teams else \
                (float(sum(wins)), float(len(held)))
        for scope in scopes:
            out[f"length{scope}", "turns"] = (float(g.turns), 1.0)
            out[f"length{scope}", "actions"] = (float(g.actions), 1.0)
            if g.margin is not None:
                out[f"margin{scope}", "winning margin"] = (float(g.margin), 1.0)
        return out


def kind(key: Key) -> str:
    """``"mean"`` for length and margin rows, ``"rate"`` for the others."""
    return MEAN if key[0].startswith(("length", "margin")) else RATE


def _natural(key: Key) -> tuple[Any, ...]:
    """The order rows are shown in when none is significant."""
    category, name = key
    base, _, value = category.partition(" at ")
    scope = (1, value_order(value)) if value else (0, ("", 0, 0.0, ""))
    words: list[tuple[int, int | str]] = [(0, 0)] if name == "turns" else \
        [(0, 1)] if name == "actions" else \
        [(0, int(p)) if p.isdigit() else (1, p) for p in re.split(r"(\d+)", name)]
    return (scope, CATEGORIES.index(base) if base in CATEGORIES else len(CATEGORIES), words)


# -------------------------------------------------------------------------- statistics
@lru_cache(maxsize=512)
def _t(df: float) -> float:
    return student_quantile(df)


def _t_row(d: float, se: float, df: float) -> tuple[float, float, float]:
    """(low, high, p) of a change ``d`` with standard error ``se`` on ``df`` degrees."""
    if se <= 0 or not math.isfinite(se):
        return d, d, 1.0 if abs(d) < 1e-12 else 0.0
    half = _t(df) * se
    return d - half, d + half, student_p(d / se, df)


def paired(ya: list[float], na: list[float], yb: list[float], nb: list[float]
           ) -> tuple[float, float, float | None, float | None, float | None]:
    """(A's figure, B's, low, high, p) of ``Σy/Σn`` over paired games (see the module's doc).

    >>> a, b, low, high, p = paired([1, 0, 1, 1], [1] * 4, [0, 0, 1, 0], [1] * 4)
    >>> a, b, round(low, 3), round(high, 3), round(p, 3)
    (0.75, 0.25, -1.419, 0.419, 0.182)
    """
    m, sa, sb = len(ya), sum(na), sum(nb)
    ra, rb = sum(ya) / sa, sum(yb) / sb
    if m < 2:
        return ra, rb, None, None, None
    z = [(yb[i] - rb * nb[i]) * m / sb - (ya[i] - ra * na[i]) * m / sa for i in range(m)]
    se = math.sqrt(sum(x * x for x in z) / (m * (m - 1)))
    return ra, rb, *_t_row(rb - ra, se, m - 1)


def unpaired(kind_: str, ya: list[float], na: list[float], yb: list[float],
             nb: list[float]) -> tuple[float, float, float | None, float | None, float | None]:
    """(A's figure, B's, low, high, p) of two independent runs: Newcombe's interval and the
    score test for a rate, Welch's for a mean."""
    sa, sb = sum(na), sum(nb)
    ra, rb = sum(ya) / sa, sum(yb) / sb
    if kind_ == RATE:
        wa, wb, ta, tb = round(sum(ya)), round(sum(yb)), round(sa), round(sb)
        low, high = newcombe(wa, ta, wb, tb)
        return ra, rb, low, high, two_rates_p(wa, ta, wb, tb)
    xa = [y for y, n in zip(ya, na, strict=True) if n]
    xb = [y for y, n in zip(yb, nb, strict=True) if n]
    if len(xa) < 2 or len(xb) < 2:
        return ra, rb, None, None, None
    va = sum((x - ra) ** 2 for x in xa) / (len(xa) - 1) / len(xa)
    vb = sum((x - rb) ** 2 for x in xb) / (len(xb) - 1) / len(xb)
    df = (va + vb) ** 2 / (va ** 2 / (len(xa) - 1) + vb ** 2 / (len(xb) - 1)) \
        if va + vb else 1.0
    return ra, rb, *_t_row(rb - ra, math.sqrt(va + vb), df)


# ----------------------------------------------------------------------------- compare
def compare(path_a: Path, path_b: Path) -> dict[str, Any]:
    """The comparison of the runs in ``path_a`` (A) and ``path_b`` (B), as JSON-able data;
    ConfigError when they are not runs of one game at one player count."""
    a, b = read_run(Path(path_a)), read_run(Path(path_b))
    check_comparable(a, b)
    game, players = str(a.params["game"]), int(a.params["players"])
    try:
        cooperative = bool(game_class(game).cooperative)
    except MeepleError:  # a game this meeple does not know: its rows are still comparable
        cooperative = False
    counting = Counting(players, cooperative, _teams((a, b)), _reasons((a, b)))
    common = sorted(set(a.games) & set(b.games))
    is_paired = a.params.get("seed") == b.params.get("seed") and bool(common)
    if is_paired:
        cols_a = _columns(counting, [a.games[s] for s in common])
        cols_b = _columns(counting, [b.games[s] for s in common])
    else:
        cols_a = _columns(counting, list(a.games.values()))
        cols_b = _columns(counting, list(b.games.values()))
    rows, only_a, only_b = _rows(cols_a, cols_b, is_paired, counting.teams)
    _test(rows)
    return {
        "format": FORMAT, "game": game, "players": players, "cooperative": cooperative,
        "a": _about(a), "b": _about(b), "paired": is_paired,
        "games_paired": len(common) if is_paired else 0,
        "method": _method(is_paired), "changes": run_changes(a, b),
        "tests": {"method": "Holm", "level": LEVEL, "min_trials": MIN_TRIALS,
                  "rows": sum(1 for r in rows if r["tested"])},
        "rows": rows, "significant": sum(1 for r in rows if r["significant"]),
        "only_a": only_a, "only_b": only_b,
    }


def _columns(counting: Counting, games: list[Game]
             ) -> dict[Key, tuple[list[float], list[float]]]:
    """Each row's ``y`` and ``n`` per game, in the order of ``games`` (0 where absent)."""
    out: dict[Key, tuple[list[float], list[float]]] = {}
    for i, g in enumerate(games):
        for key, (y, n) in counting.rows(g).items():
            ys, ns = out.setdefault(key, ([0.0] * len(games), [0.0] * len(games)))
            ys[i], ns[i] = y, n
    return out


def _rows(cols_a: dict[Key, tuple[list[float], list[float]]],
          cols_b: dict[Key, tuple[list[float], list[float]]], is_paired: bool,
          teams: set[str]) -> tuple[list[dict[str, Any]], list[str], list[str]]:
    """The rows both runs have (with their change), and the names of those only one has."""
    rows: list[dict[str, Any]] = []
    only_a: list[str] = []
    only_b: list[str] = []
    empty: tuple[list[float], list[float]] = ([], [])
    for key in sorted(set(cols_a) | set(cols_b), key=_natural):
        (ya, na), (yb, nb) = cols_a.get(key, empty), cols_b.get(key, empty)
        if not sum(na) or not sum(nb):
            if sum(na) or sum(nb):
                (only_b if not sum(na) else only_a).append(label(key, key[1] in teams))
            continue
        fa, fb, low, high, p = paired(ya, na, yb, nb) if is_paired else \
            unpaired(kind(key), ya, na, yb, nb)
        n_a, n_b = sum(na), sum(nb)
        rows.append({"category": key[0], "name": key[1], "kind": kind(key),
                     **({"team": True} if key[0] == "role" and key[1] in teams else {}),
                     "a": fa, "b": fb, "n_a": round(n_a), "n_b": round(n_b),
                     "difference": fb - fa, "low": low, "high": high, "p": p,
                     "tested": p is not None and min(n_a, n_b) >= MIN_TRIALS})
    return rows, only_a, only_b


def _test(rows: list[dict[str, Any]]) -> None:
    """Holm's correction over the rows tested; significant ones first, smallest p first."""
    tested = [r for r in rows if r["tested"]]
    for r, adjusted in zip(tested, holm([r["p"] for r in tested]), strict=True):
        r["p_adjusted"] = adjusted
    for r in rows:
        r.setdefault("p_adjusted", None)
        r["significant"] = r["p_adjusted"] is not None and r["p_adjusted"] < LEVEL
        r["change"] = ("up" if r["difference"] > 0 else "down") if r["significant"] else ""
    rows.sort(key=lambda r: (0, r["p"]) if r["significant"] else (1, 0.0))


def _about(run: Run) -> dict[str, Any]:
    p = run.params
    return {"path": str(run.path), "games": len(run.games), "seed": p.get("seed"),
            "seats": p.get("seats"), "options": p.get("options"), "vary": p.get("vary")}


def _method(is_paired: bool) -> str:
    if is_paired:
        return ("paired by seed: Student's t interval on the games' paired differences "
                "(delta method for ratios)")
    return "unpaired: Newcombe's interval and the score test for rates, Welch's for means"


def label(key: Key, team: bool = False, names: Names | None = None) -> str:
    """A row as read: ``"seat 0"``, ``"role: greek (team)"``, ``"ending: three-in-a-row"``;
    with the game's ``names``, ``"role: Greek Pantheon (team)"``, ``"ending: three in a
    row"`` (:mod:`meeple.sim.names`)."""
    category, name = key[0], names.row(*key) if names else key[1]
    name = f"{name} (team)" if team else name
    return name if category in ("seat", "team") else f"{category}: {name}"


# ----------------------------------------------------------------------------- showing
def headline(result: dict[str, Any]) -> list[str]:
    """A few sentences: the runs, how they are compared, what differs between them."""
    a, b, m = result["a"], result["b"], result["games_paired"]
    lines = [f"{result['game']} · {result['players']} players · A: {a['path']} "
             f"({a['games']} games) · B: {b['path']} ({b['games']} games)"]
    if result["paired"]:
        rest = " (the games only one run played are left out)" \
            if max(a["games"], b["games"]) > m else ""
        lines.append(f"Paired by seed: the {m} games both runs played on the same deals{rest}. "
                     "Each change is B − A (rates in points) with a 95% interval from Student's t "
                     "on the games' paired differences.")
    else:
        lines.append("Not paired: the runs have different seeds, so their games are other "
                     "deals. Each change is B − A (rates in points) with a 95% interval: "
                     "Newcombe's for rates, Welch's for means.")
    changes = result["changes"]
    lines.append("What changed from A to B: " + "; ".join(changes) + "." if changes
                 else "Both runs have the same parameters and rules.")
    t = result["tests"]
    lines.append(f"▲ ▼: a significant change after Holm's correction over the {t['rows']} rows "
                 f"tested (those with at least {t['min_trials']} trials in both runs): "
                 f"{result['significant']} found. △ ▽: only the change's own 95% interval "
                 "excludes 0, which about one row in twenty does by chance.")
    return lines


def mark(r: dict[str, Any]) -> str:
    """▲/▼ for a significant change, △/▽ when only its own interval excludes 0."""
    if r["significant"]:
        return "▲" if r["difference"] > 0 else "▼"
    if r["low"] is not None and (r["low"] > 0 or r["high"] < 0):
        return "△" if r["difference"] > 0 else "▽"
    return ""


def figure(r: dict[str, Any], x: float) -> str:
    """A rate as a percentage, a mean with one decimal."""
    return f"{100 * x:.1f}%" if r["kind"] == RATE else f"{x:.1f}"


def change(r: dict[str, Any]) -> str:
    """``"+12.5 (+4.1 to +20.9)"`` for a rate (in points); ``"+1.25 (+0.40 to +2.10)"`` for a
    mean."""
    if r["kind"] == RATE:
        out = f"{100 * r['difference']:+.1f}"
        return out if r["low"] is None else \
            f"{out} ({100 * r['low']:+.1f} to {100 * r['high']:+.1f})"
    out = f"{r['difference']:+.2f}"
    return out if r["low"] is None else f"{out} ({r['low']:+.2f} to {r['high']:+.2f})"


def cells(r: dict[str, Any], names: Names | None = None) -> list[str]:
    from .report import p_text

    p = r["p_adjusted"]
    return [mark(r), label((r["category"], r["name"]), bool(r.get("team")), names),
            f"{r['n_a']:,}", figure(r, r["a"]), f"{r['n_b']:,}", figure(r, r["b"]), change(r),
            "not tested" if p is None else p_text(p)]


HEAD = ("", "row", "n A", "A", "n B", "B", "B − A (95%)", "p (Holm)")


def print_comparison(result: dict[str, Any], console: Console,
                     rows: int = TERMINAL_ROWS) -> None:
    """The comparison as text: the headline, then the rows, significant changes first."""
    for line in headline(result):
        console.print(line, highlight=False)
    names = Names.of(result["game"], result["players"], result["a"].get("options"))
    shown = [r for r in result["rows"] if r["significant"]]
    rest = [r for r in result["rows"] if not r["significant"]]
    shown += rest[:rows]
    table = Table(title="Changes from A to B, significant ones first", title_justify="left",
                  box=box.SIMPLE_HEAD, pad_edge=False)
    for k, col in enumerate(HEAD):
        table.add_column(col, justify="right" if 2 <= k <= 5 or k == 7 else "left",
                         no_wrap=k != 1)
    for r in shown:
        table.add_row(*cells(r, names))
    if len(rest) > rows:
        table.caption = f"{len(rest) - rows} more rows, none significant: --json has them all"
    console.print(table)
    if not result["significant"]:
        console.print("No significant change: nothing moved more than chance explains.",
                      highlight=False)
    for key, which in (("only_a", "A"), ("only_b", "B")):
        if result[key]:
            only = ", ".join(names.label(text) for text in result[key])
            console.print(f"Only in {which} (not compared): {only}.", highlight=False)


# -------------------------------------------------------------------------------- plot
def write_plot(result: dict[str, Any], path: Path) -> bool:
    """A forest plot of the changes (PNG) in ``path``; False without matplotlib.

    One panel for the rates (in points), one for each kind of mean (turns, actions, margin),
    each change a dot with its 95% interval; significant changes in red, first.
    """
    from .report import _matplotlib, _short

    figure_cls = _matplotlib()
    if figure_cls is None:
        return False
    rows = [r for r in result["rows"] if r["low"] is not None]
    panels: list[tuple[str, list[dict[str, Any]], float]] = []
    rates = [r for r in rows if r["kind"] == RATE]
    if rates:
        more = f" (first {PLOT_ROWS} of {len(rates)})" if len(rates) > PLOT_ROWS else ""
        panels.append((f"Win rates and endings{more}: change B − A in points", rates[:PLOT_ROWS],
                       100.0))
    for name in dict.fromkeys(r["name"] for r in rows if r["kind"] == MEAN):
        panels.append((f"Mean {name}: change B − A", [r for r in rows
                                                       if r["kind"] == MEAN
                                                       and r["name"] == name][:PLOT_ROWS], 1.0))
    if not panels:
        panels.append(("Nothing to compare", [], 1.0))
    heights = [0.9 + 0.28 * len(p[1]) for p in panels]
    fig = figure_cls(figsize=(8.5, 0.9 + sum(heights)), dpi=100, layout="constrained")
    grid = fig.add_gridspec(len(panels), 1, height_ratios=heights)
    names = Names.of(result["game"], result["players"], result["a"].get("options"))
    for k, (title, panel, scale) in enumerate(panels):
        ax = fig.add_subplot(grid[k])
        _panel(ax, panel, scale, lambda r: _short(label((r["category"], r["name"]),
                                                        bool(r.get("team")), names), 44))
        ax.set_title(title, fontsize=9, loc="left")
    fig.suptitle(f"{result['game']}: B ({_short(result['b']['path'], 40)}) − A "
                 f"({_short(result['a']['path'], 40)}), 95% intervals; red: significant after "
                 "Holm's correction", fontsize=9)
    try:
        fig.savefig(path)
    except OSError as e:
        raise ConfigError(f"cannot write the plot to {path}: {e.strerror or e}") from None
    return True


def _panel(ax: Any, rows: list[dict[str, Any]], scale: float, words: Any) -> None:
    ys = list(range(len(rows)))[::-1]
    for y, r in zip(ys, rows, strict=True):
        d = r["difference"] * scale
        color = "#c0392b" if r["significant"] else "#2b5d8a"
        ax.errorbar([d], [y], xerr=[[d - r["low"] * scale], [r["high"] * scale - d]],
                    fmt="o", color=color, ecolor=color, capsize=3, markersize=4)
    ax.axvline(0, color="#555555", linewidth=1)
    ax.set_yticks(ys, [words(r) for r in rows], fontsize=8)
    ax.set_ylim(-0.7, max(len(rows), 1) - 0.3)
    ax.grid(axis="x", color="#dddddd", linewidth=0.5)
