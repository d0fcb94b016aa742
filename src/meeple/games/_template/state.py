"""The template's state: its fields and the contract hooks, each handed to the module that
holds that part of the rules. Nothing else: every rule is a function in a module beside it."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core import State

from . import actions, heuristic, turn, validate, view

if TYPE_CHECKING:
    from .game import Template


class TemplateState(State):
    """Hands and the deck hold card indexes into the game's content."""

    _mutable = ("hands", "pile", "scores")
    game: Template
    hands: list[list[int]]
    pile: list[int]
    scores: list[int]

    _setup = turn.deal
    _legal_actions = actions.legal
    _apply = actions.apply
    _result = turn.result
    _view = view.view
    _determinize = view.determinize
    _evaluate = heuristic.evaluate
    _validate = validate.validate
