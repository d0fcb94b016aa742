"""What each seat may know of a High in the Heavens state (JSON-able); the worlds it cannot tell
apart from the true one are made in :mod:`.worlds`.

A view holds ids, hex labels and numbers, never words: cards, pantheons, bases, rings, the map
and the layout are named by their catalogue ids (``lookup.catalogue``).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, NotRequired, TypedDict

from meeple.core.views import BaseView, GameKeys

from .content import map_info, rings
from .decisions import Acquire, ChooseTarget
from .figures import locked
from .lookup import base_id
from .rings import ARMOUR, ATTACK, FALLEN, HEALTH, HEX, POISON, STUN
from .turn import Phase, Step

if TYPE_CHECKING:
    from .state import HeavensState


class SideView(TypedDict):
    """One pantheon: its seats, its base (a hex and its health) and its piles."""

    pantheon: str  # the pantheon's id
    base_id: str  # the catalogue id of its base
    seats: list[int]
    base: str  # the base's hex
    base_health: int
    summoning: list[str]  # its summoning hexes (HVN-13)
    deck: int  # cards left in the deck
    discard: list[str]  # HVN-20: the discard pile, public, in the order the cards went there
    summoned: int  # characters summoned so far (HVN-43)
    held: bool  # HVN-43: its gods may not leave its summoning hexes yet
    gods: list[str]  # the pantheon's characters in card order (the map's codes follow it)


class HandView(TypedDict):
    """A seat's hand: how many cards, and which ones to its own side (HVN-52)."""

    seat: int
    count: int
    cards: list[str] | None


class UnitView(TypedDict):
    """A character on the Heavens, standing or fallen, with its rings."""

    card: str
    side: int
    hex: str
    health: int
    max_health: int
    armour: int
    attack: int
    poison: int
    incapacitated: bool
    trapped: int  # the strength of the trap under it
    fallen: bool


class DroppedView(TypedDict):
    """Bonus rings a fallen character dropped on a hex (HVN-41)."""

    armour: int
    attack: int


class PendingView(TypedDict):
    """The decision inside an action, with the card it is about."""

    kind: Literal["move", "acquire", "target"]
    card: str
    source: NotRequired[str | None]  # a target's: the character using its ability, or None
    hex: NotRequired[str]  # an acquisition's: where the rings lie


class VariantsView(TypedDict):
    """The variants in play (HVN-44, HVN-45, HVN-53)."""

    omnipotence: bool
    rolling_runes: bool
    max_rounds: int


class MapView(TypedDict):
    """The field's shape, its central hexes and the zones each seat moves in (HVN-51)."""

    radius: int
    centre_length: int
    central: list[str]
    zones: list[list[int] | None]


class Field(TypedDict):
    """The keys only this game's view has: the Heavens and both pantheons as one seat sees
    them."""

    layout: str
    round: int
    turn: int
    active: int
    tokens: int
    tokens_per_turn: list[int]
    sides: list[SideView]
    hands: list[HandView]
    units: list[UnitView]
    traps: dict[str, int]
    architecture: dict[str, int]
    dropped: dict[str, DroppedView]
    box: dict[str, int]
    pending: PendingView | None
    variants: VariantsView
    map: MapView


class Keys(GameKeys, Field):
    """What ``view(st, seat)`` returns: the keys every game's view gives and the field."""

    phase: Phase
    step: Step


class View(Keys, BaseView):
    """The whole view a reader receives: the game's keys and what the base adds."""


def _step(st: HeavensState, pending: PendingView | None) -> Step:
    if st.phase == "over":
        return "over"
    if st.phase == "cleanup":
        return "discard"
    return "choose action" if pending is None else pending["kind"]


