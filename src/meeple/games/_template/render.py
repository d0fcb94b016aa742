"""Terminal rendering of the template's view (never imported by the rules)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from rich.table import Table

from meeple.i18n import texts

from .content import cards as content_cards

if TYPE_CHECKING:
    from .view import View


def render(view: View, seat: int | None, lang: str = "en") -> Table:
    """A table of players with their scores and hand sizes, and the viewer's own hand."""
    t = texts(__package__, lang)
    cards = {c.id: c.label(lang) for c in content_cards()}
    table = Table(title=t("screen.title"))
    table.add_column(t("screen.seat"))
    table.add_column(t("screen.score"), justify="right")
    table.add_column(t("screen.cards"), justify="right")
    for s, (score, n) in enumerate(zip(view["scores"], view["hand_sizes"], strict=True)):
        table.add_row(str(s + 1), str(score), str(n))
    if view["hand"] is not None:
        table.caption = t("screen.hand", cards=", ".join(cards[c] for c in view["hand"]))
    return table
