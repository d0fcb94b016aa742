"""The template game: names, player counts, options, the content every state shares, and the
action grammar (its verbs and their notation)."""

from __future__ import annotations

from meeple.core import Game

from . import labels, lookup, notation, places, reasons, tensor, text
from .content import Card, Content, load
from .params import OPTIONS
from .state import TemplateState
from .verbs import Play, universe


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
    changed = places.changed
    why_not = reasons.why_not
    place_keys = places.KEYS
    catalogue = lookup.catalogue
    # The action grammar (docs/architecture.md, "Actions").
    verb_text = notation.text
    parse_verb = notation.parse
    # A seat's view as numbers, for learning environments (optional; docs/rl.md).
    tensor_layout = tensor.layout
    encode = tensor.encode
    content: Content

    def setup(self) -> None:
        """Load the content once per game object; every state and clone shares it."""
        self.content = load()

    def verbs(self) -> tuple[Play, ...]:
        return universe(self)

    def card(self, card_id: str) -> Card:
        """The card kind with this id."""
        return next(c for c in self.content.cards if c.id == card_id)
