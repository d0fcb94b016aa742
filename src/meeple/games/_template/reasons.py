"""Why an action a player would expect is not offered now (docs/howto.md).

The template forbids nothing a player would expect: every card in the hand may be played, and
the cards not in it are nowhere the seat could reach. A game with such rules (a move past a
wall, a card it cannot afford) returns each such action with a sentence naming the rule,
``(game.action(verb), t("why.<rule>", ...))``, built from the seat's view alone: a reason must
tell nothing the seat may not know, and every action returned must be illegal now
(``tests/games/test_why_not.py``).

>>> import meeple
>>> game = meeple.load("_template")
>>> why_not(game, game.new_state(seed=2).view(0))
[]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from meeple.core import Action

if TYPE_CHECKING:
    from .game import Template


def why_not(game: Template, view: Mapping[str, Any], lang: str = "en") -> list[tuple[Action, str]]:
    """Nothing is forbidden that a player would expect."""
    return []
