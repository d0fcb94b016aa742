"""Grab and Hit's content in words: every adventurer, wheel sector, card and shop service with
its name, numbers and rules text in English or Russian (``Game.catalogue``), and the phrases
the events, labels and screen share (a card's effect, an ability, a blueprint's bonus).

Words come from the game's catalogues (``locale/<lang>.po``); names and numbers from the
content files. Nothing here runs in the rules' hot path: it is built once per language.
"""

from __future__ import annotations

import functools
from typing import TYPE_CHECKING, Any

from meeple.content import localized
from meeple.i18n import Texts, coins, texts

from .content import Adventurer, Blueprint, Location, Scroll, Service, Weapon, WheelSector, tables

if TYPE_CHECKING:
    from .game import GrabHit

PKG = "meeple.games.grabhit"
#: Anything an action text or an event names by its English name.
Named = Adventurer | Weapon | Blueprint | Location | Scroll


def t(lang: str) -> Texts:
    """The game's messages in ``lang``."""
    return texts(PKG, lang)


def money(n: int, lang: str) -> str:
    """``n`` coins in words, "1 coin", "5 монет"."""
    return coins(n, lang)


def money_acc(n: int, lang: str) -> str:
    """``n`` coins as what is paid or received: "получает 1 монету"."""
    return t(lang).count("coins_acc", n)


def money_gen(n: int, lang: str) -> str:
    """``n`` coins after "up to"/"from": "до 4 монет", "от 1 монеты"."""
    return t(lang).count("coins_gen", n)


def name(e: Named | Service, lang: str) -> str:
    """An entry's name in ``lang``."""
    return e.label(lang)


@functools.cache
def by_name() -> dict[str, Named]:
    """Every adventurer and card by its English name (the names action texts and events use)."""
    tb = tables()
    out: dict[str, Named] = {a.name: a for a in tb.adventurers}
    for c in tb.cards:
        out.setdefault(c.entry.name, c.entry)
    return out


def find(english: str) -> Named | None:
    """The entry an English name in an event names (None if nothing)."""
    return by_name().get(english)


@functools.cache
def by_id() -> dict[str, Named]:
    """Every adventurer and card by its content id (the ids views hold)."""
    tb = tables()
    out: dict[str, Named] = {a.id: a for a in tb.adventurers}
    for c in tb.cards:
        out.setdefault(c.entry.id, c.entry)
    return out


def local_id(cid: str, lang: str) -> str:
    """The name in ``lang`` of the adventurer or card with content id ``cid``."""
    e = by_id().get(cid)
    return e.label(lang) if e is not None else cid


def adventurer(cid: str) -> Adventurer | None:
    """The adventurer with content id ``cid``."""
    e = by_id().get(cid)
    return e if isinstance(e, Adventurer) else None


def local(english: str, lang: str) -> str:
    """The name in ``lang`` of the thing an English name names (the name itself if unknown)."""
    e = find(english)
    return e.label(lang) if e is not None else english


def service(shop: str, kind: str) -> Service:
    """The service ``kind`` of ``shop``."""
    return next(s for s in tables().services if s.shop == shop and s.kind == kind)


def shop_name(shop: str, lang: str) -> str:
    """The name of a shop's location card."""
    return tables().cards[tables().shops[shop]].entry.label(lang)


def effect(sc: Scroll, lang: str) -> str:
    """What a scroll does, as a phrase."""
    tx = t(lang)
    if sc.kind == "shield":
        return tx("effect.shield", blocks=blocks(sc, lang))
    key = f"effect.{sc.effect}" + (".pierce" if sc.effect == "damage" and sc.pierce else "")
    return tx(key, amount=sc.amount, coins=money(sc.amount, lang), acc=money_acc(sc.amount, lang),
              upto=money_gen(sc.amount, lang))


def blocks(sc: Scroll, lang: str) -> str:
    """What a shield blocks, as a list."""
    return ", ".join(t(lang)(f"blocks.{b}") for b in sc.blocks)


def ability(a: Adventurer, lang: str) -> str:
    """What an adventurer's ability does when it works, as a phrase."""
    return t(lang)(f"ability.{a.ability}", amount=a.amount, acc=money_acc(a.amount, lang),
                   upto=money_gen(a.amount, lang))


