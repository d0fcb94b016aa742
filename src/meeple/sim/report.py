"""A run's summary for people: terminal tables (rich) and ``report.html`` with PNG plots.

Both read only ``summary.json`` data, so a report can be redrawn from a finished run. The
terminal tables need nothing beyond meeple's own dependencies; the plots need matplotlib
(``pip install 'meeple[report]'``), and without it the HTML report says so and shows the same
tables.
"""

from __future__ import annotations

import html
import importlib
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from rich.console import Console
from rich.table import Table

from . import shape
from .findings import verdict
from .simulate import write_atomic

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
             f"{g['done']} of {g['requested']} games played, {g['failed']} failed, "
             f"{g['without_winner']} without a winner."]
    warning = (summary.get("shape") or {}).get("warning")
    if warning:
        lines.append(warning)
    even = summary.get("even_share")
    if even is not None:
        what = "team win rate" if summary.get("cooperative") else "even share"
        lines.append(f"{what.capitalize()}: {pct(even)} (all wins ÷ all seat-games); "
                     "intervals are 95% Wilson intervals.")
        tests = summary.get("tests")
        if tests:
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


def _rate_plot(figure_cls: Any, rows: list[dict[str, Any]], title: str,
               even: float | None, path: Path) -> None:
    rows = rows[:30]
    height = 1.2 + 0.32 * len(rows)
    fig = figure_cls(figsize=(7.5, height), dpi=100)
    ax = fig.add_subplot()
    ys = list(range(len(rows)))[::-1]
    rates = [r["rate"] or 0 for r in rows]
    err = [[r["rate"] - r["low"] for r in rows], [r["high"] - r["rate"] for r in rows]]
    ax.errorbar(rates, ys, xerr=err, fmt="o", color="#2b5d8a", ecolor="#8aa9c6", capsize=3)
    if even is not None:
        ax.axvline(even, color="#c0392b", linestyle="--", linewidth=1, label="even share")
        ax.legend(loc="lower right", fontsize=8)
    ax.set_yticks(ys, [_short(name(r)) for r in rows], fontsize=8)
    ax.set_xlim(0, 1)
    ax.set_xlabel("win rate (95% Wilson interval)")
    ax.set_title(title, fontsize=10)
    fig.tight_layout()
    fig.savefig(path)


def _short(name: str, width: int = 34) -> str:
    return name if len(name) <= width else name[:width - 1] + "…"


def _length_plot(figure_cls: Any, length: dict[str, Any], path: Path) -> None:
    fig = figure_cls(figsize=(7.5, 3), dpi=100)
    for k, (name, d) in enumerate(length.items()):
        ax = fig.add_subplot(1, 2, k + 1)
        hist = d.get("histogram") or []
        if not hist:
            continue
        span = hist[-1][0] - hist[0][0] + 1  # one bar per value, or 40 bins over a wide range
        ax.hist([v for v, _ in hist], weights=[c for _, c in hist], bins=min(span, 40),
                color="#2b5d8a")
        ax.set_xlabel(name)
        ax.set_ylabel("games")
    fig.suptitle("Game length", fontsize=10)
    fig.tight_layout()
    fig.savefig(path)


def _endings_plot(figure_cls: Any, endings: list[dict[str, Any]], path: Path) -> None:
    fig = figure_cls(figsize=(7.5, 1.2 + 0.32 * len(endings)), dpi=100)
    ax = fig.add_subplot()
    ys = list(range(len(endings)))[::-1]
    ax.barh(ys, [e["count"] for e in endings], color="#2b5d8a")
    ax.set_yticks(ys, [_short(e["reason"]) for e in endings], fontsize=8)
    ax.set_xlabel("games")
    ax.set_title("How games ended", fontsize=10)
    fig.tight_layout()
    fig.savefig(path)


