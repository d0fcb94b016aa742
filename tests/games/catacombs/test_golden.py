"""Golden tests: exact terminal text of a fixed state, and a fixed-seed playthrough."""

from __future__ import annotations

import io
import random
from typing import Any, cast

from rich.console import Console

import meeple
from meeple.components import pile
from meeple.games.catacombs.render import render
from meeple.games.catacombs.view import View


def scenario() -> Any:
    st = meeple.load("catacombs", players=2).new_state(seed=0)
    while st.step == "entrance":
        st.apply(st.legal_actions()[0])
    cat = st.game.content
    ix = cat.item_index
    def at(x: int, y: int) -> int:
        return y * 10 + x
    def lay(cell: int, label: str | None) -> None:
        """The cell's face-down card turns out to be ``label`` (None: it is gone)."""
        st.down[cell] = False
        k = next(c for c in st.deck if label is None or cat.cards[c].label == label)
        pile.take(st.deck, k)
        if label is not None:
            st.card[cell] = k
    st.tile[at(1, 0)] = 2 | 8 | 4
    st.tile_card[at(1, 0)] = 0
    lay(at(1, 0), None)
    st.tile[at(1, 1)] = 1 | 2
    st.tile_card[at(1, 1)] = 1
    lay(at(1, 1), None)
    st.cauldron[at(1, 1)] = 2
    st.tile[at(2, 1)] = 8
    st.tile_card[at(2, 1)] = 2
    lay(at(2, 1), "monster:goblin")
    lay(at(3, 1), "vein")
    s = st.active
    st.position[s] = at(1, 1)
    st.pack[s] = sorted([ix["amber"], ix["ruby"]])
    st.screen[s][2] = ix["dagger"]
    st.screen[s][0] = ix["leather_cap"]
    st.money[s] = 275
    st.experience[s] = 3
    st._legal = None
    return st


def text(view: dict[str, Any], lang: str) -> str:
    c = Console(width=100, record=True, file=io.StringIO(), color_system=None)
    c.print(render(cast(View, view), 0, lang))
    return "\n".join(line.rstrip() for line in c.export_text().splitlines()) + "\n"


EXPECTED_EN = """\
Red dwarf's turn — move · veins found 0 of 10 · 100 tiles in the box
       A    B    C    D    E    F    G    H    I    J    Key:
     +----+----+----+----+----+----+----+----+----+----+ E entrance and shop
   1 |E         ░░░░ ░░░░ ░░░░ ░░░░ ░░░░ ░░░░ ░░░░ E  B| ω1–ω3 cauldron (+1…+3)
     +    +    +----+    +    +    +    +    +    +    + ░ unexplored
   2 |░░░░|ω3 R !g  |?v   ░░░░ ░░░░ ░░░░ ░░░░ ░░░░ ░░░░| | and --- walls
     +    +----+----+    +    +    +    +    +    +    + R Red dwarf
 3–9 |░░░░ ░░░░ ░░░░ ░░░░ ░░░░ ░░░░ ░░░░ ░░░░ ░░░░ ░░░░| B Blue dwarf
     +    +    +    +    +    +    +    +    +    +    + !g Goblin
  10 |E    ░░░░ ░░░░ ░░░░ ░░░░ ░░░░ ░░░░ ░░░░ ░░░░ E   | ?v face-up mithril vein
     +----+----+----+----+----+----+----+----+----+----+
Dwarf           Health  Str  Arm  Exp  Coins  Kills
▶ R Red dwarf       12    2    1    3  137.5      0
  B Blue dwarf      12    2    0    0    300      0
R Red dwarf: head: Leather Cap; right hand: Dagger; backpack: Ruby, Amber
"""


def test_render_board_screen_and_backpack_exact_text() -> None:
    """The board shows walls, passages, unexplored cells (rows nobody has reached folded into
    one), a cauldron, a monster, a face-up card and dwarves by their colours, with a key; the
    table shows each dwarf's stats, money in coins (half coins as a decimal), screen and
    backpack."""
    st = scenario()
    assert text(st.view(0), "en") == EXPECTED_EN
    ru = text(st.view(0), "ru")
    assert "Кожаный шлем" in ru and "рюкзак: Рубин, Янтарь" in ru and "137,5" in ru


def test_golden_playthrough_seed_2024() -> None:
    """A fixed seed and a fixed chooser always give the same game (figures of version 3,
    which draws face-down cards and tiles when they turn up)."""
    st = meeple.load("catacombs", players=3).new_state(seed=2024)
    chooser = random.Random(7)
    counts = []
    while not st.is_over:
        legal = st.legal_actions()
        if st.n_actions % 500 == 0:
            counts.append(len(legal))
        st.apply(chooser.choice(legal))
    res = st.result()
    assert st.n_actions == 4158
    assert counts == [4, 4, 5, 4, 6, 7, 3, 3, 4]
    assert (res.reason, res.winners, res.turns) == ("last-dwarf", (0,), 371)
    assert res.scores == (3.0, -4.0, -8.0)


def test_render_status_line_of_building_walking_and_crowds() -> None:
    """The status line names the face-up tiles, the tile in hand and the steps left; three
    dwarves on one cell show as ``+3``."""
    st = meeple.load("catacombs", players=3).new_state(seed=0)
    while st.step == "entrance":
        st.apply(st.legal_actions()[0])
    st.faceup_tiles.append(st.pile.pop(0))
    st.held_tile = st.pile.pop(0)
    st.position = [st.position[st.active]] * 3
    v = st.view(0)
    out = " ".join(text(v, "en").split())  # the status line wraps at the console's width
    tile = st.game.content.tiles[st.held_tile]
    assert f"tile in hand: {tile[1]}" in out and "face-up tiles: " in out and "+3" in out
    assert f"плитка в руке: {tile[2]}" in " ".join(text(v, "ru").split())
    v["step"], v["walk_left"] = "walk", None
    assert "steps left: any" in text(v, "en")
