"""``report.html``: one page per run that holds everything, for people who would rather look
than read.

The page stands alone: its plots are embedded as PNG data (``data:`` addresses), its style is
inline, and it links to nothing but its own sections, so it can be mailed, archived or opened
from anywhere. It holds the header (game, seats, options, content overrides, the rules the
games were played under), the game's shape, the rows off the even share, every win-rate table
with its intervals and plot, the tables of each ``--vary`` value, the game length and the
endings. It reads on a phone: the text reflows and a wide table scrolls sideways on its own.
The plots are also saved as ``plots/KEY.png`` beside it, for slides and notes.
"""

from __future__ import annotations

import base64
import html
import re
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from . import shape
from .plots import write_plots
from .report import (
    LIST_HEAD,
    LISTS,
    PLOTS_HINT,
    TEAM_NOTE,
    VALUE_HEAD,
    _number,
    _shape_tables,
    headline,
    interval,
    list_cells,
    mark,
    name,
    pct,
    rate_sections,
    spreads,
    value_cells,
)
from .simulate import write_atomic

Plots = dict[str, bytes] | None


def _table(head: Iterable[str], body: Iterable[Iterable[Any]], left: int = 1,
           text: Iterable[int] = ()) -> str:
    """An HTML table; the first ``left`` columns and those in ``text`` are words, the rest
    numbers (right-aligned). It scrolls sideways on its own when wider than the screen."""
    words = set(text)

    def cells(tag: str, row: Iterable[Any]) -> str:
        return "".join(f'<{tag}{"" if k < left or k in words else " class=num"}>'
                       f"{html.escape(str(c))}</{tag}>" for k, c in enumerate(row))

    rows = "".join(f"<tr>{cells('td', r)}</tr>" for r in body)
    return (f"<div class=scroll><table><thead><tr>{cells('th', head)}</tr></thead>"
            f"<tbody>{rows}</tbody></table></div>")


def data_uri(png: bytes) -> str:
    """A PNG as a ``data:`` address, for an ``<img>`` that needs no file beside the page."""
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


def _img(plots: Plots, key: str, words: str) -> str:
    if not plots or key not in plots:
        return ""
    return (f'<figure><img src="{data_uri(plots[key])}" alt="{html.escape(words)}: plot">'
            "</figure>")


def _h2(key: str, title: str) -> str:
    return f'<h2 id="{key}">{html.escape(title, quote=False)}</h2>'


_PAGE = """<!doctype html>
<html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>meeple balance report: {title}</title>
<style>
body {{ font-family: system-ui, sans-serif; max-width: 62rem; margin: 1.5rem auto;
       padding: 0 1rem; color: #222; line-height: 1.45; }}
h1 {{ font-size: 1.6rem; margin-bottom: .5rem; }}
h2 {{ font-size: 1.25rem; margin-top: 2.2rem; border-bottom: 2px solid #2b5d8a; }}
h3 {{ font-size: 1.05rem; }}
.facts {{ padding-left: 1.2rem; }}
nav {{ background: #f2f5f8; padding: .5rem .8rem; border-radius: 4px; font-size: .9rem; }}
nav a {{ display: inline-block; margin: .1rem .8rem .1rem 0; color: #2b5d8a; }}
.scroll {{ overflow-x: auto; margin: .5rem 0 1.5rem; }}
table {{ border-collapse: collapse; font-size: .92rem; }}
th, td {{ border-bottom: 1px solid #ddd; padding: .25rem .6rem; text-align: left;
         vertical-align: top; }}
th {{ background: #f2f5f8; }}
.num {{ text-align: right; }}
td.num {{ white-space: nowrap; }}
.note {{ background: #fff6d6; padding: .5rem; }}
figure {{ margin: .5rem 0; }}
img {{ max-width: 100%; height: auto; }}
@media (max-width: 40rem) {{
  body {{ margin: .8rem auto; padding: 0 .6rem; }}
  h1 {{ font-size: 1.3rem; }}
  table {{ font-size: .82rem; }}
  th, td {{ padding: .2rem .4rem; }}
}}
</style></head><body>
{body}
</body></html>
"""
def render_html(summary: dict[str, Any], plots: Plots) -> str:
    """The whole page: header, a list of its sections, then each section with its plot."""
    run = summary["run"]
    parts = _html_shape(summary) + _html_suspicious(summary) + _html_rates(summary, plots)
    parts += _html_values(summary) + _html_length_and_endings(summary, plots)
    parts += _html_skill(summary)
    parts += _html_failures_and_timing(summary)
    head = [f"<h1>Balance report: {html.escape(run['game'])}</h1>",
            '<ul class="facts">' + "".join(f"<li>{html.escape(s)}</li>"
                                          for s in headline(summary)) + "</ul>"]
    if plots is None:
        head.append(f'<p class="note">{html.escape(PLOTS_HINT)}</p>')
    body = "\n".join(p for p in [*head, _nav(parts), *parts] if p)
    return _PAGE.format(title=html.escape(run["game"]), body=body)


_H2 = re.compile(r'<h2 id="([a-z_]+)">(.*?)</h2>')


def _nav(parts: list[str]) -> str:
    """Links to the page's own sections (its only links)."""
    found = [m.groups() for p in parts for m in _H2.finditer(p)]
    return "<nav>On this page: " + "".join(f'<a href="#{k}">{t}</a>' for k, t in found) + \
        "</nav>"


