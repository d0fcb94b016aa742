"""Tic-tac-toe's view as numbers, for learning environments (docs/rl.md).

The grid as three 3×3 planes seen from the observing seat (its own marks, the other seat's,
the empty cells), and whether it is that seat's turn.

>>> import meeple
>>> g = meeple.load("tictactoe")
>>> s = g.new_state(seed=1); s.apply("mark b2")
>>> obs = g.observe(s.view(1))
>>> g.observation_layout()
Layout(cells[3, 3, 3], my_turn[1])
>>> obs[g.observation_layout().offset("cells") + 9 + 4], obs[-1]
(1.0, 1.0)
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from meeple.core.tensors import Layout

if TYPE_CHECKING:
    from .game import TicTacToe

LAYOUT = Layout(("cells", (3, 3, 3)), ("my_turn", (1,)))
_MY_TURN = LAYOUT.offset("my_turn")


def layout(game: TicTacToe) -> Layout:
    """The same fields for every tic-tac-toe game."""
    return LAYOUT


def encode(game: TicTacToe, view: Mapping[str, Any], out: array[float]) -> None:
    """Plane 0: the observer's marks, plane 1: the other seat's, plane 2: empty cells (a
    spectator sees X as plane 0)."""
    seat = view["seat"] or 0
    mine = "XO"[seat]
    for r, row in enumerate(view["board"]):
        for c, ch in enumerate(row):
            plane = 2 if ch == "." else 0 if ch == mine else 1
            out[plane * 9 + r * 3 + c] = 1.0
    if view["to_act"] is not None and view["to_act"] == view["seat"]:
        out[_MY_TURN] = 1.0
