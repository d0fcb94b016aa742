"""The tic-tac-toe state: its fields and the contract hooks, each handed to the module that
holds that part of the rules."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core import Action, State

from . import actions, grid, view

if TYPE_CHECKING:
    from .game import TicTacToe

#: Each verb's rule, by the verb's class (the hot path reads the table, not the Dispatch call).
_RULES = actions.RULES.table


class TicTacToeState(State):
    """The grid (0 empty, 1 X, 2 O) and the winner, if any."""

    _mutable = ("board",)
    game: TicTacToe
    board: list[int]
    winner: int | None

    def _setup(self) -> None:
        self.board = [0] * grid.CELLS
        self.winner = None
        self.to_act = 0  # TTT-1: X moves first

    _legal_actions = actions.legal

    def _apply(self, action: Action) -> None:
        verb = action[1]
        _RULES[verb.__class__](self, verb)

    _result = grid.result
    _view = view.view
    _validate = grid.validate
