"""What each seat may know of a High in the Heavens state (JSON-able)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .effects import ARM, ATK, FALLEN, HEX, HP, PSN, STUN

if TYPE_CHECKING:
    from .state import HeavensState


def _step(st: HeavensState) -> str:
    if st.phase == "over":
        return "over"
    if st.phase == "cleanup":
        return "discard"
    if st.pending:
        return {"move": "move", "acquire": "acquire", "target": "target"}[st.pending[-1][0]]
    return "choose action"


def view(st: HeavensState, seat: int | None) -> dict[str, Any]:
    """The public state plus ``seat``'s own hand and its team-mates' (HVN-52)."""
    g, b = st.game, st.board
    lab = b.labels
    my_side = g.side_of[seat] if seat is not None else None
    sides = []
    for side in (0, 1):
        sides.append({
            "pantheon": g.pantheon_ids[side],
            "name": g.pantheon_names[side],
            "name_ru": g.pantheon_names_ru[side],
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
    pending: dict[str, Any] | None = None
    if st.pending:
        top = st.pending[-1]
        if top[0] in ("move", "acquire"):
            pending = {"kind": top[0], "card": g.ids[top[1]]}
        else:
            pending = {"kind": "target", "card": g.ids[top[2]],
                       "source": g.ids[top[1]] if top[1] >= 0 else None}
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
        "pending": pending,
        "variants": {k: g.config[k] for k in ("omnipotence", "rolling_runes", "max_rounds")},
    }
