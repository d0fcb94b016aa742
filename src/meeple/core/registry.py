"""Which games exist. Every game, meeple's own included, is registered by a ``meeple.games``
entry point naming its Game class in its package's ``pyproject.toml``; there is no list of games
in the code::

    [project.entry-points."meeple.games"]
    pig = "mypackage.pig:Pig"

The order of :func:`game_ids` is stable and depends on nothing but the ids: meeple's own games
sorted by id, then the games of other packages sorted by id, then the hidden ones (ids that
start with ``_``), meeple's first. (Installed metadata keeps entry points sorted by name, so
their order in a ``pyproject.toml`` cannot be kept.) An id meeple registers cannot be taken by
another package; an id two other packages register is the first one's found on ``sys.path``.

Entry points are read from the installed metadata, as for any package: after adding a game's
line to a ``pyproject.toml``, install the package again (``pip install -e .``). A class is
imported only when its game is first used.
"""

from __future__ import annotations

import importlib
import re
from collections.abc import Iterable
from functools import cache
from importlib.metadata import EntryPoint, entry_points
from typing import Any

from .errors import ConfigError
from .state import Game

ENTRY_POINT_GROUP = "meeple.games"
#: The distribution whose games come first.
DISTRIBUTION = "meeple"
def _normal(name: str) -> str:
    """A distribution name as packaging compares them (PEP 503)."""
    return re.sub(r"[-_.]+", "-", name).lower()


def _split(found: Iterable[EntryPoint]) -> tuple[dict[str, str], dict[str, str]]:
    """Installed entry points as (meeple's own, the other packages'), each id -> target."""
    own: dict[str, str] = {}
    others: dict[str, str] = {}
    for ep in found:
        dist = getattr(ep, "dist", None)
        mine = dist is not None and _normal(dist.name) == DISTRIBUTION
        (own if mine else others).setdefault(ep.name, ep.value)
    return own, others


def _targets() -> dict[str, str]:
    """Every registered game: id -> ``"module:Class"``, in the order of :func:`game_ids`."""
    return _registered()


@cache
def _registered() -> dict[str, str]:
    own, others = _split(entry_points(group=ENTRY_POINT_GROUP))
    targets = {**others, **own}  # meeple's own ids win

    def order(game_id: str) -> tuple[bool, bool, str]:
        return game_id.startswith("_"), game_id not in own, game_id

    return {g: targets[g] for g in sorted(targets, key=order)}


def game_ids(hidden: bool = False) -> list[str]:
    """Every registered game id, in the order above; ids starting with ``_`` only if ``hidden``.

    The hidden ones (the ``_template`` skeleton) are tested like any game but not offered.
    """
    ids = list(_targets())
    return ids if hidden else [g for g in ids if not g.startswith("_")]


def game_class(game_id: str) -> type[Game[Any]]:
    """The Game class registered under ``game_id``; ConfigError if there is none."""
    if not isinstance(game_id, str):
        raise ConfigError(f"a game id is a string, got {game_id!r}; "
                          f"the games are: {', '.join(game_ids())}")
    return _game_class(game_id)


@cache
def _game_class(game_id: str) -> type[Game[Any]]:
    targets = _targets()
    if game_id not in targets:
        raise ConfigError(
            f"unknown game {game_id!r}; the games are: {', '.join(game_ids())}"
        )
    module, _, attr = targets[game_id].partition(":")
    try:
        cls = getattr(importlib.import_module(module.strip()), attr.strip())
    except (ImportError, AttributeError) as e:
        raise ConfigError(f"game {game_id!r} is registered as {targets[game_id]}, "
                          f"which cannot be loaded: {e}") from None
    if not (isinstance(cls, type) and issubclass(cls, Game)) or cls.id != game_id:
        raise ConfigError(f"{targets[game_id]} is not a meeple game with id {game_id!r}")
    return cls


def _forget() -> None:
    _game_class.cache_clear()
    _registered.cache_clear()


#: Forgets the registered games and loaded classes (after installing a game, and in tests that
#: register games on the fly).
game_class.cache_clear = _forget  # type: ignore[attr-defined]


def list_games() -> list[dict[str, Any]]:
    """Every registered game's ``info()``, in the order of :func:`game_ids`: id, names, player
    range, options."""
    return [game_class(g).info() for g in game_ids()]


def load(game_id: str, players: int | None = None,
         options: dict[str, Any] | None = None) -> Game[Any]:
    """A game ready to make states; a bad id, player count or option raises ConfigError."""
    return game_class(game_id)(players=players, options=options)
