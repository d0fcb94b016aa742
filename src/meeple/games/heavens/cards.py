"""Cards (HVN-20, HVN-29, HVN-39): decks, hands and discard piles.

Piles are tuples of card indexes, rebuilt on change so a clone shares them: ``deck`` per side
(top card last), ``hands`` per seat, ``discard`` per side in the order the cards went there.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import HeavensState


def set_hand(st: HeavensState, seat: int, cards: Iterable[int]) -> None:
    """Replace a seat's hand."""
    hands = list(st.hands)
    hands[seat] = tuple(cards)
    st.hands = tuple(hands)


def set_deck(st: HeavensState, side: int, cards: Iterable[int]) -> None:
    """Replace a side's draw pile (top card last)."""
    piles = list(st.deck)
    piles[side] = tuple(cards)
    st.deck = tuple(piles)


def from_hand(st: HeavensState, seat: int, c: int) -> None:
    """Take one card out of a seat's hand."""
    hand = list(st.hands[seat])
    hand.remove(c)
    set_hand(st, seat, hand)


def to_discard(st: HeavensState, side: int, c: int) -> None:
    """HVN-20: a card goes on top of its side's discard pile."""
    piles = list(st.discard)
    piles[side] = (*piles[side], c)
    st.discard = tuple(piles)


def discard_from_hand(st: HeavensState, seat: int, c: int) -> None:
    """HVN-20: a card leaves a seat's hand for its side's discard pile."""
    from_hand(st, seat, c)
    to_discard(st, st.game.side_of[seat], c)


def emit_draw(st: HeavensState, seat: int, cards: Sequence[int]) -> None:
    """The seat's team sees the cards drawn; the other side only how many."""
    if cards:
        g = st.game
        st._emit("drew", to=g.team[g.side_of[seat]],
                 others={"seat": seat, "count": len(cards)},
                 seat=seat, count=len(cards), cards=[g.ids[c] for c in cards])


def characters_left(st: HeavensState, side: int) -> bool:
    """True when a character of ``side`` is still in its deck or in a hand of its team."""
    g = st.game
    return any(g.is_character[c] for c in st.deck[side]) or any(
        g.is_character[c] for s in g.team[side] for c in st.hands[s])
