"""The template's actions as people read them (docs/words.md).

A label reads the action's text (``play flame``), never its data, so a move told from the log
reads the same as one in a menu.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from meeple.core import Action
from meeple.i18n import texts

if TYPE_CHECKING:
    from .game import Template


def label(game: Template, action: Action, lang: str = "en",
          view: Mapping[str, Any] | None = None) -> str:
    """``play flame`` as "Play Flame — scores 2 points"."""
    t = texts(__package__, lang)
    card = game.card(action[0].split()[-1])
    return t("label.play", card=card.label(lang), points=t.count("points", card.value))


def costs(game: Template, action: Action, view: Mapping[str, Any] | None = None) -> bool:
    """Playing a card costs nothing but the card."""
    return False
