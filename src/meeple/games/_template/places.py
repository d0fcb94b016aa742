"""Where the template's actions happen on the drawn table (docs/boards.md): a card is played
from the hand, so its place is that card (``card:hand:flame``). :data:`KEYS` holds the
templates of the place keys and :func:`hand_key` fills one: every key is made there."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

from meeple.core import Action, Verb

from .verbs import Play

if TYPE_CHECKING:
    from .game import Template
    from .view import View

#: The place keys the board draws, with ``{0}`` for what names the place.
KEYS: dict[str, str] = {"card": "card:hand:{0}"}
#: The verbs the page shows as buttons only (the template has none).
BUTTONS: frozenset[type[Verb]] = frozenset()


def hand_key(card: str) -> str:
    """The place of a card in the seat's hand: ``card:hand:flame``."""
    return KEYS["card"].format(card)


def where(game: Template, action: Action, view: Mapping[str, Any]) -> str | None:
    """``play flame`` happens on the Flame in the hand."""
    verb: Play = action[1]
    return hand_key(game.content.cards[verb.card].id)


def places(view: Mapping[str, Any]) -> frozenset[str]:
    """The cards of the seat's hand, the only part of the table anyone touches."""
    return frozenset(hand_key(c) for c in cast("View", view)["hand"] or ())


def changed(game: Template, before: Mapping[str, Any], after: Mapping[str, Any]) -> frozenset[str]:
    """The kinds of card in the seat's hand whose count changed between two of its views (its
    hand is the only place the template draws)."""
    old, new = before.get("hand") or [], after.get("hand") or []
    return frozenset(hand_key(c) for c in set(new) if old.count(c) != new.count(c))
