"""Tic-tac-toe: the reference game, the smallest honest example of the contract."""

from .rules import TicTacToe, TicTacToeState

__all__ = ["TicTacToe", "TicTacToeState"]