def _html_shape(summary: dict[str, Any]) -> list[str]:
    found = summary.get("shape")
    if not found:
        return []
    parts = [_h2("shape", "The game's shape")]
    if found.get("warning"):
        parts.append(f'<p class="note">{html.escape(found["warning"])}</p>')
    for title, head, body in _shape_tables(found):
        if title != "The game's shape":
            parts.append(f"<h3>{html.escape(title)}</h3>")
        parts.append(_table(head, body, left=1 if head is shape.DEFEAT_HEAD else 3))
    return parts


def _html_suspicious(summary: dict[str, Any]) -> list[str]:
    if summary.get("cooperative"):  # every seat wins or loses together: no share to be off
        return []
    tests = summary.get("tests") or {}
    parts = [_h2("suspicious", "Rows off the even share"),
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
        parts.append(_table(LIST_HEAD, [list_cells(r) for r in found], left=2, text=[5]))
    return parts


def _html_values(summary: dict[str, Any]) -> list[str]:
    values = summary.get("values") or []
    if not values:
        return []
    parts = [_h2("values", "By option value: how games went"),
             "<p>Each value of a varied option on its own: how its games ended, how long "
             "they lasted and by how much they were won. Each value has its own even share "
             "(draws and shared wins change with it).</p>",
             _table(VALUE_HEAD, [value_cells(v) for v in values], left=1, text=[3])]
    roles = [(v, r) for v in values for r in v["roles"]]
    if roles:
        even = summary.get("even_share")
        parts.append("<h3>Win rate by role under each value</h3>")
        parts.append(_table(["value", "role", "n", "wins", "win rate (95%)", ""],
                            [(v["name"], name(r), r["n"], r["wins"], interval(r), mark(r, even))
                             for v, r in roles], left=2))
    return parts


def _html_rates(summary: dict[str, Any], plots: Plots) -> list[str]:
    even = summary.get("even_share")
    parts: list[str] = []
    for key, title, rows in rate_sections(summary):
        parts.append(_h2(key, title))
        parts.append(_img(plots, key, title))
        actions = key.startswith("action")
        head = ["name"] + (["uses"] if actions else []) + ["n", "wins", "win rate (95%)", ""]
        if key == "roles" and any(r.get("team") for r in rows):
            parts.append(f"<p>{TEAM_NOTE}</p>")
        parts.append(_table(head, [[name(r)] + ([r["uses"]] if actions else [])
                                   + [r["n"], r["wins"], interval(r), mark(r, even)]
                                   for r in rows]))
    return parts


def _html_length_and_endings(summary: dict[str, Any], plots: Plots) -> list[str]:
    return [
        _h2("length", "Game length"), _img(plots, "length", "Game length"),
        _table(["", "min", "p10", "median", "mean", "p90", "max"],
               [[words, *(_number(d[k]) for k in ("min", "p10", "median")),
                 f"{d['mean']:.1f}", _number(d["p90"]), _number(d["max"])]
                for words, d in spreads(summary)]),
        _h2("endings", "How games ended"), _img(plots, "endings", "How games ended"),
        _table(["reason", "games", "share"],
               [(e["reason"], e["count"], pct(e["share"])) for e in summary["endings"]]),
    ]


def _html_skill(summary: dict[str, Any]) -> list[str]:
    skill = summary.get("skill")
    if not skill:
        return []
    from .skill import skill_rows
    return [_h2("skill", "Skill ladder: what each doubling of the search budget wins"),
            f"<p>{skill['games']} games a step, {skill['players']} players, seats rotated; "
            "each rung against the one below it (in a co-operative game, each rung as the "
            "whole team); a rate far above 50% means skill pays at this game, near 50% that "
            "luck decides.</p>",
            _table(["rung", "against", "wins", "win rate (95%)", "ms a decision"],
                   skill_rows(skill), left=2)]


def _html_failures_and_timing(summary: dict[str, Any]) -> list[str]:
    parts: list[str] = []
    if summary["failures"]:
        parts.append(_h2("failures", "Failed games") + "<p>Each record in records.jsonl "
                     "keeps the traceback and the actions up to the one that raised: "
                     "meeple replay records.jsonl --index GAME raises the error again.</p>")
        parts.append(_table(["error", "game", "seed", "after actions"],
                            [(f"{f['type']}: {f['message']}", f["index"], f["seed"],
                              f["actions"]) for f in summary["failures"]]))
    timing = summary.get("timing")
    if timing and timing.get("games_per_second"):
        parts.append(f"<p class=\"note\">Last session: {timing['games_played']} games in "
                     f"{timing['seconds']:.1f} s ({timing['games_per_second']:.1f} games/s, "
                     f"{timing['backend']}, {timing['jobs'] or 'all'} jobs).</p>")
    return parts


def prepare(run: dict[str, Any]) -> None:
    """Do ahead what the report of a run with the parameters ``run`` needs whatever its
    figures (while its games are played): import matplotlib, read the game's names."""
    from . import report
    from .names import shown

    report._matplotlib()
    shown({"run": run})


def write_report(summary: dict[str, Any], out: Path, jobs: int = 1) -> Path:
    """``report.html`` in ``out``, its plots embedded (and saved as ``plots/*.png``) when
    matplotlib is installed, drawn on ``jobs`` processes."""
    from .names import shown

    summary = shown(summary)  # names for ids; a co-operative game's team figure once
    plots = write_plots(summary, out / "plots", jobs)
    path = out / "report.html"
    write_atomic(path, render_html(summary, plots))
    return path
