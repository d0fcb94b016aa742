"""The engine core: stdlib only, no I/O. Games subclass :class:`Game` and :class:`State`."""

from .actions import Action
from .errors import (
    ConfigError,
    ContentError,
    GameNotOver,
    IllegalAction,
    MeepleError,
    RecordError,
)
from .outcome import Result
from .params import Param
from .records import replay, restore
from .registry import game_class, game_ids, list_games, load
from .rng import Rng
from .state import Game, State
from .verbs import Dispatch, Verb

__all__ = [
    "Action", "ConfigError", "ContentError", "Dispatch", "Game", "GameNotOver", "IllegalAction",
    "MeepleError", "Param", "RecordError", "Result", "Rng", "State", "Verb", "game_class",
    "game_ids", "list_games", "load", "replay", "restore",
]
