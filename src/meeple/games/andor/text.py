"""Andor in words: seat names, every event as a sentence, and the result.

The sentences are keyed messages of ``locale/<lang>.po``; this module only chooses the key and
fills its fields (a hero, a creature, a region in the case its sentence needs). Content names
stay in the content files. Nothing here runs in the rules' hot path.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any

from meeple.i18n import Texts, texts

from .content import load
from .params import (
    HOURS_PER_DAY,
    KNOCKED_OUT_WILLPOWER,
    OVERTIME_COST,
    WARRIOR_WELL_WILLPOWER,
    WELL_WILLPOWER,
)

if TYPE_CHECKING:
    from meeple.core import Result

    from .game import Andor

PKG = "meeple.games.andor"


def tr(lang: str) -> Texts:
    """The Andor catalogue in ``lang`` (over meeple's shared one)."""
    return texts(PKG, lang)


def cap(text: str) -> str:
    """``text`` with its first letter made a capital (a sentence's start)."""
    return text[:1].upper() + text[1:]


def low(text: str) -> str:
    """``text`` with its first letter made small (a name inside a sentence)."""
    return text[:1].lower() + text[1:]


def ru_or_en(obj: Any, field: str, lang: str) -> str:
    """A content field in ``lang``: ``<field>_ru`` in Russian when it is set."""
    text: str = getattr(obj, f"{field}_ru", "") if lang == "ru" else ""
    return text or str(getattr(obj, field))


# ---------------------------------------------------------------------- names of things
def hero_phrase(hero: str, lang: str) -> str:
    """A hero as sentences name it: "the warrior Thorn", "воин Торн"."""
    h = load().heroes[hero]
    return tr(lang)("seat.hero", role=low(h.label(lang)), name=ru_or_en(h, "hero_name", lang))


def seat_names(game: Andor, view: Mapping[str, Any], lang: str = "en") -> list[str]:
    """Each seat by its hero, as the rulebook names them."""
    return [hero_phrase(h["hero"], lang) for h in view["heroes"]]


def creature(kind: str, lang: str, form: str = "a") -> str:
    """A creature inside a sentence: "a gor", "the gor", "the skral marauder"; "гор"."""
    cr = load().creatures[kind]
    if cr.count == 1:
        form = "the"  # a legend creature is one of a kind
    return tr(lang)(f"creature.{form}", name=low(cr.label(lang)))


def item(item_id: str, lang: str, form: str = "the") -> str:
    """An article inside a sentence: "the shield (damaged)", "a helm"; "щит (повреждён)"."""
    c = load()
    art = c.articles[item_id.split(":", 1)[0]]
    name = ru_or_en(art, "worn_name", lang) if item_id.endswith(":worn") else art.label(lang)
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
    return ru_or_en(load().events[card], "text", lang)


# ---------------------------------------------------------------------- events
Names = Sequence[str]
Describer = Callable[["Andor", Mapping[str, Any], str, Names], str]


def _who(names: Names, seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else str(seat + 1)


def _action(game: Andor, e: Mapping[str, Any], lang: str, names: Names) -> str:
    from .labels import label_text  # labels build on this module's names of things
    return tr(lang)("event.action", name=cap(_who(names, e["seat"])),
                    label=label_text(game, e["action"], lang, None))


def _castle(game: Andor, e: Mapping[str, Any], lang: str, names: Names) -> str:
    key = "event.castle.overrun" if e["creatures"] > e["shields"] else "event.castle.held"
    return tr(lang)(key, what=cap(creature(e["kind"], lang)), taken=e["creatures"],
                    shields=e["shields"])


def _farmers_lost(game: Andor, e: Mapping[str, Any], lang: str, names: Names) -> str:
    if "seat" in e:
        return tr(lang).count("event.farmers_lost.carried", e["count"],
                              name=cap(_who(names, e["seat"])))
    return tr(lang)("event.farmers_lost.region", to=place(e["region"], "to", lang))


def _creature_placed(game: Andor, e: Mapping[str, Any], lang: str, names: Names) -> str:
    return tr(lang)("event.creature_placed", what=cap(creature(e["kind"], lang)),
                    at=place(e["region"], "at", lang))


def _creature_moved(game: Andor, e: Mapping[str, Any], lang: str, names: Names) -> str:
    return tr(lang)("event.creature_moved", what=cap(creature(e["kind"], lang)),
                    frm=place(e["frm"], "from", lang), dest=place(e["dest"], "to", lang))


def _pass(game: Andor, e: Mapping[str, Any], lang: str, names: Names) -> str:
    name = cap(_who(names, e["seat"]))
    if e["hours"] > HOURS_PER_DAY:
        return tr(lang)("event.pass.overtime", name=name, hours=e["hours"],
                        cost=amount("willpower", OVERTIME_COST, lang))
    return tr(lang)("event.pass.day", name=name, hours=e["hours"], day=HOURS_PER_DAY)


def _move(game: Andor, e: Mapping[str, Any], lang: str, names: Names) -> str:
    key = "event.move.wineskin" if e["means"] == "wineskin" else "event.move.hour"
    return tr(lang)(key, name=cap(_who(names, e["seat"])), to=place(e["dest"], "to", lang))


def _farmers_saved(game: Andor, e: Mapping[str, Any], lang: str, names: Names) -> str:
    return tr(lang).count("event.farmers_saved", e["count"], name=cap(_who(names, e["seat"])))


def _seat_only(key: str) -> Describer:
    def describe(game: Andor, e: Mapping[str, Any], lang: str, names: Names) -> str:
        return tr(lang)(key, name=cap(_who(names, e["seat"])))
    return describe


def _end_day(game: Andor, e: Mapping[str, Any], lang: str, names: Names) -> str:
    key = "event.end_day.first" if e["rooster"] else "event.end_day.later"
    return tr(lang)(key, name=cap(_who(names, e["seat"])))


def _event(game: Andor, e: Mapping[str, Any], lang: str, names: Names) -> str:
    return tr(lang)("event.event", card=card_name(e["card"], lang),
                    text=card_text(e["card"], lang))


def _event_blocked(game: Andor, e: Mapping[str, Any], lang: str, names: Names) -> str:
    return tr(lang)("event.event_blocked", name=cap(_who(names, e["seat"])),
                    card=card_name(e["card"], lang))


def _fight(game: Andor, e: Mapping[str, Any], lang: str, names: Names) -> str:
    return tr(lang)("event.fight", name=cap(_who(names, e["seat"])),
                    what=creature(e["kind"], lang, "the"), at=place(e["region"], "at", lang))


def _invitation(game: Andor, e: Mapping[str, Any], lang: str, names: Names) -> str:
    key = "event.invitation.join" if e["joined"] else "event.invitation.decline"
    return tr(lang)(key, name=cap(_who(names, e["seat"])))


def _flip(game: Andor, e: Mapping[str, Any], lang: str, names: Names) -> str:
    return tr(lang)("event.flip", name=cap(_who(names, e["seat"])), value=e["value"])


def _hero_roll(game: Andor, e: Mapping[str, Any], lang: str, names: Names) -> str:
    key = "event.hero_roll.one" if len(e["dice"]) == 1 else "event.hero_roll.many"
    return tr(lang)(key, name=cap(_who(names, e["seat"])), dice=dice_list(e["dice"], lang),
                    value=e["value"], strength=e["strength"],
                    total=e["value"] + e["strength"])


def _creature_roll(game: Andor, e: Mapping[str, Any], lang: str, names: Names) -> str:
    value, heroes = e["value"], e["heroes"]
    winner = "heroes" if heroes > value else "creature" if value > heroes else "tie"
    return tr(lang)(f"event.creature_roll.{winner}", what=cap(creature(e["kind"], lang, "the")),
                    dice=dice_list(e["dice"], lang), value=value, heroes=heroes,
                    loss=amount("willpower", abs(heroes - value), lang))


def _fight_over(game: Andor, e: Mapping[str, Any], lang: str, names: Names) -> str:
    key = "event.fight_over.heroes" if e["winner"] == "heroes" else "event.fight_over.none"
    return tr(lang)(key, what=creature(e["kind"], lang, "the"),
                    at=place(e["region"], "at", lang))


def _fog(game: Andor, e: Mapping[str, Any], lang: str, names: Names) -> str:
    fog = next(f for f in load().fog if f.id == e["token"])
    found = tr(lang)(f"fog.found.{fog.effect}",
                     amount=amount(fog.effect if fog.effect in ("gold", "strength") else
                                   "willpower", fog.amount, lang))
    return tr(lang)("event.fog", name=cap(_who(names, e["seat"])),
                    at=place(e["region"], "at", lang), found=found)


def _free(game: Andor, e: Mapping[str, Any], lang: str, names: Names) -> str:
    from .labels import parse  # labels build on this module's names of things
    kind, args = parse(game, e["action"])
    hero = game.hero_ids[e["seat"]] if 0 <= e["seat"] < len(game.hero_ids) else ""
    fields = free_fields(game, kind, args, hero, lang, names)
    return tr(lang)(f"event.free.{kind}", name=cap(_who(names, e["seat"])), **fields)


def free_fields(game: Andor, kind: str, args: Mapping[str, Any], hero: str, lang: str,
                names: Names) -> dict[str, str]:
    """The fields of a free action's sentence: the other hero, the item, the gain."""
    out: dict[str, str] = {}
    if "hero" in args:
        o = game.hero_ids.index(args["hero"]) if args["hero"] in game.hero_ids else -1
        out["other"] = names[o] if 0 <= o < len(names) else hero_phrase(args["hero"], lang)
    if "item" in args:
        out["item"] = item(args["item"], lang, "the" if kind != "buy" else "a")
    herb = load().articles["herb"].value
    if kind == "drink":
        out["gain"] = amount("willpower", well_gain(hero), lang)
    elif kind == "herb_wp":
        out["gain"] = amount("willpower", herb, lang)
    elif kind == "herb_walk":
        out["steps"] = amount("regions", herb, lang)
    return out


def well_gain(hero: str) -> int:
    """AND-67/63: what a full well gives this hero."""
    return WARRIOR_WELL_WILLPOWER if hero == "warrior" else WELL_WILLPOWER


def _knocked_out(game: Andor, e: Mapping[str, Any], lang: str, names: Names) -> str:
    return tr(lang)("event.knocked_out", name=cap(_who(names, e["seat"])),
                    strength=e["strength"], wp=KNOCKED_OUT_WILLPOWER)


def _narrator(game: Andor, e: Mapping[str, Any], lang: str, names: Names) -> str:
    return tr(lang)("event.narrator", letter=e["letter"])


def _legend_card(game: Andor, e: Mapping[str, Any], lang: str, names: Names) -> str:
    card = game.legend.cards[e["letter"]]
    return tr(lang)("event.legend_card", letter=e["letter"], card=card.label(lang),
                    text=legend_card_text(game.legend.info.id, e["letter"], lang))


def legend_card_text(legend: str, letter: str, lang: str, places: bool = True) -> str:
    """What a legend card tells, and (with ``places``) what it puts on the board."""
    t = tr(lang)
    card = load().legends[legend].cards[letter]
    text = ru_or_en(card, "text", lang)
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


def _legend_over(game: Andor, e: Mapping[str, Any], lang: str, names: Names) -> str:
    return tr(lang)(f"event.legend_over.{OUTCOME_KEY.get(e['reason'], 'lost')}")


def _sunrise(game: Andor, e: Mapping[str, Any], lang: str, names: Names) -> str:
    return tr(lang)("event.sunrise", day=e["day"])


#: How each reason of the end is keyed in the catalogue.
OUTCOME_KEY = {"goals-met": "won", "goals-unmet": "unmet", "castle-overrun": "overrun"}

DESCRIBE: dict[str, Describer] = {
    "action": _action, "castle": _castle, "farmers_lost": _farmers_lost,
    "creature_placed": _creature_placed, "creature_moved": _creature_moved, "pass": _pass,
    "move": _move, "farmers_saved": _farmers_saved,
    "herb_delivered": _seat_only("event.herb_delivered"), "end_day": _end_day,
    "event": _event, "event_blocked": _event_blocked, "fight": _fight,
    "withdraw": _seat_only("event.withdraw"), "invitation": _invitation, "flip": _flip,
    "hero_roll": _hero_roll, "creature_roll": _creature_roll, "fight_over": _fight_over,
    "fog": _fog, "free": _free, "knocked_out": _knocked_out, "narrator": _narrator,
    "legend_card": _legend_card, "legend_over": _legend_over, "sunrise": _sunrise,
}


def describe(game: Andor, event: Mapping[str, Any], lang: str = "en",
             names: Sequence[str] | None = None) -> str:
    """One event (already redacted for its reader) as a sentence."""
    if names is None:
        names = [hero_phrase(h, lang) for h in game.hero_ids]
    return DESCRIBE[event["type"]](game, event, lang, names)


def outcome(game: Andor, result: Result, lang: str = "en",
            names: Sequence[str] | None = None) -> list[str]:
    """The end of the legend: a headline with the reason, then each hero's standing."""
    t = tr(lang)
    if names is None:
        names = [hero_phrase(h, lang) for h in game.hero_ids]
    extra = result.extra or {}
    key = OUTCOME_KEY.get(result.reason, "unmet")
    lines = [t(f"outcome.head.{key}", day=extra.get("day", "?"), letter=extra.get("letter", "?"))]
    won = bool(result.winners)
    for name in names:
        lines.append(t("outcome.seat.won" if won else "outcome.seat.lost", name=cap(name)))
    return lines
