"""The legal actions of tic-tac-toe and what each one does: ``mark <cell>`` on an empty cell."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core import Action, Dispatch

from . import grid
from .verbs import Mark

if TYPE_CHECKING:
    from .state import TicTacToeState

#: The rules of each verb: ``RULES(state, verb)`` (one handler per verb, docs/architecture.md).
RULES: Dispatch[TicTacToeState, None] = Dispatch("tic-tac-toe's rules")


def legal(st: TicTacToeState) -> list[Action]:
    """The marks the seat to act may make (TTT-1: only empty cells), in cell order."""
    return [m for m, taken in zip(st.game.marks, st.board, strict=True) if not taken]


@RULES.on(Mark)
def mark(st: TicTacToeState, verb: Mark) -> None:
    """Make the mark ``verb`` names (the base has checked it is legal)."""
    grid.mark(st, verb.cell)
