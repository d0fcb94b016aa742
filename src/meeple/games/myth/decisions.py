"""The decisions Myth pushes on its stack (``st.decisions``, :mod:`meeple.core.decisions`).

The turn's own decisions (draw, move, place, offer, order, prebattle, attack, end...) are named
by ``st.step`` and shown as the view's ``decision.kind`` when the stack is empty. On the stack
wait the decisions that interrupt them:

- the choices a resolving card asks of a hero of the cell (MYTH-76, MYTH-87..89, MYTH-86),
  taken in the order the cards asked them, the first on top;
- the target of a monster's attack when several heroes share the cell, chosen by the seat on
  the right of the hero whose turn it is (MYTH-57).
"""

from __future__ import annotations

from dataclasses import dataclass

from meeple.core.decisions import Decision


@dataclass(frozen=True, slots=True)
class Nod(Decision):
    """MYTH-76: Nod's Touch sends the hero to any explored cell, or he stays put."""

    kind = "nod"


@dataclass(frozen=True, slots=True)
class Discard(Decision):
    """MYTH-87: Shiver's Magic makes the hero discard ``count`` cards, one at a time."""

    kind = "discard"
    count: int


@dataclass(frozen=True, slots=True)
class Destroy(Decision):
    """MYTH-89: Fury of Shiver destroys one of the hero's items of his choice."""

    kind = "destroy"


@dataclass(frozen=True, slots=True)
class Deceive(Decision):
    """MYTH-86: Deceiver's Magic: the hero picks a player whose two cards join the resolution."""

    kind = "deceive"


@dataclass(frozen=True, slots=True)
class Target(Decision):
    """MYTH-57: the hero a monster's attack strikes, among the heroes of the cell."""

    kind = "target"
    monster: str


#: The choices a resolving card asks (step ``"sub"``).
CardChoice = Nod | Discard | Destroy | Deceive
MythDecision = Nod | Discard | Destroy | Deceive | Target
