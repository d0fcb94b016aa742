"""Set-up (HVN-1, HVN-18, HVN-27..29, HVN-44): the box, the bases, the decks and opening hands."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.components import deck

from .cards import emit_draw
from .turn import start_turn

if TYPE_CHECKING:
    from .state import HeavensState


def setup(st: HeavensState) -> None:
    """Lay out a new game and begin the first turn (the first player is drawn by lot)."""
    g = st.game
    st.box = dict(g.ring_counts)  # HVN-1
    st.units, st.at, st.fallen_at = {}, {}, {}
    st.traps, st.architecture, st.dropped = {}, {}, {}
    st.base_health = (g.config["base_health"],) * 2  # HVN-18, HVN-27
    st.summons = (0, 0)
    st.turn = 0
    st.rounds = 0
    st.winner = None
    st.ending = None
    piles = [list(g.side_cards[0]), list(g.side_cards[1])]
    hands: list[tuple[int, ...]] = [()] * st.players
    for side in (0, 1):
        deck.shuffle(piles[side], st.rng)  # HVN-27
        for seat in g.team[side]:
            hands[seat] = tuple(deal_opening(st, seat, piles[side]))
    st.deck = tuple(map(tuple, piles))
    st.hands = tuple(hands)
    st.discard = ((), ())
    st.order_position = st.rng.below(len(g.order))  # HVN-28: first player by chance
    st.start_position = st.order_position
    st._emit("first_player", seat=g.order[st.order_position])
    start_turn(st)


def deal_opening(st: HeavensState, seat: int, pile: list[int]) -> list[int]:
    """HVN-29: deal a hand; re-deal, shown to all, until it holds a character."""
    g = st.game
    side = g.side_of[seat]
    if g.config["omnipotence"]:  # HVN-44: the whole deck in hand (shared out by a team)
        mates = g.team[side]
        share = len(pile) // len(mates) + (1 if mates.index(seat) < len(pile) % len(mates)
                                           else 0)
        hand = deck.draw(pile, share if seat != mates[-1] else len(pile))
        emit_draw(st, seat, hand)
        return hand
    while True:
        hand = deck.draw(pile, g.hand_size[side])
        if any(g.is_character[c] for c in hand) or not any(g.is_character[c] for c in pile):
            break
        st._emit("redeal", seat=seat, shown=[g.ids[c] for c in hand])
        deck.put(pile, hand)
        deck.shuffle(pile, st.rng)
    emit_draw(st, seat, hand)
    return hand
