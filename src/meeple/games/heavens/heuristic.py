"""How promising an unfinished game of High in the Heavens looks, for the bots (not a rule)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .rings import ARMOUR, ATTACK, FALLEN, HEALTH, POISON, STUN

if TYPE_CHECKING:
    from .state import HeavensState

#: What each card still in a side's deck or hands is worth, in health points.
CARD_WORTH = 2.0


def strength(st: HeavensState, side: int) -> float:
    """Base health; per standing character its health, armour and attack rings and its better
    attack value, less poison and 1 if incapacitated; 2 per card in the side's deck and hands."""
    g = st.game
    total = float(st.base_health[side])
    for c, u in st.units.items():
        if g.card_side[c] == side and not u[FALLEN]:
            power = max(g.melee[c], g.ranged[c]) + u[ATTACK]
            total += u[HEALTH] + u[ARMOUR] + power - u[POISON] - (1 if u[STUN] >= 0 else 0)
    cards = len(st.deck[side]) + sum(len(st.hands[s]) for s in g.team[side])
    return max(0.0, total + CARD_WORTH * cards)


def evaluate(st: HeavensState, seat: int) -> float:
    """The seat's side's share of both sides' strength: 0.5 for an even position."""
    side = st.game.side_of[seat]
    mine, theirs = strength(st, side), strength(st, 1 - side)
    return 0.5 if mine + theirs <= 0 else mine / (mine + theirs)
