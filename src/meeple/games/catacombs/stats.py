"""Stats and experience (CAT-8..11): experience and its thresholds, wounds and death."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import ending, turn
from .board import cell_of
from .content import SLOTS
from .decisions import LevelUp

if TYPE_CHECKING:
    from .state import CatacombsState

#: CAT-9: a threshold every 5 experience.
THRESHOLD = 5
#: CAT-9: the health a threshold's reward adds.
HEAL_ON_LEVEL = 3
#: CAT-11: the experience a fallen dwarf loses.
DEATH_PENALTY = 4
#: CAT-9: what a threshold may raise, in the order of the ``raise`` actions.
RAISES = ("strength", "armour", "health")


def gain(st: CatacombsState, s: int, n: int) -> None:
    """Change experience; each newly reached threshold rewards once (CAT-9, CAT-10)."""
    st.exp[s] += n
    while st.exp[s] >= THRESHOLD * (st.level[s] + 1):
        st.level[s] += 1
        st.decisions.append(LevelUp(seat=s))
        st.extra += 1
        st._emit("threshold", seat=s, experience=THRESHOLD * st.level[s])


def raise_stat(st: CatacombsState, which: int) -> None:
    """CAT-9: the reward of the threshold on top of the stack."""
    s = st.decisions.pop().seat
    if which == 0:
        st.strength[s] += 1
    elif which == 1:
        st.armour[s] += 1
    else:
        st.health[s] += HEAL_ON_LEVEL
    st._emit("raise", seat=s, stat=RAISES[which])


def damage(st: CatacombsState, s: int, amount: int) -> None:
    """CAT-54: a wound; at 0 health or below the dwarf falls (CAT-11)."""
    st.health[s] -= amount
    if st.health[s] <= 0:
        die(st, s)


def die(st: CatacombsState, s: int) -> None:
    """CAT-11: -4 experience and out of the game, with everything the dwarf carried."""
    st.alive[s] = False
    st.exp[s] -= DEATH_PENALTY
    st._emit("death", seat=s, cell=st.game.xy(cell_of(st, s)))
    st.pos[s] = None
    st.pack[s] = []
    st.screen[s] = [None] * len(SLOTS)
    st.decisions.clear()
    st.extra = 0
    if not any(st.alive):
        ending.finish(st, "all-fallen")
        return
    if sum(st.alive) == 1 and not st.game.config["play_on_alone"]:
        ending.finish(st, "last-dwarf")  # CAT-11: the one left has won; alone, play stops
        return
    turn.end_turn(st)
