"""What ``restore`` checks that only High in the Heavens knows: cards, hexes and rings exist."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core.validate import in_range, refuse

from .decisions import Acquire, ChooseTarget, Move

if TYPE_CHECKING:
    from .state import HeavensState

#: Two pantheons, each with a deck and a discard pile.
SIDES = 2
#: The largest count any ring, health or stun field may hold in a restored state.
LIMIT = 1000


def validate(st: HeavensState) -> None:
    """Refuse, naming the field, a state no game of these options could reach."""
    g, n = st.game, st.players
    cards, hexes = len(g.ids) - 1, len(g.board.coords) - 1
    if len(st.deck) != SIDES or len(st.discard) != SIDES or len(st.hands) != n:
        refuse("hands", "two decks, two discard piles and a hand per seat")
    for name in ("deck", "hands", "discard"):
        in_range(st, name, 0, cards, keys=True)
    in_range(st, "units", 0, cards, keys=True, value=tuple(st.units))
    _units(st, hexes)
    for name in ("traps", "architecture", "dropped"):
        in_range(st, name, 0, hexes, keys=True, value=tuple(getattr(st, name)))
        in_range(st, name, 0, LIMIT, value=tuple(getattr(st, name).values()))
    if set(st.box) != set(g.ring_counts):
        refuse("box", f"the rings are {', '.join(g.ring_counts)}")
    in_range(st, "box", 0, LIMIT)
    in_range(st, "base_health", -LIMIT, LIMIT)
    in_range(st, "summons", 0, LIMIT)
    in_range(st, "order_position", 0, len(g.order) - 1)
    in_range(st, "start_position", 0, len(g.order) - 1)
    in_range(st, "active", 0, n - 1)
    if st.winner is not None:
        in_range(st, "winner", 0, 1)
    for name in ("turn", "rounds", "tokens"):
        in_range(st, name, 0, 100_000)
    _decisions(st, cards, hexes)


#: A unit is (hex, health, armour, attack, poison, stun turn, fallen).
UNIT_FIELDS = 7


def _units(st: HeavensState, hexes: int) -> None:
    """Each unit lies or stands on a hex of the board, and ``at``/``fallen_at`` agree."""
    for c, u in st.units.items():
        if (len(u) != UNIT_FIELDS or not 0 <= u[0] <= hexes
                or not all(-LIMIT <= x <= LIMIT for x in u)):
            refuse(f"units[{c}]", f"{u!r} is not (hex, health, armour, attack, poison, "
                   "stun turn, fallen)")
    for name in ("at", "fallen_at"):
        for h, c in getattr(st, name).items():
            if not 0 <= h <= hexes or c not in st.units or st.units[c][0] != h:
                refuse(f"{name}[{h}]", f"no unit {c} stands on hex {h}")
    for c, u in st.units.items():  # each unit stands or lies on its hex, once
        if (st.at.get(u[0]) == c) == (st.fallen_at.get(u[0]) == c):
            refuse(f"units[{c}]", f"is on hex {u[0]}, but neither at nor fallen_at "
                   "holds it there once")


def _decisions(st: HeavensState, cards: int, hexes: int) -> None:
    """Every pending decision is the active seat's and names cards and hexes that exist."""
    for i, d in enumerate(st.decisions):
        path = f"decisions[{i}]"
        if d.seat != st.active:
            refuse(path, f"{d!r} is not the active seat's decision")
        card_ids = [d.card] if not isinstance(d, ChooseTarget) or d.source is None else [
            d.card, d.source]
        if not all(0 <= c <= cards for c in card_ids):
            refuse(path, f"{d!r} names no card of this game")
        if isinstance(d, Acquire) and not 0 <= d.hex <= hexes:
            refuse(path, f"{d!r} names no hex of the map")
        if isinstance(d, Move) and not all(0 <= h <= hexes for h in d.visited):
            refuse(path, f"{d!r} names no hex of the map")
        if isinstance(d, Move | Acquire) and not all(
                -LIMIT <= x <= LIMIT for x in (getattr(d, "left", 0), d.taken)):
            refuse(path, f"{d!r} counts out of range")
