"""The template in words: seats, events and the result (docs/words.md)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from meeple.core import Action, Result
from meeple.i18n import texts

from .labels import label

if TYPE_CHECKING:
    from .game import Template


def seat_names(game: Template, view: Mapping[str, Any], lang: str = "en") -> list[str]:
    """Player 1, Player 2, …: the template's seats have no heroes or colours."""
    t = texts(__package__, lang)
    return [t("seat", n=i + 1) for i in range(game.players)]


def describe(game: Template, event: Mapping[str, Any], lang: str = "en",
             names: Sequence[str] | None = None) -> str:
    """A move told as its label; a played card with the points it scored."""
    t = texts(__package__, lang)
    names = names or seat_names(game, {}, lang)
    who = names[event["seat"]]
    if event["type"] == "action":
        return t("event.action", name=who, label=label(game, Action(event["action"]), lang))
    card = game.card(event["card"])
    return t("event.played", name=who, card=card.label(lang),
             points=t.count("points", card.value))


def outcome(game: Template, result: Result, lang: str = "en",
            names: Sequence[str] | None = None) -> list[str]:
    """Who scored highest, then each player's points."""
    t = texts(__package__, lang)
    names = names or seat_names(game, {}, lang)
    winners = ", ".join(names[w] for w in result.winners)
    head = t.count("outcome.hands-empty", len(result.winners), names=winners)
    return [head, *(t("outcome.line", name=n, points=t.count("points", int(s)))
                    for n, s in zip(names, result.scores, strict=True))]
