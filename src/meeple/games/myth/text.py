"""Myth in words: seat names, every event as a sentence and the result (docs/words.md).

The sentences live in ``locale/<lang>.po``; this module picks the key for an event and fills
in its fields with names from the content files, never ids. It reads only the event it is
given (already redacted for the seat that receives it) and the names of the seats.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from meeple.core import Result

from .content import load
from .labels import told
from .names import (
    card_name,
    cause,
    cell,
    cost,
    hero_name,
    join,
    quest_name,
    res,
    sides_of,
    tile_name,
    tr,
)

if TYPE_CHECKING:
    from meeple.core import Game

    from .view import View


# ------------------------------------------------------------------ seats
def seat_names(game: Game[Any], view: Mapping[str, Any], lang: str = "en") -> list[str]:
    """Each seat by its hero (Archer, Гном): heroes are dealt one each and never repeat;
    ``view`` is any seat's (a :class:`.view.View`)."""
    return [hero_name(h["hero"], lang) for h in cast("View", view)["heroes"]]


def _who(names: Sequence[str] | None, seat: int, lang: str) -> str:
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return tr(lang)("seat", n=seat + 1)


# ------------------------------------------------------------------ events
Fields = tuple[str, dict[str, Any]]
Maker = Callable[["Game[Any]", Mapping[str, Any], str, Callable[[int], str]], Fields]


def _action(game: Game[Any], e: Mapping[str, Any], lang: str, who: Callable[[int], str]) -> Fields:
    return "", {"name": who(e["seat"]), "action": told(game, e["action"], lang)}


def _roll(game: Game[Any], e: Mapping[str, Any], lang: str, who: Callable[[int], str]) -> Fields:
    purpose = str(e["purpose"])
    f = {"name": who(e["seat"]), "tens": e["tens"], "units": e["units"], "value": e["value"]}
    monster = purpose.removesuffix(" attack")
    if purpose.endswith(" attack") and monster in load().cards:
        return ".monster", {**f, "monster": card_name(monster, lang)}
    return "", f


def _drew(game: Game[Any], e: Mapping[str, Any], lang: str, who: Callable[[int], str]) -> Fields:
    t = tr(lang)
    f: dict[str, Any] = {"name": who(e["seat"]), "count": t.count("cards", e["count"]),
                         "paid": res(e["paid"], lang)}
    if "cards" in e:
        f["cards"] = join([card_name(c, lang) for c in e["cards"]], lang)
        return (".cards_paid" if e["paid"] else ".cards"), f
    return (".paid" if e["paid"] else ""), f


def _revealed(game: Game[Any], e: Mapping[str, Any], lang: str,
              who: Callable[[int], str]) -> Fields:
    t = tr(lang)
    shown = []
    for cid, by, paid in e["cards"]:
        src = t("from_deck") if by < 0 else t("played_by", name=who(by), paid=cost(paid, lang))
        shown.append(t("screen.your_card", card=card_name(cid, lang), who=src))
    return "", {"cards": join(shown, lang)}


def _cards_of(key: str, empty: str) -> Maker:
    """An event listing cards under ``key``; ``empty`` is the variant when there are none."""
    def make(game: Game[Any], e: Mapping[str, Any], lang: str, who: Callable[[int], str]) -> Fields:
        f: dict[str, Any] = {"cards": join([card_name(c, lang) for c in e[key]], lang)}
        if "seat" in e:
            f["name"] = who(e["seat"])
        if "victim" in e:
            f["victim"] = who(e["victim"])
        return ("" if e[key] else empty), f
    return make


