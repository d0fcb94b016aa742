"""Tic-tac-toe (TTT): two seats mark cells of a 3×3 grid; three in a line wins.

TTT-1  X (seat 0) moves first; seats alternate, one mark per turn, on an empty cell.
TTT-2  Three marks of one seat in a row, column or diagonal win at once.
TTT-3  A full grid without a line is a draw.
"""

from __future__ import annotations

from typing import Any

from meeple.core import Action, Game, Result, State

CELLS = tuple(f"{c}{r}" for r in "123" for c in "abc")  # a1 b1 c1 a2 ... c3
MARKS = tuple(Action(f"mark {name}", i) for i, name in enumerate(CELLS))
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
LINES_THROUGH = tuple(tuple(line for line in LINES if i in line) for i in range(9))
SYMBOLS = ".XO"


class TicTacToeState(State):
    """The grid (0 empty, 1 X, 2 O) and the winner, if any."""

    _mutable = ("board",)
    board: list[int]
    winner: int | None

    def _setup(self) -> None:
        self.board = [0] * 9
        self.winner = None
        self.to_act = 0

    def _legal_actions(self) -> list[Action]:
        b = self.board
        return [m for m in MARKS if not b[m[1]]]  # TTT-1: only empty cells

    def _apply(self, action: Action) -> None:
        cell, seat, b = action[1], self.to_act, self.board
        assert seat is not None
        mark = seat + 1
        b[cell] = mark
        for x, y, z in LINES_THROUGH[cell]:  # TTT-2
            if b[x] == b[y] == b[z]:
                self.winner = seat
                self.to_act = None
                return
        if 0 not in b:  # TTT-3
            self.to_act = None
        else:
            self.to_act = 1 - seat

    def _result(self) -> Result:
        w = self.winner
        if w is None:
            return Result((), (0.5, 0.5), self.n_actions, "draw", "The grid is full.")
        scores = (1.0, 0.0) if w == 0 else (0.0, 1.0)
        return Result((w,), scores, self.n_actions, "three-in-a-row",
                      f"{SYMBOLS[w + 1]} has three in a row.")

    def _view(self, seat: int | None) -> dict[str, Any]:
        rows = ["".join(SYMBOLS[v] for v in self.board[r * 3:r * 3 + 3]) for r in range(3)]
        return {"phase": "play", "step": "mark", "board": rows}

    def _validate(self) -> None:
        from meeple.core.validate import in_range, refuse

        b = self.board
        if len(b) != 9:
            refuse("board", f"holds {len(b)} cells, the grid has 9")
        in_range(self, "board", 0, 2)
        in_range(self, "winner", 0, 1)
        if self.to_act is not None and (self.winner is not None or 0 not in b):
            refuse("to_act", "a seat is to act, but the game is over (a winner or a full grid)")
        if self.to_act is None and self.winner is None and 0 in b:
            refuse("to_act", "nobody is to act, but the grid has empty cells and no winner")


class TicTacToe(Game):
    """Noughts and crosses on a 3×3 grid."""

    id = "tictactoe"
    name = "Tic-tac-toe"
    name_ru = "Крестики-нолики"
    description = "The reference game: three in a row wins."
    min_players = max_players = 2
    state_class = TicTacToeState
