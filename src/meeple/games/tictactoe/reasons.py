"""Why a square a player might click is not offered (docs/howto.md): it is marked already
(TTT-1). Read from the seat's view, which shows the whole grid.

>>> import meeple
>>> game = meeple.load("tictactoe")
>>> st = game.new_state()
>>> st.apply("mark b2")
>>> [(a.text, why) for a, why in why_not(game, st.view(1))]
[('mark b2', 'b2 is marked already: only an empty square can be marked.')]
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from meeple.core import Action
from meeple.i18n import texts

from .grid import NAMES
from .verbs import UNIVERSE

if TYPE_CHECKING:
    from .game import TicTacToe


def why_not(game: TicTacToe, view: Mapping[str, Any], lang: str = "en") -> list[tuple[Action, str]]:
    """Each marked square, while the game goes on."""
    if view.get("over"):
        return []
    t = texts(__package__, lang)
    marks = "".join(view["board"])
    return [(game.action(UNIVERSE[i]), t("why.marked", cell=NAMES[i]))
            for i, mark in enumerate(marks) if mark != "."]
