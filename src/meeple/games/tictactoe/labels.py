"""Tic-tac-toe's actions as people read them (docs/words.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from meeple.core import Action
from meeple.i18n import texts

if TYPE_CHECKING:
    from .game import TicTacToe


def label(game: TicTacToe, action: Action, lang: str = "en",
          view: Mapping[str, Any] | None = None) -> str:
    """``mark b2`` as "Mark b2" (cells are named by column letter and row number)."""
    return texts(__package__, lang)("label.mark", cell=action[0].split()[-1])


def costs(game: TicTacToe, action: Action, view: Mapping[str, Any] | None = None) -> bool:
    """Nothing costs anything."""
    return False
