"""Terminal rendering of the template's view (never imported by the rules)."""

from __future__ import annotations

from typing import Any

from rich.table import Table


def render(view: dict[str, Any], seat: int | None, lang: str = "en") -> Table:
    """A table of seats with their scores and hand sizes, and the viewer's own hand."""
    t = Table(title="Scores" if lang == "en" else "Очки")
    t.add_column("Seat")
    t.add_column("Score", justify="right")
    t.add_column("Cards", justify="right")
    for s, (score, n) in enumerate(zip(view["scores"], view["hand_sizes"], strict=True)):
        t.add_row(str(s), str(score), str(n))
    if view.get("hand") is not None:
        t.caption = "Your hand: " + ", ".join(view["hand"])
    return t
