"""Phase 4: free actions (GAH-25, GAH-28, GAH-43, GAH-44): spells, held curses, abilities.

A spell, a curse or an ability may need a choice: an adventurer to aim at, a weapon to mend,
one's armour, or none. A choice is an ``Aim``: ``(SELF, -1)``, ``(AT, seat)``,
``(ON_WEAPON, card)`` or ``(ON_ARMOUR, -1)``. What the card or ability then does to its target is
``effects``' (``aim`` and ``on_self``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import cards
from .content import AT_ADVENTURER, AT_WEAPON, BLUE, RED
from .decisions import Effect, Tag
from .turn import reachable, spin

if TYPE_CHECKING:
    from .content import Adventurer
    from .state import GrabHitState

Aim = tuple[int, int]
#: What a choice aims at: nothing (oneself), an adventurer, a weapon, one's armour.
SELF, AT, ON_WEAPON, ON_ARMOUR = 0, 1, 2, 3
NONE: Aim = (SELF, -1)
#: GAH-44: an ability works when a spin reaches its check; the chance is (11 - check) / 10.
CHECK_SPAN = 11
#: Effects that take gold, aimed only at an adventurer who has some.
STEALING = frozenset({"steal_gold", "steal"})


def targets(st: GrabHitState, s: int, eff: str) -> list[Aim]:
    """The choices a magic card, curse or ability needs: [NONE] when it needs none; none at all
    when it cannot be used now."""
    if eff in AT_ADVENTURER:
        return [(AT, t) for t in range(st.players) if reachable(st, s, t)
                and (eff not in STEALING or st.gold[t] > 0)]
    if eff == "heal":
        return [NONE] if st.life[s] < cards.max_life(st, s) else []
    if eff == "repair_armour":
        return [NONE] if st.armour[s] < cards.max_armour(st, s) else []
    if eff in AT_WEAPON:
        out = [(ON_WEAPON, c) for c in cards.worn(st, s)]
        if eff == "mend" and st.armour[s] < cards.max_armour(st, s):
            out.insert(0, (ON_ARMOUR, -1))
        return out
    if eff == "draw_blue":
        return [NONE] if cards.can_draw(st, BLUE) else []
    if eff == "draw_red":
        return [NONE] if cards.can_draw(st, RED) else []
    return [NONE]  # gain_gold, gain_per_location, extra_hit


def spells(st: GrabHitState, s: int) -> list[tuple[int, Aim]]:
    """GAH-25, GAH-28, GAH-43: (card, aim) for magic for oneself or at others and held curses
    at others, the hand's cards in card order."""
    out: list[tuple[int, Aim]] = []
    for c in sorted(st.hand[s]):
        k = cards.kind(st, c)
        if k == "magic":
            out += [(c, aim) for aim in targets(st, s, cards.scroll(st, c).effect)]
        elif k == "curse":
            sc = cards.scroll(st, c)
            out += [(c, (AT, t)) for t in range(st.players)
                    if reachable(st, s, t) and cards.curse_possible(st, t, sc)]
    return out


def cast(st: GrabHitState, s: int, card: int, target: int | None) -> Effect | None:
    """GAH-43: cast a magic card or a held curse; the effect aimed at ``target``, or None for a
    card cast for oneself (discarded)."""
    st.hand[s] = tuple(c for c in st.hand[s] if c != card)
    sc = cards.scroll(st, card)
    st._emit("cast", seat=s, card=sc.name, target=target)
    if target is not None:
        tag: Tag = "curse" if sc.kind == "curse" else "magic"
        return Effect(sc.effect, sc.amount, s, card, tag, sc.pierce)
    st.discard[RED].append(card)
    return None


def adventurer(st: GrabHitState, s: int) -> Adventurer:
    """The adventurer of seat ``s``."""
    a = st.adventurer[s]
    assert a is not None
    return st.game.content.adventurers[a]


def abilities(st: GrabHitState, s: int) -> list[Aim]:
    """GAH-44: the aims of the one attempt at the adventurer's ability per phase 4."""
    return targets(st, s, adventurer(st, s).ability)


def try_ability(st: GrabHitState, s: int) -> bool:
    """GAH-44: an attempt is a spin; whether the coins reach the ability's check."""
    st.ability_used = True
    a = adventurer(st, s)
    if spin(st, "ability", s) < a.check:
        st._emit("ability_failed", seat=s)
        return False
    st._emit("ability", seat=s, ability=a.ability)
    return True


def ability_effect(st: GrabHitState, s: int) -> Effect:
    """GAH-44: what an ability aimed at another adventurer does: steal gold, or damage (an
    assassin's piercing armour)."""
    a = adventurer(st, s)
    if a.ability == "steal":
        return Effect("steal_gold", a.amount, s, None, "ability", False)
    return Effect("damage", a.amount, s, None, "ability", a.ability == "assassinate")
