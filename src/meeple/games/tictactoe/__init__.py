"""Tic-tac-toe (TTT): the reference game, the smallest honest example of the contract.

Two seats mark cells of a 3×3 grid; three in a line wins. The rules are numbered in
``grid.py``, where they are implemented. The package has the parts every meeple game has
(docs/architecture.md): ``game.py`` describes the game, ``state.py`` holds its fields and the
contract hooks, ``actions.py`` lists and dispatches the legal actions, ``grid.py`` is the rules,
``view.py`` what a seat sees and ``render.py`` draws a view in the terminal.
"""

from .game import TicTacToe

__all__ = ["TicTacToe"]
