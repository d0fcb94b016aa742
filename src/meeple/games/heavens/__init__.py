"""High in the Heavens (Высоко в небесах): pantheons at war on a hex grid."""

from .rules import Heavens
from .state import HeavensState

__all__ = ["Heavens", "HeavensState"]
