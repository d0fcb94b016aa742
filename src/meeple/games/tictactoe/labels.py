"""Tic-tac-toe's actions as people read them (docs/words.md)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from meeple.core import Action
from meeple.i18n import texts

from .grid import NAMES
from .verbs import Mark

if TYPE_CHECKING:
    from .game import TicTacToe


def label(game: TicTacToe, action: Action, lang: str = "en",
          view: Mapping[str, Any] | None = None) -> str:
    """``mark b2`` as "Mark b2" (cells are named by column letter and row number)."""
    verb: Mark = action[1]
    return texts(__package__, lang)("label.mark", cell=NAMES[verb.cell])


def costs(game: TicTacToe, action: Action, view: Mapping[str, Any] | None = None) -> bool:
    """Nothing costs anything."""
    return False
