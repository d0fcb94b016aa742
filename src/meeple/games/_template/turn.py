"""The rules of the template game, as functions over the state.

TPL-1  Each seat is dealt ``hand_size`` cards from the shuffled deck; hands are hidden.
TPL-2  Seats take turns playing one card face up; its value is added to their score.
TPL-3  When every hand is empty, the highest score wins; equal highest scores share the win.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.components import deck
from meeple.core import Result

if TYPE_CHECKING:
    from .state import TemplateState


def deal(st: TemplateState) -> None:
    """Shuffle the deck and deal every seat its hand (TPL-1); seat 0 starts."""
    cards = st.game.cards
    st.pile = [i for i, c in enumerate(cards) for _ in range(c.copies)]
    deck.shuffle(st.pile, st.rng)
    st.hands = [[] for _ in range(st.players)]
    deck.deal(st.pile, st.hands, st.game.config["hand_size"])  # TPL-1
    st.scores = [0] * st.players
    st.to_act = 0


def play_card(st: TemplateState, card: int) -> None:
    """The seat to act plays ``card`` from its hand and scores it (TPL-2); the next seat acts,
    or nobody once the hands are empty (TPL-3)."""
    seat = st.to_act or 0
    st.hands[seat].remove(card)
    st.scores[seat] += st.game.cards[card].value  # TPL-2
    st._emit("played", seat=seat, card=st.game.cards[card].id)
    nxt = (seat + 1) % st.players
    st.to_act = nxt if st.hands[nxt] else None  # TPL-3: hands empty together


def result(st: TemplateState) -> Result:
    """The highest score wins; equal highest scores share the win (TPL-3)."""
    best = max(st.scores)
    winners = tuple(s for s, v in enumerate(st.scores) if v == best)
    return Result(winners, tuple(float(v) for v in st.scores), st.n_actions,
                  "hands-empty", f"Highest score {best}.")
