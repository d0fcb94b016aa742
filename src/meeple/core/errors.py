"""The typed errors of meeple. Each carries a sentence a player understands."""

from __future__ import annotations


class MeepleError(Exception):
    """Base of every error meeple raises on purpose."""


class ConfigError(MeepleError, ValueError):
    """An unknown game, a bad player count, an unknown or out-of-range option, a bad seat."""


class IllegalAction(MeepleError, ValueError):
    """An action that is not legal now. The state is left exactly as it was."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


class ContentError(MeepleError, ValueError):
    """A broken content file: names the file, the entry and the field."""

    def __init__(self, message: str, *, file: str = "", entry: str = "", field: str = "") -> None:
        super().__init__(message)
        self.file = file
        self.entry = entry
        self.field = field


class RecordError(MeepleError, ValueError):
    """A malformed record, or one that does not reproduce."""

    def __init__(self, message: str, *, index: int | None = None) -> None:
        super().__init__(message)
        self.index = index


class GameNotOver(MeepleError):
    """`result()` asked of a game that is still being played."""
