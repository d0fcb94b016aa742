"""Grab and Hit's actions as their taker reads them, with what they cost and do.

A label is read from the action's wire text only ("bid 3 on Frozen Lake"), never from its
data, so an action told from the log reads as it did in the menu. With the taker's view the
label adds what depends on the position: a weapon's wear, a target's life and armour, an
ability's odds; without one (another seat's move told) it says what the text says.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from meeple.core import Action

from . import lookup
from .content import Adventurer, Blueprint, Location, Scroll, Weapon
from .lookup import money, money_acc, money_gen, t
from .params import FIST_DAMAGE

if TYPE_CHECKING:
    from .game import GrabHit

View = Mapping[str, Any] | None
#: The texts of actions that spend gold: buying, bidding, paying a shop's fee.
COSTLY = ("buy ", "bid ", "visit ")
#: A shop service's words in an action text, by the service's kind.
SERVICE_WORDS = {"buy a scroll": "buy_scroll", "repair armour": "repair_armour",
                 "eat a hot meal": "heal"}


def costs(game: GrabHit, action: Action, view: View = None) -> bool:
    """Whether the action spends gold (menus list it after the free ones)."""
    return action[0].startswith(COSTLY)


def _me(view: View) -> dict[str, Any] | None:
    """The taker's own row of the view."""
    if view is None:
        return None
    seat = view.get("to_act")
    seat = view.get("seat") if seat is None else seat
    if seat is None:
        return None
    row: dict[str, Any] = view["players_info"][seat]
    return row


def _player(view: View, english: str) -> dict[str, Any] | None:
    for p in view["players_info"] if view is not None else ():
        if p["name"] == english:
            row: dict[str, Any] = p
            return row
    return None


def _count(me: Mapping[str, Any], key: str, cid: str) -> int:
    return sum(1 for c in me[key] if c["id"] == cid)


def _entry(english: str, kind: type[Any]) -> Any:
    e = lookup.find(english)
    return e if isinstance(e, kind) else None


Rule = Callable[[str, str, View], str]


def _choose(rest: str, lang: str, view: View) -> str:
    a = _entry(rest, Adventurer)
    if a is None:
        return rest
    return t(lang)("label.choose", adventurer=a.label(lang), coins=money(a.capital, lang),
                   life=a.life, start=a.start_armour, armour=a.armour,
                   ability=lookup.ability_name(a, lang), check=a.check)


def _done(rest: str, lang: str, view: View) -> str:
    key = "label.done"
    if view is not None:
        pending = view.get("pending")
        if pending is not None:
            key = "label.done.colour" if pending["kind"] == "colour" else key
        elif view.get("phase") in ("4", "5"):
            key = "label.done.free" if view["phase"] == "4" else "label.done.hit"
    return t(lang)(key)


def _accept(rest: str, lang: str, view: View) -> str:
    pending = view.get("pending") if view is not None else None
    card = (pending or {}).get("effect", {}).get("card")
    if card:
        return t(lang)("label.accept.card", card=lookup.local(card["name"], lang))
    return t(lang)("label.accept")


def _attack(rest: str, lang: str, view: View) -> str:
    tx, me = t(lang), _me(view)
    if rest == "fists":
        if me is None:
            return tx("label.attack.plain", weapon=tx("screen.fists"))
        dmg = FIST_DAMAGE + _count(me, "upgrades", "iron_fists") - _count(me, "curses",
                                                                            "clumsiness")
        return tx("label.fists", damage=max(1, dmg), hits=tx.count("hits", 1))
    held = next((w for w in me["weapons"] if w["name"] == rest), None) if me else None
    if me is None or held is None:
        return tx("label.attack.plain", weapon=lookup.local(rest, lang))
    dmg = held["damage"] + _count(me, "upgrades", "berserk") - _count(me, "curses", "clumsiness")
    return tx("label.attack", weapon=lookup.local(rest, lang), damage=max(1, dmg),
              hits=tx.count("hits", held["speed"]), durability=held["durability"],
              most=held["max_durability"])


def _hit(rest: str, lang: str, view: View) -> str:
    p = _player(view, rest)
    name = lookup.local(rest, lang)
    if p is None:
        return t(lang)("label.hit.plain", target=name)
    return t(lang)("label.hit", target=name, life=p["life"], armour=p["armour"])


def _keep(rest: str, lang: str, view: View) -> str:
    w = _entry(rest, Weapon)
    if w is None:
        return rest
    tx = t(lang)
    return tx("label.keep", weapon=w.label(lang), damage=w.damage,
              hits=tx.count("hits", w.speed), durability=w.durability)


def _buy(rest: str, lang: str, view: View) -> str:
    loc = _entry(rest, Location)
    if loc is None:
        return rest
    tx = t(lang)
    key = "label.buy.shop" if loc.shop else "label.buy"
    return tx(key, card=loc.label(lang), price=money_acc(loc.price, lang),
              world=tx(f"world.{loc.world}"), level=loc.level, income=loc.income)