def write_plots(summary: dict[str, Any], folder: Path) -> dict[str, str] | None:
    """PNG plots into ``folder``: section key -> file name; None without matplotlib."""
    figure_cls = _matplotlib()
    if figure_cls is None:
        return None
    folder.mkdir(parents=True, exist_ok=True)
    made: dict[str, str] = {}
    for key, title, rows in rate_sections(summary):
        name = f"{key}.png"
        _rate_plot(figure_cls, rows, title, summary.get("even_share"), folder / name)
        made[key] = name
    if any(d.get("n") for d in summary["length"].values()):
        _length_plot(figure_cls, summary["length"], folder / "length.png")
        made["length"] = "length.png"
    if summary["endings"]:
        _endings_plot(figure_cls, summary["endings"], folder / "endings.png")
        made["endings"] = "endings.png"
    return made


# --------------------------------------------------------------------------------- html
def _table(head: Iterable[str], body: Iterable[Iterable[Any]], left: int = 1) -> str:
    """An HTML table; the first ``left`` columns are text, the rest numbers (right-aligned)."""
    def cells(tag: str, row: Iterable[Any]) -> str:
        return "".join(f'<{tag}{"" if k < left else " class=num"}>{html.escape(str(c))}</{tag}>'
                       for k, c in enumerate(row))

    rows = "".join(f"<tr>{cells('td', r)}</tr>" for r in body)
    return f"<table><thead><tr>{cells('th', head)}</tr></thead><tbody>{rows}</tbody></table>"


def _img(plots: dict[str, str] | None, key: str) -> str:
    if not plots or key not in plots:
        return ""
    return f'<p><img src="plots/{plots[key]}" alt="{html.escape(key)} plot"></p>'


