"""Grab and Hit (Хватай и бей): adventurers spin the wheel of fortune, grab gold and cards, and
hit each other every turn. 2-8 players; all information is open except deck order."""

from .game import GrabHit

__all__ = ["GrabHit"]
