"""What each seat may know of a High in the Heavens state (JSON-able), and the worlds it cannot
tell apart from the true one."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.components import deck
from meeple.core import Rng

from .cards import set_deck, set_hand
from .content import map_info
from .decisions import Acquire, ChooseTarget
from .lookup import base_name
from .rings import ARM, ATK, FALLEN, HEX, HP, PSN, STUN

if TYPE_CHECKING:
    from .state import HeavensState


def _step(st: HeavensState) -> str:
    if st.phase == "over":
        return "over"
    if st.phase == "cleanup":
        return "discard"
    if st.decisions:
        return st.decisions[-1].kind
    return "choose action"


def view(st: HeavensState, seat: int | None) -> dict[str, Any]:
    """The public state plus ``seat``'s own hand and its team-mates' (HVN-52)."""
    g, b = st.game, st.game.board
    lab = b.labels
    my_side = g.side_of[seat] if seat is not None else None
    sides = []
    for side in (0, 1):
        sides.append({
            "pantheon": g.pantheon_ids[side],
            "name": g.pantheon_names[side],
            "name_ru": g.pantheon_names_ru[side],
            "base_name": base_name(g.pantheon_ids[side], "en"),
            "base_name_ru": base_name(g.pantheon_ids[side], "ru"),
            "seats": list(g.team[side]),
            "base": lab[b.base[side]],
            "base_health": st.base_hp[side],
            "summoning": [lab[h] for h in b.summon[side]],
            "deck": len(st.deck[side]),
            "discard": [g.ids[c] for c in st.discard[side]],  # HVN-20: order kept, public
            "summoned": st.summons[side],
        })
    hands = []
    for s in range(st.players):
        visible = my_side is not None and g.side_of[s] == my_side
        hands.append({"seat": s, "count": len(st.hands[s]),
                      "cards": sorted(g.ids[c] for c in st.hands[s]) if visible else None})
    units = []
    for c in sorted(st.units, key=lambda c: g.ids[c]):
        u = st.units[c]
        units.append({
            "card": g.ids[c], "side": g.card_side[c], "hex": lab[u[HEX]],
            "health": u[HP], "max_health": g.health[c], "armour": u[ARM], "attack": u[ATK],
            "poison": u[PSN], "incapacitated": u[STUN] >= 0,
            "trapped": st.trap.get(u[HEX], 0) if not u[FALLEN] else 0,
            "fallen": bool(u[FALLEN]),
        })
    return {
        "phase": st.phase,
        "step": _step(st),
        "layout": g.config["layout"],
        "round": st.rounds + 1,
        "turn": st.turn,
        "active": st.active,
        "tokens": st.tokens,
        "tokens_per_turn": list(g.tokens),
        "sides": sides,
        "hands": hands,
        "units": units,
        "traps": {lab[h]: n for h, n in sorted(st.trap.items())},
        "architecture": {lab[h]: n for h, n in sorted(st.arch.items())},
        "dropped": {lab[h]: {"armour": d[0], "attack": d[1]}
                    for h, d in sorted(st.drop.items())},
        "box": dict(st.box),
        "pending": _pending(st),
        "variants": {k: g.config[k] for k in ("omnipotence", "rolling_runes", "max_rounds")},
        "map": _map(st),
    }


def _map(st: HeavensState) -> dict[str, Any]:
    """The field's shape (columns either side of the centre, hexes in the central column), its
    four central hexes, and the zones each seat moves in (None: anywhere; HVN-51)."""
    info = map_info()
    return {"radius": info.radius, "centre_length": info.centre_length,
            "central": sorted(info.central),
            "zones": [None if z is None else sorted(z) for z in st.game.zones]}


def _pending(st: HeavensState) -> dict[str, Any] | None:
    """The decision inside an action being taken, with the card it is about."""
    if not st.decisions:
        return None
    top, ids = st.decisions[-1], st.game.ids
    if isinstance(top, ChooseTarget):
        return {"kind": top.kind, "card": ids[top.card],
                "source": None if top.source is None else ids[top.source]}
    if isinstance(top, Acquire):
        return {"kind": top.kind, "card": ids[top.card], "hex": st.game.board.labels[top.hex]}
    return {"kind": top.kind, "card": ids[top.card]}


def determinize(st: HeavensState, seat: int, rng: Rng) -> None:
    """Re-deal what ``seat`` cannot see: its own deck's order, the other side's deck and hands."""
    g = st.game
    side = g.side_of[seat]
    own = list(st.deck[side])
    deck.reshuffle(own, rng)  # the order of one's own deck is unknown
    set_deck(st, side, own)
    other = 1 - side
    hidden = [list(st.deck[other]), *(list(st.hands[s]) for s in g.team[other])]
    deck.resample(hidden, rng)
    set_deck(st, other, hidden[0])
    for s, hand in zip(g.team[other], hidden[1:], strict=True):
        set_hand(st, s, hand)
