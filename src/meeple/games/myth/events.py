"""Playing event cards (MYTH-44 to MYTH-47, MYTH-100): the deck, the face-down cards offered
clockwise from the hero whose events these are, and their price.

The cards on the table are ``(card, seat who played it or -1 for the deck, paid)``; once every
seat has passed (or another seat has added its card) they are revealed and resolved
(:mod:`.cards`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.components import deck as decks

from . import battle, cards, heroes, turn
from .params import FINAL_TURNS, TWO_PLAYERS

if TYPE_CHECKING:
    from .state import MythState

#: The table's mark of a card drawn from the deck rather than played by a seat.
FROM_DECK = -1
#: ``forbid_cards`` under the Great Dream (MYTH-93): no order yet, cards forbidden, allowed.
NO_ORDER, FORBIDDEN, ALLOWED = 0, 1, 2


def draw_event(st: MythState) -> str | None:
    """The top card of the event deck; starts the last two turns when the deck runs out."""
    cid = decks.draw_one(st.deck)
    if cid is None:
        return None
    if not st.deck and st.final_left is None:
        st.final_left = FINAL_TURNS  # MYTH-24
        st._emit("deck_exhausted", seat=st.cur)
    return cid


def play_cost(st: MythState, seat: int, cid: str, double: bool) -> int:
    """What ``seat`` pays to play ``cid``: Codex -1 (never below 1), doubled off new ground."""
    cost = st.game.c.cards[cid].cost
    if cost > 0 and "codex" in st.items[seat]:
        cost = max(1, cost - 1)  # MYTH-42
    return cost * 2 if double else cost  # MYTH-47


def playable(st: MythState, seat: int) -> list[str]:
    """Cards ``seat`` can pay for now (MYTH-44, MYTH-47: no free cards off new ground)."""
    double = st.offer_double
    money = heroes.res(st, seat)
    cs = st.game.c.cards
    return [cid for cid in dict.fromkeys(st.hand[seat])
            if not (double and cs[cid].cost == 0) and play_cost(st, seat, cid, double) <= money]


def _deal_from_deck(st: MythState) -> None:
    """One card of the deck face down on the table (MYTH-44, MYTH-100)."""
    cid = draw_event(st)
    if cid:
        st.table = (*st.table, (cid, FROM_DECK, 0))
        st._emit("event_drawn", seat=st.cur)


def begin(st: MythState) -> None:
    """Step 3: new ground brings a deck card; then every seat is offered to play, clockwise."""
    st.phase = "events"
    st.table = ()
    if st.new_ground:
        _deal_from_deck(st)
    st.offer_double = not st.new_ground
    st.offer_queue = tuple(heroes.clockwise_from(st, st.cur))
    st.other_played = False
    next_offer(st)


def next_offer(st: MythState) -> None:
    """Offer the next seat that can play; with nobody left, reveal the cards (or fight)."""
    cur = st.cur
    while st.offer_queue:
        s = st.offer_queue[0]
        can = playable(st, s)
        if s == cur and st.dreaming and st.forbid_cards == NO_ORDER and can:
            turn.ask(st, "forbid", turn.controller(st))  # MYTH-93: the dream's orders
            return
        if can and not (s == cur and st.forbid_cards == FORBIDDEN):
            turn.ask(st, "offer", s)
            return
        st.offer_queue = st.offer_queue[1:]
    if st.players == TWO_PLAYERS and st.new_ground and not st.other_played:
        _deal_from_deck(st)  # MYTH-100: the two-player second deck card
    if st.table:
        cards.reveal(st)
    else:
        battle.begin(st)


def play(st: MythState, seat: int, cid: str) -> None:
    """``seat`` pays and lays ``cid`` face down (MYTH-45: another seat's card ends the round)."""
    cost = play_cost(st, seat, cid, st.offer_double)
    heroes.pay(st, seat, cost, "table")
    st.hand[seat].remove(cid)
    st.table = (*st.table, (cid, seat, cost))
    st._emit("card_played", seat=seat, paid=cost)
    if seat == st.cur:
        st.offer_queue = st.offer_queue[1:]
    else:
        st.other_played = True
        st.offer_queue = ()
    next_offer(st)


def pass_offer(st: MythState) -> None:
    """The seat offered plays nothing."""
    st.offer_queue = st.offer_queue[1:]
    next_offer(st)


def order(st: MythState, forbid: int) -> None:
    """MYTH-93: the dream's master forbids or allows the dreamer's cards."""
    st.forbid_cards = forbid
    if forbid == FORBIDDEN:
        st._emit("order", seat=st.to_act, order="forbid cards")
    next_offer(st)
