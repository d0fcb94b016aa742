"""What each seat may know of a Grab and Hit state: all is open but the order of the decks
(GAH-53, GAH-67), so every seat gets the same view (but for what is its own) and
``determinize`` has nothing to hide.

A view holds ids (content ids, seats, colours) and numbers, never words: ``text``, ``labels``,
``render`` and ``lookup`` name things when they are read.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NotRequired, TypedDict, cast

from meeple.core import Rng
from meeple.core.views import BaseView, GameKeys

from . import cards, hit, locations
from .content import (
    COLOURS,
    Ability,
    CardKind,
    DeckColour,
    EffectKind,
    SectorColour,
    Symbol,
    WeaponClass,
    World,
)
from .decisions import BuyLocation, ChooseAdventurer, ChooseColour, KeepWeapon, ShieldCheck, Tag
from .turn import Phase, Step

if TYPE_CHECKING:
    from .state import GrabHitState



class CardView(TypedDict):
    """A card: its content id and kind."""

    id: str
    kind: CardKind


class WeaponView(TypedDict):
    """A weapon held, with its blueprints' numbers added in."""

    id: str
    weapon_class: WeaponClass
    damage: int
    speed: int
    durability: int
    max_durability: int
    pierce: bool
    blueprints: list[CardView]


class LocationView(CardView):
    """A location held: its world, level, income and the shop it is ("" if none)."""

    world: World
    level: int
    income: int
    shop: str


class PlayerView(TypedDict):
    """A seat's adventurer and all it holds (everything is open: GAH-53)."""

    seat: int
    adventurer: str | None
    ability: Ability | None
    life: int
    max_life: int
    armour: int
    max_armour: int
    gold: int
    weapons: list[WeaponView]
    hand: list[CardView]
    upgrades: list[CardView]
    shields: list[CardView]
    curses: list[CardView]
    locations: list[LocationView]
    income: int
    limbo: int
    immune: bool
    dead: bool
    died: bool
    defending: bool


class SectorView(TypedDict):
    """A sector the wheel stopped on: its place on the wheel and what it shows."""

    index: int
    value: int
    colours: list[SectorColour]
    symbols: list[Symbol]


class WheelSectorView(TypedDict):
    """A sector of the wheel, in its order round it (printed on the wheel: public)."""

    value: int
    colours: list[SectorColour]
    symbols: list[Symbol]
    weight: int


class AttackView(TypedDict):
    """Phase 5 under way: the weapon's content id ("fists" for bare fists; None before it is
    chosen), the hits left and made, the seats hit."""

    weapon: str | None
    hits_left: int
    hits_made: int
    targets: list[int]


class LotView(CardView):
    """A location at auction (GAH-17..GAH-19)."""

    opening: int
    bid: int
    bidder: int | None
    opened_by: int


class EffectView(TypedDict):
    """An effect waiting on a shield check (GAH-31): what it does, how much, who sent it, the
    card that carries it (None: an ability) and what shields it."""

    kind: EffectKind
    amount: int
    source: int | None
    card: CardView | None
    tag: Tag


class PendingView(TypedDict):
    """The decision on top of the stack with what it is about."""

    kind: str
    seat: int
    adventurers: NotRequired[list[str]]
    card: NotRequired[CardView]
    cards: NotRequired[list[CardView]]
    colours: NotRequired[list[DeckColour]]
    effect: NotRequired[EffectView]




class Keys(GameKeys):
    """What ``view(st, seat)`` returns: the keys every game gives and Grab and Hit's table."""

    phase: Phase
    step: Step | None
    round: int
    turns: int
    active: int
    first: int
    gold_target: int
    wheel: SectorView | None
    sectors: list[WheelSectorView]
    last_spin: SectorView | None
    lost_phases: list[Phase]
    ability_used: bool
    attack: AttackView
    players_info: list[PlayerView]
    decks: dict[str, int]
    discards: dict[str, list[CardView]]
    auction: list[LotView]
    centre: list[CardView]
    pending: PendingView | None


class View(Keys, BaseView):
    """The whole view a reader receives: Keys and what ``State.view`` adds around them."""


def _card(st: GrabHitState, c: int) -> CardView:
    card = st.game.content.cards[c]
    return {"id": card.entry.id, "kind": card.kind}


def step(st: GrabHitState) -> Step | None:
    """The step within the phase: the decision on top of the stack, or the phase's choice."""
    if st.decisions:
        return cast("Step", st.decisions[-1].kind)
    if st.phase == "spin":
        return "spin"
    if st.phase == "free":
        return "limbo" if "free" in st.lost else "free actions"
    if st.phase == "hit":
        return "choose weapon" if st.attack_weapon is None else "hit"
    return None


def turn_kind(st: GrabHitState) -> str:
    """The decision the seat to act takes with an empty stack: the phase's step."""
    return step(st) or st.phase


def _sector(st: GrabHitState, i: int | None) -> SectorView | None:
    if i is None:
        return None
    s = st.game.content.sectors[i]
    return {"index": i, "value": s.value, "colours": list(s.colours), "symbols": list(s.symbols)}


