"""The terminal view, as exact text at a fixed width."""

from __future__ import annotations

import io
from typing import cast

from rich.console import Console

import meeple
from meeple.games._template.render import render
from meeple.games._template.view import View


def text_of(view: dict[str, object], seat: int | None, lang: str = "en") -> str:
    """What the terminal shows of ``view``, 60 columns wide, without trailing spaces."""
    c = Console(width=60, record=True, color_system=None, force_terminal=False,
                file=io.StringIO())
    c.print(render(cast(View, view), seat, lang))
    return "\n".join(line.rstrip() for line in c.export_text().splitlines()) + "\n"


def test_render_shows_scores_hand_sizes_and_the_viewers_hand() -> None:
    st = meeple.load("_template", players=2).new_state(seed=4)
    st.apply(st.legal_actions()[0])
    assert text_of(st.view(1), 1) == EXPECTED


def test_render_in_russian_and_for_a_spectator() -> None:
    st = meeple.load("_template", players=2).new_state(seed=4)
    out = text_of(st.view(None), None, "ru")
    assert "Очки" in out and "Игрок" in out and "Ваша рука" not in out


EXPECTED = """\
          Scores
┏━━━━━━━━┳━━━━━━━┳━━━━━━━┓
┃ Player ┃ Score ┃ Cards ┃
┡━━━━━━━━╇━━━━━━━╇━━━━━━━┩
│ 1      │     1 │     2 │
│ 2      │     0 │     3 │
└────────┴───────┴───────┘
 Your hand: Blaze, Flame,
          Spark
"""
