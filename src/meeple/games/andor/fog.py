"""Fog tokens (AND-68/69): face down on the fog regions, each acting once where a move ends."""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from .heroes import add_item, gain_strength, gain_willpower, has, restock, room_for

if TYPE_CHECKING:
    from .state import AndorState


def deal(st: AndorState, regions: Iterable[int]) -> None:
    """In a world (:class:`~.state.AndorWorld`), the face-down tokens lie in a fixed order that
    says nothing of the true one (:func:`.view.determinize`); the first time one of
    ``regions`` is looked at, it takes a token drawn at random from those still face down.
    Drawn one by one as they are turned up, this is a shuffle done lazily (Fisher-Yates): a
    world pays only for the tokens its play turns up."""
    fog = st.fog
    seen = st.fog_seen
    down = [r for r in fog if r not in seen]
    rng = st.rng
    for r in regions:
        if r not in seen and len(down) > 1:
            j = down[rng.below(len(down))]
            fog[r], fog[j] = fog[j], fog[r]
            down.remove(r)


def activate(st: AndorState, seat: int) -> str:
    """AND-68/69: the token where a move ends acts once and leaves the game.

    Returns its effect; a gor or an event card is for :mod:`.actions` to bring on.
    """
    here = st.position[seat]
    if st.loose:
        deal(st, (here,))
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
