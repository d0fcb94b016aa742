"""Green cards: locations, their income and their shops (GAH-17, GAH-20..GAH-24)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from . import cards
from .content import GREEN, RED, Service
from .params import MAX_LOCATIONS, SET_BONUS
from .turn import gain

if TYPE_CHECKING:
    from .state import GrabHitState


def income(st: GrabHitState, seat: int) -> int:
    """GAH-20, GAH-22: phase-2 income of a seat's locations with the set bonuses."""
    locs = st.locations[seat]
    if len(locs) > MAX_LOCATIONS:
        return 0
    total = 0
    worlds: dict[str, int] = {}
    levels: dict[int, int] = {}
    for c in locs:
        loc = cards.location(st, c)
        total += loc.income
        worlds[loc.world] = worlds.get(loc.world, 0) + 1
        levels[loc.level] = levels.get(loc.level, 0) + 1
    for n in (*worlds.values(), *levels.values()):
        total += SET_BONUS[n]
    return total


def shop_card(st: GrabHitState, shop: str) -> int:
    """The location card of a shop (GAH-23)."""
    return st.game.content.shops[shop]


def owner(st: GrabHitState, card: int) -> int | None:
    """The seat holding location ``card``, or None."""
    for s in range(st.players):
        if card in st.locations[s]:
            return s
    return None


def shop_on_table(st: GrabHitState, shop: str) -> bool:
    """GAH-23: a shop can be visited while it is owned or at auction."""
    c = shop_card(st, shop)
    return owner(st, c) is not None or any(lot[0] == c for lot in st.lots)


def buy(st: GrabHitState, seat: int, card: int) -> None:
    """GAH-17: pay the price and hold the location."""
    st.gold[seat] -= cards.location(st, card).price
    st.locations[seat] = (*st.locations[seat], card)
    st._emit("buy", seat=seat, card=cards.card_name(st, card))


def discard(st: GrabHitState, seat: int, card: int) -> None:
    """GAH-21: the sixth location forces a discard in phase 4."""
    st.locations[seat] = tuple(c for c in st.locations[seat] if c != card)
    st.discard[GREEN].append(card)
    st._emit("discard", seat=seat, card=cards.card_name(st, card))


#: The argument of a service that needs no card.
NO_CARD = -1


def services(st: GrabHitState, seat: int, restricted: bool) -> list[tuple[int, int]]:
    """GAH-23, GAH-24, GAH-40: (service, card or NO_CARD) of each shop service open to
    ``seat``; from limbo (``restricted``) only the witch's shop."""
    out: list[tuple[int, int]] = []
    if not st.lots and not any(st.locations):  # no location on the table: no shop open
        return out
    gold, visited = st.gold[seat], st.visited
    content = st.game.content
    table: set[int] | None = None  # the locations on the table, held or at auction
    for i, sv in enumerate(content.services):
        shop = sv.shop
        if gold < sv.fee or shop in visited or (restricted and shop != "witch"):
            continue
        if table is None:
            table = {lot[0] for lot in st.lots}
            for held in st.locations:
                table.update(held)
        if content.shops[shop] in table:
            out += [(i, arg) for arg in _service_args(st, seat, sv)]
    return out


def _service_args(st: GrabHitState, seat: int, sv: Service) -> list[int]:
    kind = sv.kind
    if kind == "buy_scroll" and cards.can_draw(st, RED):
        return [NO_CARD]
    if kind == "lift_curse":
        return [c for c in st.scrolls[seat] if cards.kind(st, c) == "curse"]
    if kind == "repair_weapon":
        return cards.worn(st, seat)
    if (kind == "repair_armour" and st.armour[seat] < cards.max_armour(st, seat)) or (
            kind == "heal" and st.life[seat] < cards.max_life(st, seat)):
        return [NO_CARD]
    return []


def visit(st: GrabHitState, seat: int, service: int) -> Service:
    """GAH-23: pay the fee to the shop's owner (the bank if none); the service paid for."""
    sv = st.game.content.services[service]
    st.visited = (*st.visited, sv.shop)
    st.gold[seat] -= sv.fee
    held_by = owner(st, shop_card(st, sv.shop))
    st._emit("visit", seat=seat, shop=sv.shop, service=sv.kind, owner=held_by)
    if held_by is not None and held_by != seat:
        gain(st, held_by, sv.fee)
    return sv


def lift(st: GrabHitState, seat: int, curse: int) -> None:
    """GAH-24: the witch lifts a lasting curse (GAH-27) off the adventurer."""
    st.scrolls[seat] = tuple(c for c in st.scrolls[seat] if c != curse)
    st.discard[RED].append(curse)


def heal(st: GrabHitState, seat: int, amount: int) -> None:
    """GAH-24: a hot meal restores life, never above the maximum."""
    st.life[seat] = min(cards.max_life(st, seat), st.life[seat] + amount)