def ability_name(a: Adventurer, lang: str) -> str:
    """The ability's name in ``lang``."""
    return localized(a, "ability_name", lang)


def bonus(bp: Blueprint, lang: str) -> str:
    """What a blueprint adds to a weapon."""
    tx = t(lang)
    parts = [tx(f"bonus.{k}", n=v) for k, v in
             (("damage", bp.damage), ("speed", bp.speed), ("durability", bp.durability)) if v]
    if bp.pierce:
        parts.append(tx("bonus.pierce"))
    return ", ".join(parts)


def card_kind(e: Named, lang: str) -> str:
    """A card's kind in one word: weapon, blueprint, location, magic, curse…"""
    if isinstance(e, Scroll):
        return t(lang)(f"short.{e.kind}")
    kind = {Weapon: "weapon", Blueprint: "blueprint", Location: "location"}.get(type(e))
    return t(lang)(f"short.{kind}") if kind else e.label(lang)


def sector_text(s: WheelSector, lang: str) -> str:
    """A wheel sector in short: "7 coins, blue or green sector, weapon repair"."""
    tx = t(lang)
    colours = tx("list.or", a=tx(f"colour.{s.colours[0]}"), b=tx(f"colour.{s.colours[1]}")) \
        if len(s.colours) > 1 else tx(f"colour.{s.colours[0]}")
    repair = "".join(tx(f"screen.sector.repair.{k}") for k in s.symbols)
    if s.colours[0] == "black":
        repair += tx("screen.sector.trap")
    return tx("screen.sector", coins=money(s.value, lang), colours=colours, repair=repair)


# ------------------------------------------------------------------ the catalogue


def _entry(e: Any, kind: str, text: str, numbers: dict[str, Any], lang: str,
           name_: str | None = None) -> dict[str, Any]:
    return {"name": name_ or e.label(lang), "kind": kind, "text": text,
            "numbers": {k: str(v) for k, v in numbers.items()}, "source": e.source}


def _adventurer(a: Adventurer, lang: str) -> dict[str, Any]:
    tx = t(lang)
    abil = tx("ability.text", ability=ability_name(a, lang), check=a.check,
              effect=ability(a, lang))
    limbo = tx("ability.limbo", n=a.limbo_bonus) if a.limbo_bonus else ""
    motivation = localized(a, "motivation", lang)
    text = tx("text.adventurer", motivation=motivation, ability=abil, limbo=limbo)
    entry = _entry(a, tx("kind.adventurer"), text, {
        tx("num.life"): a.life, tx("num.armour"): a.armour,
        tx("num.start_armour"): a.start_armour, tx("num.capital"): money(a.capital, lang),
        tx("num.check"): tx("num.plus", n=a.check)}, lang)
    entry["ability"] = ability_name(a, lang)  # the name the board gives an adventurer's ability
    return entry


def _weapon(w: Weapon, lang: str) -> dict[str, Any]:
    tx = t(lang)
    text = tx("text.weapon", **{"class": tx(f"class.{w.weapon_class}")}, damage=w.damage,
              hits=tx.count("hits", w.speed), durability=w.durability,
              pierce=tx("text.pierce") if w.pierce else "")
    return _entry(w, tx("kind.weapon"), text, {
        tx("num.class"): tx(f"class.{w.weapon_class}"), tx("num.damage"): w.damage,
        tx("num.speed"): w.speed, tx("num.durability"): w.durability,
        tx("num.pierce"): tx("yes" if w.pierce else "no")}, lang)


def _blueprint(b: Blueprint, lang: str) -> dict[str, Any]:
    tx = t(lang)
    classes = ", ".join(tx(f"classes.{c}") for c in b.classes)
    text = tx("text.blueprint", classes=classes, bonus=bonus(b, lang), limit=b.limit)
    return _entry(b, tx("kind.blueprint"), text, {
        tx("num.fits"): classes, tx("num.limit"): b.limit, tx("num.copies"): b.copies}, lang)


