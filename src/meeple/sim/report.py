"""A run's summary for people: terminal tables (rich), and ``report.html`` (:mod:`.page`).

Both read only ``summary.json`` data, so a report can be redrawn from a finished run. The
terminal tables need nothing beyond meeple's own dependencies; the plots need matplotlib
(``pip install 'meeple[report]'``), and without it the HTML report says so and shows the same
tables.
"""

from __future__ import annotations

import importlib
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from . import shape
from .findings import verdict

PLOTS_HINT = "Plots need matplotlib: pip install 'meeple[report]', then run the same command again."
#: Rows shown in the terminal for long lists (the HTML report shows them all).
TERMINAL_ROWS = 15


def pct(x: float | None) -> str:
    """``0.4312`` -> ``"43.1%"``."""
    return "–" if x is None else f"{100 * x:.1f}%"


def interval(row: dict[str, Any]) -> str:
    """``"43.1% (40.2–46.0)"``: the rate and its 95% Wilson interval."""
    if row.get("rate") is None:
        return "–"
    return f"{pct(row['rate'])} ({100 * row['low']:.1f}–{100 * row['high']:.1f})"


def ending_interval(e: dict[str, Any]) -> str:
    """``"93.3% (78.7–98.2)"``: an ending's share and its 95% Wilson interval."""
    return interval({**e, "rate": e["share"]})


def mark(row: dict[str, Any], even: float | None) -> str:
    """``▲``/``▼`` when the rate is off the even share after Holm's correction; ``△``/``▽``
    when only its own interval excludes the even share; else nothing."""
    found = verdict(row, even)
    if found == "interval":
        return "△" if row["rate"] > row.get("even", even) else "▽"
    return {"above": "▲", "below": "▼"}.get(found, "")


def name(row: dict[str, Any]) -> str:
    """A row's name as read: a team's role says so."""
    return f"{row['name']} (team)" if row.get("team") else row["name"]


def p_text(p: float) -> str:
    """A p-value in plain figures: ``"0.003"``, ``"< 0.0001"``."""
    return "< 0.0001" if p < 0.0001 else f"{p:.4f}" if p < 0.01 else f"{p:.3f}"


# ------------------------------------------------------------------------- sections
def rate_sections(summary: dict[str, Any]) -> list[tuple[str, str, list[dict[str, Any]]]]:
    """(key, title, rows) of every win-rate section that has rows."""
    sections = [
        ("seats", "Win rate by seat"),
        ("agents", "Win rate by agent"),
        ("roles", "Win rate by role"),
        ("options", "Win rate by option value"),
        ("turn_order", "Win rate by turn order (first player advantage)"),
        ("action_kinds", "Actions by kind: win rate of the seats that used them"),
        ("action_texts", "Most used actions: win rate of the seats that used them"),
    ]
    if summary.get("cooperative"):  # one row: the team's
        sections[0] = ("seats", "Win rate of the team (every seat wins or loses with it)")
    return [(k, t, summary[k]) for k, t in sections if summary.get(k)]


def headline(summary: dict[str, Any]) -> list[str]:
    """A few sentences: what was run and the main figures."""
    run, g = summary["run"], summary["games"]
    seats = ", ".join(run["seats"])
    lines = [f"{run['game']} · {run['players']} players · seats {seats} · seed {run['seed']}"
             + (" (rotated each game)" if run.get("rotate") else ""),
             f"{g['done']} of {g['requested']} games played, {g['failed']} failed"
             + ("." if summary.get("cooperative") else  # the team's line says how many lost
                f", {g['without_winner']} without a winner.")]
    warning = (summary.get("shape") or {}).get("warning")
    if warning:
        lines.append(warning)
    even = summary.get("even_share")
    if even is not None and summary.get("cooperative"):
        lines.append(f"The team won {pct(even)} of the {g['done']} games (every seat wins or "
                     "loses together); intervals are 95% Wilson intervals.")
    elif even is not None:
        lines.append(f"Even share: {pct(even)} (all wins ÷ all seat-games); "
                     "intervals are 95% Wilson intervals.")
        tests = summary.get("tests")
        if tests and tests.get("balance_rows"):
            lines.append(f"▲ ▼: off the even share after Holm's correction over the "
                         f"{tests['balance_rows']} balance rows tested (the "
                         f"{tests['action_rows']} action rows apart); △ ▽: only the rate's "
                         "own interval excludes it, which about one fair row in twenty does "
                         "by chance.")
    fp = summary.get("first_player")
    if fp and even is not None and not summary.get("cooperative"):
        lines.append(f"First player wins {interval(fp)} against an even share of {pct(even)}.")
    if run.get("options"):
        lines.append("Options: " + ", ".join(f"{k}={v}" for k, v in run["options"].items()))
    if run.get("vary"):
        lines.append("Varied: " + "; ".join(f"{k} over {', '.join(map(str, v))}"
                                            for k, v in run["vary"].items()))
    rules = run.get("fingerprint")
    if rules and rules.get("folder"):
        lines.append(f"Content read from {rules['folder']} (--content), not the game's own.")
    if rules and rules.get("set"):
        lines.append("Content values set (--set): " + ", ".join(rules["set"]))
    if rules:
        lines.append(f"Rules recorded in run.json: meeple {rules['meeple']}, "
                     f"{len(rules['code'])} code files and {len(rules['content'])} content "
                     f"files of {run['game']}; a rerun under other rules is refused.")
    return lines


