"""Tic-tac-toe's notation: the text of each verb, and the verb of each text.

>>> from meeple.games.tictactoe.verbs import Cell, Mark
>>> text(None, Mark(Cell(4)))
'mark b2'
>>> parse(None, "mark b2")
Mark(cell=4)
>>> parse(None, "mark z9")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
meeple.core.errors.IllegalAction: 'mark z9' is not tic-tac-toe notation; ...
"""

from __future__ import annotations

from typing import Any

from meeple.core import IllegalAction, Verb

from .grid import NAMES
from .verbs import Cell, Mark

_CELL = {name: Cell(i) for i, name in enumerate(NAMES)}


def text(game: Any, verb: Verb) -> str:
    """``mark <cell>``: the cell by its column letter and row number."""
    assert isinstance(verb, Mark)
    return f"mark {NAMES[verb.cell]}"


def parse(game: Any, words: str) -> Verb:
    """The verb written as ``words``; IllegalAction naming the grammar otherwise."""
    verb, _, cell = words.partition(" ")
    if verb == Mark.word and cell in _CELL:
        return Mark(_CELL[cell])
    raise IllegalAction(f"{words!r} is not tic-tac-toe notation; an action is "
                        "'mark <cell>', a cell a1 to c3")
