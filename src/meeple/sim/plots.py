"""The report's plots (PNG, drawn with matplotlib): readable at every rate.

A win-rate plot shows each row's rate with its 95% Wilson interval and the even share as a
dashed red line (each row's own even share where they differ, as with ``--vary``). Its legend
goes in a corner that no interval, marker or even-share line crosses (:func:`legend_place`),
or below the plot when every corner holds data, so a seat that wins 100% (or 0%) of its
games is never hidden behind it. Markers at 0% and 100% are drawn whole (the axis reaches a
little past both ends).

Drawing takes matplotlib from a twentieth of a second (a plot of two rows) to a quarter (thirty
rows); given several processes, the plots are shared out among them by their expected cost
(:func:`share`) and drawn at once. A plot is the same PNG whichever process draws it.
"""

from __future__ import annotations

import io
from collections.abc import Sequence
from functools import partial
from pathlib import Path
from typing import Any

from . import report

#: The x axis of a win-rate plot, a little past 0 and 1 so a marker there is drawn whole.
XMIN, XMAX = -0.04, 1.04
#: The share of the x axis a corner legend takes at least (a plot measures its own).
LEGEND_WIDTH = 0.30
#: Height of one row of a win-rate plot, in inches: its one-line legend covers one row.
ROW_INCHES = 0.32
#: Where a legend may go, in order of preference, and the fallback under the plot.
CORNERS = ("lower right", "lower left", "upper right", "upper left")
OUTSIDE = "outside lower center"
#: A plot's width in inches (640 pixels): whole on a desktop, and on a phone's width still
#: legible once scaled down (a plot to scroll sideways would hide the rates near 100%).
WIDTH = 6.4
BLUE, PALE, RED = "#2b5d8a", "#8aa9c6", "#c0392b"
#: Rows drawn at most in one plot (the tables list them all).
MAX_ROWS = 30


def legend_place(spans: Sequence[tuple[float, float]], evens: Sequence[float | None],
                 covered: int = 1, width: float = LEGEND_WIDTH) -> str:
    """Where a win-rate plot's legend goes: the first of :data:`CORNERS` whose area holds no
    data, else :data:`OUTSIDE` (below the axes).

    ``spans`` are the rows' (low, high) from top to bottom, rates in 0..1 (a marker lies inside
    its span); ``evens`` each row's even share (None: no line); a corner legend covers the
    ``covered`` rows nearest its edge and ``width`` of the axis (a share) from its side.
    """
    n = len(spans)
    if n == 0:
        return CORNERS[0]
    across = width * (XMAX - XMIN)
    bands = {"left": (XMIN, XMIN + across), "right": (XMAX - across, XMAX)}
    for corner in CORNERS:
        vertical, side = corner.split()
        rows = range(n - covered, n) if vertical == "lower" else range(covered)
        x0, x1 = bands[side]
        if all(not _crosses(spans[i], evens[i], x0, x1) for i in rows if 0 <= i < n):
            return corner
    return OUTSIDE


def _crosses(span: tuple[float, float], even: float | None, x0: float, x1: float) -> bool:
    low, high = span
    return (low <= x1 and high >= x0) or (even is not None and x0 <= even <= x1)


def rate_rows(rows: list[dict[str, Any]], even: float | None) -> list[dict[str, Any]]:
    """The rows a plot can draw (a rate to show), at most :data:`MAX_ROWS`, each with its own
    even share under ``"even"`` (the run's when the row has none)."""
    return [{**r, "even": r.get("even", even)} for r in rows if r.get("rate") is not None
            ][:MAX_ROWS]