# ----------------------------------------------------------------------------- terminal
def print_tables(summary: dict[str, Any], console: Console, rows: int = TERMINAL_ROWS) -> None:
    """The report as rich tables (no plots, no matplotlib needed)."""
    from .names import shown

    summary = shown(summary)  # names for ids; a co-operative game's team figure once
    for line in headline(summary):
        console.print(line, highlight=False)
    _print_shape(summary, console)
    even = summary.get("even_share")
    for key, title, section in rate_sections(summary):
        table = Table(title=title, title_justify="left")
        table.add_column("action" if key.startswith("action") else key.rstrip("s"))
        if key.startswith("action"):
            table.add_column("uses", justify="right")
        table.add_column("n", justify="right")
        table.add_column("wins", justify="right")
        table.add_column("win rate (95%)", justify="right")
        table.add_column("", justify="center")
        for r in section[:rows]:
            cells = [name(r)] + ([f"{r['uses']:,}"] if key.startswith("action") else [])
            table.add_row(*cells, f"{r['n']:,}", f"{r['wins']:,}", interval(r), mark(r, even))
        if len(section) > rows:
            table.caption = f"{len(section) - rows} more in report.html"
        console.print(table)
        if key == "roles" and any(r.get("team") for r in section):
            console.print(TEAM_NOTE, highlight=False)
    _print_length_and_endings(summary, console)
    _print_values(summary, console, rows)
    if summary["failures"]:
        console.print(_failures_table(summary["failures"][:rows]))
    _print_suspicious(summary, console, rows)


def _print_shape(summary: dict[str, Any], console: Console) -> None:
    """The game's shape (:mod:`meeple.sim.shape`), and a co-operative game's defeats."""
    found = summary.get("shape")
    if not found:
        return
    for title, head, body in _shape_tables(found):
        table = Table(title=title, title_justify="left")
        for k, col in enumerate(head):
            table.add_column(col, justify="right" if k and head is shape.DEFEAT_HEAD else "left")
        for cells in body:
            table.add_row(*cells)
        console.print(table)


ShapeTable = tuple[str, tuple[str, ...], list[tuple[str, str, str]]]


def _shape_tables(found: dict[str, Any]) -> list[ShapeTable]:
    """(title, head, rows) of the shape's tables: the shape, then any causes of defeat."""
    out: list[ShapeTable] = [("The game's shape", shape.HEAD, shape.rows(found))]
    defeats = shape.defeat_rows(found)
    if defeats:
        out.append(("Causes of defeat", shape.DEFEAT_HEAD, defeats))
    return out


TEAM_NOTE = "A team's seats win or lose together: its rate counts games, not seats."
#: The lengths and margins of a summary, each with the words of its row.
SPREADS = (("turns", "turns"), ("actions", "actions"), ("margin", "winning margin (score)"))