def view(st: HeavensState, seat: int | None) -> Keys:
    """The public state plus ``seat``'s own hand and its team-mates' (HVN-52)."""
    g, b = st.game, st.game.board
    lab = b.labels
    my_side = g.side_of[seat] if seat is not None else None
    sides: list[SideView] = [{
        "pantheon": g.pantheon_ids[side],
        "base_id": base_id(g.pantheon_ids[side]),
        "seats": list(g.team[side]),
        "base": lab[b.base[side]],
        "base_health": st.base_health[side],
        "summoning": [lab[h] for h in b.summon[side]],
        "deck": len(st.deck[side]),
        "discard": [g.ids[c] for c in st.discard[side]],
        "summoned": st.summons[side],
        "held": locked(st, side),
        "gods": [g.ids[c] for c in g.side_cards[side] if g.is_character[c]],
    } for side in (0, 1)]
    hands: list[HandView] = []
    for s in range(st.players):
        visible = my_side is not None and g.side_of[s] == my_side
        hands.append({"seat": s, "count": len(st.hands[s]),
                      "cards": sorted(g.ids[c] for c in st.hands[s]) if visible else None})
    units = _units(st)
    mine, on_table = _owned(st, seat, sides, hands, units)
    pending = _pending(st)
    return {
        "phase": st.phase,
        "step": _step(st, pending),
        "mine": mine,
        "on_table": on_table,
        "layout": g.config["layout"],
        "round": st.rounds + 1,
        "turn": st.turn,
        "active": st.active,
        "tokens": st.tokens,
        "tokens_per_turn": list(g.tokens),
        "sides": sides,
        "hands": hands,
        "units": units,
        "traps": {lab[h]: n for h, n in sorted(st.traps.items())},
        "architecture": {lab[h]: n for h, n in sorted(st.architecture.items())},
        "dropped": {lab[h]: {"armour": d[0], "attack": d[1]}
                    for h, d in sorted(st.dropped.items())},
        "box": dict(st.box),
        "pending": pending,
        "variants": {"omnipotence": g.config["omnipotence"],
                     "rolling_runes": g.config["rolling_runes"],
                     "max_rounds": g.config["max_rounds"]},
        "map": _map(st),
    }


def _units(st: HeavensState) -> list[UnitView]:
    """Every character on the Heavens, by card id."""
    g, lab = st.game, st.game.board.labels
    out: list[UnitView] = []
    for c in sorted(st.units, key=lambda c: g.ids[c]):
        u = st.units[c]
        out.append({
            "card": g.ids[c], "side": g.card_side[c], "hex": lab[u[HEX]],
            "health": u[HEALTH], "max_health": g.health[c], "armour": u[ARMOUR],
            "attack": u[ATTACK], "poison": u[POISON], "incapacitated": u[STUN] >= 0,
            "trapped": st.traps.get(u[HEX], 0) if not u[FALLEN] else 0,
            "fallen": bool(u[FALLEN]),
        })
    return out


def _owned(st: HeavensState, seat: int | None, sides: list[SideView], hands: list[HandView],
           units: list[UnitView]) -> tuple[list[str], list[str]]:
    """``mine``: the seat's hand, its pantheon and base, its side's characters on the Heavens.
    ``on_table``: every other catalogue id the seat sees — the other pantheon and base and
    their characters, the discard piles, a team-mate's hand, the map, the layout, the rings."""
    mine: list[str] = []
    if seat is not None:
        side = st.game.side_of[seat]
        mine += next(h["cards"] or [] for h in hands if h["seat"] == seat)
        mine += [sides[side]["pantheon"], sides[side]["base_id"]]
        mine += [u["card"] for u in units if u["side"] == side]
    seen = [x for s in sides for x in (s["pantheon"], s["base_id"])]
    seen += [u["card"] for u in units]
    seen += [c for s in sides for c in s["discard"]]
    seen += [c for h in hands if h["seat"] != seat for c in h["cards"] or ()]
    seen += [map_info().id, st.game.config["layout"], *(r.id for r in rings())]
    owned = set(mine)
    return mine, [x for x in dict.fromkeys(seen) if x not in owned]


def _map(st: HeavensState) -> MapView:
    """The field's shape (columns either side of the centre, hexes in the central column), its
    four central hexes, and the zones each seat moves in (None: anywhere; HVN-51)."""
    info = map_info()
    return {"radius": info.radius, "centre_length": info.centre_length,
            "central": sorted(info.central),
            "zones": [None if z is None else sorted(z) for z in st.game.zones]}


def _pending(st: HeavensState) -> PendingView | None:
    """The decision inside an action being taken, with the card it is about."""
    if not st.decisions:
        return None
    top, ids = st.decisions[-1], st.game.ids
    if isinstance(top, ChooseTarget):
        return {"kind": "target", "card": ids[top.card],
                "source": None if top.source is None else ids[top.source]}
    if isinstance(top, Acquire):
        return {"kind": "acquire", "card": ids[top.card],
                "hex": st.game.board.labels[top.hex]}
    return {"kind": "move", "card": ids[top.card]}
