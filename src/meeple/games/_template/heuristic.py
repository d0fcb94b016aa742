"""How promising an unfinished template game looks for a seat, for the bots (``greedy`` plays
by it, ``mcts`` cuts its playouts with it). It is called on a seat's determinized worlds, so it
may read every hand: in a world the others' hands are a guess."""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from .state import TemplateState


def evaluate(st: TemplateState, seat: int) -> float:
    """0.5 plus half the lead of ``seat``'s final score (score and hand) over the best other
    seat's, as a share of every point in the deck: in [0, 1], 0.5 for level."""
    values = [c.value for c in st.game.content.cards]
    final = [score + sum(values[c] for c in hand)
             for score, hand in zip(st.scores, st.hands, strict=True)]
    best_other = max(v for s, v in enumerate(final) if s != seat)
    total = sum(c.value * c.copies for c in st.game.content.cards)
    return 0.5 + (final[seat] - best_other) / (2 * total)
