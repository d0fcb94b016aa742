"""Treasures of the Ancient Catacombs (Сокровища древних катакомб): dwarves, hidden event
cards, labyrinth tiles, a d6 battle table, potions, cauldrons and mithril veins."""

from .rules import Catacombs
from .state import CatacombsState

__all__ = ["Catacombs", "CatacombsState"]
