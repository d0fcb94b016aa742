"""The template's state: its fields and the contract hooks, each handed to the module that
holds that part of the rules. Nothing else: every rule is a function in a module beside it."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.core import Action, Result, Rng, State

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

    def _setup(self) -> None:
        turn.deal(self)

    def _legal_actions(self) -> list[Action]:
        return actions.legal(self)

    def _apply(self, action: Action) -> None:
        actions.apply(self, action)

    def _result(self) -> Result:
        return turn.result(self)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return view.view(self, seat)

    def _determinize(self, seat: int, rng: Rng) -> None:
        view.determinize(self, seat, rng)

    def _evaluate(self, seat: int) -> float:
        return heuristic.evaluate(self, seat)

    def _validate(self) -> None:
        validate.validate(self)
