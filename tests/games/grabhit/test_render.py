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
    return c.export_text()


def scene() -> object:
    st = new(players=3)
    st.weapons[0] = ((card("battle_axe"), 4, (card("sharpening"),)),)
    st.locs[1] = (card("witch_shop"),)
    st.hand[2] = (card("fireball"),)
    st.limbo[2] = 1
    st.lots = [(card("frozen_lake"), 1, 3, 0)]
    turn(st, 0, "4", 2)
    return st


def test_render_english() -> None:
    """The wheel, life and armour pips, weapons with blueprints, auction and limbo."""
    assert text_of(scene(), "en") == EXPECTED_EN


def test_render_russian() -> None:
    out = text_of(scene(), "ru")
    assert "Боевой" in out and "Лавка" in out and "лимб 1" in out and "Ашир" in out


EXPECTED_EN = """\
Round 1 · turn of Ashir · phase 4 (free actions) · Gold → 50
Wheel: 3 coins, blue
┏━━━━┳━━━━━━━━━━━━┳━━━━━━━┳━━━━━━━━┳━━━━━━┳━━━━━━━━━━━━━━━━━┳━━━━━━━━━━━━━━━━━┳━━━━━━━━━━┳━━━━━━━━━┓
┃ #  ┃ Adventurer ┃ Life  ┃ Armour ┃ Gold ┃ Weapons         ┃ Locations       ┃ Cards    ┃ Status  ┃
┡━━━━╇━━━━━━━━━━━━╇━━━━━━━╇━━━━━━━━╇━━━━━━╇━━━━━━━━━━━━━━━━━╇━━━━━━━━━━━━━━━━━╇━━━━━━━━━━╇━━━━━━━━━┩
│ ▶0 │ Ashir      │ ♥♥♥♥♥ │ ■··    │ 10   │ Battle Axe ⚔4   │ —               │ —        │ to act  │
│    │            │       │        │      │ ×1 ◆4/5         │                 │          │         │
│    │            │       │        │      │ [Sharpened      │                 │          │         │
│    │            │       │        │      │ Edge]           │                 │          │         │
│  1 │ Violet     │ ♥♥♥♥♥ │ ■·     │ 7    │ fists           │ Witch's Shop    │ —        │         │
│    │            │       │        │      │                 │ (A2)            │          │         │
│  2 │ Victor     │ ♥♥♥♥♥ │ ■··    │ 6    │ fists           │ —               │ Fireball │ limbo 1 │
└────┴────────────┴───────┴────────┴──────┴─────────────────┴─────────────────┴──────────┴─────────┘
Auction: Frozen Lake (3, Ashir)
Decks: blue 26, green 24, red 33
"""
