"""The template's legal actions (``play <card>`` for each kind of card in the hand) and the
rule of each verb: one handler per verb class, ``handler(state, verb)``."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core import Action, Dispatch

from . import cards, turn
from .verbs import Play

if TYPE_CHECKING:
    from .state import TemplateState

#: The rules of each verb: ``RULES(state, verb)`` (docs/architecture.md, "Actions").
RULES: Dispatch[TemplateState, None] = Dispatch("the template's rules")


def legal(st: TemplateState) -> list[Action]:
    """One action per kind of card the seat to act holds, in content order. The actions are
    the universe's own, built once: a play's index in it is its card's."""
    plays = st.game.action_universe()
    return [plays[i] for i in sorted(set(st.hands[st.to_act or 0]))]


@RULES.on(Play)
def play(st: TemplateState, verb: Play) -> None:
    """TPL-2: play the card; then the turn passes (the base has checked it is legal)."""
    cards.play(st, verb.card)
    turn.pass_turn(st)
