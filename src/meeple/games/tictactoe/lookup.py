"""Tic-tac-toe's catalogue: it has no content to look up (docs/words.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .game import TicTacToe


def catalogue(game: TicTacToe, lang: str = "en") -> dict[str, dict[str, Any]]:
    """Nothing: the game has no cards, items or heroes."""
    return {}
