"""Where tic-tac-toe's actions happen on the drawn board (docs/boards.md): each mark is its
cell, named as the action names it (``cell:b2``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from meeple.core import Action

if TYPE_CHECKING:
    from .game import TicTacToe

#: Action verbs the page shows as buttons only (tic-tac-toe has none).
BUTTONS: frozenset[str] = frozenset()


def where(game: TicTacToe, action: Action, view: Mapping[str, Any]) -> str | None:
    """``mark b2`` happens on the cell b2."""
    return f"cell:{action[0].split()[-1]}"


def places(view: Mapping[str, Any]) -> frozenset[str]:
    """The nine cells the board draws, free or marked."""
    return frozenset(f"cell:{c}{r}" for c in "abc" for r in (1, 2, 3))
