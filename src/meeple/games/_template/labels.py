"""The template's actions as people read them (docs/words.md).

A label reads the action's verb; an action told from the log arrives as its text alone and is
read through the notation first, so it reads the same as one in a menu.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from meeple.core import Action
from meeple.i18n import texts

from .verbs import Play

if TYPE_CHECKING:
    from .game import Template


def label(game: Template, action: Action, lang: str = "en",
          view: Mapping[str, Any] | None = None) -> str:
    """``play flame`` as "Play Flame — scores 2 points"."""
    verb = action[1] if isinstance(action[1], Play) else game.parse_verb(action[0])
    assert isinstance(verb, Play)
    t = texts(__package__, lang)
    card = game.content.cards[verb.card]
    return t("label.play", card=card.label(lang), points=t.count("points", card.value))


def costs(game: Template, action: Action, view: Mapping[str, Any] | None = None) -> bool:
    """Playing a card costs nothing but the card."""
    return False
