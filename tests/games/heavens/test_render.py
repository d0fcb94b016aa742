"""The terminal map as exact text (HVN-56), at 80 and at 160 columns.

Rewrite the expected files with ``MEEPLE_UPDATE_SCREENS=1`` after a deliberate change, and read
the difference."""

from __future__ import annotations

import os
from pathlib import Path
from typing import cast

import pytest
from rich.console import Console

from meeple.games.heavens import rings
from meeple.games.heavens.render import render
from meeple.games.heavens.rings import ARMOUR, ATTACK, POISON
from meeple.games.heavens.state import HeavensState
from meeple.games.heavens.view import View

from .helpers import fresh, hexi, place, unlock

HERE = Path(__file__).parent


def scene() -> HeavensState:
    """Zeus with armour and attack rings, a poisoned and incapacitated Thor, a column, a trap."""
    st = fresh(seed=1)
    unlock(st)
    z = place(st, "zeus", "f5")
    rings.add_rings(st, z, ARMOUR, "grey", 2)
    rings.add_rings(st, z, ATTACK, "orange", 1)
    t = place(st, "thor", "f7", hp=6)
    rings.add_rings(st, t, POISON, "green", 1)
    rings.stun(st, t)
    rings.build(st, hexi(st, "e5"), 3)
    rings.set_trap(st, hexi(st, "g7"), 2)
    st.base_health = (st.base_health[0], 27)
    return st


def text_of(st: HeavensState, lang: str, width: int) -> str:
    console = Console(width=width, record=True, color_system=None)
    console.print(render(cast(View, st.view(0)), 0, lang))
    return console.export_text()


@pytest.mark.parametrize("width", [80, 160])
@pytest.mark.parametrize("lang", ["en", "ru"])
def test_hvn56_render_exact_text(lang: str, width: int) -> None:
    """HVN-56: every god by its full name with its health and rings, bases with health,
    traps and columns, the token track, hand sizes and one's own hand."""
    text = text_of(scene(), lang, width)
    path = HERE / f"render_{lang}_{width}.txt"
    if os.environ.get("MEEPLE_UPDATE_SCREENS"):
        path.write_text(text, "utf-8")
    assert text == path.read_text("utf-8")
    assert max(map(len, text.splitlines())) <= width