def spreads(summary: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    """(words, distribution) of the game length and of the score margin, where there are any."""
    found = {**summary["length"], "margin": summary.get("margin") or {}}
    return [(words, found[key]) for key, words in SPREADS if found.get(key, {}).get("n")]


def _number(x: float) -> str:
    return str(x) if isinstance(x, int) else f"{x:.1f}"


def _print_length_and_endings(summary: dict[str, Any], console: Console) -> None:
    length = Table(title="Game length", title_justify="left")
    for col in ("", "min", "p10", "median", "mean", "p90", "max"):
        length.add_column(col, justify="right" if col else "left")
    for words, d in spreads(summary):
        length.add_row(words, *(_number(d[k]) for k in ("min", "p10", "median")),
                       f"{d['mean']:.1f}", _number(d["p90"]), _number(d["max"]))
    console.print(length)
    endings = Table(title="How games ended", title_justify="left")
    endings.add_column("reason")
    endings.add_column("games", justify="right")
    endings.add_column("share", justify="right")
    for e in summary["endings"]:
        endings.add_row(e["reason"], f"{e['count']:,}", pct(e["share"]))
    console.print(endings)


def value_cells(v: dict[str, Any]) -> list[str]:
    """One option value's row: value, games, its even share, endings, turns, margin."""
    turns, margin = v["length"]["turns"], v["margin"]
    return [v["name"], f"{v['games']:,}", pct(v["even_share"]),
            "; ".join(f"{e['reason']} {ending_interval(e)}" for e in v["endings"]),
            f"{turns['median']} ({turns['p10']}–{turns['p90']})" if turns["n"] else "–",
            f"{_number(margin['median'])} ({_number(margin['p10'])}–"
            f"{_number(margin['p90'])})" if margin["n"] else "–"]


VALUE_HEAD = ("value", "games", "even share", "how games ended (95%)",
              "turns: median (p10–p90)", "winning margin: median (p10–p90)")


def _print_values(summary: dict[str, Any], console: Console, rows: int) -> None:
    """Each value of a varied option: its endings, length and margins, then its roles."""
    values = summary.get("values") or []
    if not values:
        return
    table = Table(title="By option value: how games went", title_justify="left")
    for k, col in enumerate(VALUE_HEAD):
        table.add_column(col, justify="right" if k in (1, 2) else "left")
    for v in values:
        table.add_row(*value_cells(v))
    console.print(table)
    roles = [(v, r) for v in values for r in v["roles"]]
    if not roles:
        return
    table = Table(title="By option value: win rate by role (against the value's own even "
                        "share)", title_justify="left")
    for col in ("value", "role", "n", "wins", "win rate (95%)", ""):
        table.add_column(col, justify="left" if col in ("value", "role") else "right")
    for v, r in roles[:rows]:
        table.add_row(v["name"], name(r), f"{r['n']:,}", f"{r['wins']:,}", interval(r),
                      mark(r, summary.get("even_share")))
    if len(roles) > rows:
        table.caption = f"{len(roles) - rows} more in report.html"
    console.print(table)


#: The two lists of rows off the even share: key, title, what an empty list says.
LISTS = (("suspicious", "Balance rows off the even share",
          "Nothing suspicious: no seat, turn order, role or option value is off the even "
          "share after Holm's correction"),
         ("suspicious_actions", "Actions linked with winning or losing (correlation, not "
          "cause: seats that used them at least once)", "None listed"))
LIST_HEAD = ("what", "name", "n", "win rate (95%)", "p (corrected)", "vs even share")


def list_cells(r: dict[str, Any]) -> list[str]:
    return [r["category"], name(r), f"{r['n']:,}", interval(r), p_text(r["p_adjusted"]),
            r["verdict"]]


def _print_suspicious(summary: dict[str, Any], console: Console, rows: int) -> None:
    if summary.get("cooperative"):  # every seat wins or loses together: no share to be off
        return
    tests = summary.get("tests") or {}
    for key, title, empty in LISTS:
        found = summary.get(key) or []
        tested = tests.get("balance_rows" if key == "suspicious" else "action_rows", 0)
        if not found:
            if key == "suspicious":
                console.print(f"{empty} ({tested} rows tested).", highlight=False)
            continue
        table = Table(title=f"{title}: Holm's correction over {tested} rows",
                      title_justify="left")
        for k, col in enumerate(LIST_HEAD):
            table.add_column(col, justify="right" if k in (2, 3, 4) else "left")
        for r in found[:rows]:
            table.add_row(*list_cells(r))
        if len(found) > rows:
            table.caption = f"{len(found) - rows} more in report.html"
        console.print(table)


def _failures_table(failures: list[dict[str, Any]]) -> Table:
    table = Table(title="Failed games (records.jsonl has each traceback)", title_justify="left")
    for col in ("game", "seed", "after actions", "error"):
        table.add_column(col)
    for f in failures:
        table.add_row(str(f["index"]), str(f["seed"]), str(f["actions"]),
                      f"{f['type']}: {f['message']}")
    return table


# -------------------------------------------------------------------------------- plots
def _matplotlib() -> Any:
    """matplotlib's Figure class, or None when matplotlib is not installed."""
    try:
        return importlib.import_module("matplotlib.figure").Figure
    except ImportError:
        return None


def _short(name: str, width: int = 34) -> str:
    return name if len(name) <= width else name[:width - 1] + "…"


def write_report(summary: dict[str, Any], out: Path, jobs: int = 1) -> Path:
    """``report.html`` in ``out``, one page that holds everything (:mod:`meeple.sim.page`),
    and ``plots/*.png`` when matplotlib is installed, drawn on ``jobs`` processes."""
    from .page import write_report as write

    return write(summary, out, jobs)
