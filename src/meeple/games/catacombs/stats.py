"""Stats (CAT-8..11): a threshold's reward and a dwarf's death. Experience and the thresholds
it reaches are the turn's (``turn.gain``): every rule that gives experience shares them."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import turn
from .board import cell_of
from .content import SLOTS

if TYPE_CHECKING:
    from .state import CatacombsState
    from .verbs import Stat

#: CAT-9: the health a threshold's reward adds.
HEAL_ON_LEVEL = 3
#: CAT-11: the experience a fallen dwarf loses.
DEATH_PENALTY = 4


def raise_stat(st: CatacombsState, stat: Stat) -> None:
    """CAT-9: the reward of the threshold on top of the stack."""
    s = st.decisions.pop().seat
    if stat == "strength":
        st.strength[s] += 1
    elif stat == "armour":
        st.armour[s] += 1
    else:
        st.health[s] += HEAL_ON_LEVEL
    st._emit("raise", seat=s, stat=stat)


def die(st: CatacombsState, s: int) -> None:
    """CAT-11: -4 experience and out of the game, with everything the dwarf carried; the game
    ends when nobody (or, unless ``play_on_alone``, one dwarf) is left. Else the turn passes,
    which ``actions`` carries on."""
    st.alive[s] = False
    st.experience[s] -= DEATH_PENALTY
    st._emit("death", seat=s, cell=st.game.xy(cell_of(st, s)))
    st.position[s] = None
    st.pack[s] = []
    st.screen[s] = [None] * len(SLOTS)
    st.decisions.clear()
    st.extra_turns = 0
    if not any(st.alive):
        turn.finish(st, "all-fallen")
    elif sum(st.alive) == 1 and not st.game.config["play_on_alone"]:
        turn.finish(st, "last-dwarf")  # CAT-11: the one left has won; alone, play stops
