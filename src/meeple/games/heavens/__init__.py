"""High in the Heavens (Высоко в небесах): pantheons at war on a hex grid."""

from .game import Heavens

__all__ = ["Heavens"]
