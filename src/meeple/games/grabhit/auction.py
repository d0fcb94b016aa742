"""The auction of declined locations (GAH-17..GAH-19).

A lot is ``(card, opened by, bid, bidder or None)``; it settles before the bidder's next turn
(the bidder pays or loses it) or, unbid, before its opener's.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import cards
from .content import GREEN

if TYPE_CHECKING:
    from .state import GrabHitState


def open_lot(st: GrabHitState, seat: int, card: int) -> None:
    """GAH-17: a declined location goes to auction at its lower opening price."""
    st.lots.append((card, seat, 0, None))
    st._emit("auction_open", seat=seat, card=cards.card_name(st, card))


def bids(st: GrabHitState, seat: int) -> list[tuple[int, int]]:
    """GAH-18: (card, lowest bid) of each lot ``seat`` may bid on: any bid from the lowest
    (above the standing one, at least the opening) up to its gold."""
    out = []
    for card, _, bid, bidder in st.lots:
        if bidder != seat:
            out.append((card, max(cards.location(st, card).auction, bid + 1)))
    return out


def bid(st: GrabHitState, seat: int, card: int, v: int) -> None:
    """GAH-18: ``seat`` now holds the standing bid ``v`` on the lot of ``card``."""
    st.lots = [(c, o, v, seat) if c == card else (c, o, b, who) for c, o, b, who in st.lots]
    st._emit("bid", seat=seat, card=cards.card_name(st, card), bid=v)


def settle(st: GrabHitState, seat: int) -> None:
    """GAH-18, GAH-19: before ``seat``'s turn its winning bids are paid (or fail) and the lots
    it opened that nobody bid on are discarded."""
    keep = []
    for lot in st.lots:
        card, opener, price, bidder = lot
        if bidder == seat:
            if st.gold[seat] >= price:
                st.gold[seat] -= price
                st.locations[seat] = (*st.locations[seat], card)
                st._emit("auction_won", seat=seat, card=cards.card_name(st, card), bid=price)
            else:
                st.discard[GREEN].append(card)
                st._emit("auction_failed", seat=seat, card=cards.card_name(st, card))
        elif opener == seat and bidder is None:
            st.discard[GREEN].append(card)
            st._emit("auction_unsold", card=cards.card_name(st, card))
        else:
            keep.append(lot)
    st.lots = keep
