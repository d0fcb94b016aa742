"""The words a game gives people, as the :class:`~meeple.core.Game` base declares them: each game
binds these to its own modules (``text``, ``labels``, ``lookup``, ``places``, ``reasons``); the
plain defaults below are for a game that has none yet (docs/words.md, docs/howto.md)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from .actions import Action
from .outcome import Result
from .story import summary_lines


class Words:
    """The word hooks of a game (a mixin of :class:`~meeple.core.Game`)."""

    players: int

    # Words for people (docs/words.md). Each game binds these to its ``text`` module, which
    # reads its catalogues (``games/<id>/locale/<lang>.po``); the plain defaults below are
    # for a game that has none yet, and ``tests/games/test_words.py`` fails on any of them.

    def seat_names(self, view: Mapping[str, Any], lang: str = "en") -> list[str]:
        """What each seat is called in sentences (a hero, a colour), from any seat's view."""
        return [f"Seat {i + 1}" for i in range(self.players)]

    def describe(self, event: Mapping[str, Any], lang: str = "en",
                 names: Sequence[str] | None = None) -> str:
        """An event (one of ``events(seat)``) as a sentence; ``names``: each seat's name."""
        detail = ", ".join(f"{k} {v}" for k, v in event.items() if k != "type")
        return f"{event['type']}: {detail}" if detail else str(event["type"])

    def label(self, action: Action, lang: str = "en",
              view: Mapping[str, Any] | None = None) -> str:
        """An action as the seat taking it reads it, with what it costs and does; ``view`` is
        that seat's view, for what the label depends on. The action text stays the record's."""
        return action[0]

    def costs(self, action: Action, view: Mapping[str, Any] | None = None) -> bool:
        """Whether ``action`` spends something (menus list such actions after free ones)."""
        return False

    def where(self, action: Action, view: Mapping[str, Any]) -> str | None:
        """Where ``action`` happens on the table the page draws from ``view`` (the acting
        seat's): a place key such as ``cell:b2`` or ``hex:3,-1`` (docs/boards.md), or None for
        an action that is a button (pass, end the turn). Each game binds it to its ``places``
        module, which also lists every place its board has."""
        return None

    def why_not(self, view: Mapping[str, Any], lang: str = "en") -> list[tuple[Action, str]]:
        """Actions the seat whose ``view`` this is would expect that the rules forbid now, each
        with a sentence naming the rule; from the view alone, each illegal now (docs/howto.md).
        Each game binds it to its ``reasons`` module."""
        return []

    def changed(self, before: Mapping[str, Any], after: Mapping[str, Any]) -> frozenset[str]:
        """The places of ``after`` whose content differs from ``before`` (two views of one
        seat): what the board marks since the seat's last turn. Bound in ``places``."""
        return frozenset()

    def summary(self, events: Sequence[Mapping[str, Any]], lang: str = "en",
                names: Sequence[str] | None = None) -> list[str]:
        """One line per other seat's decision in ``events`` (a seat's since its last one);
        :func:`meeple.core.story.summary_lines` unless the game's ``text`` says otherwise."""
        return summary_lines(self, events, lang, names)

    def catalogue(self, lang: str = "en") -> dict[str, dict[str, Any]]:
        """Every card, item, tile, hero… by id: ``name``, ``kind``, ``text``, ``numbers``
        (label → value) and ``source`` (rulebook or authored), in ``lang``."""
        return {}

    def outcome(self, result: Result, lang: str = "en",
                names: Sequence[str] | None = None) -> list[str]:
        """The result in words: a headline, then one line per seat."""
        return [result.detail or result.reason]

