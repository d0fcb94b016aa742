"""Legends of Andor: cooperative defence of Castle Greywatch (rule table: docs/rules/andor.md)."""

from .game import Andor
from .state import AndorState

__all__ = ["Andor", "AndorState"]
