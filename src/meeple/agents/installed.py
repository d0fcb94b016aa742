"""Bots other packages install for a game: a trained policy, a scripted player, seated like the
game's own (``tictactoe:reinforce``) in ``meeple play``, ``arena``, ``simulate`` and the lobby.

A package registers one under the entry-point group ``meeple.bots``, named ``GAME.NAME``, with
the ``module:factory`` that builds it (``factory(argument, seed)`` returns an agent, as for
``Game.bots``)::

    [project.entry-points."meeple.bots"]
    "tictactoe.reinforce" = "mypolicies.ttt:bot"

A game's own bot of the same name wins; a name that is not ``GAME.NAME`` of an installed game is
ignored.
"""

from __future__ import annotations

import functools
from importlib.metadata import entry_points

from meeple.core import game_ids

GROUP = "meeple.bots"


@functools.cache
def _all() -> dict[str, dict[str, str]]:
    games = set(game_ids(hidden=True))
    out: dict[str, dict[str, str]] = {}
    for ep in entry_points(group=GROUP):
        game, dot, name = ep.name.partition(".")
        if dot and name and game in games and ":" in ep.value:
            out.setdefault(game, {})[name] = ep.value
    return out


def installed(game_id: str) -> dict[str, str]:
    """The bots installed for ``game_id``: name -> ``module:factory``."""
    return dict(_all().get(game_id, {}))


def forget() -> None:
    """Read the installed bots again (after a package is installed while running)."""
    _all.cache_clear()
