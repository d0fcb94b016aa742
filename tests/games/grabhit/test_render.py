"""The terminal view, as exact text at a fixed width."""

from __future__ import annotations

import io

from rich.console import Console

from meeple.games.grabhit.render import render

from .helpers import card, new, turn


def text_of(st: object, lang: str) -> str:
    c = Console(width=100, record=True, color_system=None, force_terminal=False,
                file=io.StringIO())
    c.print(render(st.view(None), None, lang))  # type: ignore[attr-defined]
    return "\n".join(line.rstrip() for line in c.export_text().splitlines()) + "\n"


def scene() -> object:
    st = new(players=3)
    st.weapons[0] = ((card("battle_axe"), 4, (card("sharpening"),)),)
    st.locations[1] = (card("witch_shop"),)
    st.hand[2] = (card("fireball"),)
    st.limbo[2] = 1
    st.lots = [(card("frozen_lake"), 1, 3, 0)]
    turn(st, 0, "free", 2)
    return st


def test_render_english() -> None:
    """The wheel, life and armour pips, weapons with blueprints, a shop, the auction, limbo
    and the key to the symbols."""
    assert text_of(scene(), "en") == EXPECTED_EN


def test_render_russian() -> None:
    out = text_of(scene(), "ru")
    assert "Боевой топор ⚔4×1 ◆4/5 + Заточка" in out and "Лимб, ход 1" in out
    assert "Лавка колдуньи (Аура 2, лавка)" in out and "ставка 3 монеты, Ашир" in out


EXPECTED_EN = """\
Round 1 · Ashir’s turn · phase 4: free actions · goal 50 coins
Wheel: 3 coins, blue sector
▶Ashir  ♥♥♥♥♥ ■·· 10 coins Battle Axe ⚔4×1 ◆4/5 + Sharpened Edge
 Violet ♥♥♥♥♥ ■·  7 coins  Witch's Shop (Aura 2, shop)
 Victor ♥♥♥♥♥ ■·· 6 coins  limbo, turn 1 · Fireball
Auction: Frozen Lake, bid 3 coins by Ashir
Cards in the decks: blue 26, green 24, red 33
♥ life ■ armour ⚔ damage×hits ◆ durability ⇣ pierces ◈ shield ✗ curse ↑ upgrade
"""
