"""Which games exist. Registration is explicit: one line in ``BUILTIN`` for the games that ship
with meeple, or a ``meeple.games`` entry point for games in other packages::

    [project.entry-points."meeple.games"]
    mygame = "mypackage.mygame:MyGame"
"""

from __future__ import annotations

import importlib
from functools import cache
from importlib.metadata import entry_points
from typing import Any

from .errors import ConfigError
from .state import Game

#: The games that ship with meeple: id -> "module:Class" (imported only when used).
BUILTIN: dict[str, str] = {
    "myth": "meeple.games.myth:MythGame",
    "catacombs": "meeple.games.catacombs:Catacombs",
    "heavens": "meeple.games.heavens:Heavens",
    "grabhit": "meeple.games.grabhit:GrabHit",
    "andor": "meeple.games.andor:Andor",
    "tictactoe": "meeple.games.tictactoe:TicTacToe",
    "_template": "meeple.games._template:Template",
}

ENTRY_POINT_GROUP = "meeple.games"


@cache
def _plugins() -> dict[str, str]:
    return {ep.name: ep.value for ep in entry_points(group=ENTRY_POINT_GROUP)}


def _targets() -> dict[str, str]:
    found = dict(_plugins())
    found.update(BUILTIN)  # a plugin cannot shadow a built-in game
    return found


def game_ids(hidden: bool = False) -> list[str]:
    """Every registered game id, built-in ones first; ids starting with ``_`` only if ``hidden``.

    The hidden ones (the ``_template`` skeleton) are tested like any game but not offered.
    """
    ids = list(BUILTIN) + sorted(set(_plugins()) - set(BUILTIN))
    return ids if hidden else [g for g in ids if not g.startswith("_")]


def game_class(game_id: str) -> type[Game]:
    """The Game class registered under ``game_id``; ConfigError if there is none."""
    if not isinstance(game_id, str):
        raise ConfigError(f"a game id is a string, got {game_id!r}; "
                          f"the games are: {', '.join(game_ids())}")
    return _game_class(game_id)


@cache
def _game_class(game_id: str) -> type[Game]:
    targets = _targets()
    if game_id not in targets:
        raise ConfigError(
            f"unknown game {game_id!r}; the games are: {', '.join(game_ids())}"
        )
    module, _, attr = targets[game_id].partition(":")
    try:
        cls = getattr(importlib.import_module(module), attr)
    except (ImportError, AttributeError) as e:
        raise ConfigError(f"game {game_id!r} is registered as {targets[game_id]}, "
                          f"which cannot be loaded: {e}") from None
    if not (isinstance(cls, type) and issubclass(cls, Game)) or cls.id != game_id:
        raise ConfigError(f"{targets[game_id]} is not a meeple game with id {game_id!r}")
    return cls


#: Forgets loaded classes (for tests that register games on the fly).
game_class.cache_clear = _game_class.cache_clear  # type: ignore[attr-defined]


def games() -> list[dict[str, Any]]:
    """Every registered game: id, English and Russian names, player range, options."""
    return [game_class(g).info() for g in game_ids()]


def load(game_id: str, players: int | None = None,
         options: dict[str, Any] | None = None) -> Game:
    """A game ready to make states; a bad id, player count or option raises ConfigError."""
    return game_class(game_id)(players=players, options=options)
