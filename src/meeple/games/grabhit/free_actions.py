"""Phase 4: free actions (GAH-25, GAH-28, GAH-43, GAH-44): spells, held curses, abilities.

A spell, a curse or an ability may need a choice: a seat to aim at, a weapon to mend, or none.
An argument is ``("seat", seat)``, ``("weapon", card)`` or ``NONE``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import cards, hit, shield, victory, weapons, wheel
from .content import BLUE, RED
from .decisions import Effect

if TYPE_CHECKING:
    from .state import GrabHitState

Arg = tuple[str, int]
#: The argument of a spell or ability that needs no choice.
NONE: Arg = ("none", -1)
#: GAH-44: an ability works when a spin reaches its check; the chance is (11 - check) / 10.
CHECK_SPAN = 11


def targets(st: GrabHitState, s: int, eff: str) -> list[tuple[str, Arg]]:
    """The choices a magic card, curse or ability needs: ('', NONE) when it needs none; none
    at all when it cannot be used now."""
    none = [("", NONE)]
    seats = [t for t in range(st.players) if hit.reachable(st, s, t)]
    if eff in ("damage", "blast", "assassinate"):
        return [(f" on {cards.name(st, t)}", ("seat", t)) for t in seats]
    if eff in ("steal_gold", "steal"):
        return [(f" on {cards.name(st, t)}", ("seat", t)) for t in seats if st.gold[t] > 0]
    if eff == "heal":
        return none if st.life[s] < cards.max_life(st, s) else []
    if eff == "repair_armour":
        return none if st.armour[s] < cards.max_armour(st, s) else []
    if eff in ("repair_weapon", "mend"):
        out = [(f" on {cards.cname(st, c)}", ("weapon", c)) for c in weapons.worn(st, s)]
        if eff == "mend" and st.armour[s] < cards.max_armour(st, s):
            out.insert(0, (" on armour", NONE))
        return out
    if eff == "draw_blue":
        return none if cards.can_draw(st, BLUE) else []
    if eff == "draw_red":
        return none if cards.can_draw(st, RED) else []
    return none  # gain_gold, gain_per_location, extra_hit


def spells(st: GrabHitState, s: int) -> list[tuple[str, int, Arg]]:
    """GAH-25, GAH-28, GAH-43: (text, card, argument): magic for oneself or at others; held
    curses at others."""
    out: dict[str, tuple[str, int, Arg]] = {}
    for c in sorted(st.hand[s]):
        k = cards.kind(st, c)
        if k == "magic":
            sc = cards.scroll(st, c)
            choices = targets(st, s, sc.effect)
        elif k == "curse":
            sc = cards.scroll(st, c)
            choices = [(f" on {cards.name(st, t)}", ("seat", t)) for t in range(st.players)
                       if hit.reachable(st, s, t) and cards.curse_possible(st, t, sc)]
        else:
            continue
        for suffix, arg in choices:
            text = f"cast {sc.name}{suffix}"
            out.setdefault(text, (text, c, arg))
    return list(out.values())


def cast(st: GrabHitState, s: int, card: int, arg: Arg) -> None:
    """GAH-43: cast a magic card or a held curse."""
    argk, target = arg
    st.hand[s] = tuple(c for c in st.hand[s] if c != card)
    sc = cards.scroll(st, card)
    st._emit("cast", seat=s, card=sc.name, target=target if argk == "seat" else None)
    if argk == "seat":
        tag = "curse" if sc.kind == "curse" else "magic"
        shield.affect(st, target, Effect(sc.effect, sc.amount, s, card, tag, sc.pierce))
        return
    st.discard[RED].append(card)
    _on_self(st, s, sc.effect, sc.amount, target)


def _on_self(st: GrabHitState, s: int, eff: str, amount: int, arg: int) -> None:
    if eff == "heal":
        st.life[s] = min(cards.max_life(st, s), st.life[s] + amount)
    elif eff == "repair_armour" or (eff == "mend" and arg < 0):
        weapons.repair_armour(st, s, amount)
    elif eff in ("repair_weapon", "mend"):
        weapons.repair(st, s, arg, amount)
    elif eff == "gain_gold":
        victory.gain(st, s, amount)
    elif eff == "gain_per_location":
        victory.gain(st, s, amount + len(st.locs[s]))
    elif eff == "draw_blue":
        cards.draw(st, s, BLUE)
    elif eff == "draw_red":
        cards.draw(st, s, RED)
    elif eff == "extra_hit":
        st.extra_hits += amount


def abilities(st: GrabHitState, s: int) -> list[tuple[str, Arg]]:
    """GAH-44: (text, argument) for the one attempt at the adventurer's ability per phase 4."""
    a = st.adv[s]
    assert a is not None
    ability = st.game.T.adventurers[a].ability
    return [(f"use ability{suffix}", arg) for suffix, arg in targets(st, s, ability)]


def use_ability(st: GrabHitState, s: int, arg: Arg) -> None:
    """GAH-44: an attempt is a spin; it works when the coins reach the ability's check."""
    st.ability_used = True
    adv = st.adv[s]
    assert adv is not None
    a = st.game.T.adventurers[adv]
    argk, target = arg
    if wheel.spin(st, "ability", s) < a.check:
        st._emit("ability_failed", seat=s)
        return
    st._emit("ability", seat=s, ability=a.ability)
    if argk != "seat":
        _on_self(st, s, a.ability, a.amount, target)
    elif a.ability == "steal":
        shield.affect(st, target, Effect("steal_gold", a.amount, s, None, "ability", False))
    else:
        shield.affect(st, target, Effect("damage", a.amount, s, None, "ability",
                                         a.ability == "assassinate"))
