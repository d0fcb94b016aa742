"""The template's state: its fields and the contract hooks, each handed to the module that
holds that part of the rules. Nothing else: every rule is a function in a module beside it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from meeple.core import Action, State

from . import actions, cards, heuristic, turn, validate, view

if TYPE_CHECKING:
    from .game import Template



class TemplateState(State):
    """Hands and the deck hold card indexes into the game's content."""

    _mutable = ("hands", "pile", "scores")
    game: Template
    hands: list[list[int]]
    pile: list[int]
    scores: list[int]

    _setup = cards.deal
    _legal_actions = actions.legal

    def _apply(self, action: Action) -> None:
        actions.RULES(self, action[1])

    _result = turn.result

    def _view(self, seat: int | None) -> dict[str, Any]:
        return cast("dict[str, Any]", view.view(self, seat))  # a typed dict, all the same

    _determinize = view.determinize
    _evaluate = heuristic.evaluate
    _validate = validate.validate