def _weapons(st: GrabHitState, s: int) -> list[WeaponView]:
    out: list[WeaponView] = []
    for h in st.weapons[s]:
        dmg, spd, dur, pierce = cards.stats(st, h)
        w = cards.weapon(st, h[0])
        out.append({"id": w.id, "weapon_class": w.weapon_class, "damage": dmg, "speed": spd,
                    "durability": h[1], "max_durability": dur, "pierce": pierce,
                    "blueprints": [_card(st, b) for b in h[2]]})
    return out


def _location(st: GrabHitState, c: int) -> LocationView:
    loc = cards.location(st, c)
    return {"id": loc.id, "kind": "location", "world": loc.world, "level": loc.level,
            "income": loc.income, "shop": loc.shop}


def _player(st: GrabHitState, s: int) -> PlayerView:
    a = st.adventurer[s]
    adv = st.game.content.adventurers[a] if a is not None else None
    on = [_card(st, c) for c in st.scrolls[s]]
    return {
        "seat": s,
        "adventurer": adv.id if adv else None,
        "ability": adv.ability if adv else None,
        "life": st.life[s],
        "max_life": cards.max_life(st, s) if adv else 0,
        "armour": st.armour[s],
        "max_armour": cards.max_armour(st, s) if adv else 0,
        "gold": st.gold[s],
        "weapons": _weapons(st, s),
        "hand": [_card(st, c) for c in st.hand[s]],
        "upgrades": [c for c in on if c["kind"] == "upgrade"],
        "shields": [c for c in on if c["kind"] == "shield"],
        "curses": [c for c in on if c["kind"] == "curse"],
        "locations": [_location(st, c) for c in st.locations[s]],
        "income": locations.income(st, s) if adv else 0,
        "limbo": st.limbo[s],
        "immune": st.immune[s],
        "dead": st.dead[s],
        "died": st.died[s],
        "defending": hit.defended(st, s),
    }


def _pending(st: GrabHitState) -> PendingView | None:
    """The decision on top of the stack with what it is about."""
    if not st.decisions:
        return None
    top = st.decisions[-1]
    d: PendingView = {"kind": top.kind, "seat": top.seat}
    if isinstance(top, ChooseAdventurer):
        d["adventurers"] = [a.id for a in st.game.content.adventurers]
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


def _wheel(st: GrabHitState) -> list[WheelSectorView]:
    """The wheel's sectors in their order round it (printed on the wheel: public)."""
    return [{"value": s.value, "colours": list(s.colours), "symbols": list(s.symbols),
             "weight": s.weight} for s in st.game.content.sectors]


def _seat_ids(st: GrabHitState, s: int) -> list[str]:
    """The catalogue ids of a seat's adventurer and everything it holds."""
    c = st.game.content
    a = st.adventurer[s]
    held = [*st.hand[s], *(x for h in st.weapons[s] for x in (h[0], *h[2])), *st.scrolls[s],
            *st.locations[s]]
    return ([c.adventurers[a].id] if a is not None else []) + [c.cards[x].entry.id for x in held]


def _table_ids(st: GrabHitState) -> list[str]:
    """The catalogue ids on the table outside the seats: this turn's sector, the offer being
    decided, the auction, the centre and the discards."""
    c = st.game.content
    out = [c.sectors[st.sector].id] if st.sector is not None else []
    top = st.decisions[-1] if st.decisions else None
    if isinstance(top, ChooseAdventurer):
        out += [a.id for a in c.adventurers]
    offered = ((top.card,) if isinstance(top, BuyLocation) else
               (top.new, top.old) if isinstance(top, KeepWeapon) else ())
    for x in (*offered, *(lot[0] for lot in st.lots), *st.centre, *(x for d in st.discard
                                                                      for x in d)):
        out.append(c.cards[x].entry.id)
    return out


def _ids(st: GrabHitState, seat: int | None) -> tuple[list[str], list[str]]:
    """``mine`` and ``on_table``: catalogue ids that are the seat's own, and the rest it sees."""
    mine = list(dict.fromkeys(_seat_ids(st, seat))) if seat is not None else []
    others = [x for t in range(st.players) if t != seat for x in _seat_ids(st, t)]
    own = set(mine)
    on_table = [x for x in dict.fromkeys([*others, *_table_ids(st)]) if x not in own]
    return mine, on_table


def determinize(st: GrabHitState, seat: int, rng: Rng) -> None:
    """GAH-67: only the order of the three decks is hidden, and a deck has none: it is a
    ``pile`` whose card is chosen when drawn, from the world's own future chance. A world the
    seat cannot tell from the true one is the true one with fresh chance: nothing to do."""
    del st, seat, rng


def view(st: GrabHitState, seat: int | None) -> Keys:
    """The same open view for every seat (deck sizes, never their order), with what is its
    own."""
    mine, on_table = _ids(st, seat)
    w = st.attack_weapon
    return {
        "phase": st.phase,
        "step": step(st),
        "mine": mine,
        "on_table": on_table,
        "round": st.round,
        "turns": st.turns,
        "active": st.active,
        "first": st.first,
        "gold_target": st.game.config["gold_target"],
        "wheel": _sector(st, st.sector),
        "sectors": _wheel(st),
        "last_spin": _sector(st, st.last_spin),
        "lost_phases": list(st.lost),
        "ability_used": st.ability_used,
        "attack": {"weapon": None if w is None else "fists" if w == cards.FISTS
                   else cards.weapon(st, w).id,
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
