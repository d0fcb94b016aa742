"""What a seat sees of tic-tac-toe: everything (the game hides nothing, so the base's
``determinize`` only re-seeds the future, and there is none)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .grid import SYMBOLS

if TYPE_CHECKING:
    from .state import TicTacToeState


def view(st: TicTacToeState, seat: int | None) -> dict[str, Any]:
    """The grid as three rows of ``.``, ``X`` and ``O``."""
    rows = ["".join(SYMBOLS[v] for v in st.board[r * 3:r * 3 + 3]) for r in range(3)]
    return {"phase": "play", "step": "mark", "board": rows}
