"""Andor's things in words: a hero, a creature, an article, a region, an amount, a card, in
the form a sentence needs. ``text``, ``labels``, ``render`` and ``lookup`` build on these.

Every word is a keyed message of ``locale/<lang>.po`` or a content name in that language
(``meeple.content.localized``). Nothing here runs in the rules' hot path.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING

from meeple.content import localized
from meeple.i18n import Texts, texts

from .content import load
from .params import WARRIOR_WELL_WILLPOWER, WELL_WILLPOWER
from .verbs import (
    AndorVerb,
    Buy,
    Drink,
    Give,
    GiveGold,
    HerbWalk,
    HerbWillpower,
    PickUp,
    SendFalcon,
)

if TYPE_CHECKING:
    from .game import Andor

PKG = "meeple.games.andor"
Names = Sequence[str]


def tr(lang: str) -> Texts:
    """The Andor catalogue in ``lang`` (over meeple's shared one)."""
    return texts(PKG, lang)


def cap(text: str) -> str:
    """``text`` with its first letter made a capital (a sentence's start)."""
    return text[:1].upper() + text[1:]


def low(text: str) -> str:
    """``text`` with its first letter made small (a name inside a sentence)."""
    return text[:1].lower() + text[1:]


def hero_phrase(hero: str, lang: str) -> str:
    """A hero as sentences name it: "the warrior Thorn", "воин Торн"."""
    h = load().heroes[hero]
    return tr(lang)("seat.hero", role=low(h.label(lang)), name=localized(h, "hero_name", lang))


def creature(kind: str, lang: str, form: str = "a") -> str:
    """A creature inside a sentence: "a gor", "the gor", "the skral marauder"; "гор"."""
    cr = load().creatures[kind]
    if cr.count == 1:
        form = "the"  # a legend creature is one of a kind
    return tr(lang)(f"creature.{form}", name=low(cr.label(lang)))


def item(item_id: str, lang: str, form: str = "the") -> str:
    """An article inside a sentence: "the shield (damaged)", "a helm"; "щит (повреждён)"."""
    c = load()
    art = c.articles[item_id.partition(":")[0]]
    worn = item_id.endswith(":worn")
    name = localized(art, "worn_name", lang) if worn else art.label(lang)
    return tr(lang)(f"item.{form}", name=low(name))


def place(region: int, form: str, lang: str, named: bool = True) -> str:
    """A region in the case a sentence needs: ``form`` is ``nom``, ``to``, ``from`` or ``at``
    ("to region 14 (Old Oak Well)", "с поля 44", "в замок"); ``named``: with its name."""
    c = load()
    if region == c.map.castle:
        return tr(lang)(f"place.castle.{form}")
    reg = c.regions[region]
    if reg.name and named:
        return tr(lang)(f"place.{form}.named", n=region, name=reg.label(lang))
    return tr(lang)(f"place.{form}", n=region)


def amount(what: str, n: int, lang: str) -> str:
    """A counted amount in words: "2 willpower", "1 золотой", "5 часов"."""
    return tr(lang).count(f"n.{what}", n)


def dice_list(dice: Sequence[int], lang: str) -> str:
    """Die faces as a list: "3, 5, 2"."""
    return tr(lang)("list.sep").join(str(d) for d in dice)


def card_name(card: str, lang: str) -> str:
    """An event card's name."""
    return load().events[card].label(lang)


def card_text(card: str, lang: str) -> str:
    """What an event card does."""
    return localized(load().events[card], "text", lang)


def legend_card_text(legend: str, letter: str, lang: str, places: bool = True) -> str:
    """What a legend card tells, and (with ``places``) what it puts on the board."""
    t = tr(lang)
    card = load().legends[legend].cards[letter]
    text = localized(card, "text", lang)
    if not places:
        return text
    items = [t("legend.place", what=creature(k, lang), at=place(r, "at", lang))
             for k, r in card.place]
    items += [t("legend.place_more", what=creature(k, lang), at=place(r, "at", lang), n=n)
              for k, r, n in card.place_more]
    items += [t("legend.farmer", at=place(r, "at", lang)) for r in card.farmers]
    items += [t("legend.rune", what=item(i, lang, "a"), at=place(r, "at", lang))
              for i, r in card.runes]
    return t("legend.places", text=text, items=t("legend.sep").join(items)) if items else text


def well_gain(hero: str) -> int:
    """AND-67/63: what a full well gives this hero."""
    return WARRIOR_WELL_WILLPOWER if hero == "warrior" else WELL_WILLPOWER


def free_fields(game: Andor, verb: AndorVerb, hero: str, lang: str,
                names: Names) -> dict[str, str]:
    """The fields of a free action's sentence: the other hero, the item, the gain."""
    out: dict[str, str] = {}
    if isinstance(verb, (SendFalcon, GiveGold, Give)):
        o = verb.hero
        out["other"] = (names[o] if 0 <= o < len(names)
                        else hero_phrase(game.hero_ids[o], lang))
    if isinstance(verb, Buy):
        out["item"] = item(verb.article, lang, "a")
    elif isinstance(verb, (PickUp, Give)):
        out["item"] = item(verb.item, lang, "the")
    herb = load().articles["herb"].value
    if isinstance(verb, Drink):
        out["gain"] = amount("willpower", well_gain(hero), lang)
    elif isinstance(verb, HerbWillpower):
        out["gain"] = amount("willpower", herb, lang)
    elif isinstance(verb, HerbWalk):
        out["steps"] = amount("regions", herb, lang)
    return out
