"""Building High in the Heavens positions for scenario tests."""

from __future__ import annotations

from typing import Any

import meeple
from meeple.games.heavens import cards, rings
from meeple.games.heavens.state import HeavensState


def fresh(players: int = 2, seed: int = 0, **options: Any) -> HeavensState:
    """A new game whose first turn belongs to seat 0 with 3 tokens and an empty field."""
    st = meeple.load("heavens", players=players, options=options).new_state(seed=seed)
    assert isinstance(st, HeavensState)
    st.active = st.to_act = 0
    st.order_position = st.start_position = st.game.order.index(0)
    st.tokens = st.game.tokens[0]
    st._legal = None
    return st


def card(st: HeavensState, cid: str) -> int:
    """The card index of a card id."""
    return st.game.ids.index(cid)


def hexi(st: HeavensState, label: str) -> int:
    """The hex index of a label."""
    return st.game.board.index[label]


def lift(st: HeavensState, c: int) -> None:
    """Take a card out of whatever pile holds it."""
    st.deck = tuple(tuple(x for x in pile if x != c) for pile in st.deck)
    st.hands = tuple(tuple(x for x in pile if x != c) for pile in st.hands)
    st.discard = tuple(tuple(x for x in pile if x != c) for pile in st.discard)


def place(st: HeavensState, cid: str, label: str, hp: int | None = None) -> int:
    """Put a character on the Heavens as if summoned (rings from the box)."""
    c = card(st, cid)
    lift(st, c)
    h = hexi(st, label)
    health = st.game.health[c] if hp is None else hp
    rings.take(st, "red", health)
    st.units[c] = (h, health, 0, 0, 0, -1, 0)
    st.at[h] = c
    s0, s1 = st.summons
    st.summons = (s0 + 1, s1) if st.game.card_side[c] == 0 else (s0, s1 + 1)
    st._legal = None
    return c


def give(st: HeavensState, seat: int, *cids: str) -> None:
    """Put cards into a seat's hand."""
    for cid in cids:
        c = card(st, cid)
        lift(st, c)
        cards.set_hand(st, seat, (*st.hands[seat], c))
    st._legal = None


def texts(st: HeavensState) -> list[str]:
    """The texts of the legal actions."""
    return [a.text for a in st.legal_actions()]


def unlock(st: HeavensState) -> None:
    """Both sides count two summons (the summoning-hex lock is off)."""
    st.summons = (max(2, st.summons[0]), max(2, st.summons[1]))
    st._legal = None
