"""report.html as one page that holds everything, and plots readable at every rate."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from typing import Any

import pytest

from meeple.sim import plots, report
from meeple.sim.page import data_uri, render_html
from meeple.sim.plots import CORNERS, LEGEND_WIDTH, OUTSIDE, XMAX, XMIN, legend_place
from meeple.sim.simulate import make_spec, simulate
from tests.sim.test_report import synthetic

needs_matplotlib = pytest.mark.skipif(importlib.util.find_spec("matplotlib") is None,
                                      reason="matplotlib is not installed")


def run(game: str, games: int, out: Path, **kw: Any) -> dict[str, Any]:
    spec = make_spec(game, seats=kw.pop("seats", "random"), players=kw.pop("players", None),
                     vary=kw.pop("vary", None), seed=1)
    return simulate(spec, games, out, jobs=1, progress=False, **kw)


def covers(place: str, spans: list[tuple[float, float]], even: float | None) -> bool:
    """Whether a legend at ``place`` would lie over a row's marker or bar, or the even line:
    the corner's band of the x axis on the row nearest its edge."""
    vertical, side = place.split()
    width = LEGEND_WIDTH * (XMAX - XMIN)
    x0, x1 = (XMIN, XMIN + width) if side == "left" else (XMAX - width, XMAX)
    low, high = spans[-1] if vertical == "lower" else spans[0]
    return (low <= x1 and high >= x0) or (even is not None and x0 <= even <= x1)


@pytest.mark.parametrize("spans", [
    [(0.93, 1.0), (0.0, 0.07)],               # one seat wins every game
    [(0.45, 0.6), (0.91, 1.0)],               # the bottom row near 1
    [(0.0, 0.08), (0.0, 0.05)],               # nobody wins
    [(0.0, 0.05), (0.4, 0.6), (0.95, 1.0)],   # near 0 on top, near 1 below
])
def test_the_legend_keeps_off_rates_near_1_and_near_0(spans: list[tuple[float, float]]) -> None:
    even = 0.5
    place = legend_place(spans, [even] * len(spans))
    assert place in CORNERS
    assert not covers(place, spans, even)
    near_one = spans[-1][1] >= 0.9
    assert not (near_one and place == "lower right")  # the default corner, over the marker


def test_the_legend_goes_outside_when_every_corner_holds_data() -> None:
    spans = [(0.02, 1.0), (0.4, 0.6), (0.0, 0.98)]
    assert legend_place(spans, [0.5] * 3) == OUTSIDE
    assert legend_place([(0.96, 1.0)], [0.03]) == OUTSIDE  # near 1, even share near 0
    assert legend_place([(0.4, 0.6)], [0.5]) == "lower right"  # nothing in the way
    assert legend_place([(0.4, 0.6)], [0.9]) == "lower left"  # the even line counts too


@needs_matplotlib
@pytest.mark.parametrize("wins", [(40, 0), (0, 0), (1, 39), (20, 20)])
def test_every_plot_draws_at_extreme_rates(wins: tuple[int, int]) -> None:
    drawn = plots.draw(synthetic(*wins, 40))
    assert drawn is not None
    assert set(drawn) >= {"seats", "turn_order", "length", "endings"}
    assert all(png.startswith(b"\x89PNG") for png in drawn.values())


def outside_references(page: str) -> list[str]:
    """Every src= or href= of the page that is not one of its own anchors or embedded data."""
    found = re.findall(r'(?:src|href)\s*=\s*["\']?([^"\'\s>]*)', page, flags=re.I)
    return [f for f in found if not f.startswith(("#", "data:"))]


@needs_matplotlib
def test_the_page_holds_everything_and_refers_to_nothing_outside(tmp_path: Path) -> None:
    summary = run("grabhit", 12, tmp_path, seats="greedy,random",
                  vary={"gold_target": [30, 80]})
    page = (tmp_path / "report.html").read_text("utf-8")
    assert outside_references(page) == []
    assert "<link" not in page and "<script" not in page and "@import" not in page
    for heading in ("Balance report: grabhit", "The game's shape", "Rows off the even share",
                    "Win rate by seat", "Win rate by agent", "Win rate by option value",
                    "By option value: how games went", "Game length", "How games ended"):
        assert f">{heading}</h" in page, heading
    drawn = sorted(p.name for p in (tmp_path / "plots").iterdir())
    assert len(drawn) >= 7
    for name in drawn:
        assert data_uri((tmp_path / "plots" / name).read_bytes()) in page, name
    assert page.count("<img ") == len(drawn)
    for key in [k for k, _, _ in report.rate_sections(summary)] + ["length", "endings"]:
        assert f'href="#{key}"' in page and f'id="{key}"' in page
    assert 'name="viewport"' in page and "@media" in page
    assert "Options: repair_amount=" in page and "Varied: gold_target over 30, 80" in page
    assert "Rules recorded in run.json" in page


def test_the_page_is_in_plain_words() -> None:
    page = render_html(synthetic(30, 5, 40), {})  # no plots, and no hint to install them
    text = re.sub(r"<style>.*?</style>|<[^>]+>", " ", page, flags=re.S)
    for word in ("[", "]", "{", "}", "True", "False"):
        assert word not in text, word
    assert not re.search(r"[=:(,] ?None\b|\bNone ?[,)]", text)  # Python's None, not English
