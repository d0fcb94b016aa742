"""The terminal table: humans and bots at one keyboard, every screen in the player's words.

:mod:`.screen` builds what one seat sees (board, menu, log lines, looked-up entries);
:mod:`.session` runs the game loop around it.
"""

from .screen import HUMAN, plain_event, player_names, renderer, screen
from .session import Session, default_record_path, play_in_terminal

__all__ = ["HUMAN", "Session", "default_record_path", "plain_event", "play_in_terminal",
           "player_names", "renderer", "screen"]
