"""Andor in words: seat names, every event as a sentence, and the result.

The sentences are keyed messages of ``locale/<lang>.po``; this module only chooses the key and
fills its fields (a hero, a creature, a region in the case its sentence needs, from
:mod:`.words`). Content names stay in the content files. Nothing here runs in the rules' hot
path.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from meeple.core import Action

from .content import load
from .labels import logged_label
from .params import HOURS_PER_DAY, KNOCKED_OUT_WILLPOWER, OVERTIME_COST
from .words import (
    Names,
    amount,
    cap,
    card_name,
    card_text,
    creature,
    dice_list,
    free_fields,
    hero_phrase,
    legend_card_text,
    place,
    tr,
)

if TYPE_CHECKING:
    from meeple.core import Result

    from .game import Andor
    from .view import View


def seat_names(game: Andor, view: Mapping[str, Any], lang: str = "en") -> list[str]:
    """Each seat by its hero, as the rulebook names them."""
    return [hero_phrase(h["hero"], lang) for h in cast("View", view)["heroes"]]


# ---------------------------------------------------------------------- events
Describer = Callable[["Andor", Mapping[str, Any], str, Names], str]


def _who(names: Names, seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else str(seat + 1)


def _action(game: Andor, e: Mapping[str, Any], lang: str, names: Names) -> str:
    return tr(lang)("event.action", name=cap(_who(names, e["seat"])),
                    label=logged_label(game, Action(e["action"]), lang,
                                       e.get("overtime", False)))


def _castle(game: Andor, e: Mapping[str, Any], lang: str, names: Names) -> str:
    key = "event.castle.overrun" if e["overrun"] else "event.castle.held"
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


def _overtime(game: Andor, e: Mapping[str, Any], lang: str, names: Names) -> str:
    """An overtime hour told on its own (AndorState.events tells it with its action)."""
    return tr(lang)("event.overtime", name=cap(_who(names, e["seat"])),
                    cost=amount("willpower", OVERTIME_COST, lang))


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
    verb = game.parse_verb(e["action"])  # the event keeps the action as the record does
    hero = game.hero_ids[e["seat"]] if 0 <= e["seat"] < len(game.hero_ids) else ""
    fields = free_fields(game, verb, hero, lang, names)
    return tr(lang)(f"event.free.{verb.key}", name=cap(_who(names, e["seat"])), **fields)


def _knocked_out(game: Andor, e: Mapping[str, Any], lang: str, names: Names) -> str:
    return tr(lang)("event.knocked_out", name=cap(_who(names, e["seat"])),
                    strength=e["strength"], wp=KNOCKED_OUT_WILLPOWER)


def _narrator(game: Andor, e: Mapping[str, Any], lang: str, names: Names) -> str:
    return tr(lang)("event.narrator", letter=e["letter"])


def _legend_card(game: Andor, e: Mapping[str, Any], lang: str, names: Names) -> str:
    card = game.legend.cards[e["letter"]]
    return tr(lang)("event.legend_card", letter=e["letter"], card=card.label(lang),
                    text=legend_card_text(game.legend.info.id, e["letter"], lang))


def _legend_over(game: Andor, e: Mapping[str, Any], lang: str, names: Names) -> str:
    return tr(lang)(f"event.legend_over.{OUTCOME_KEY.get(e['reason'], 'lost')}")


def _sunrise(game: Andor, e: Mapping[str, Any], lang: str, names: Names) -> str:
    return tr(lang)("event.sunrise", day=e["day"])


#: How each reason of the end is keyed in the catalogue.
OUTCOME_KEY = {"goals-met": "won", "goals-unmet": "unmet", "castle-overrun": "overrun"}

DESCRIBE: dict[str, Describer] = {
    "action": _action, "castle": _castle, "farmers_lost": _farmers_lost,
    "creature_placed": _creature_placed, "creature_moved": _creature_moved, "pass": _pass,
    "move": _move, "overtime": _overtime, "farmers_saved": _farmers_saved,
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
