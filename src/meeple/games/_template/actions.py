"""The template's legal actions (``play <card>`` for each kind of card in the hand) and the
mechanic each one triggers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core import Action

from . import turn

if TYPE_CHECKING:
    from .state import TemplateState


def legal(st: TemplateState) -> list[Action]:
    """One action per kind of card the seat to act holds, in content order."""
    hand = st.hands[st.to_act or 0]
    return [st.game.plays[i] for i in sorted(set(hand))]


def apply(st: TemplateState, action: Action) -> None:
    """Play the card ``action`` names (the base has checked it is legal)."""
    turn.play_card(st, action.data)
