"""The cards (TPL-1, TPL-2): dealing the hands, and playing a card from one for its points.

TPL-1  Each seat is dealt ``hand_size`` cards from the shuffled deck; hands are hidden.
TPL-2  Seats take turns playing one card face up; its value is added to their score.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.components import deck

from . import turn

if TYPE_CHECKING:
    from .state import TemplateState


def deal(st: TemplateState) -> None:
    """Shuffle the deck and deal every seat its hand (TPL-1); then the first turn begins."""
    cards = st.game.content.cards
    st.pile = [i for i, c in enumerate(cards) for _ in range(c.copies)]
    deck.shuffle(st.pile, st.rng)
    st.hands = [[] for _ in range(st.players)]
    deck.deal(st.pile, st.hands, st.game.config["hand_size"])  # TPL-1
    st.scores = [0] * st.players
    turn.begin(st)


def play(st: TemplateState, card: int) -> None:
    """The seat to act plays ``card`` from its hand and scores its value (TPL-2)."""
    seat = st.to_act or 0
    st.hands[seat].remove(card)
    st.scores[seat] += st.game.content.cards[card].value  # TPL-2
    st._emit("played", seat=seat, card=st.game.content.cards[card].id)
