"""The rules of tic-tac-toe, as functions over the state.

TTT-1  X (seat 0) moves first; seats alternate, one mark per turn, on an empty cell.
TTT-2  Three marks of one seat in a row, column or diagonal win at once.
TTT-3  A full grid without a line is a draw.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core import Result

if TYPE_CHECKING:
    from .state import TicTacToeState

CELLS = 9
NAMES = tuple(f"{c}{r}" for r in "123" for c in "abc")  # a1 b1 c1 a2 ... c3
LINES = ((0, 1, 2), (3, 4, 5), (6, 7, 8), (0, 3, 6), (1, 4, 7), (2, 5, 8), (0, 4, 8), (2, 4, 6))
LINES_THROUGH = tuple(tuple(line for line in LINES if i in line) for i in range(CELLS))
SYMBOLS = ".XO"


def mark(st: TicTacToeState, cell: int) -> None:
    """The seat to act marks ``cell``; the game ends on a line or a full grid."""
    seat, b = st.to_act, st.board
    assert seat is not None
    b[cell] = seat + 1
    if any(b[x] == b[y] == b[z] for x, y, z in LINES_THROUGH[cell]):  # TTT-2
        st.winner = seat
        st.to_act = None
    elif 0 not in b:  # TTT-3
        st.to_act = None
    else:
        st.to_act = 1 - seat  # TTT-1


def result(st: TicTacToeState) -> Result:
    """Who won and how: three in a row, or a draw on a full grid."""
    w = st.winner
    if w is None:
        return Result((), (0.5, 0.5), st.n_actions, "draw", "The grid is full.")
    scores = (1.0, 0.0) if w == 0 else (0.0, 1.0)
    return Result((w,), scores, st.n_actions, "three-in-a-row",
                  f"{SYMBOLS[w + 1]} has three in a row.")


def validate(st: TicTacToeState) -> None:
    """What ``restore`` checks that only tic-tac-toe knows: a 3×3 grid consistent with who acts."""
    from meeple.core.validate import in_range, refuse

    b = st.board
    if len(b) != CELLS:
        refuse("board", f"holds {len(b)} cells, the grid has {CELLS}")
    in_range(st, "board", 0, 2)
    in_range(st, "winner", 0, 1)
    if st.to_act is not None and (st.winner is not None or 0 not in b):
        refuse("to_act", "a seat is to act, but the game is over (a winner or a full grid)")
    if st.to_act is None and st.winner is None and 0 in b:
        refuse("to_act", "nobody is to act, but the grid has empty cells and no winner")
