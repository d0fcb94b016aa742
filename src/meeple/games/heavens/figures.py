"""Figures on the Heavens (HVN-7, HVN-32, HVN-41..43, HVN-51): entering, moving, falling,
leaving, and the hexes a figure may not enter.

A summoned character is a unit record keyed by its card (see :mod:`.rings` for its slots);
``at`` maps a hex to the character standing there and ``fallen_at`` to the one lying there.
Like :mod:`.rings` and :mod:`.cards`, this module is bookkeeping every mechanic shares: it
imports no mechanic and no turn machinery.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import characters_left, to_discard
from .rings import ARMOUR, ATTACK, HEALTH, HEX, NOT_STUNNED, POISON, STUN, give_back, set_unit, take

if TYPE_CHECKING:
    from .state import HeavensState

#: HVN-43: the summoning hexes hold a pantheon's characters until it has summoned this many.
SUMMONS_TO_UNLOCK = 2


def locked(st: HeavensState, side: int) -> bool:
    """HVN-43: until two characters were summoned none may leave the summoning hexes.

    The lock also lifts when the pantheon has no character left to summon, or a lone
    character would be held on its summoning hex for the rest of the game.
    """
    if st.summons[side] >= SUMMONS_TO_UNLOCK:
        return False
    return characters_left(st, side)


def may_enter(st: HeavensState, seat: int, frm: int, to: int) -> bool:
    """Movement limits: the summoning-hex lock and the four-player zones."""
    g, b = st.game, st.game.board
    side = g.side_of[seat]
    zones = g.zones[seat]
    if zones is not None and (b.zone[frm] not in zones or b.zone[to] not in zones):
        return False  # HVN-51
    return not (locked(st, side) and frm in b.summon[side] and to not in b.summon[side])


def summon(st: HeavensState, seat: int, c: int, h: int) -> None:
    """HVN-32: the character enters with as many health rings as its card shows."""
    g = st.game
    side = g.side_of[seat]
    take(st, "red", g.health[c])
    st.units[c] = (h, g.health[c], 0, 0, 0, NOT_STUNNED, 0)
    _arrive(st, c, h)
    s0, s1 = st.summons
    st.summons = (s0 + 1, s1) if side == 0 else (s0, s1 + 1)
    st._emit("summoned", card=g.ids[c], hex=g.board.labels[h], seat=seat)


def relocate(st: HeavensState, c: int, h: int) -> None:
    """Move a standing character straight to ``h`` (one step, or a leap)."""
    at = st.at
    del at[st.units[c][HEX]]
    if h in st.fallen_at:  # as _arrive, written out: a move's every step comes here
        remove_fallen(st, st.fallen_at[h], "defeated")
    units = st.units
    units[c] = (h, *units[c][1:])  # set_unit(st, c, HEX, h): the hex is the record's first slot
    at[h] = c
    st._emit("moved", card=st.game.ids[c], hex=st.game.board.labels[h])


def _arrive(st: HeavensState, c: int, h: int) -> None:
    """A character enters a hex; a fallen one lying there is defeated (HVN-42)."""
    f = st.fallen_at.get(h)
    if f is not None:
        remove_fallen(st, f, "defeated")
    units = st.units
    units[c] = (h, *units[c][1:])  # set_unit(st, c, HEX, h): the hex is the record's first slot
    st.at[h] = c


def can_act(st: HeavensState, c: int) -> bool:
    """HVN-3, HVN-5: incapacitated or trapped characters take no actions."""
    u = st.units[c]
    return u[STUN] < 0 and u[HEX] not in st.traps


def hurt(st: HeavensState, c: int, n: int, pierce: bool = False) -> int:
    """HVN-7: armour absorbs one damage per ring unless the attack pierces it."""
    if not pierce:
        n -= st.units[c][ARMOUR]
    if n <= 0:
        st._emit("absorbed", card=st.game.ids[c])
        return 0
    st._emit("damaged", card=st.game.ids[c], amount=n)
    return lose_health(st, c, n)


def lose_health(st: HeavensState, c: int, n: int) -> int:
    """Health rings go back to the box; a character without any falls. Returns the loss."""
    u = st.units[c]
    n = min(n, u[HEALTH])
    give_back(st, "red", n)
    if n < u[HEALTH]:
        set_unit(st, c, HEALTH, u[HEALTH] - n)
    else:
        _fall(st, c)
    return n


def _fall(st: HeavensState, c: int) -> None:
    """HVN-41: the character falls; bonus rings drop where it lies."""
    u = st.units[c]
    h = u[HEX]
    del st.at[h]
    if u[POISON]:
        give_back(st, "green", u[POISON])
    if u[STUN] >= 0:  # HVN-3: a stunned character carries one black ring
        give_back(st, "black", 1)
    if u[ARMOUR] or u[ATTACK]:
        arm, atk = st.dropped.get(h, (0, 0))
        st.dropped[h] = (arm + u[ARMOUR], atk + u[ATTACK])
    st.units[c] = (h, 0, 0, 0, 0, NOT_STUNNED, 1)
    st.fallen_at[h] = c
    st._emit("fallen", card=st.game.ids[c], hex=st.game.board.labels[h])


def remove_fallen(st: HeavensState, c: int, how: str) -> None:
    """HVN-38, HVN-42: a fallen character leaves the Heavens; its card is discarded."""
    g = st.game
    h = st.units.pop(c)[HEX]
    st.fallen_at.pop(h, None)
    to_discard(st, g.card_side[c], c)
    st._emit(how, card=g.ids[c], hex=g.board.labels[h])
