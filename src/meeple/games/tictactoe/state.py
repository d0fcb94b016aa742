"""The tic-tac-toe state: its fields and the contract hooks, each handed to the module that
holds that part of the rules."""

from __future__ import annotations

from typing import Any

from meeple.core import Action, Result, State

from . import actions, grid, view


class TicTacToeState(State):
    """The grid (0 empty, 1 X, 2 O) and the winner, if any."""

    _mutable = ("board",)
    board: list[int]
    winner: int | None

    def _setup(self) -> None:
        self.board = [0] * grid.CELLS
        self.winner = None
        self.to_act = 0  # TTT-1: X moves first

    def _legal_actions(self) -> list[Action]:
        return actions.legal(self)

    def _apply(self, action: Action) -> None:
        actions.apply(self, action)

    def _result(self) -> Result:
        return grid.result(self)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return view.view(self, seat)

    def _validate(self) -> None:
        grid.validate(self)
