"""Effects aimed at adventurers and the shields that stop them (GAH-26..GAH-32).

An effect (a curse drawn, a spell cast, an ability) meets the target's shields first: with a
fitting one the target decides (a ``ShieldCheck`` on the stack) whether to block it, and a
failed check breaks the shield; otherwise the effect is resolved at once.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import cards, death, victory, weapons, wheel
from .content import BLUE, RED
from .decisions import Effect, ShieldCheck

if TYPE_CHECKING:
    from .state import GrabHitState


def add(st: GrabHitState, seat: int, card: int) -> None:
    """GAH-30: a shield joins the adventurer unless an identical one is there."""
    sid = cards.scroll(st, card).id
    if any(cards.scroll(st, c).id == sid for c in st.upg[seat]):
        st.discard[RED].append(card)
        st._emit("shield_duplicate", seat=seat, card=cards.cname(st, card))
        return
    st.upg[seat] = (*st.upg[seat], card)
    st._emit("shield", seat=seat, card=cards.cname(st, card))


def shields_against(st: GrabHitState, seat: int, tag: str) -> list[int]:
    """The shields on ``seat`` that block effects tagged ``tag``."""
    return [c for c in st.upg[seat]
            if cards.kind(st, c) == "shield" and tag in cards.scroll(st, c).blocks]


def affect(st: GrabHitState, target: int, eff: Effect) -> None:
    """Aim an effect at ``target``; with a fitting shield the target decides (GAH-31)."""
    if shields_against(st, target, eff.tag):
        st.decisions.append(ShieldCheck.against(target, eff))
    else:
        resolve(st, target, eff)


def block(st: GrabHitState, target: int, shield: int, eff: Effect) -> None:
    """GAH-31, GAH-32: the shield stops the effect; a failed check breaks it."""
    st._emit("block", seat=target, shield=cards.cname(st, shield))
    if eff.card is not None:
        st.discard[RED].append(eff.card)
    if wheel.spin(st, "shield check", target) < cards.scroll(st, shield).check:
        st.upg[target] = tuple(c for c in st.upg[target] if c != shield)
        st.discard[RED].append(shield)
        st._emit("shield_broken", seat=target, shield=cards.cname(st, shield))


def resolve(st: GrabHitState, target: int, eff: Effect) -> None:
    """Carry out an effect on ``target``."""
    card = eff.card
    if card is not None:
        if cards.scroll(st, card).lasting:
            st.upg[target] = (*st.upg[target], card)  # GAH-27
            st.life[target] = min(st.life[target], cards.max_life(st, target))
        else:
            st.discard[RED].append(card)
    st._emit("effect", seat=target, kind=eff.effect, amount=eff.amount,
             card=cards.cname(st, card) if card is not None else None)
    _carry_out(st, target, eff)


def _carry_out(st: GrabHitState, target: int, eff: Effect) -> None:
    kind, amount = eff.effect, eff.amount
    if kind == "damage":
        death.damage(st, target, amount, eff.pierce, eff.source)
    elif kind == "steal_gold":
        n = min(amount, st.gold[target])
        st.gold[target] -= n
        if eff.source is not None:
            victory.gain(st, eff.source, n)
    elif kind == "lose_gold":
        st.gold[target] -= min(amount, st.gold[target])
    elif kind == "rust":
        for h in st.weapons[target]:
            weapons.wear(st, target, h[0], amount)
    elif kind == "shatter":
        st.armour[target] = 0
    elif kind == "forget":
        bps = [c for c in st.hand[target] if cards.kind(st, c) == "blueprint"]
        st.hand[target] = tuple(c for c in st.hand[target] if c not in bps)
        st.discard[BLUE].extend(bps)
