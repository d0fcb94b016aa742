"""What each seat may know of a Grab and Hit state: all is open but the order of the decks
(GAH-53, GAH-67), so every seat gets the same view and ``determinize`` reshuffles the decks."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.core import Rng

from . import cards, hit, locations, weapons
from .content import COLOURS
from .decisions import BuyLocation, ChooseAdventurer, ChooseColour, KeepWeapon, ShieldCheck
from .phases import Phase, label

if TYPE_CHECKING:
    from .state import GrabHitState


def _card(st: GrabHitState, c: int) -> dict[str, Any]:
    card = st.game.T.cards[c]
    return {"id": card.entry.id, "name": card.entry.name, "name_ru": card.entry.name_ru,
            "kind": card.kind}


def step(st: GrabHitState) -> str:
    """The step within the phase: the decision on top of the stack, or the phase's choice."""
    if st.phase == Phase.OVER:
        return "over"
    if st.decisions:
        return st.decisions[-1].kind
    if st.phase == Phase.SPIN:
        return "spin"
    if st.phase == Phase.FREE:
        return "limbo" if Phase.FREE in st.lost else "free actions"
    if st.phase == Phase.HIT:
        return "choose weapon" if st.p5_weapon is None else "hit"
    return label(st.phase)


def _sector(st: GrabHitState, i: int | None) -> dict[str, Any] | None:
    if i is None:
        return None
    s = st.game.T.sectors[i]
    return {"index": i, "value": s.value, "colours": list(s.colours), "symbols": list(s.symbols)}


def _player(st: GrabHitState, s: int) -> dict[str, Any]:
    a = st.adv[s]
    adv = st.game.T.adventurers[a] if a is not None else None
    held = []
    for h in st.weapons[s]:
        dmg, spd, dur, pierce = weapons.stats(st, h)
        w = cards.weapon(st, h[0])
        held.append({
            "id": w.id, "name": w.name, "name_ru": w.name_ru, "class": w.weapon_class,
            "damage": dmg, "speed": spd, "durability": h[1], "max_durability": dur,
            "pierce": pierce, "blueprints": [_card(st, b) for b in h[2]],
        })
    kinds = [cards.kind(st, c) for c in st.upg[s]]
    return {
        "seat": s,
        "adventurer": adv.id if adv else None,
        "name": adv.name if adv else None,
        "name_ru": adv.name_ru if adv else None,
        "ability": adv.ability_name if adv else None,
        "ability_ru": adv.ability_name_ru if adv else None,
        "life": st.life[s],
        "max_life": cards.max_life(st, s) if adv else 0,
        "armour": st.armour[s],
        "max_armour": cards.max_armour(st, s) if adv else 0,
        "gold": st.gold[s],
        "weapons": held,
        "hand": [_card(st, c) for c in st.hand[s]],
        "upgrades": [_card(st, c) for c, k in zip(st.upg[s], kinds, strict=True)
                     if k == "upgrade"],
        "shields": [_card(st, c) for c, k in zip(st.upg[s], kinds, strict=True)
                    if k == "shield"],
        "curses": [_card(st, c) for c, k in zip(st.upg[s], kinds, strict=True)
                   if k == "curse"],
        "locations": [{**_card(st, c), "world": cards.location(st, c).world,
                       "level": cards.location(st, c).level, "income": cards.location(st, c).income,
                       "shop": cards.location(st, c).shop} for c in st.locs[s]],
        "income": locations.income(st, s) if adv else 0,
        "limbo": st.limbo[s],
        "immune": st.immune[s],
        "dead": st.dead[s],
        "died": st.died[s],
        "defending": hit.defended(st, s),
    }


def _pending(st: GrabHitState) -> dict[str, Any] | None:
    """The decision on top of the stack with what it is about."""
    if not st.decisions:
        return None
    top = st.decisions[-1]
    d: dict[str, Any] = {"kind": top.kind, "seat": top.seat}
    if isinstance(top, ChooseAdventurer):
        d["adventurers"] = [a.id for a in st.game.T.adventurers]
    elif isinstance(top, BuyLocation):
        d["card"] = _card(st, top.card)
    elif isinstance(top, KeepWeapon):
        d["cards"] = [_card(st, top.new), _card(st, top.old)]
    elif isinstance(top, ChooseColour):
        d["colours"] = [COLOURS[c] for c in top.colours]
    elif isinstance(top, ShieldCheck):
        d["effect"] = {"kind": top.effect, "amount": top.amount, "source": top.source,
                       "card": _card(st, top.card) if top.card is not None else None,
                       "tag": top.tag}
    return d


def _wheel(st: GrabHitState) -> list[dict[str, Any]]:
    """The wheel's sectors in their order round it (printed on the wheel: public)."""
    return [{"value": s.value, "colours": list(s.colours),
             "symbols": list(s.symbols), "weight": s.weight} for s in st.game.T.sectors]


def determinize(st: GrabHitState, seat: int, rng: Rng) -> None:
    """GAH-67: only the order of the three decks is hidden, and a deck has none: it is a
    ``pile`` whose card is chosen when drawn, from the world's own future chance. A world the
    seat cannot tell from the true one is the true one with fresh chance: nothing to do."""
    del st, seat, rng


def view(st: GrabHitState, seat: int | None) -> dict[str, Any]:
    """The same open view for every seat: deck sizes, never their order."""
    del seat  # everything but deck order is public
    return {
        "phase": label(st.phase),
        "step": step(st),
        "round": st.round,
        "turns": st.turns,
        "current": st.current,
        "first": st.first,
        "gold_target": st.game.config["gold_target"],
        "wheel": _sector(st, st.sector),
        "sectors": _wheel(st),
        "last_spin": _sector(st, st.last_spin),
        "lost_phases": list(st.lost),
        "ability_used": st.ability_used,
        "attack": {"weapon": _weapon_name(st),
                   "hits_left": st.hits_left, "hits_made": st.hits_made,
                   "targets": sorted(set(st.attacked))},
        "players_info": [_player(st, s) for s in range(st.players)],
        "decks": {COLOURS[k]: len(st.deck[k]) for k in range(3)},
        "discards": {COLOURS[k]: [_card(st, c) for c in st.discard[k]] for k in range(3)},
        "auction": [{**_card(st, c), "opening": cards.location(st, c).auction, "bid": b,
                     "bidder": who, "opened_by": o} for c, o, b, who in st.lots],
        "centre": [_card(st, c) for c in st.centre],
        "pending": _pending(st),
    }


def _weapon_name(st: GrabHitState) -> str | None:
    w = st.p5_weapon
    if w is None:
        return None
    return "fists" if w == weapons.FISTS else cards.cname(st, w)