def _plain(game: Game[Any], e: Mapping[str, Any], lang: str, who: Callable[[int], str]) -> Fields:
    """Any other event: its fields by kind (seats as names, cards, cells, counts in words)."""
    t = tr(lang)
    f: dict[str, Any] = {}
    for k, v in e.items():
        if k in ("seat", "other", "victim"):
            f["name" if k == "seat" else k] = who(v)
        elif k in ("monster", "card"):
            f[k] = card_name(v, lang)
        elif k == "cell":
            f[k] = cell(v, lang)
        elif k in ("reward", "paid"):
            f[k] = res(v, lang)
        elif k in ("amount", "damage", "life"):
            f[k] = t.count("life", v)
        elif k == "cause":
            f[k] = cause(v, lang)
        elif k == "quest":
            f[k] = quest_name(v, lang)
        elif k == "tile":
            f[k] = tile_name(v, lang)
        elif k == "passages":
            f["sides"] = sides_of(v, lang)
        elif k == "enemies":
            f["monsters"] = join([card_name(m, lang) for m in v], lang)
        elif k == "killed":
            f[k] = join([card_name(m, lang) for m in v], lang)
        else:
            f[k] = v
    return "", f


def _variant(kind: str, e: Mapping[str, Any]) -> str:
    """The variant of the plain events whose sentence depends on a yes/no field."""
    if kind in ("attack", "monster_attack"):
        return ".hit" if e["hit"] else ".miss"
    if kind == "trap":
        return ".caught" if e["caught"] else ".avoided"
    if kind == "web":
        return ".freed" if e["freed"] else ".caught"
    if kind == "tile_drawn" and e["redraw"]:
        return ".redraw"
    if kind == "card_played" and not e["paid"]:
        return ".free"
    if kind == "charge" and not e["killed"]:
        return ".none"
    if kind == "order":
        return ".forbid"
    return ""


MAKERS: dict[str, Maker] = {
    "action": _action, "roll": _roll, "drew": _drew, "revealed": _revealed,
    "balor": _cards_of("cancelled", ".none"), "shade": _cards_of("cards", ".none"),
    "deceived": _cards_of("cards", ".none"), "hand_shown": _cards_of("cards", ".empty"),
}


def describe(game: Game[Any], event: Mapping[str, Any], lang: str = "en",
             names: Sequence[str] | None = None) -> str:
    """One event as a sentence in ``lang``; ``names`` are the seats' names."""
    kind = str(event["type"])
    t = tr(lang)

    def who(seat: int) -> str:
        return _who(names, seat, lang)

    if kind == "first_roll":
        rolls = [f"{who(int(s))} {v}" for s, v in event["rolls"].items()]
        return t("event.first_roll", rolls=", ".join(rolls))
    if kind == "game_over":
        return t("event.game_over", headline=_headline(event["reason"], event["winners"],
                                                       lang, who))
    if kind == "imprisoned":
        _, f = _plain(game, event, lang, who)
        return t("event.imprisoned", capacity=load().cards["tain"].value, **f)
    maker = MAKERS.get(kind)
    variant, fields = maker(game, event, lang, who) if maker else _plain(game, event, lang, who)
    if maker is None:
        variant = _variant(kind, event)
    return t(f"event.{kind}{variant}", **fields)


# ------------------------------------------------------------------ the result
def _headline(reason: str, winners: Sequence[int], lang: str,
              who: Callable[[int], str]) -> str:
    t = tr(lang)
    names = join([who(s) for s in winners], lang) if winners else t("outcome.none")
    return t(f"outcome.{reason}", names=names)


def outcome(game: Game[Any], result: Result, lang: str = "en",
            names: Sequence[str] | None = None) -> list[str]:
    """The result: how the game ended and who won, then each hero's level and quests."""
    t = tr(lang)
    extra = result.extra
    heroes = [hero_name(h, lang) for h in extra["roles"]]
    shown = list(names) if names is not None else heroes

    def who(seat: int) -> str:
        return shown[seat]

    lines = [_headline(result.reason, result.winners, lang, who)]
    for s, name in enumerate(shown):
        done = t.count("quests_done", extra["quests_done"][s])
        score = (t("outcome.score", level=extra["levels"][s], done=done) if extra["alive"][s]
                 else t("outcome.dead", done=done))
        key = "ui.result_won" if s in result.winners else "ui.result_line"
        lines.append(t(key, name=name, score=score))
    return lines
