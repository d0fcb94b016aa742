"""Terminal rendering of a tic-tac-toe view (never imported by the rules)."""

from __future__ import annotations

from typing import Any

from rich.table import Table
from rich.text import Text

from meeple.i18n import texts

STYLE = {"X": "bold cyan", "O": "bold magenta", ".": "dim"}


def render(view: dict[str, Any], seat: int | None, lang: str = "en") -> Table:
    """The grid with column letters and row numbers; the side to move in the caption."""
    t = texts(__package__, lang)
    grid = Table(title=t("screen.title"), show_header=True, show_lines=True, padding=(0, 1))
    grid.add_column("")
    for col in "abc":
        grid.add_column(col, justify="center")
    for r, row in enumerate(view["board"], 1):
        grid.add_row(str(r), *(Text(ch if ch != "." else " ", style=STYLE[ch]) for ch in row))
    if view["to_act"] is not None:
        grid.caption = t("screen.to_move", mark=t(f"seat.{view['to_act']}"))
    return grid
