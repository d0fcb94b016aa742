"""Myth, a fan board game after Bungie's Myth (rule prefix MYTH)."""

from .game import Myth

__all__ = ["Myth"]
