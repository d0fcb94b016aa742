"""A seat's story told short: what the other seats did since its last decision (the default
of :meth:`meeple.core.Game.summary`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .words import Words


def summary_lines(game: Words, events: Sequence[Mapping[str, Any]], lang: str = "en",
                  names: Sequence[str] | None = None,
                  skip: Callable[[Sequence[Mapping[str, Any]]], bool] | None = None) -> list[str]:
    """The default of :meth:`Game.summary`: the events cut into decisions (each starts at an
    ``action`` event), one line per decision, its sentences joined; ``skip(decision)`` drops a
    decision that changed nothing. Events before the first decision are a line of their own."""
    groups: list[list[Mapping[str, Any]]] = []
    for e in events:
        if e.get("type") == "action" or not groups:
            groups.append([])
        groups[-1].append(e)
    lines = []
    for group in groups:
        if skip is not None and skip(group):
            continue
        words = [game.describe(e, lang, names) for e in group]
        line = " ".join(w if w.endswith((".", "!", "?", "…")) else w + "." for w in words if w)
        if line:
            lines.append(line)
    return lines
