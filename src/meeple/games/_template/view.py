"""What a seat may know of the template game: every score and hand size, its own hand, the
deck's size; and the worlds ``determinize`` makes from that."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.components import deck
from meeple.core import Rng

if TYPE_CHECKING:
    from .state import TemplateState


def view(st: TemplateState, seat: int | None) -> dict[str, Any]:
    """The public table and ``seat``'s own hand (None for a spectator)."""
    ids = [c.id for c in st.game.cards]
    return {
        "phase": "play", "step": "card",
        "scores": list(st.scores),
        "hand_sizes": [len(h) for h in st.hands],
        "hand": sorted(ids[c] for c in st.hands[seat]) if seat is not None else None,
        "deck": deck.public(st.pile),
    }


def determinize(st: TemplateState, seat: int, rng: Rng) -> None:
    """Re-deal what ``seat`` cannot see: the other hands and the deck, sizes kept."""
    hidden = [h for s, h in enumerate(st.hands) if s != seat]
    deck.resample([st.pile, *hidden], rng)
