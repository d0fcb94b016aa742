"""Terminal rendering of a tic-tac-toe view (never imported by the rules)."""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text

STYLE = {"X": "bold cyan", "O": "bold magenta", ".": "dim"}
LABEL = {"en": ("Tic-tac-toe", "to move"), "ru": ("Крестики-нолики", "ходит")}


def render(view: dict[str, Any], seat: int | None, lang: str = "en") -> Table:
    """The grid with column letters and row numbers; the mark to move in the caption."""
    title, moves = LABEL.get(lang, LABEL["en"])
    grid = Table(title=title, show_header=True, show_lines=True, padding=(0, 1))
    grid.add_column("")
    for col in "abc":
        grid.add_column(col, justify="center")
    for r, row in enumerate(view["board"], 1):
        grid.add_row(str(r), *(Text(ch if ch != "." else " ", style=STYLE[ch]) for ch in row))
    if view["to_act"] is not None:
        grid.caption = f"{'XO'[view['to_act']]} {moves}"
    return grid
