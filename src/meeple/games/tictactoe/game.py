"""The tic-tac-toe game: its names, its player count and its state class."""

from __future__ import annotations

from meeple.core import Game

from . import labels, lookup, notation, places, reasons, tensor, text
from .state import TicTacToeState
from .verbs import UNIVERSE, Mark


class TicTacToe(Game[TicTacToeState]):
    """Noughts and crosses on a 3×3 grid."""

    id = "tictactoe"
    name = "Tic-tac-toe"
    name_ru = "Крестики-нолики"
    description = "The reference game: three in a row wins."
    min_players = max_players = 2
    state_class = TicTacToeState
    seat_names = text.seat_names
    describe = text.describe
    outcome = text.outcome
    label = labels.label
    costs = labels.costs
    where = places.where
    changed = places.changed
    why_not = reasons.why_not
    place_keys = places.KEYS
    catalogue = lookup.catalogue
    verb_text = notation.text
    parse_verb = notation.parse
    tensor_layout = tensor.layout
    encode = tensor.encode

    def setup(self) -> None:
        #: One mark per cell, in cell order (the universe's own actions).
        self.marks = self.action_universe()

    def verbs(self) -> tuple[Mark, ...]:
        return UNIVERSE