def _location(loc: Location, lang: str) -> dict[str, Any]:
    tx = t(lang)
    world = tx(f"world.{loc.world}")
    fields = {"world": world, "level": loc.level, "price": money(loc.price, lang),
              "auction": money_gen(loc.auction, lang)}
    numbers: dict[str, Any] = {tx("num.world"): world, tx("num.level"): loc.level,
                               tx("num.price"): money(loc.price, lang),
                               tx("num.auction"): money(loc.auction, lang)}
    if loc.shop:
        services = "; ".join(s.label(lang) for s in tables().services if s.shop == loc.shop)
        return _entry(loc, tx("kind.shop"), tx("text.shop", services=services, **fields),
                      numbers, lang)
    numbers[tx("num.income")] = money(loc.income, lang)
    return _entry(loc, tx("kind.location"),
                  tx("text.location", income=money_acc(loc.income, lang), **fields), numbers, lang)


def _service(s: Service, lang: str) -> dict[str, Any]:
    tx = t(lang)
    shop = shop_name(s.shop, lang)
    return _entry(s, tx("kind.service"), tx("text.service", shop=shop, fee=money_acc(s.fee, lang)),
                  {tx("num.shop"): shop, tx("num.fee"): money(s.fee, lang)}, lang)


def _scroll(sc: Scroll, lang: str) -> dict[str, Any]:
    tx = t(lang)
    kind = "lasting" if sc.lasting else sc.kind
    eff = effect(sc, lang) if sc.kind != "shield" else ""
    text = tx(f"text.scroll.{kind}", effect=eff[:1].upper() + eff[1:] if kind != "magic" else eff,
              blocks=blocks(sc, lang), check=sc.check)
    numbers: dict[str, Any] = {tx("num.copies"): sc.copies}
    if sc.kind == "shield":
        numbers[tx("num.blocks")] = blocks(sc, lang)
        numbers[tx("num.shield_check")] = tx("num.plus", n=sc.check)
    elif sc.amount:
        numbers[tx("num.amount")] = sc.amount
    return _entry(sc, tx(f"kind.{kind}"), text, numbers, lang)


def _sector(i: int, s: WheelSector, lang: str) -> dict[str, Any]:
    tx = t(lang)
    if s.colours[0] == "black":
        draw = tx("sector.black")
    elif len(s.colours) > 1:
        draw = tx("sector.mixed", a=tx(f"card_of.{s.colours[0]}"),
                  b=tx(f"card_of.{s.colours[1]}"))
    else:
        draw = tx("sector.draw", card=tx(f"card_of.{s.colours[0]}"))
    repair = "".join(tx(f"sector.repair.{k}") for k in s.symbols)
    text = tx("text.sector", acc=money_acc(s.value, lang), draw=draw, repair=repair)
    colours = tx("list.or", a=tx(f"colour.{s.colours[0]}"), b=tx(f"colour.{s.colours[1]}")) \
        if len(s.colours) > 1 else tx(f"colour.{s.colours[0]}")
    numbers: dict[str, Any] = {tx("num.coins"): s.value, tx("num.colour"): colours}
    if s.symbols:
        numbers[tx("num.repair")] = ", ".join(tx(f"short.{k}") if k == "weapon"
                                              else tx("num.armour").lower() for k in s.symbols)
    return _entry(s, tx("kind.sector"), text, numbers, lang, tx("sector.name", n=i + 1))


@functools.cache
def _catalogue(lang: str) -> dict[str, dict[str, Any]]:
    tb = tables()
    out: dict[str, dict[str, Any]] = {}
    for i, s in enumerate(tb.sectors):
        out[s.id] = _sector(i, s, lang)
    for a in tb.adventurers:
        out[a.id] = _adventurer(a, lang)
    for c in tb.cards:
        e = c.entry
        if e.id in out:
            continue
        if isinstance(e, Weapon):
            out[e.id] = _weapon(e, lang)
        elif isinstance(e, Blueprint):
            out[e.id] = _blueprint(e, lang)
        elif isinstance(e, Location):
            out[e.id] = _location(e, lang)
        else:
            out[e.id] = _scroll(e, lang)
    for sv in tb.services:
        out[sv.id] = _service(sv, lang)
    return out


def catalogue(game: GrabHit, lang: str = "en") -> dict[str, dict[str, Any]]:
    """Every adventurer, wheel sector, card and shop service by content id, in ``lang``."""
    del game  # the content is the game's shared tables
    return {k: {**v, "numbers": dict(v["numbers"])} for k, v in _catalogue(lang).items()}
