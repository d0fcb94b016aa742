"""Event cards (AND-27, 74, 85): drawn at sunrise and by fog; a shield may block one."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.components import pile
from meeple.core import Action

from . import creatures, day, free, sunrise
from .decisions import BlockEvent
from .heroes import gain_sp, gain_wp, has, use_up

if TYPE_CHECKING:
    from .state import AndorState

BLOCK = Action("block the event with the shield", ("block",))
ALLOW = Action("let it happen", ("allow",))


def draw(st: AndorState, resume: str, finder: int | None) -> None:
    """AND-27/85: draw an event card; a blockable one may be stopped by a shield.

    Nobody sees the deck's order or changes it, so it is kept as the cards it still holds
    (:mod:`meeple.components.pile`) and the card is chosen when it is drawn.
    """
    if not st.deck:  # AND-85: the discard pile becomes the deck again
        st.deck, st.discard = pile.new(st.discard), ()
    card = pile.draw(st.deck, st.rng)
    st.discard = (*st.discard, card)
    st.last_event = card
    st._emit("event", card=card)
    ev = st.game.c.events[card]
    holders = tuple(s for s in range(st.players) if has(st, s, "shield"))
    if ev.blockable and holders:  # AND-74
        st.decisions.append(BlockEvent(holders[0], card, holders[1:], resume, finder))
        st.to_act = holders[0]
        return
    resolve(st, card)


def actions(st: AndorState) -> list[Action]:
    """A shield holder decides whether to block the event."""
    return [BLOCK, ALLOW]


def apply(st: AndorState, action: Action) -> None:
    """Block with a shield, or let the next holder decide; then resume."""
    d = st.decisions.pop()
    assert isinstance(d, BlockEvent)
    if action[1][0] == "block":
        item = has(st, d.seat, "shield")
        assert item is not None
        use_up(st, d.seat, item)
        st._emit("event_blocked", seat=d.seat, card=d.card)
    elif d.holders:
        st.decisions.append(BlockEvent(d.holders[0], d.card, d.holders[1:], d.resume, d.finder))
        st.to_act = d.holders[0]
        return
    else:
        resolve(st, d.card)
    if st.outcome:
        return
    if d.resume == "sunrise":
        sunrise.rest(st)
    else:
        st.to_act = d.finder
        day.after_stop(st)


def resolve(st: AndorState, card: str) -> None:
    """Apply an event card's effect (meeple's own deck, content/events.toml)."""
    ev = st.game.c.events[card]
    eff, amt = ev.effect, ev.amount
    n = st.players
    if eff in ("willpower", "gold"):
        for s in range(n):
            if _applies(st, s, ev.where):
                if eff == "willpower":
                    gain_wp(st, s, amt)
                else:
                    st.gold[s] = max(0, st.gold[s] + amt)
    elif eff == "willpower_lowest":
        s = min(range(n), key=lambda k: (st.wp[k], k))
        gain_wp(st, s, amt)
    elif eff == "strength_lowest":
        s = min(range(n), key=lambda k: (st.sp[k], k))
        gain_sp(st, s, amt)
    elif eff == "place":
        assert ev.region is not None  # checked when the content loads
        creatures.place(st, ev.kind, ev.region)
    elif eff == "wells_empty":
        st.wells_full = frozenset()
    elif eff == "hours_lost":
        st.next_day_hours = amt
    elif eff == "creature_bonus":
        st.creature_bonus = amt
    elif eff == "farmer":
        assert ev.region is not None
        free.add_farmers(st, ev.region, 1)


def _applies(st: AndorState, s: int, where: str) -> bool:
    if where == "all":
        return True
    if where == "well":
        return st.pos[s] in st.game.wells
    kind, _, arg = where.partition(":")
    if kind == "terrain":
        return st.game.terrain[st.pos[s]] in arg.split(",")
    return st.wp[s] > int(arg)  # above:<n>
