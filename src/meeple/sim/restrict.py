"""Restricted play: what an action, a card or an ability is worth (Jaffe et al. 2012).

``meeple simulate GAME --restrict 'greedy!no=heal'`` measures the win rate an agent loses when
it may not play the actions of a restriction (:mod:`meeple.agents.restrict`). Each restriction
is played in two **arms**, two ordinary runs of the same run seed: the *unrestricted* arm seats
the agent without its modifiers (``greedy``), the *restricted* arm the agent with them, and
every other seat holds the same opponents in both (``--seats``; by default the unrestricted
agent itself). Game ``i`` of both arms has the same seed, options and seats, and the measured
agent sits in seat ``(-i) mod players`` of both: it moves one seat along each game, so every
seat is measured alike, and each game is a **pair** whose two halves differ only in the
restriction (the restricted agent makes the very draws of the unrestricted one until the rule
first bites, so the pairs stay alike as long as they can).

A restriction's **worth** is the mean over pairs of ``won(unrestricted) - won(restricted)``
(won: the measured seat is among the winners), with the 95% paired t interval; pairs where
either game failed are left out (and counted). Beside it: how often the unrestricted agent
used the forbidden actions (games, actions: a restriction never used is worth 0 by
construction), and, from a replay of the restricted arm, its decisions, those *forced* (every
legal action forbidden, so it played one anyway) and *violations* (a forbidden action played
while another was legal: always 0, checked).

The run directory::

    OUT/restrict.json   the table (below), rewritten when the arms are done
    OUT/report.html     the same table for people
    OUT/<arm>/          each arm, an ordinary run directory: run.json, records.jsonl, ...

An arm's directory is named from its seats, so several restrictions of one agent against the
same opponents share one unrestricted arm, and the same command resumes every arm.
"""

from __future__ import annotations

import hashlib
import html
import json
import math
import re
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from meeple.agents.restrict import Restriction, parse_modifiers
from meeple.core import ConfigError, Game, game_class, load

from .rundir import write_atomic
from .simulate import RunSpec, iter_records, make_spec, simulate
from .stats import student_p, student_quantile, wilson

FORMAT = "meeple-restrict/1"


@dataclass(frozen=True)
class Row:
    """One restriction: its spec, the agent without it, and the directories of its arms."""

    spec: str
    agent: str
    rule: Restriction
    opponents: tuple[str, ...]
    unrestricted: str
    restricted: str


@dataclass(frozen=True)
class Plan:
    """The arms to play (directory name -> run spec) and the restrictions they measure."""

    game: str
    players: int
    seed: int
    arms: dict[str, RunSpec]
    rows: tuple[Row, ...]


def plan(game: str, restricts: Sequence[str], seats: str | Sequence[str] | None = None,
         players: int | None = None, seed: int = 0, **run_args: Any) -> Plan:
    """The arms of a restricted-play run; ConfigError for a spec without a restriction, a bad
    agent, option or player count (checked before any game). ``run_args`` go to every arm's
    :func:`~meeple.sim.simulate.make_spec` (``options``, ``vary``, ``max_actions``...)."""
    cls = game_class(game)
    if not restricts:
        raise ConfigError("--restrict needs an agent with a restriction, e.g. greedy!no=heal")
    p = players if players is not None else cls.default_players or cls.min_players
    arms: dict[str, RunSpec] = {}
    rows: list[Row] = []
    for spec in dict.fromkeys(s.strip() for s in restricts):
        base, rule = parse_modifiers(spec)
        if rule is None:
            raise ConfigError(f"--restrict {spec!r} forbids nothing: add the actions it may "
                              f"not play, e.g. {spec}!no=heal (docs/simulate.md, "
                              "\"Restricted play\")")
        opps = _opponents(seats, base, p)
        names = []
        for subject in (base, spec):
            run = make_spec(game, seats=[subject, *opps], players=p, seed=seed, rotate=True,
                            **run_args)
            name = arm_name(run.seats)
            arms.setdefault(name, run)
            names.append(name)
        rows.append(Row(spec, base, rule, tuple(opps), names[0], names[1]))
    return Plan(game, p, seed, arms, tuple(rows))


def _opponents(seats: str | Sequence[str] | None, base: str, players: int) -> list[str]:
    """The agents of the other seats: ``seats`` (its last one filling the rest), else
    ``base`` in every one."""
    if seats is None:
        given = [base]
    elif isinstance(seats, str):
        given = [s.strip() for s in seats.split(",") if s.strip()]
    else:
        given = [s.strip() for s in seats if s.strip()]
    if not given:
        raise ConfigError("--seats names no opponents for --restrict")
    if players < 2:
        raise ConfigError("restricted play needs at least 2 players")
    if len(given) > players - 1:
        raise ConfigError(f"with --restrict, --seats names the {players - 1} other seats of "
                          f"{players} players; {len(given)} given")
    return given + [given[-1]] * (players - 1 - len(given))


