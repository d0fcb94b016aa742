"""The shape every view shares: the keys the base adds, and the keys every game must give.

A game's ``view.py`` declares ``Keys`` (a ``TypedDict`` of what its ``view(st, seat)`` returns,
nested where the view nests) and ``View(Keys, BaseView)``, the whole view a reader receives;
``render``, ``labels`` and ``places`` annotate their ``view`` with it, so mypy checks every read.
A view holds ids and numbers, never words.
"""

from __future__ import annotations

from typing import Any, NotRequired, TypedDict


class DecisionView(TypedDict):
    """The decision being taken now: its kind (the rulebook's word) and the seat taking it."""

    kind: str
    seat: int


class ResultView(TypedDict):
    """The result of a finished game (``Result.to_dict``)."""

    winners: list[int]
    scores: list[float]
    turns: int
    reason: str
    detail: str
    extra: NotRequired[dict[str, Any]]


class GameKeys(TypedDict):
    """The keys every game's ``view(st, seat)`` returns, whatever else it holds.

    Each game's ``Keys`` adds ``phase`` (the part of the turn or round, a word of the game's
    ``Phase`` literal) and ``step`` (the step inside it, a word of its ``Step`` literal, or
    None): their types differ per game, and a TypedDict cannot narrow an inherited key.
    """

    #: Catalogue ids that are the seat's own (its hand, its hero, its quests), in the order
    #: the seat reads them; empty for a spectator.
    mine: list[str]
    #: Catalogue ids this seat sees elsewhere on the table, not its own.
    on_table: list[str]


class BaseView(TypedDict):
    """What ``State.view`` adds around a game's keys; a game's ``View(Keys, BaseView)``."""

    game: str
    players: int
    seat: int | None
    to_act: int | None
    over: bool
    decision: DecisionView | None
    result: NotRequired[ResultView]
