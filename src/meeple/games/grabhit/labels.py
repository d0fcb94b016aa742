"""Grab and Hit's actions as their taker reads them, with what they cost and do.

A label is read from the action's verb (an action known only by its text, as in a log, is read
through the notation first), so an action told from the log reads as it did in the menu. With
the taker's view the label adds what depends on the position: a weapon's wear, a target's life
and armour, an ability's odds; without one (another seat's move told) it says what the verb
says.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, cast

from meeple.core import Action, Dispatch, IllegalAction, Verb

from . import lookup
from .content import COLOURS, Adventurer, Blueprint, Location, Scroll, Tables, Weapon
from .lookup import money, money_acc, money_gen, t
from .params import FIST_DAMAGE
from .verbs import (
    Accept,
    Attach,
    Attack,
    Bid,
    Block,
    Buy,
    Cast,
    Choose,
    Decline,
    Discard,
    Done,
    Draw,
    Hit,
    Keep,
    Repair,
    Spin,
    Take,
    UseAbility,
    Visit,
)

if TYPE_CHECKING:
    from .game import GrabHit
    from .view import CardView, PlayerView, View


@dataclass(frozen=True, slots=True)
class Reader:
    """Who reads a label: the content, the language and the taker's view (None: another
    seat's action told)."""

    content: Tables
    lang: str
    view: View | None

    def card(self, card: int) -> Any:
        """The content entry of a card."""
        return self.content.cards[card].entry

    def name(self, card: int) -> str:
        """A card's name in the reader's language."""
        return str(self.card(card).label(self.lang))

    def me(self) -> PlayerView | None:
        """The taker's own row of the view."""
        v = self.view
        if v is None:
            return None
        seat = v.get("to_act")
        seat = v.get("seat") if seat is None else seat
        return None if seat is None else v["players_info"][seat]


#: The words of each verb: ``LABELS(reader, verb)``.
LABELS: Dispatch[Reader, str] = Dispatch("Grab and Hit's labels")


def verb_of(game: GrabHit, action: Action) -> Verb | None:
    """The verb of ``action``: its own, or read from its text (None if it is not notation)."""
    verb = action[1]
    if isinstance(verb, Verb):
        return verb
    try:
        return game.parse_verb(action[0])
    except IllegalAction:
        return None


def label(game: GrabHit, action: Action, lang: str = "en",
          view: Mapping[str, Any] | None = None) -> str:
    """An action in ``lang`` with what it costs and does; ``view``: the taker's own view."""
    verb = verb_of(game, action)
    if verb is None:
        return action[0]
    return LABELS(Reader(game.content, lang, cast("View | None", view)), verb)


def costs(game: GrabHit, action: Action, view: Mapping[str, Any] | None = None) -> bool:
    """Whether the action spends gold: buying, bidding, paying a shop's fee (menus list it
    after the free ones)."""
    return isinstance(verb_of(game, action), Buy | Bid | Visit)


def _count(cards: list[CardView], cid: str) -> int:
    return sum(1 for c in cards if c["id"] == cid)


@LABELS.on(Choose)
def _choose(r: Reader, v: Choose) -> str:
    a: Adventurer = r.content.adventurers[v.adventurer]
    lang = r.lang
    return t(lang)("label.choose", adventurer=a.label(lang), coins=money(a.capital, lang),
                   life=a.life, start=a.start_armour, armour=a.armour,
                   ability=lookup.ability_name(a, lang), check=a.check)


@LABELS.on(Spin)
def _spin(r: Reader, v: Spin) -> str:
    return t(r.lang)("label.spin")


@LABELS.on(Draw)
def _draw(r: Reader, v: Draw) -> str:
    return t(r.lang)(f"label.draw.{COLOURS[v.colour]}")


@LABELS.on(Done)
def _done(r: Reader, v: Done) -> str:
    key = "label.done"
    view = r.view
    if view is not None:
        pending = view.get("pending")
        if pending is not None:
            key = "label.done.colour" if pending["kind"] == "colour" else key
        elif view.get("phase") in ("free", "hit"):
            key = "label.done.free" if view["phase"] == "free" else "label.done.hit"
    return t(r.lang)(key)


@LABELS.on(Accept)
def _accept(r: Reader, v: Accept) -> str:
    pending = r.view.get("pending") if r.view is not None else None
    effect = pending.get("effect") if pending is not None else None
    card = effect["card"] if effect is not None else None
    if card:
        return t(r.lang)("label.accept.card", card=lookup.local_id(card["id"], r.lang))
    return t(r.lang)("label.accept")


@LABELS.on(Attack)
def _attack(r: Reader, v: Attack) -> str:
    tx, me = t(r.lang), r.me()
    if v.weapon is None:
        if me is None:
            return tx("label.attack.plain", weapon=tx("screen.fists"))
        dmg = FIST_DAMAGE + _count(me["upgrades"], "iron_fists") - _count(me["curses"],
                                                                          "clumsiness")
        return tx("label.fists", damage=max(1, dmg), hits=tx.count("hits", 1))
    cid = r.card(v.weapon).id
    held = next((w for w in me["weapons"] if w["id"] == cid), None) if me else None
    if me is None or held is None:
        return tx("label.attack.plain", weapon=r.name(v.weapon))
    dmg = held["damage"] + _count(me["upgrades"], "berserk") - _count(me["curses"],
                                                                      "clumsiness")
    return tx("label.attack", weapon=r.name(v.weapon), damage=max(1, dmg),
              hits=tx.count("hits", held["speed"]), durability=held["durability"],
              most=held["max_durability"])


