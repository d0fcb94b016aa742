"""The template's content, loaded once and shared by every state."""

from dataclasses import dataclass

from meeple.content import Count, Entry, load_section, per_folder


class Card(Entry):
    """A card: its points and how many copies the deck holds."""

    value: Count
    copies: Count


@per_folder(__package__)
def cards() -> tuple[Card, ...]:
    """The deck's card kinds, validated."""
    return load_section(__package__, "cards.toml", "card", Card)


@dataclass(frozen=True, slots=True)
class Content:
    """Everything the game loads once: ``game.content`` (a larger game has more tables)."""

    cards: tuple[Card, ...]


def load() -> Content:
    """The game's content, validated."""
    return Content(cards=cards())
