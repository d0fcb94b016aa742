"""Where tic-tac-toe's actions happen on the drawn board (docs/boards.md): each mark is its
cell, ``cell:b2``; :func:`cell` is the one place that key is written."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from meeple.core import Action, Verb

from .grid import NAMES
from .verbs import Mark

if TYPE_CHECKING:
    from .game import TicTacToe

#: Action verbs the page shows as buttons only (tic-tac-toe has none).
BUTTONS: frozenset[type[Verb]] = frozenset()


def where(game: TicTacToe, action: Action, view: Mapping[str, Any]) -> str | None:
    """``mark b2`` happens on the cell b2."""
    verb: Mark = action[1]
    return cell(verb.cell)


#: The place-key templates, sent to the page with the words (docs/boards.md).
KEYS: dict[str, str] = {"cell": "cell:{0}"}


def cell(index: int) -> str:
    """The place key of a cell: ``cell:b2``."""
    return KEYS["cell"].format(NAMES[index])


def places(view: Mapping[str, Any]) -> frozenset[str]:
    """The nine cells the board draws, free or marked."""
    return frozenset(cell(i) for i in range(len(NAMES)))


def changed(game: TicTacToe, before: Mapping[str, Any], after: Mapping[str, Any]) -> frozenset[str]:
    """The cells marked between two views of one seat.

    >>> import meeple
    >>> game = meeple.load("tictactoe")
    >>> st = game.new_state()
    >>> before = st.view(0)
    >>> st.apply("mark b2")
    >>> sorted(changed(game, before, st.view(0)))
    ['cell:b2']
    """
    rows = zip("".join(before["board"]), "".join(after["board"]), strict=True)
    return frozenset(cell(i) for i, (a, b) in enumerate(rows) if a != b)
