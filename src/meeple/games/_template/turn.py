"""The turn (TPL-2, TPL-3): who acts first, passing the turn on, and how the game ends.

TPL-3  When every hand is empty, the highest score wins; equal highest scores share the win.

The bottom of the template's rules: the mechanics above it (``cards.py``) and ``actions.py``
call it, and it imports none of them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from meeple.core import Result

if TYPE_CHECKING:
    from .state import TemplateState


#: The parts of the game (a larger game has several: ``Literal["actions", "cleanup"]``).
Phase = Literal["play"]
#: The step inside a phase: what the seat to act decides.
Step = Literal["card"]
#: How a game ends (the result's ``reason``).
Ending = Literal["hands-empty"]


def begin(st: TemplateState) -> None:
    """Seat 0 takes the first turn."""
    st.to_act = 0


def pass_turn(st: TemplateState) -> None:
    """The next seat acts, or nobody once the hands are empty (TPL-3: they empty together)."""
    nxt = ((st.to_act or 0) + 1) % st.players
    st.to_act = nxt if st.hands[nxt] else None


def result(st: TemplateState) -> Result:
    """The highest score wins; equal highest scores share the win (TPL-3)."""
    best = max(st.scores)
    winners = tuple(s for s, v in enumerate(st.scores) if v == best)
    ending: Ending = "hands-empty"
    return Result(winners, tuple(float(v) for v in st.scores), st.n_actions, ending,
                  f"Highest score {best}.")
