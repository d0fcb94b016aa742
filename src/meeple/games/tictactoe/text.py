"""Tic-tac-toe in words: seats, events and the result (docs/words.md)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from meeple.core import Result
from meeple.i18n import texts

from .labels import label

if TYPE_CHECKING:
    from .game import TicTacToe


def seat_names(game: TicTacToe, view: Mapping[str, Any], lang: str = "en") -> list[str]:
    """Crosses and Noughts."""
    t = texts(__package__, lang)
    return [t("seat.0"), t("seat.1")]


def describe(game: TicTacToe, event: Mapping[str, Any], lang: str = "en",
             names: Sequence[str] | None = None) -> str:
    """The only event is a move: who marked which cell."""
    names = names or seat_names(game, {}, lang)
    return texts(__package__, lang)("event.action", name=names[event["seat"]],
                                    label=label(game, game.logged(event["action"]), lang))


def outcome(game: TicTacToe, result: Result, lang: str = "en",
            names: Sequence[str] | None = None) -> list[str]:
    """Who has three in a row, or a draw; then each side's standing."""
    t = texts(__package__, lang)
    names = names or seat_names(game, {}, lang)
    if result.winners:
        head = t("outcome.three-in-a-row", name=names[result.winners[0]])
    else:
        head = t("outcome.draw")
    key = {1.0: "outcome.won", 0.0: "outcome.lost"}
    return [head, *(t(key.get(s, "outcome.drew"), name=n) for n, s in zip(names, result.scores,
                                                                          strict=True))]