@LABELS.on(Hit)
def _hit(r: Reader, v: Hit) -> str:
    a = r.content.adventurers[v.target]
    players = r.view["players_info"] if r.view is not None else []
    p = next((p for p in players if p["adventurer"] == a.id), None)
    name = a.label(r.lang)
    if p is None:
        return t(r.lang)("label.hit.plain", target=name)
    return t(r.lang)("label.hit", target=name, life=p["life"], armour=p["armour"])


@LABELS.on(Keep)
def _keep(r: Reader, v: Keep) -> str:
    w: Weapon = r.card(v.weapon)
    tx = t(r.lang)
    return tx("label.keep", weapon=w.label(r.lang), damage=w.damage,
              hits=tx.count("hits", w.speed), durability=w.durability)


@LABELS.on(Buy)
def _buy(r: Reader, v: Buy) -> str:
    loc: Location = r.card(v.location)
    tx, lang = t(r.lang), r.lang
    key = "label.buy.shop" if loc.shop else "label.buy"
    return tx(key, card=loc.label(lang), price=money_acc(loc.price, lang),
              world=tx(f"world.{loc.world}"), level=loc.level, income=loc.income)


@LABELS.on(Decline)
def _decline(r: Reader, v: Decline) -> str:
    loc: Location = r.card(v.location)
    return t(r.lang)("label.decline", card=loc.label(r.lang),
                     opening=money_gen(loc.auction, r.lang))


@LABELS.on(Block)
def _block(r: Reader, v: Block) -> str:
    sc: Scroll = r.card(v.shield)
    return t(r.lang)("label.block", shield=sc.label(r.lang), check=sc.check)


@LABELS.on(Take)
def _take(r: Reader, v: Take) -> str:
    e = r.card(v.card)
    return t(r.lang)("label.take", card=e.label(r.lang), kind=lookup.card_kind(e, r.lang))


@LABELS.on(Attach)
def _attach(r: Reader, v: Attach) -> str:
    bp: Blueprint = r.card(v.blueprint)
    return t(r.lang)("label.attach", blueprint=bp.label(r.lang), weapon=r.name(v.weapon),
                     bonus=lookup.bonus(bp, r.lang))


@LABELS.on(Bid)
def _bid(r: Reader, v: Bid) -> str:
    return t(r.lang)("label.bid", card=r.name(v.location), coins=money(v.coins, r.lang))


@LABELS.on(Visit)
def _visit(r: Reader, v: Visit) -> str:
    sv = r.content.services[v.service]
    shop = r.content.cards[r.content.shops[sv.shop]].entry
    f = {}
    if v.card is not None:
        f = {"card" if sv.kind == "lift_curse" else "weapon": r.name(v.card)}
    tx = t(r.lang)
    return tx("label.visit", shop=shop.label(r.lang),
              service=tx(f"service.{sv.kind}", amount=sv.amount, **f),
              fee=money_acc(sv.fee, r.lang))


def _target(r: Reader, target: int | None, weapon: int | None) -> str:
    """The name of what a spell or an ability is aimed at ("" if nothing)."""
    if target is not None:
        return str(r.content.adventurers[target].label(r.lang))
    return "" if weapon is None else r.name(weapon)


@LABELS.on(Cast)
def _cast(r: Reader, v: Cast) -> str:
    sc: Scroll = r.card(v.card)
    tx, eff = t(r.lang), lookup.effect(sc, r.lang)
    target = _target(r, v.target, v.weapon)
    if not target:
        return tx("label.cast", card=sc.label(r.lang), effect=eff)
    key = "label.curse.on" if sc.kind == "curse" else "label.cast.on"
    return tx(key, card=sc.label(r.lang), target=target, effect=eff)


@LABELS.on(UseAbility)
def _ability(r: Reader, v: UseAbility) -> str:
    tx, lang = t(r.lang), r.lang
    target = _target(r, v.target, v.weapon)
    me = r.me()
    adv = lookup.adventurer(me["adventurer"]) if me is not None and me["adventurer"] else None
    if adv is None:
        if v.armour:
            return tx("label.ability.plain.on", target=tx("target.armour"))
        if target:
            return tx("label.ability.plain.on", target=target)
        return tx("label.ability.plain")
    f = {"ability": lookup.ability_name(adv, lang), "check": adv.check,
         "effect": tx(f"ability.short.{adv.ability}", amount=adv.amount,
                      coins=money(adv.amount, lang), upto=money_gen(adv.amount, lang))}
    if v.armour:
        return tx("label.ability.armour", **f)
    if target:
        return tx("label.ability.on", target=target, **f)
    return tx("label.ability", **f)


@LABELS.on(Discard)
def _discard(r: Reader, v: Discard) -> str:
    return t(r.lang)("label.discard", card=r.name(v.location))


@LABELS.on(Repair)
def _repair(r: Reader, v: Repair) -> str:
    return t(r.lang)("label.repair", weapon=r.name(v.weapon))
