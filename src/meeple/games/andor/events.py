"""Event cards (AND-27, 74, 85): drawn at sunrise and by fog; a shield may block one.

Where play goes on after a card (the sunrise box, or the move that found it) and a creature a
card places are for :mod:`.actions` to carry on.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal

from meeple.components import pile

from . import board, turn
from .decisions import BlockEvent
from .heroes import gain_strength, gain_willpower, has, use_up

if TYPE_CHECKING:
    from .state import AndorState


def draw(st: AndorState, resume: Literal["sunrise", "fog"], finder: int | None) -> str | None:
    """AND-27/85: draw an event card; the card to resolve now, or None when a shield holder
    is asked first (AND-74).

    Nobody sees the deck's order or changes it, so it is kept as the cards it still holds
    (:mod:`meeple.components.pile`) and the card is chosen when it is drawn.
    """
    if not st.deck:  # AND-85: the discard pile becomes the deck again
        st.deck, st.discard = pile.new(st.discard), ()
    card = pile.draw(st.deck, st.rng)
    st.discard = (*st.discard, card)
    st.last_event = card
    st._emit("event", card=card)
    ev = st.game.content.events[card]
    holders = tuple(s for s in range(st.players) if has(st, s, "shield"))
    if ev.blockable and holders:  # AND-74
        turn.ask(st, BlockEvent(holders[0], card, holders[1:], resume, finder))
        return None
    return card


def block(st: AndorState) -> BlockEvent:
    """AND-74: the shield holder blocks the card; the decision answered."""
    d = st.decisions.pop()
    assert isinstance(d, BlockEvent)
    item = has(st, d.seat, "shield")
    assert item is not None
    use_up(st, d.seat, item)
    st._emit("event_blocked", seat=d.seat, card=d.card)
    return d


def let_happen(st: AndorState) -> BlockEvent | None:
    """The holder lets the card happen: the next holder is asked (None), or the decision
    answered is returned and its card is to be resolved."""
    d = st.decisions.pop()
    assert isinstance(d, BlockEvent)
    if d.holders:
        turn.ask(st, BlockEvent(d.holders[0], d.card, d.holders[1:], d.resume, d.finder))
        return None
    return d


def resolve(st: AndorState, card: str) -> tuple[str, int] | None:
    """Apply an event card's effect (meeple's own deck, content/events.toml); a creature the
    card places is returned, as (kind, region), for :mod:`.actions` to place."""
    ev = st.game.content.events[card]
    eff, amt = ev.effect, ev.amount
    n = st.players
    if eff in ("willpower", "gold"):
        for s in range(n):
            if _applies(st, s, ev.where):
                if eff == "willpower":
                    gain_willpower(st, s, amt)
                else:
                    st.gold[s] = max(0, st.gold[s] + amt)
    elif eff == "willpower_lowest":
        s = min(range(n), key=lambda k: (st.willpower[k], k))
        gain_willpower(st, s, amt)
    elif eff == "strength_lowest":
        s = min(range(n), key=lambda k: (st.strength[k], k))
        gain_strength(st, s, amt)
    elif eff == "place":
        assert ev.region is not None  # checked when the content loads
        return ev.kind, ev.region
    elif eff == "wells_empty":
        st.wells_full = frozenset()
    elif eff == "hours_lost":
        st.next_day_hours = amt
    elif eff == "creature_bonus":
        st.creature_bonus = amt
    elif eff == "farmer":
        assert ev.region is not None
        board.add_farmers(st, ev.region, 1)
    return None


def _applies(st: AndorState, s: int, where: str) -> bool:
    if where == "all":
        return True
    if where == "well":
        return st.position[s] in st.game.wells
    kind, _, arg = where.partition(":")
    if kind == "terrain":
        return st.game.terrain[st.position[s]] in arg.split(",")
    return st.willpower[s] > int(arg)  # above:<n>