def arm_name(seats: Sequence[str]) -> str:
    """The directory of the arm seating ``seats`` (the measured agent first): readable and
    distinct for distinct seats.

    >>> arm_name(["greedy!no=heal", "greedy", "greedy"])
    'greedy-no-heal-b84ab0a7'
    """
    slug = re.sub(r"[^a-z0-9]+", "-", seats[0].lower()).strip("-")[:40] or "agent"
    digest = hashlib.sha256(json.dumps(list(seats)).encode()).hexdigest()[:8]
    return f"{slug}-{digest}"


def focus_seat(index: int, players: int) -> int:
    """The seat of the measured agent in game ``index`` (the run's first agent, rotated)."""
    return -index % players


def run(p: Plan, games: int, out: Path, **how: Any) -> dict[str, Any]:
    """Play every arm of ``p`` into ``out`` (resuming), then compare them: the table.

    ``how`` goes to :func:`meeple.sim.simulate.simulate` (``jobs``, ``backend``,
    ``progress``, ``verify``); each arm writes its own report unless ``report=False``.
    """
    out = Path(out)
    if out.exists() and not out.is_dir():
        raise ConfigError(f"{out} is a file; --out names a directory")
    out.mkdir(parents=True, exist_ok=True)
    for name, spec in sorted(p.arms.items()):
        simulate(spec, games, out / name, **how)
    table = compare(p, games, out)
    write_atomic(out / "restrict.json", json.dumps(table, indent=1, ensure_ascii=False) + "\n")
    write_atomic(out / "report.html", html_report(table))
    return table


def compare(p: Plan, games: int, out: Path) -> dict[str, Any]:
    """The worth of every restriction from its arms' records in ``out`` (module docs)."""
    rows = []
    for row in p.rows:
        base = _records(out / row.unrestricted, games)
        held = _records(out / row.restricted, games)
        rows.append(_row(p, row, base, held))
    rows.sort(key=lambda r: (-r["worth"], r["restriction"]))
    return {"format": FORMAT, "game": p.game, "players": p.players, "seed": p.seed,
            "games": games, "rows": rows}


def _records(path: Path, games: int) -> dict[int, dict[str, Any]]:
    lines = path / "records.jsonl"
    found = {int(r["index"]): r for r in iter_records(lines)} if lines.exists() else {}
    return {i: r for i, r in found.items() if i < games}


def _row(p: Plan, row: Row, base: dict[int, dict[str, Any]],
         held: dict[int, dict[str, Any]]) -> dict[str, Any]:
    """One restriction's line of the table."""
    rule = row.rule
    diffs: list[int] = []
    won = [0, 0]
    failed = used_games = used = decisions = forced = violations = 0
    for i in sorted(set(base) & set(held)):
        a, b = base[i], held[i]
        if a.get("error") or b.get("error") or a["result"] is None or b["result"] is None:
            failed += 1
            continue
        seat = focus_seat(i, p.players)
        wa, wb = seat in a["result"]["winners"], seat in b["result"]["winners"]
        won[0] += wa
        won[1] += wb
        diffs.append(int(wa) - int(wb))
        n_used = sum(1 for t, s in zip(a["actions"], a["actors"], strict=True)
                     if s == seat and rule.banned(t))
        used += n_used
        used_games += n_used > 0
        d, f, v = replay_counts(b, seat, rule)
        decisions, forced, violations = decisions + d, forced + f, violations + v
    n = len(diffs)
    worth, low, high, pvalue = paired(diffs)
    return {
        "restriction": row.spec, "agent": row.agent, "forbidden": list(rule.prefixes),
        "opponents": list(row.opponents),
        "arms": {"unrestricted": row.unrestricted, "restricted": row.restricted},
        "pairs": n, "failed": failed, "changed": sum(1 for d in diffs if d),
        "unrestricted": _rate(won[0], n), "restricted": _rate(won[1], n),
        "worth": worth, "interval": [low, high], "p": pvalue,
        "used": {"games": used_games, "share": used_games / n if n else 0.0, "actions": used},
        "decisions": decisions, "forced": forced, "violations": violations,
    }


def _rate(wins: int, n: int) -> dict[str, Any]:
    return {"wins": wins, "n": n, "rate": wins / n if n else 0.0, "interval": list(wilson(wins, n))}


