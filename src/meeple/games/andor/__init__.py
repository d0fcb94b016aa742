"""Legends of Andor: cooperative defence of Castle Greywatch (rule table: docs/rules/andor.md)."""

from .game import Andor

__all__ = ["Andor"]
