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
    ``action`` event), one line per decision: what it caused, or the decision itself when it
    caused nothing told; ``skip(decision)`` drops a decision that changed nothing. Events
    before the first decision are a line of their own.

    >>> import meeple
    >>> game = meeple.load("tictactoe")
    >>> st = game.new_state()
    >>> st.apply("mark b2"); st.apply("mark a1")
    >>> summary_lines(game, st.events(0)[1:], "en", game.seat_names(st.view(0)))
    ['Noughts: Mark a1.']
    """
    groups: list[list[Mapping[str, Any]]] = []
    for e in events:
        if e.get("type") == "action" or not groups:
            groups.append([])
        groups[-1].append(e)
    lines = []
    for group in groups:
        if skip is not None and skip(group):
            continue
        said = [game.describe(e, lang, names) for e in group]
        # What the decision caused says more than its name ("buys the Leather Jerkin for 100
        # coins" rather than "Buy Leather Jerkin" and then that): the decision's own sentence
        # only when it caused nothing told.
        caused = [w for e, w in zip(group, said, strict=True) if e.get("type") != "action" and w]
        words = caused or [w for w in said if w]
        line = " ".join(w if w.endswith((".", "!", "?", "…")) else w + "." for w in words)
        if line:
            lines.append(line)
    return lines
