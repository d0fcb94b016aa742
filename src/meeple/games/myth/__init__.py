"""Myth, a fan board game after Bungie's Myth (rule prefix MYTH)."""

from .game import MythGame

__all__ = ["MythGame"]
