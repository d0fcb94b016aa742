"""meeple: play, playtest and balance tabletop adventure games.

>>> import meeple
>>> game = meeple.load("tictactoe")
>>> state = game.new_state(seed=7)
>>> state.apply("mark b2")
>>> state.to_act
1
>>> a = state.legal_actions()[0]
>>> state.parse(str(a)) == a
True
>>> "tictactoe" in [g["id"] for g in meeple.list_games()]
True
"""

from .core import (
    Action,
    ConfigError,
    ContentError,
    Game,
    GameNotOver,
    IllegalAction,
    MeepleError,
    Param,
    RecordError,
    Result,
    State,
    game_ids,
    list_games,
    load,
    replay,
    restore,
)

__version__ = "0.1.0"

__all__ = [
    "Action", "ConfigError", "ContentError", "Game", "GameNotOver", "IllegalAction",
    "MeepleError", "Param", "RecordError", "Result", "State", "__version__", "game_ids",
    "list_games", "load", "replay", "restore",
]
