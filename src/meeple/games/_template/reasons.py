"""Why an action a player would expect is not offered now (docs/howto.md): the template's only
forbidden play is a kind of card the seat does not hold. Read from the seat's view alone, so a
reason tells nothing the seat may not know.

>>> import meeple
>>> game = meeple.load("_template")
>>> st = game.new_state(seed=2)
>>> [(a.text, why) for a, why in why_not(game, st.view(0))]
[('play blaze', 'You hold no Blaze: a card is played from your hand.')]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from meeple.core import Action
from meeple.i18n import texts

from .verbs import CardId, Play

if TYPE_CHECKING:
    from .game import Template


def why_not(game: Template, view: Mapping[str, Any], lang: str = "en") -> list[tuple[Action, str]]:
    """Each kind of card missing from the seat's hand, with the rule (TPL-2)."""
    hand = view.get("hand")
    if hand is None:
        return []
    t = texts(__package__, lang)
    return [(game.action(Play(CardId(i))), t("why.not_in_hand", card=card.label(lang)))
            for i, card in enumerate(game.content.cards) if card.id not in hand]
