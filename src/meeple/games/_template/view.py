"""What a seat may know of the template game: every score and hand size, its own hand, the
deck's size; and the worlds ``determinize`` makes from that. A view holds ids and numbers,
never words (cards are named by their catalogue ids)."""

from __future__ import annotations

from typing import TYPE_CHECKING, TypedDict

from meeple.components import deck
from meeple.core import Rng
from meeple.core.views import BaseView, GameKeys

from .turn import Phase, Step

if TYPE_CHECKING:
    from .state import TemplateState


class Pile(TypedDict):
    """A face-down pile: how many cards it holds."""

    count: int


class Table(TypedDict):
    """The keys only the template's view has."""

    scores: list[int]
    hand_sizes: list[int]
    hand: list[str] | None  # the seat's own hand, card ids in order; None for a spectator
    deck: Pile


class Keys(GameKeys, Table):
    """What ``view(st, seat)`` returns: the keys every game's view gives (``mine`` and
    ``on_table``), the phase and step in the game's words, and the table."""

    phase: Phase
    step: Step


class View(Keys, BaseView):
    """The whole view a reader receives: the game's keys and what the base adds."""


def view(st: TemplateState, seat: int | None) -> Keys:
    """The public table and ``seat``'s own hand (None for a spectator)."""
    ids = [c.id for c in st.game.content.cards]
    hand = sorted(ids[c] for c in st.hands[seat]) if seat is not None else None
    phase: Phase = "play"
    step: Step = "card"
    return {
        "phase": phase, "step": step,
        "mine": sorted(set(hand or ())),  # the kinds of card in the seat's hand
        "on_table": [],  # played cards are scored, not kept: nothing else is seen
        "scores": list(st.scores),
        "hand_sizes": [len(h) for h in st.hands],
        "hand": hand,
        "deck": {"count": deck.public(st.pile)["count"]},
    }


def determinize(st: TemplateState, seat: int, rng: Rng) -> None:
    """Re-deal what ``seat`` cannot see: the other hands and the deck, sizes kept."""
    hidden = [h for s, h in enumerate(st.hands) if s != seat]
    deck.resample([st.pile, *hidden], rng)
