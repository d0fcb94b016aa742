"""Fog tokens (AND-68/69): face down on the fog regions, each acting once where a move ends."""

from __future__ import annotations

from typing import TYPE_CHECKING

from .heroes import add_item, gain_strength, gain_willpower, has, restock, room_for

if TYPE_CHECKING:
    from .state import AndorState


def activate(st: AndorState, seat: int) -> str:
    """AND-68/69: the token where a move ends acts once and leaves the game.

    Returns its effect; a gor or an event card is for :mod:`.actions` to bring on.
    """
    here = st.position[seat]
    token = st.fog.pop(here)
    st.fog_seen = st.fog_seen - {here}
    fog = next(f for f in st.game.content.fog if f.id == token)
    st._emit("fog", seat=seat, region=here, token=token)
    eff = fog.effect
    if eff == "gold":
        st.gold[seat] += fog.amount
    elif eff == "strength":
        gain_strength(st, seat, fog.amount)
    elif eff == "willpower":
        gain_willpower(st, seat, fog.amount)
    elif eff == "wineskin":
        if st.stock["wineskin"] > 0 and room_for(st, seat, "wineskin"):
            restock(st, "wineskin", -1)
            add_item(st, seat, "wineskin")
    elif eff == "witch":
        st.witch = here
        if st.stock["brew"] > 0 and room_for(st, seat, "brew") and has(st, seat, "brew") is None:
            restock(st, "brew", -1)
            add_item(st, seat, "brew")
    return eff
