"""The template's content, loaded once and shared by every state."""

from meeple.content import Count, Entry, load_section, per_folder


class Card(Entry):
    """A card: its points and how many copies the deck holds."""

    value: Count
    copies: Count


@per_folder(__package__)
def cards() -> tuple[Card, ...]:
    """The deck's card kinds, validated."""
    return load_section(__package__, "cards.toml", "card", Card)
