"""Myth, a fan board game after Bungie's Myth (rule prefix MYTH)."""

from .game import Myth

__all__ = ["Myth"]

#: The class's former name, which the ``meeple.games`` entry point in pyproject.toml still
#: names (``meeple.games.myth:MythGame``); it goes once the entry point names ``Myth``.
MythGame = Myth
