"""The template game: names, player counts, options and the content every state shares."""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from meeple.core import Action, Game

from . import labels, lookup, places, text
from .content import Card, cards
from .params import OPTIONS
from .state import TemplateState


class Template(Game[TemplateState]):
    """A tiny hidden-hand card game that shows the shape of a meeple game."""

    id = "_template"
    name = "Template"
    name_ru = "Шаблон"
    description = "The skeleton a new game is copied from."
    min_players, max_players = 2, 4
    options = OPTIONS
    state_class = TemplateState
    # Words for people (docs/words.md), bound to the modules that build them.
    seat_names = text.seat_names
    describe = text.describe
    outcome = text.outcome
    label = labels.label
    costs = labels.costs
    where = places.where
    place_keys: ClassVar[Mapping[str, str]] = {"card": "card:hand:{0}"}
    catalogue = lookup.catalogue
    cards: tuple[Card, ...]
    plays: tuple[Action, ...]

    def setup(self) -> None:
        """Load the content once per game object; every state and clone shares it."""
        self.cards = cards()
        self.plays = tuple(Action(f"play {c.id}", i) for i, c in enumerate(self.cards))

    def card(self, card_id: str) -> Card:
        """The card kind with this id."""
        return next(c for c in self.cards if c.id == card_id)
