"""The template's one verb, ``Play(card)``, and every verb the game could ever offer.

A new game declares each of its verbs here: a frozen, slotted dataclass deriving from
:class:`~meeple.core.Verb`, its fields typed with the game's ids (docs/architecture.md,
"Actions").

>>> import meeple
>>> universe(meeple.load("_template"))
(Play(card=0), Play(card=1), Play(card=2))
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, NewType

from meeple.core import Verb

if TYPE_CHECKING:
    from .game import Template

#: A kind of card: its index in the game's content (``Template.content.cards``).
CardId = NewType("CardId", int)


@dataclass(frozen=True, slots=True)
class Play(Verb):
    """TPL-2: the seat to act plays a card of this kind from its hand."""

    word = "play"
    card: CardId


def universe(game: Template) -> tuple[Play, ...]:
    """Every verb, in a fixed order: one play per kind of card, in content order."""
    return tuple(Play(CardId(i)) for i in range(len(game.content.cards)))
