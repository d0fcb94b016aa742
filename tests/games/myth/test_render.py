"""The terminal view as exact text at a fixed width (MYTH-67: the viewer's secrets only)."""

from __future__ import annotations

import io

from rich.console import Console

from meeple.components.tilegrid import E, S, W
from meeple.games.myth.render import render
from meeple.games.myth.state import MythState

from .scenario import fresh, open_cell

EXPECTED_EN = """\
Myth · turn 1 · Dwarf: draw event cards
Event deck 83 · discard 0 · dungeon tiles 40 · quest pile 12 · bank 30
     0   1     Key:   A Archer   D Dwarf   + the Avatara's start square   m monsters
 -1  ┌──       * a lasting card   ─ a passage   cells are named column,row
  0  ┼A───Dm   Your quests (showing one costs 1 resource)
                 Bring the Codex to the Avatara: not yet
                 Slay two Thralls: 0 of 2
Hero      Lv  Life Att Def Blows Res Cards Quests Cell
 A Archer  1  7/10  39  68     2   5     2      0  0,0
>D Dwarf   1 10/10  28  66     1   5     0      0  1,0
Archer: Magic Bow
Monsters at 1,0: Thrall (attack 5, damage 2, defence 50)
On the cell 1,0: Darkness (every roll −15)
Your hand
  Nod — 1 resource: go to any explored cell
  The Rest — 1 resource: heal 4 life
"""

EXPECTED_RU = """\
Миф · ход 1 · Гном: взять карты событий
Колода событий 83 · сброс 0 · карточек подземелья 40 · заданий 12 · банк 30
     0   1     Обозначения:   Л Лучник   Г Гном   + перекрёсток Аватары   м монстры
 -1  ┌──       * длительная карта   ─ проход   клетки: столбец,строка
  0  ┼Л───Гм
Герой     Ур Жизнь Атк Защ Удары Рес Карты Заданий Клетка
 Л Лучник  1  7/10  39  68     2   5     2       0    0,0
>Г Гном    1 10/10  28  66     1   5     0       0    1,0
Лучник: Магический лук
Монстры на клетке 1,0: Тралл (атака 5, урон 2, защита 50)
На клетке 1,0: Темнота (каждый бросок −15)
"""


def scene() -> MythState:
    st = fresh(2, 1)
    st.hero = ["archer", "dwarf"]
    st.life = [7, 10]
    open_cell(st, (1, 0), E | W, "corridor")
    open_cell(st, (0, -1), S | E, "corner")
    st.position[1] = (1, 0)
    st.enemies[(1, 0)] = ["thrall"]
    st.lasting[(1, 0)] = ["darkness"]
    st.hand[0] = ["rest", "nod"]
    st.quests[0] = ["kill_thralls", "carry_codex"]
    st.items[0] = ["magic_bow"]
    return st


def text(seat: int | None, lang: str) -> str:
    c = Console(width=90, record=True, color_system=None, file=io.StringIO())
    c.print(render(scene().view(seat), seat, lang))
    return "".join(line.rstrip() + "\n" for line in c.export_text().splitlines())


def test_render_player_view_in_english() -> None:
    """The map and its key, the heroes, the monsters and the cell's lasting card, the viewer's
    hand with costs and effects, and the quests with how far each is."""
    assert text(0, "en") == EXPECTED_EN


def test_render_spectator_view_in_russian() -> None:
    """Russian names from the content; a spectator sees no hand and no quests."""
    assert text(None, "ru") == EXPECTED_RU
