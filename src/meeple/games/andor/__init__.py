"""Legends of Andor: cooperative defence of Castle Greywatch (rule table: docs/rules/andor.md)."""

from .rules import Andor, AndorState

__all__ = ["Andor", "AndorState"]