def _decline(rest: str, lang: str, view: View) -> str:
    loc = _entry(rest, Location)
    if loc is None:
        return rest
    return t(lang)("label.decline", card=loc.label(lang), opening=money_gen(loc.auction, lang))


def _block(rest: str, lang: str, view: View) -> str:
    sc = _entry(rest, Scroll)
    if sc is None:
        return rest
    return t(lang)("label.block", shield=sc.label(lang), check=sc.check)


def _take(rest: str, lang: str, view: View) -> str:
    e = lookup.find(rest)
    if e is None:
        return rest
    return t(lang)("label.take", card=e.label(lang), kind=lookup.card_kind(e, lang))


def _attach(rest: str, lang: str, view: View) -> str:
    bp_name, _, weapon = rest.partition(" to ")
    bp = _entry(bp_name, Blueprint)
    if bp is None:
        return rest
    return t(lang)("label.attach", blueprint=bp.label(lang),
                   weapon=lookup.local(weapon, lang), bonus=lookup.bonus(bp, lang))


def _bid(rest: str, lang: str, view: View) -> str:
    amount, _, card = rest.partition(" on ")
    return t(lang)("label.bid", card=lookup.local(card, lang), coins=money(int(amount), lang))


def _visit(rest: str, lang: str, view: View) -> str:
    shop_name, _, words = rest.partition(": ")
    loc = _entry(shop_name, Location)
    if loc is None or not loc.shop:
        return rest
    verb, _, thing = words.partition(" ")
    if words in SERVICE_WORDS:
        kind, f = SERVICE_WORDS[words], {}
    elif verb == "lift":
        kind, f = "lift_curse", {"card": lookup.local(thing, lang)}
    else:
        kind, f = "repair_weapon", {"weapon": lookup.local(thing, lang)}
    sv = lookup.service(loc.shop, kind)
    tx = t(lang)
    return tx("label.visit", shop=loc.label(lang),
              service=tx(f"service.{kind}", amount=sv.amount, **f), fee=money_acc(sv.fee, lang))


def _cast(rest: str, lang: str, view: View) -> str:
    card, _, target = rest.partition(" on ")
    sc = _entry(card, Scroll)
    if sc is None:
        return rest
    tx, eff = t(lang), lookup.effect(sc, lang)
    if not target:
        return tx("label.cast", card=sc.label(lang), effect=eff)
    key = "label.curse.on" if sc.kind == "curse" else "label.cast.on"
    return tx(key, card=sc.label(lang), target=lookup.local(target, lang), effect=eff)


def _ability(rest: str, lang: str, view: View) -> str:
    tx = t(lang)
    target = rest.removeprefix(" on ") if rest.startswith(" on ") else ""
    me = _me(view)
    adv = _entry(me["name"], Adventurer) if me is not None and me["name"] else None
    if adv is None:
        if target == "armour":
            return tx("label.ability.plain.on", target=tx("target.armour"))
        if target:
            return tx("label.ability.plain.on", target=lookup.local(target, lang))
        return tx("label.ability.plain")
    f = {"ability": lookup.ability_name(adv, lang), "check": adv.check,
         "effect": tx(f"ability.short.{adv.ability}", amount=adv.amount,
                      coins=money(adv.amount, lang), upto=money_gen(adv.amount, lang))}
    if target == "armour":
        return tx("label.ability.armour", **f)
    if target:
        return tx("label.ability.on", target=lookup.local(target, lang), **f)
    return tx("label.ability", **f)


def _simple(key: str) -> Rule:
    def rule(rest: str, lang: str, view: View) -> str:
        return t(lang)(key, card=lookup.local(rest, lang), weapon=lookup.local(rest, lang))
    return rule


#: Each action's text begins with one of these words (the longest that fits is tried first).
RULES: dict[str, Rule] = {
    "attack with ": _attack, "attach ": _attach, "block with ": _block, "bid ": _bid,
    "buy ": _buy, "cast ": _cast, "choose ": _choose, "decline ": _decline,
    "discard ": _simple("label.discard"), "draw ": lambda r, lang, v: t(lang)(f"label.draw.{r}"),
    "hit ": _hit, "keep ": _keep, "repair ": _simple("label.repair"), "take ": _take,
    "use ability": _ability, "visit ": _visit, "spin": lambda r, lang, v: t(lang)("label.spin"),
    "done": _done, "accept": _accept,
}


def label(game: GrabHit, action: Action, lang: str = "en", view: View = None) -> str:
    """An action in ``lang`` with what it costs and does; ``view``: the taker's own view."""
    text = action[0]
    for prefix, rule in RULES.items():
        if text.startswith(prefix):
            return rule(text[len(prefix):], lang, view)
    return text

