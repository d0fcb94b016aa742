"""Treasures of the Ancient Catacombs (Сокровища древних катакомб): dwarves, hidden event
cards, labyrinth tiles, a d6 battle table, potions, cauldrons and mithril veins."""

from .game import Catacombs

__all__ = ["Catacombs"]
