"""Playing event cards (MYTH-44 to MYTH-47, MYTH-93, MYTH-100): the face-down cards offered
clockwise from the hero whose events these are, and their price.

The cards on the table are ``(card, seat who played it or -1 for the deck, paid)``; once every
seat has passed (or another seat has added its card) they are revealed and resolved (the
``"reveal"`` stage, :mod:`.cards`), or with none the battle follows.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from . import heroes
from .heroes import OWNERS, RES, play_cost
from .turn import Stage, ask, controller, draw_event

if TYPE_CHECKING:
    from .state import MythState

#: The table's mark of a card drawn from the deck rather than played by a seat.
FROM_DECK = -1


def playable(st: MythState, seat: int) -> list[str]:
    """Cards ``seat`` can pay for now (MYTH-44, MYTH-47: no free cards off new ground)."""
    hand = st.hand[seat]
    return [cid for cid in dict.fromkeys(hand) if _affords(st, seat, (cid,))] if hand else []


def can_play(st: MythState, seat: int) -> bool:
    """Whether ``seat`` can pay for any card of its hand now (:func:`playable` is not empty);
    asked of every seat at every offer of a turn."""
    hand = st.hand[seat]
    return bool(hand) and _affords(st, seat, hand)


def _affords(st: MythState, seat: int, cids: Iterable[str]) -> bool:
    """Whether ``seat`` can pay :func:`play_cost` for one of ``cids`` now; no free card off
    new ground (MYTH-42, MYTH-44, MYTH-47)."""
    double = st.offer_double
    codex = "codex" in st.items[seat]
    money = st.holdings[OWNERS[seat]][RES]
    cs = st.game.content.cards
    for cid in cids:
        cost = cs[cid].cost
        if cost == 0:
            if not double:
                return True
            continue
        if codex and cost > 1:
            cost -= 1
        if (cost * 2 if double else cost) <= money:
            return True
    return False


def _deal_from_deck(st: MythState) -> None:
    """One card of the deck face down on the table (MYTH-44, MYTH-100)."""
    cid = draw_event(st)
    if cid:
        st.table = (*st.table, (cid, FROM_DECK, 0))
        st._emit("event_drawn", seat=st.active)


def begin(st: MythState) -> Stage:
    """Step 3: new ground brings a deck card; then every seat is offered to play, clockwise."""
    st.phase = "events"
    st.table = ()
    if st.new_ground:
        _deal_from_deck(st)
    st.offer_double = not st.new_ground
    st.offer_queue = tuple(heroes.clockwise_from(st, st.active))
    st.other_played = False
    return next_offer(st)


def next_offer(st: MythState) -> Stage:
    """Offer the next seat that can play; with nobody left, reveal the cards (or fight)."""
    active = st.active
    while st.offer_queue:
        s = st.offer_queue[0]
        can = can_play(st, s)
        if s == active and st.dreaming and st.dream_order is None and can:
            ask(st, "forbid", controller(st))  # MYTH-93: the dream's orders
            return None
        if can and not (s == active and st.dream_order == "forbid"):
            ask(st, "offer", s)
            return None
        st.offer_queue = st.offer_queue[1:]
    if heroes.two_left(st) and st.new_ground and not st.other_played:
        _deal_from_deck(st)  # MYTH-100: the two-player second deck card
    return "reveal" if st.table else "battle"


def play(st: MythState, seat: int, cid: str) -> Stage:
    """``seat`` pays and lays ``cid`` face down (MYTH-45: another seat's card ends the round)."""
    cost = play_cost(st, seat, cid, st.offer_double)
    heroes.pay(st, seat, cost, "table")
    st.hand[seat].remove(cid)
    st.table = (*st.table, (cid, seat, cost))
    st._emit("card_played", seat=seat, paid=cost)
    if seat == st.active:
        st.offer_queue = st.offer_queue[1:]
    else:
        st.other_played = True
        st.offer_queue = ()
    return next_offer(st)


def pass_offer(st: MythState) -> Stage:
    """The seat offered plays nothing."""
    st.offer_queue = st.offer_queue[1:]
    return next_offer(st)


def order(st: MythState, allow: bool) -> Stage:
    """MYTH-93: the dream's master allows or forbids the dreamer's cards."""
    st.dream_order = "allow" if allow else "forbid"
    if not allow:
        st._emit("order", seat=st.to_act, order="forbid cards")
    return next_offer(st)
