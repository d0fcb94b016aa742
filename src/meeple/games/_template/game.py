"""The template game: names, player counts, options and the content every state shares."""

from __future__ import annotations

from meeple.core import Action, Game

from .content import Card, cards
from .params import OPTIONS
from .state import TemplateState


class Template(Game):
    """A tiny hidden-hand card game that shows the shape of a meeple game."""

    id = "_template"
    name = "Template"
    name_ru = "Шаблон"
    description = "The skeleton a new game is copied from."
    min_players, max_players = 2, 4
    options = OPTIONS
    state_class = TemplateState
    cards: tuple[Card, ...]
    plays: tuple[Action, ...]

    def setup(self) -> None:
        """Load the content once per game object; every state and clone shares it."""
        self.cards = cards()
        self.plays = tuple(Action(f"play {c.id}", i) for i, c in enumerate(self.cards))
