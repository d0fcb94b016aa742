"""Where the template's actions happen on the drawn table (docs/boards.md): a card is played
from the hand, so its place is that card (``card:hand:flame``)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from meeple.core import Action

if TYPE_CHECKING:
    from .game import Template

#: Action verbs the page shows as buttons only (the template has none).
BUTTONS: frozenset[str] = frozenset()


def where(game: Template, action: Action, view: Mapping[str, Any]) -> str | None:
    """``play flame`` happens on the Flame in the hand."""
    return f"card:hand:{action[0].split()[-1]}"


def places(view: Mapping[str, Any]) -> frozenset[str]:
    """The cards of the seat's hand, the only part of the table anyone touches."""
    return frozenset(f"card:hand:{c}" for c in view.get("hand") or ())
