"""Shields (GAH-30..GAH-32): a shield joins its adventurer, fits some effects, and blocks one when
its adventurer raises it, breaking on a failed check.

An effect aimed at an adventurer with a fitting shield waits on a ``ShieldCheck`` decision
(``effects.aim``): the target blocks it with a shield or lets it through.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import cards
from .content import RED
from .decisions import Effect
from .turn import spin

if TYPE_CHECKING:
    from .state import GrabHitState


def add(st: GrabHitState, seat: int, card: int) -> None:
    """GAH-30: a shield joins the adventurer unless an identical one is there."""
    sid = cards.scroll(st, card).id
    if any(cards.scroll(st, c).id == sid for c in st.scrolls[seat]):
        st.discard[RED].append(card)
        st._emit("shield_duplicate", seat=seat, card=cards.card_name(st, card))
        return
    st.scrolls[seat] = (*st.scrolls[seat], card)
    st._emit("shield", seat=seat, card=cards.card_name(st, card))


def shields_against(st: GrabHitState, seat: int, tag: str) -> list[int]:
    """The shields on ``seat`` that block effects tagged ``tag``."""
    return [c for c in st.scrolls[seat]
            if cards.kind(st, c) == "shield" and tag in cards.scroll(st, c).blocks]


def block(st: GrabHitState, target: int, shield: int, eff: Effect) -> None:
    """GAH-31, GAH-32: the shield stops the effect; a failed check breaks it."""
    st._emit("block", seat=target, shield=cards.card_name(st, shield))
    if eff.card is not None:
        st.discard[RED].append(eff.card)
    if spin(st, "shield check", target) < cards.scroll(st, shield).check:
        st.scrolls[target] = tuple(c for c in st.scrolls[target] if c != shield)
        st.discard[RED].append(shield)
        st._emit("shield_broken", seat=target, shield=cards.card_name(st, shield))
