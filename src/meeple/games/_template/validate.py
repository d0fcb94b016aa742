"""What ``restore`` checks of a template state that only this game knows: card indexes of its
content, no card held more often than the deck has it, a seat to act with a card to play."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from meeple.core.validate import in_range, per_seat, refuse

if TYPE_CHECKING:
    from .state import TemplateState


def validate(st: TemplateState) -> None:
    """Refuse (RecordError naming the field) a state the rules could never reach."""
    cards = st.game.content.cards
    per_seat(st, "hands", "scores")
    in_range(st, "hands", 0, len(cards) - 1)
    in_range(st, "pile", 0, len(cards) - 1)
    in_range(st, "scores", 0, sum(c.value * c.copies for c in cards))
    held = Counter(st.pile + [c for h in st.hands for c in h])
    for i, n in held.items():
        if n > cards[i].copies:
            refuse("hands", f"{cards[i].id} is held {n} times; the game has {cards[i].copies}")
    if st.to_act is not None and not st.hands[st.to_act]:
        refuse(f"hands[{st.to_act}]", "the seat to act has no card to play")
