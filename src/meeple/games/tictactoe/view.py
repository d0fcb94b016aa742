"""What a seat sees of tic-tac-toe: everything (the game hides nothing, so the base's
``determinize`` only re-seeds the future, and there is none)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from meeple.core.views import BaseView, GameKeys

from .grid import LINES, NAMES, SYMBOLS

if TYPE_CHECKING:
    from .state import TicTacToeState


class Keys(GameKeys):
    """Tic-tac-toe's view: the grid as three rows of ``.``, ``X`` and ``O``, top row first, and
    the cells of the winning line (``a1``, ``b2``, ``c3``; none while nobody has one)."""

    phase: Literal["play"]
    step: Literal["mark"]
    board: list[str]
    line: list[str]


class View(Keys, BaseView):
    """The whole view a reader receives."""


def view(st: TicTacToeState, seat: int | None) -> Keys:
    """The grid as three rows of ``.``, ``X`` and ``O``, and the winner's line."""
    rows = ["".join(SYMBOLS[v] for v in st.board[r * 3:r * 3 + 3]) for r in range(3)]
    return {"phase": "play", "step": "mark", "mine": [], "on_table": [], "board": rows,
            "line": winning_line(st)}


def winning_line(st: TicTacToeState) -> list[str]:
    """The names of the cells of the winner's line (the first one, should a last mark make
    two), or none while nobody has won."""
    if st.winner is None:
        return []
    b, mark = st.board, st.winner + 1
    for cells in LINES:
        if all(b[i] == mark for i in cells):
            return [NAMES[i] for i in cells]
    return []
