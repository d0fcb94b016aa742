"""The games the contract suites check: every registered game, or only those named in the
environment variable ``MEEPLE_CHECK_GAMES`` (comma-separated ids). A game being written, in
meeple or in a package of its own, is checked alone from a meeple checkout with::

    MEEPLE_CHECK_GAMES=pig python -m pytest tests/games/test_contract.py tests/games/test_shape.py
"""

from __future__ import annotations

import os

from meeple.core import game_class, game_ids


def checked_games() -> list[str]:
    """The ids to check; a name that is not a registered game is a ConfigError."""
    named = [g.strip() for g in os.environ.get("MEEPLE_CHECK_GAMES", "").split(",") if g.strip()]
    for g in named:
        game_class(g)
    return named or game_ids(hidden=True)



def typed(game: str) -> bool:
    """Whether ``game`` lists its verbs (docs/architecture.md, "Actions")."""
    from meeple.core import Game

    return game_class(game).verbs is not Game.verbs
