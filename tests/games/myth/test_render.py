"""The terminal view as exact text at a fixed width (MYTH-67: the viewer's secrets only)."""

from __future__ import annotations

import io

from rich.console import Console

from meeple.components.tilegrid import E, S, W
from meeple.games.myth.render import render
from meeple.games.myth.state import MythState

from .scenario import fresh, open_cell

EXPECTED_EN = (
    'Turn 1 · draw/draw · to act: 1 · event deck 83 · tiles 40 · bank 30\n'
    '      0    1\n'
    '    #####\n'
    ' -1 #\n'
    '    #   #\n'
    '    #   ######\n'
    '  0   0   1m*\n'
    '    #   ######\n'
    '# ┃ Hero    ┃ Lv ┃ Life  ┃ Atk ┃ Def ┃ Res ┃ Cards ┃ Quests ┃ Items    \n'
    '━━╇━━━━━━━━━╇━━━━╇━━━━━━━╇━━━━━╇━━━━━╇━━━━━╇━━━━━━━╇━━━━━━━━╇━━━━━━━━━━\n'
    '0 │ Archer  │ 1  │ 7/10  │ 39  │ 68  │ 5   │ 2     │ 0      │ Magic Bow\n'
    '1 │ > Dwarf │ 1  │ 10/10 │ 28  │ 66  │ 5   │ 0     │ 0      │ -        \n'
    'Monsters: 1,0: Thrall\n'
    'Your hand: Nod, The Rest\n'
    'Your quests: Bring the Codex to the Avatara; Slay two Thralls\n'
    'Log:\n'
    '  Thrall rolls 42: 32 vs Dwarf 66 - miss\n'
)

EXPECTED_RU = (
    'Ход 1 · draw/draw · решает: 1 · колода событий 83 · поля 40 · банк 30\n'
    '      0    1\n'
    '    #####\n'
    ' -1 #\n'
    '    #   #\n'
    '    #   ######\n'
    '  0   0   1m*\n'
    '    #   ######\n'
    '# ┃ Герой  ┃ Ур ┃ Жизнь ┃ Атк ┃ Защ ┃ Рес ┃ Карты ┃ Задания ┃ Предметы      \n'
    '━━╇━━━━━━━━╇━━━━╇━━━━━━━╇━━━━━╇━━━━━╇━━━━━╇━━━━━━━╇━━━━━━━━━╇━━━━━━━━━━━━━━━\n'
    '0 │ Лучник │ 1  │ 7/10  │ 39  │ 68  │ 5   │ 2     │ 0       │ Магический лук\n'
    '1 │ > Гном │ 1  │ 10/10 │ 28  │ 66  │ 5   │ 0     │ 0       │ -             \n'
    'Монстры: 1,0: Тралл\n'
    'Журнал:\n'
    '  Thrall rolls 42: 32 vs Dwarf 66 - miss\n'
)


def scene() -> MythState:
    st = fresh(2, 1)
    st.hero = ["archer", "dwarf"]
    st.life = [7, 10]
    open_cell(st, (1, 0), E | W, "corridor")
    open_cell(st, (0, -1), S | E, "corner")
    st.pos[1] = (1, 0)
    st.enemies[(1, 0)] = ["thrall"]
    st.lasting[(1, 0)] = ["darkness"]
    st.hand[0] = ["rest", "nod"]
    st.quests[0] = ["kill_thralls", "carry_codex"]
    st.items[0] = ["magic_bow"]
    st.rolls = ["Thrall rolls 42: 32 vs Dwarf 66 - miss"]
    return st


def text(seat: int | None, lang: str) -> str:
    c = Console(width=90, record=True, color_system=None, file=io.StringIO())
    c.print(render(scene().view(seat), seat, lang))
    return c.export_text()


def test_render_player_view_in_english() -> None:
    """The map, the heroes, the monsters, the viewer's hand and quests, the battle log."""
    assert text(0, "en") == EXPECTED_EN


def test_render_spectator_view_in_russian() -> None:
    """Russian names from the content; a spectator sees no hand and no quests."""
    assert text(None, "ru") == EXPECTED_RU
