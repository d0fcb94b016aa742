"""The view of a Grab and Hit state: all is open but the order of the decks (GAH-53, GAH-67)."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .content import COLOURS

if TYPE_CHECKING:
    from .state import GrabHitBase


def _card(st: GrabHitBase, c: int) -> dict[str, Any]:
    card = st.T.cards[c]
    return {"id": card.entry.id, "name": card.entry.name, "name_ru": card.entry.name_ru,
            "kind": card.kind}


def _step(st: GrabHitBase) -> str:
    if st.phase == "over":
        return "over"
    if st.pending:
        return str(st.pending[-1][0])
    if st.phase == "1":
        return "spin"
    if st.phase == "4":
        return "limbo" if 4 in st.lost else "free actions"
    if st.phase == "5":
        return "choose weapon" if st.p5_weapon == -2 else "hit"
    return st.phase


def _sector(st: GrabHitBase, i: int) -> dict[str, Any] | None:
    if i < 0:
        return None
    s = st.T.sectors[i]
    return {"index": i, "value": s.value, "colours": list(s.colours), "symbols": list(s.symbols)}


def _player(st: GrabHitBase, s: int) -> dict[str, Any]:
    a = st.adv[s]
    adv = st.T.adventurers[a] if a >= 0 else None
    weapons = []
    for h in st.weapons[s]:
        dmg, spd, dur, pierce = st.weapon_stats(h)
        w = st.weapon_entry(h[0])
        weapons.append({
            "id": w.id, "name": w.name, "name_ru": w.name_ru, "class": w.weapon_class,
            "damage": dmg, "speed": spd, "durability": h[1], "max_durability": dur,
            "pierce": pierce, "blueprints": [_card(st, b) for b in h[2]],
        })
    kinds = [st.T.cards[c].kind for c in st.upg[s]]
    return {
        "seat": s,
        "adventurer": adv.id if adv else None,
        "name": adv.name if adv else None,
        "name_ru": adv.name_ru if adv else None,
        "ability": adv.ability_name if adv else None,
        "ability_ru": adv.ability_name_ru if adv else None,
        "life": st.life[s],
        "max_life": st.max_life(s) if adv else 0,
        "armour": st.armour[s],
        "max_armour": st.max_armour(s) if adv else 0,
        "gold": st.gold[s],
        "weapons": weapons,
        "hand": [_card(st, c) for c in st.hand[s]],
        "upgrades": [_card(st, c) for c, k in zip(st.upg[s], kinds, strict=True)
                     if k == "upgrade"],
        "shields": [_card(st, c) for c, k in zip(st.upg[s], kinds, strict=True)
                    if k == "shield"],
        "curses": [_card(st, c) for c, k in zip(st.upg[s], kinds, strict=True)
                   if k == "curse"],
        "locations": [{**_card(st, c), "world": st.location(c).world,
                       "level": st.location(c).level, "income": st.location(c).income,
                       "shop": st.location(c).shop} for c in st.locs[s]],
        "income": st.income(s) if adv else 0,
        "limbo": st.limbo[s],
        "immune": st.immune[s],
        "dead": st.dead[s],
        "died": st.died[s],
        "defending": s in st.defending and st.players != 3,
    }


def _pending(st: GrabHitBase) -> dict[str, Any] | None:
    if not st.pending:
        return None
    top = st.pending[-1]
    d: dict[str, Any] = {"kind": top[0], "seat": top[1]}
    if top[0] in ("buy",):
        d["card"] = _card(st, top[2])
    elif top[0] == "keep":
        d["cards"] = [_card(st, top[2]), _card(st, top[3])]
    elif top[0] == "colour":
        d["colours"] = [COLOURS[c] for c in top[2]]
    elif top[0] == "shield":
        eff = top[2]
        d["effect"] = {"kind": eff[0], "amount": eff[1], "source": eff[2],
                       "card": _card(st, eff[3]) if eff[3] >= 0 else None, "tag": eff[4]}
    return d


def build_view(st: GrabHitBase, seat: int | None) -> dict[str, Any]:
    """The same open view for every seat: deck sizes, never their order."""
    del seat  # everything but deck order is public
    return {
        "phase": st.phase,
        "step": _step(st),
        "round": st.round,
        "turns": st.turns,
        "current": st.current,
        "first": st.first,
        "gold_target": st.game.config["gold_target"],
        "wheel": _sector(st, st.sector),
        "last_spin": _sector(st, st.last_spin),
        "lost_phases": list(st.lost),
        "ability_used": st.ability_used,
        "attack": {"weapon": (st.cname(st.p5_weapon) if st.p5_weapon >= 0 else
                              "fists" if st.p5_weapon == -1 else None),
                   "hits_left": st.hits_left, "hits_made": st.hits_made,
                   "targets": sorted(set(st.attacked))},
        "players_info": [_player(st, s) for s in range(st.players)],
        "decks": {COLOURS[k]: len(st.deck[k]) for k in range(3)},
        "discards": {COLOURS[k]: [_card(st, c) for c in st.discard[k]] for k in range(3)},
        "auction": [{**_card(st, c), "opening": st.location(c).auction, "bid": b,
                     "bidder": who, "opened_by": o} for c, o, b, who in st.lots],
        "centre": [_card(st, c) for c in st.centre],
        "pending": _pending(st),
    }
