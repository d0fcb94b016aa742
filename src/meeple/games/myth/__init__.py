"""Myth, a fan board game after Bungie's Myth (rule prefix MYTH)."""

from .rules import MythGame

__all__ = ["MythGame"]