_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<title>meeple balance report: {title}</title>
<style>
body {{ font-family: system-ui, sans-serif; max-width: 60rem; margin: 2rem auto;
       padding: 0 1rem; color: #222; }}
table {{ border-collapse: collapse; margin: .5rem 0 1.5rem; }}
th, td {{ border-bottom: 1px solid #ddd; padding: .2rem .6rem; text-align: left; }}
.num {{ text-align: right; }}
.note {{ background: #fff6d6; padding: .5rem; }}
img {{ max-width: 100%; }}
</style></head><body>
{body}
</body></html>
"""


def render_html(summary: dict[str, Any], plots: dict[str, str] | None) -> str:
    """The HTML report (plots referenced from ``plots/``)."""
    run = summary["run"]
    parts = [f"<h1>Balance report: {html.escape(run['game'])}</h1>"]
    parts += [f"<p>{html.escape(s)}</p>" for s in headline(summary)]
    if plots is None:
        parts.append(f'<p class="note">{html.escape(PLOTS_HINT)}</p>')
    parts += _html_shape(summary)
    parts += _html_suspicious(summary)
    parts += _html_rates(summary, plots)
    parts += _html_values(summary)
    parts += _html_length_and_endings(summary, plots)
    parts += _html_failures_and_timing(summary)
    body = "\n".join(p for p in parts if p)
    return _PAGE.format(title=html.escape(run["game"]), body=body)


def _html_shape(summary: dict[str, Any]) -> list[str]:
    found = summary.get("shape")
    if not found:
        return []
    parts = ["<h2>The game's shape</h2>"]
    if found.get("warning"):
        parts.append(f'<p class="note">{html.escape(found["warning"])}</p>')
    for title, head, body in _shape_tables(found):
        if title != "The game's shape":
            parts.append(f"<h3>{html.escape(title)}</h3>")
        parts.append(_table(head, body, left=1 if head is shape.DEFEAT_HEAD else 3))
    return parts


def _html_suspicious(summary: dict[str, Any]) -> list[str]:
    tests = summary.get("tests") or {}
    parts = ["<h2>Suspicious</h2>",
             "<p>Each rate is tested against its even share, and the tests of each list are "
             "corrected with Holm's method: the chance that any fair row of a list appears "
             "in it is at most 5%. Clearest (smallest p-value) first.</p>"]
    for key, title, empty in LISTS:
        found = summary.get(key) or []
        tested = tests.get("balance_rows" if key == "suspicious" else "action_rows", 0)
        parts.append(f"<h3>{html.escape(title)}</h3>")
        if not found:
            parts.append(f"<p>{html.escape(empty)} ({tested} rows tested).</p>")
            continue
        parts.append(f"<p>Holm's correction over {tested} rows.</p>")
        parts.append(_table(LIST_HEAD, [list_cells(r) for r in found], left=2))
    return parts


def _html_values(summary: dict[str, Any]) -> list[str]:
    values = summary.get("values") or []
    if not values:
        return []
    parts = ["<h2>By option value</h2>",
             "<p>Each value of a varied option on its own: how its games ended, how long "
             "they lasted and by how much they were won. Each value has its own even share "
             "(draws and shared wins change with it).</p>",
             _table(VALUE_HEAD, [value_cells(v) for v in values], left=1)]
    roles = [(v, r) for v in values for r in v["roles"]]
    if roles:
        even = summary.get("even_share")
        parts.append("<h3>Win rate by role under each value</h3>")
        parts.append(_table(["value", "role", "n", "wins", "win rate (95%)", ""],
                            [(v["name"], name(r), r["n"], r["wins"], interval(r), mark(r, even))
                             for v, r in roles], left=2))
    return parts


def _html_rates(summary: dict[str, Any], plots: dict[str, str] | None) -> list[str]:
    even = summary.get("even_share")
    parts: list[str] = []
    for key, title, rows in rate_sections(summary):
        parts.append(f"<h2>{html.escape(title)}</h2>")
        parts.append(_img(plots, key))
        actions = key.startswith("action")
        head = ["name"] + (["uses"] if actions else []) + ["n", "wins", "win rate (95%)", ""]
        if key == "roles" and any(r.get("team") for r in rows):
            parts.append(f"<p>{TEAM_NOTE}</p>")
        parts.append(_table(head, [[name(r)] + ([r["uses"]] if actions else [])
                                   + [r["n"], r["wins"], interval(r), mark(r, even)]
                                   for r in rows]))
    return parts


def _html_length_and_endings(summary: dict[str, Any],
                             plots: dict[str, str] | None) -> list[str]:
    return [
        "<h2>Game length</h2>", _img(plots, "length"),
        _table(["", "min", "p10", "median", "mean", "p90", "max"],
               [[words, *(_number(d[k]) for k in ("min", "p10", "median")),
                 f"{d['mean']:.1f}", _number(d["p90"]), _number(d["max"])]
                for words, d in spreads(summary)]),
        "<h2>How games ended</h2>", _img(plots, "endings"),
        _table(["reason", "games", "share"],
               [(e["reason"], e["count"], pct(e["share"])) for e in summary["endings"]]),
    ]


def _html_failures_and_timing(summary: dict[str, Any]) -> list[str]:
    parts: list[str] = []
    if summary["failures"]:
        parts.append("<h2>Failed games</h2><p>Each record in records.jsonl keeps the traceback "
                     "and the actions up to the one that raised: meeple replay records.jsonl "
                     "--index GAME raises the error again.</p>")
        parts.append(_table(["error", "game", "seed", "after actions"],
                            [(f"{f['type']}: {f['message']}", f["index"], f["seed"],
                              f["actions"]) for f in summary["failures"]]))
    timing = summary.get("timing")
    if timing and timing.get("games_per_second"):
        parts.append(f"<p class=\"note\">Last session: {timing['games_played']} games in "
                     f"{timing['seconds']:.1f} s ({timing['games_per_second']:.1f} games/s, "
                     f"{timing['backend']}, {timing['jobs'] or 'all'} jobs).</p>")
    return parts


def write_report(summary: dict[str, Any], out: Path) -> Path:
    """``report.html`` (and ``plots/*.png`` when matplotlib is installed) in ``out``."""
    plots = write_plots(summary, out / "plots")
    path = out / "report.html"
    write_atomic(path, render_html(summary, plots))
    return path