def paired(diffs: Sequence[int | float]) -> tuple[float, float, float, float]:
    """The mean of paired differences, its 95% t interval and the t test's p-value (the
    interval is [-1, 1] and p is 1 with fewer than two pairs; a spread of 0 gives a point).

    >>> paired([1, 0, 1, 1, 0, 1, 0, 1, 1, 1])
    (0.7, 0.3544, 1.0, 0.0013)
    """
    n = len(diffs)
    if n < 2:
        return (float(diffs[0]) if n else 0.0), -1.0, 1.0, 1.0
    mean = sum(diffs) / n
    sd = math.sqrt(sum((d - mean) ** 2 for d in diffs) / (n - 1))
    if sd == 0:
        return mean, mean, mean, 1.0 if mean == 0 else 0.0
    se = sd / math.sqrt(n)
    half = student_quantile(n - 1) * se
    return (round(mean, 12), round(max(-1.0, mean - half), 4), round(min(1.0, mean + half), 4),
            round(student_p(mean / se, n - 1), 4))


_GAMES: dict[str, Game[Any]] = {}


def replay_counts(line: dict[str, Any], seat: int, rule: Restriction) -> tuple[int, int, int]:
    """Replaying a record: ``seat``'s decisions, those where every legal action was forbidden,
    and those where it played a forbidden action while another was legal."""
    key = json.dumps([line["game"], line["players"], line["options"]], sort_keys=True)
    game = _GAMES.get(key)
    if game is None:
        game = _GAMES[key] = load(line["game"], players=line["players"], options=line["options"])
    state = game.new_state(seed=line["seed"])
    decisions = forced = violations = 0
    for text, actor in zip(line["actions"], line["actors"], strict=True):
        if actor == seat:
            decisions += 1
            if rule.banned(text):
                if rule.forced(state.legal_actions()):
                    forced += 1
                else:
                    violations += 1
        state.apply(text)
    return decisions, forced, violations


def _points(x: float) -> str:
    return f"{100 * x:+.1f}"


def _cells(r: dict[str, Any]) -> list[str]:
    """A row's cells as the text table and the page show them."""
    lo, hi = r["interval"]
    u, h = r["unrestricted"], r["restricted"]
    used = r["used"]
    return [r["restriction"], f"{r['pairs']:,}", f"{r['changed']:,}", f"{100 * u['rate']:.1f}%",
            f"{100 * h['rate']:.1f}%", f"{_points(r['worth'])} [{_points(lo)}, {_points(hi)}]",
            f"{100 * used['share']:.0f}% ({used['actions']:,})", f"{r['forced']:,}"]


COLUMNS = ("restriction", "pairs", "changed", "unrestricted", "restricted", "worth (95%)",
           "used (uses)", "forced")
NOTE = ("worth: the win rate in points the agent loses when it may not play the actions "
        "(unrestricted minus restricted, over paired games; changed: pairs whose outcomes "
        "differ); used: the unrestricted games that played them; forced: decisions where every "
        "legal action was forbidden and it played one anyway.")


def print_table(table: dict[str, Any], console: Console) -> None:
    """The table as rich text."""
    t = Table(title=f"{table['game']}: what each restriction costs, {table['players']} players, "
                    f"{table['games']:,} game pairs", title_justify="left")
    for i, col in enumerate(COLUMNS):
        t.add_column(col, justify="left" if i == 0 else "right",
                     overflow="fold" if i == 0 else "ellipsis")
    for r in table["rows"]:
        t.add_row(*_cells(r))
    console.print(t)
    console.print(NOTE, highlight=False)
    for r in table["rows"]:
        if r["failed"]:
            console.print(f"{r['restriction']}: {r['failed']} pairs left out (a game failed)",
                          highlight=False)
        if r["violations"]:
            console.print(f"{r['restriction']}: {r['violations']} forbidden actions played "
                          "while another was legal", highlight=False)


def html_report(table: dict[str, Any]) -> str:
    """The table as a page (``OUT/report.html``); each arm's own report is in its folder."""
    esc = html.escape
    head = "".join(f"<th>{esc(c)}</th>" for c in COLUMNS)
    body = "".join(
        "<tr>" + "".join(f"<td>{esc(c)}</td>" for c in _cells(r))
        + f"<td><a href=\"{esc(r['arms']['restricted'])}/report.html\">restricted</a> · "
          f"<a href=\"{esc(r['arms']['unrestricted'])}/report.html\">unrestricted</a></td></tr>"
        for r in table["rows"])
    title = f"{table['game']}: restricted play"
    return (f"<!doctype html><meta charset=\"utf-8\"><title>{esc(title)}</title>"
            "<style>body{font-family:sans-serif}td,th{padding:2px 8px;text-align:right}"
            "td:first-child{text-align:left}</style>"
            f"<h1>{esc(title)}</h1><p>{table['players']} players, {table['games']:,} game "
            f"pairs, seed {table['seed']}.</p><table><tr>{head}<th>arms</th></tr>{body}"
            f"</table><p>{esc(NOTE)}</p>\n")


__all__ = ["FORMAT", "Plan", "Row", "arm_name", "compare", "focus_seat", "html_report",
           "paired", "plan", "print_table", "replay_counts", "run"]
