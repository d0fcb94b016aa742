"""The legal actions of tic-tac-toe and what each one does: ``mark <cell>`` on an empty cell."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core import Action

from . import grid

if TYPE_CHECKING:
    from .state import TicTacToeState

#: One action per cell, made once: its text names the cell, its data is the cell's index.
MARKS = tuple(Action(f"mark {name}", i) for i, name in enumerate(grid.NAMES))


def legal(st: TicTacToeState) -> list[Action]:
    """The marks the seat to act may make."""
    b = st.board
    return [m for m in MARKS if not b[m[1]]]  # TTT-1: only empty cells (m[1] is m.data)


def apply(st: TicTacToeState, action: Action) -> None:
    """Make the mark ``action`` names (the base has checked it is legal)."""
    grid.mark(st, action[1])  # action[1] is action.data, read without the property
