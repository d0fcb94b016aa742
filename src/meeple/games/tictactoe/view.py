"""What a seat sees of tic-tac-toe: everything (the game hides nothing, so the base's
``determinize`` only re-seeds the future, and there is none)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from meeple.core.views import BaseView, GameKeys

from .grid import SYMBOLS

if TYPE_CHECKING:
    from .state import TicTacToeState


class Keys(GameKeys):
    """Tic-tac-toe's view: the grid as three rows of ``.``, ``X`` and ``O``, top row first."""

    phase: Literal["play"]
    step: Literal["mark"]
    board: list[str]


class View(Keys, BaseView):
    """The whole view a reader receives."""


def view(st: TicTacToeState, seat: int | None) -> Keys:
    """The grid as three rows of ``.``, ``X`` and ``O``."""
    rows = ["".join(SYMBOLS[v] for v in st.board[r * 3:r * 3 + 3]) for r in range(3)]
    return {"phase": "play", "step": "mark", "mine": [], "on_table": [], "board": rows}