def rate_plot(figure_cls: Any, rows: list[dict[str, Any]], title: str,
              even: float | None) -> bytes:
    """A win-rate plot of ``rows`` (PNG bytes): rates, intervals, even share, legend clear."""
    rows = rate_rows(rows, even)
    axes_inches = max(len(rows), 1) * ROW_INCHES + 0.3
    fig = _figure(figure_cls, axes_inches + 1.1)
    ax = fig.add_subplot()
    ys = list(range(len(rows)))[::-1]
    rates = [r["rate"] for r in rows]
    err = [[r["rate"] - r["low"] for r in rows], [r["high"] - r["rate"] for r in rows]]
    ax.errorbar(rates, ys, xerr=err, fmt="o", color=BLUE, ecolor=PALE, capsize=3, zorder=3)
    evens = [r["even"] for r in rows]
    _even_lines(ax, evens, ys)
    ax.set_yticks(ys, [report._short(report.name(r)) for r in rows], fontsize=9)
    ax.set_ylim(-0.6, len(rows) - 0.4)
    ax.set_xlim(XMIN, XMAX)
    ax.set_xticks([0, 0.25, 0.5, 0.75, 1], ["0%", "25%", "50%", "75%", "100%"])
    ax.grid(axis="x", color="#e4e4e4", linewidth=0.6, zorder=0)
    ax.set_xlabel("win rate (dot) and its 95% Wilson interval (bar)", fontsize=9)
    ax.set_title(title, fontsize=10, loc="left")
    _legend(fig, ax, [(r["low"], r["high"]) for r in rows], evens)
    return _png(fig)


def _legend(fig: Any, ax: Any, spans: list[tuple[float, float]],
            evens: list[float | None]) -> None:
    """The legend where it hides nothing: its width is measured once laid out, then
    :func:`legend_place` picks a free corner, or puts it under the plot."""
    if all(e is None for e in evens):
        return  # no even-share line, nothing to explain
    legend = ax.legend(loc=CORNERS[0], fontsize=8, framealpha=1)
    fig.get_layout_engine().execute(fig)  # laid out, not drawn: saving it draws it
    share = legend.get_window_extent().width / ax.get_window_extent().width + 0.02
    place = legend_place(spans, evens, width=max(share, LEGEND_WIDTH))
    if place == OUTSIDE:
        legend.remove()
        fig.legend(loc=place, fontsize=8, frameon=False)
    else:
        ax.legend(loc=place, fontsize=8, framealpha=1)


def _even_lines(ax: Any, evens: list[float | None], ys: list[int]) -> None:
    """One dashed line at the even share, or a dash per row where rows have their own."""
    known = [e for e in evens if e is not None]
    if not known:
        return
    if len(set(known)) == 1:
        ax.axvline(known[0], color=RED, linestyle="--", linewidth=1, label="even share",
                   zorder=2)
        return
    label = "even share (per value)"
    for e, y in zip(evens, ys, strict=True):
        if e is not None:
            ax.plot([e, e], [y - 0.42, y + 0.42], color=RED, linestyle="--", linewidth=1,
                    label=label, zorder=2)
            label = "_"


def length_plot(figure_cls: Any, length: dict[str, Any]) -> bytes:
    """Histograms of the game length in turns and in actions (PNG bytes)."""
    shown = [(name, d["histogram"]) for name, d in length.items() if d.get("histogram")]
    fig = _figure(figure_cls, 3)
    for k, (name, hist) in enumerate(shown):
        ax = fig.add_subplot(1, len(shown), k + 1)
        span = hist[-1][0] - hist[0][0] + 1  # one bar per value, or 40 bins over a wide range
        ax.hist([v for v, _ in hist], weights=[c for _, c in hist], bins=min(span, 40),
                color=BLUE)
        ax.xaxis.get_major_locator().set_params(integer=True)  # no "2.5 turns"
        ax.yaxis.get_major_locator().set_params(integer=True)
        ax.set_xlabel(name)
        ax.set_ylabel("games")
    fig.suptitle("Game length", fontsize=10)
    return _png(fig)


def endings_plot(figure_cls: Any, endings: list[dict[str, Any]]) -> bytes:
    """How games ended: a bar per ending, labelled with its games and share (PNG bytes)."""
    fig = _figure(figure_cls, 1.3 + 0.34 * len(endings))
    ax = fig.add_subplot()
    ys = list(range(len(endings)))[::-1]
    counts = [e["count"] for e in endings]
    ax.barh(ys, counts, height=0.6, color=BLUE)
    top = max(counts, default=1) or 1
    for y, e in zip(ys, endings, strict=True):
        ax.text(e["count"] + top * 0.01, y, f"{e['count']:,} ({report.pct(e['share'])})",
                va="center", fontsize=8)
    ax.set_xlim(0, top * 1.22)  # room for the label of the longest bar
    ax.set_yticks(ys, [report._short(e["reason"]) for e in endings], fontsize=9)
    ax.set_ylim(-0.6, len(endings) - 0.4)
    ax.set_xlabel("games")
    ax.set_title("How games ended", fontsize=10, loc="left")
    return _png(fig)


