"""What the server's bots weighed, told to each seat at the table (docs/server.md, "What a bot
weighed").

A bot decides in a worker process (:mod:`.thinking`), which sends back, beside its move, the
moves it weighed and why, built for every seat by :func:`meeple.agents.explain_for`: a seat
reads a candidate move only where the game would show it that move, so nothing in another
seat's rows names a card in the bot's hand. The match keeps the decisions its bots made since
a person last acted (at most :data:`KEPT`); a seat's snapshot tells them in its language.
They live in the memory of the server that played them: a restart, a person's move, an undo
or a move read from another server starts the list again.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from meeple.agents import Reason
from meeple.core import Game
from meeple.i18n import texts
from meeple.tui.levels import weighed_words

from .thinking import WeighedRow

#: The newest bot decisions a match keeps to tell.
KEPT = 8
#: The reason of a decision with nothing to weigh: such a decision is not told.
FORCED = frozenset(("why.only", "why.named"))


@dataclass(frozen=True)
class Weighed:
    """One decision of a bot: its seat, the match's version its move made and, for every
    seat, the move it played and the rows as that seat may read them."""

    seat: int
    version: int
    played: tuple[str, ...]
    rows: tuple[tuple[WeighedRow, ...], ...]


def keep(kept: list[Weighed], one: Weighed) -> None:
    """Add ``one`` to a match's list, unless it weighed nothing; the newest :data:`KEPT`."""
    rows = one.rows[one.seat] if one.seat < len(one.rows) else ()
    if not rows or all(key in FORCED for _, key, _, _ in rows):
        return
    kept.append(one)
    del kept[:-KEPT]


def told(game: Game[Any], kept: Sequence[Weighed], seat: int, lang: str,
         names: Sequence[str]) -> list[dict[str, Any]]:
    """The decisions in ``kept`` as ``seat`` may read them, in ``lang``: for each, the bot's
    seat and name, the version its move made, the move it played and its rows (``move``,
    ``why``), oldest first."""
    words = texts(type(game).__module__.rpartition(".")[0], lang)
    out = []
    for one in kept:
        if seat >= len(one.rows) or seat >= len(one.played):
            continue
        said = [(text, Reason(plain, key, **fields) if key else plain)
                for text, key, fields, plain in one.rows[seat]]
        rows = [{"move": move, "why": why} for move, why in weighed_words(game, said, words)]
        out.append({"seat": one.seat, "name": names[one.seat], "version": one.version,
                    "played": game.label(game.logged(one.played[seat]), lang, None),
                    "rows": rows})
    return out
