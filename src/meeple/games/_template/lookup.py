"""The template's catalogue: every card with its numbers and what it does (docs/words.md)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.i18n import texts

if TYPE_CHECKING:
    from .game import Template


def catalogue(game: Template, lang: str = "en") -> dict[str, dict[str, Any]]:
    """Each card by id: name, kind, rules text, numbers and where it comes from."""
    t = texts(__package__, lang)
    return {c.id: {"name": c.label(lang), "kind": t("kind.card"),
                   "text": t("card.text", points=t.count("points", c.value),
                             copies=c.copies),
                   "numbers": {t("number.value"): c.value, t("number.copies"): c.copies},
                   "source": c.source}
            for c in game.content.cards}