def _figure(figure_cls: Any, height: float) -> Any:
    """A figure of the report's width, laid out to fit, on an Agg canvas of its own from the
    start: laying it out and saving it measure its words with one renderer (a canvas made
    only to save it measures them all again)."""
    from matplotlib.backends.backend_agg import FigureCanvasAgg

    fig = figure_cls(figsize=(WIDTH, height), dpi=100, layout="constrained")
    FigureCanvasAgg(fig)
    return fig


def _png(fig: Any) -> bytes:
    out = io.BytesIO()
    fig.savefig(out, format="png")
    return out.getvalue()


def costs(summary: dict[str, Any]) -> dict[str, float]:
    """Every plot of the report (its section key), in order, with the time it takes to draw
    (in hundredths of a second, as measured: a rate plot's grows with its rows)."""
    out = {key: 5.5 + 0.6 * len(rate_rows(rows, None))
           for key, _, rows in report.rate_sections(summary)}
    if any(d.get("n") for d in summary["length"].values()):
        out["length"] = 12.0
    if summary["endings"]:
        out["endings"] = 4.0 + 0.9 * len(summary["endings"])
    return out


def share(costs: dict[str, float], jobs: int) -> list[list[str]]:
    """The keys shared out among at most ``jobs`` processes so they finish together: the
    costliest first, each to the process with the least to do; the largest share first (it
    goes to the process that starts first, the others being forked).

    >>> share({"seats": 9, "texts": 33, "kinds": 33, "length": 20}, 2)
    [['texts', 'length'], ['kinds', 'seats']]
    >>> share({"kinds": 10, "seats": 6, "roles": 5}, 2)
    [['seats', 'roles'], ['kinds']]
    """
    parts: list[list[str]] = [[] for _ in range(max(1, min(jobs, len(costs))))]
    loads = [0.0] * len(parts)
    for key in sorted(costs, key=lambda k: -costs[k]):
        k = loads.index(min(loads))
        parts[k].append(key)
        loads[k] += costs[key]
    return [parts[k] for k in sorted(range(len(parts)), key=lambda k: -loads[k])]


def draw_some(summary: dict[str, Any], keys: list[str]) -> dict[str, bytes]:
    """The plots ``keys`` of the report: section key -> PNG bytes (matplotlib installed)."""
    figure_cls = report._matplotlib()
    sections = {key: (title, rows) for key, title, rows in report.rate_sections(summary)}
    made: dict[str, bytes] = {}
    for key in keys:
        if key == "length":
            made[key] = length_plot(figure_cls, summary["length"])
        elif key == "endings":
            made[key] = endings_plot(figure_cls, summary["endings"])
        else:
            title, rows = sections[key]
            made[key] = rate_plot(figure_cls, rows, title, summary.get("even_share"))
    return made


def draw(summary: dict[str, Any], jobs: int = 1) -> dict[str, bytes] | None:
    """Every plot of the report: section key -> PNG bytes, drawn on ``jobs`` processes;
    None without matplotlib."""
    from .backends import forked

    if report._matplotlib() is None:
        return None
    order = costs(summary)
    made: dict[str, bytes] = {}
    for part in forked([partial(draw_some, summary, keys) for keys in share(order, jobs)]):
        made.update(part)
    return {key: made[key] for key in order}


def write_plots(summary: dict[str, Any], folder: Path, jobs: int = 1
                ) -> dict[str, bytes] | None:
    """Every plot, also saved as ``folder/KEY.png``, drawn on ``jobs`` processes; None (and no
    folder) without matplotlib."""
    made = draw(summary, jobs)
    if made is None:
        return None
    folder.mkdir(parents=True, exist_ok=True)
    for key, png in made.items():
        (folder / f"{key}.png").write_bytes(png)
    return made
