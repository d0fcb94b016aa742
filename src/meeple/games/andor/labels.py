"""Andor's actions as their takers read them: what each costs and does.

A label is built from the action's wire text alone (parsed back here), so a logged action reads
as the legal one did; the taker's view, when given, adds what only it knows (the hours already
spent, the hero's own price at the witch, the card a shield may block).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from functools import cache
from typing import TYPE_CHECKING, Any

from meeple.core import Action

from .content import load
from .fight import flip_value
from .params import HOURS_PER_DAY, OVERTIME_COST, WILLPOWER_MAX
from .text import amount, creature, free_fields, hero_phrase, item, place, tr, well_gain

if TYPE_CHECKING:
    from .game import Andor

View = Mapping[str, Any] | None

#: Wire texts with nothing to read from them, by the kind they are.
PLAIN = {
    "stop": "stop", "done": "done", "pass": "pass", "end day": "end_day",
    "buy strength": "buy_sp", "buy witch's brew": "buy_brew", "drink from the well": "drink",
    "pick up a farmer": "pick_farmer", "drop a farmer": "drop_farmer",
    "use the herb for willpower": "herb_wp", "use the herb to walk": "herb_walk",
    "look through the telescope": "telescope", "block the event with the shield": "block",
    "let it happen": "allow", "begin the fight": "begin", "join the fight": "join",
    "decline": "decline", "roll again": "again", "no flip": "noflip",
    "accept the roll": "accept", "add the herb": "herb",
    "block the loss with the shield": "shield", "take the loss": "take", "fight on": "on",
    "withdraw": "withdraw",
}

#: Wire texts with parts, by pattern: the kind and its named parts.
PATTERNS = [
    (re.compile(r"move to (?P<region>\d+)(?P<skin> with the wineskin)?"), "move"),
    (re.compile(r"fight the (?P<creature>.+) on (?P<region>\d+)"), "fight"),
    (re.compile(r"give 1 gold to the (?P<hero>\w+)"), "give_gold"),
    (re.compile(r"give 1 willpower to the (?P<hero>\w+)"), "give_wp"),
    (re.compile(r"send the falcon to the (?P<hero>\w+)"), "falcon"),
    (re.compile(r"buy a (?P<item>.+)"), "buy"),
    (re.compile(r"pick up the (?P<item>.+)"), "pick"),
    (re.compile(r"give the (?P<item>.+) to the (?P<hero>\w+)"), "give"),
    (re.compile(r"invite the (?P<hero>\w+)"), "invite"),
    (re.compile(r"keep (?P<value>\d+)"), "keep"),
    (re.compile(r"flip (?P<black>black )?(?P<value>\d+) of the (?P<hero>\w+)"), "flip"),
    (re.compile(r"double (?P<black>black )?(?P<value>\d+) with the brew"), "brew"),
]


@cache
def _lookups() -> tuple[dict[str, str], dict[str, str]]:
    """Creature kinds and item ids by the lower-case names action texts use."""
    c = load()
    kinds = {cr.label("en").lower(): k for k, cr in c.creatures.items()}
    items = {}
    for a in c.articles.values():
        items[a.label("en").lower()] = a.id
        if a.worn_name:
            items[a.worn_name.lower()] = f"{a.id}:worn"
    return kinds, items


def parse(game: Andor, text: str) -> tuple[str, dict[str, Any]]:
    """An action's wire text as its kind and parts (ids and numbers)."""
    if text in PLAIN:
        return PLAIN[text], {}
    kinds, items = _lookups()
    for pattern, kind in PATTERNS:
        m = pattern.fullmatch(text)
        if m is None:
            continue
        parts: dict[str, Any] = {k: v for k, v in m.groupdict().items() if v is not None}
        for k in ("region", "value"):
            if k in parts:
                parts[k] = int(parts[k])
        if "creature" in parts:
            parts["creature"] = kinds[parts["creature"]]
        if "item" in parts:
            parts["item"] = items[parts["item"]]
        if kind == "move" and parts.pop("skin", None):
            kind = "move_skin"
        return kind, parts
    raise ValueError(f"not an Andor action: {text!r}")


# ---------------------------------------------------------------------- what things cost
def _me(view: View) -> Mapping[str, Any] | None:
    """The taker's hero in their own view."""
    if view is None or view.get("seat") is None:
        return None
    heroes = view["heroes"]
    seat = view["seat"]
    return heroes[seat] if 0 <= seat < len(heroes) else None


def hour_cost(view: View, lang: str) -> str:
    """An hour, and the willpower it costs too once the day's 7 hours are spent (AND-25)."""
    me = _me(view)
    if me is not None and me["hours"] >= HOURS_PER_DAY:
        return tr(lang)("cost.overtime", wp=amount("willpower", OVERTIME_COST, lang))
    return tr(lang)("cost.hour")


def _price(kind: str, me: Mapping[str, Any], game: Andor) -> int:
    """AND-36/37/66: the taker's price of strength or the witch's brew."""
    if kind == "buy_brew":
        return game.brew_price - (1 if me["hero"] == "archer" else 0)
    b = game.c.board
    mine = game.feature[me["region"]] == "mine" and me["hero"] == "dwarf"
    return b.mine_strength_price if mine else b.strength_price


# ---------------------------------------------------------------------- labels
Labeller = Callable[["Andor", dict[str, Any], str, View], str]


def _move(game: Andor, p: dict[str, Any], lang: str, view: View) -> str:
    return tr(lang)("label.move", to=place(p["region"], "to", lang), cost=hour_cost(view, lang))


def _move_skin(game: Andor, p: dict[str, Any], lang: str, view: View) -> str:
    return tr(lang)("label.move_skin", to=place(p["region"], "to", lang))


def _stop(game: Andor, p: dict[str, Any], lang: str, view: View) -> str:
    me = _me(view)
    fog = view is not None and me is not None and any(
        r == me["region"] for r, _ in view["fog"])
    return tr(lang)("label.stop.fog" if fog else "label.stop")


def _hour_label(key: str) -> Labeller:
    def label(game: Andor, p: dict[str, Any], lang: str, view: View) -> str:
        return tr(lang)(key, cost=hour_cost(view, lang))
    return label


def _fight(game: Andor, p: dict[str, Any], lang: str, view: View) -> str:
    return tr(lang)("label.fight", what=creature(p["creature"], lang, "the"),
                    at=place(p["region"], "at", lang), cost=hour_cost(view, lang))


def _to_hero(key: str) -> Labeller:
    def label(game: Andor, p: dict[str, Any], lang: str, view: View) -> str:
        if view is not None and view.get("step") == "reward" and key in REWARD:
            key2 = REWARD[key]
        else:
            key2 = key
        return tr(lang)(key2, other=hero_phrase(p["hero"], lang))
    return label


#: Gifts that, while a fight's reward is shared out, come from the reward.
REWARD = {"label.give_gold": "label.reward_gold", "label.give_wp": "label.reward_wp"}


def _buy(game: Andor, p: dict[str, Any], lang: str, view: View) -> str:
    return tr(lang)("label.buy", item=item(p["item"], lang, "a"),
                    price=amount("gold", game.c.board.article_price, lang))


def _priced(key: str) -> Labeller:
    def label(game: Andor, p: dict[str, Any], lang: str, view: View) -> str:
        me = _me(view)
        if me is None:
            return tr(lang)(f"{key}.plain")
        return tr(lang)(key, price=amount("gold", _price(key.split(".")[-1], me, game), lang))
    return label


def _drink(game: Andor, p: dict[str, Any], lang: str, view: View) -> str:
    me = _me(view)
    if me is None:
        return tr(lang)("label.drink.plain")
    gain = min(well_gain(me["hero"]), WILLPOWER_MAX - me["willpower"])
    return tr(lang)("label.drink", gain=amount("willpower", gain, lang))


def _free(kind: str) -> Labeller:
    """A free action whose label reads like its event (the item, the other hero)."""
    def label(game: Andor, p: dict[str, Any], lang: str, view: View) -> str:
        names = [hero_phrase(h, lang) for h in game.hero_ids]
        return tr(lang)(f"label.{kind}", **free_fields(game, kind, p, "", lang, names))
    return label


def _event_card(key: str) -> Labeller:
    def label(game: Andor, p: dict[str, Any], lang: str, view: View) -> str:
        card = view.get("last_event") if view is not None else None
        if not card:
            return tr(lang)(f"{key}.plain")
        return tr(lang)(key, card=load().events[card].label(lang))
    return label


def _die(key: str) -> Labeller:
    """The wizard's flip and the brew: a die's value and what it becomes."""
    def label(game: Andor, p: dict[str, Any], lang: str, view: View) -> str:
        black = "black" in p
        v = p["value"]
        new = flip_value(v, black) if key == "label.flip" else v * 2
        fields: dict[str, Any] = {"value": v, "new": new}
        if "hero" in p:
            fields["other"] = hero_phrase(p["hero"], lang)
        return tr(lang)(f"{key}.black" if black else key, **fields)
    return label


def _simple(key: str) -> Labeller:
    def label(game: Andor, p: dict[str, Any], lang: str, view: View) -> str:
        return tr(lang)(key, **{k: v for k, v in p.items() if k == "value"})
    return label


def _herb_gain(key: str) -> Labeller:
    def label(game: Andor, p: dict[str, Any], lang: str, view: View) -> str:
        return tr(lang)(key, gain=game.c.articles["herb"].value)
    return label


LABELS: dict[str, Labeller] = {
    "move": _move, "move_skin": _move_skin, "stop": _stop, "done": _simple("label.done"),
    "pass": _hour_label("label.pass"), "end_day": _simple("label.end_day"), "fight": _fight,
    "give_gold": _to_hero("label.give_gold"), "give_wp": _to_hero("label.give_wp"),
    "falcon": _to_hero("label.falcon"), "invite": _to_hero("label.invite"), "buy": _buy,
    "buy_sp": _priced("label.buy_sp"), "buy_brew": _priced("label.buy_brew"),
    "drink": _drink, "pick_farmer": _simple("label.pick_farmer"),
    "drop_farmer": _simple("label.drop_farmer"), "herb_wp": _free("herb_wp"),
    "herb_walk": _free("herb_walk"), "telescope": _simple("label.telescope"),
    "pick": _free("pick"), "give": _free("give"), "block": _event_card("label.block"),
    "allow": _event_card("label.allow"), "begin": _simple("label.begin"),
    "join": _hour_label("label.join"), "decline": _simple("label.decline"),
    "again": _simple("label.again"), "keep": _simple("label.keep"),
    "noflip": _simple("label.noflip"), "flip": _die("label.flip"), "brew": _die("label.brew"),
    "accept": _simple("label.accept"), "herb": _herb_gain("label.herb"),
    "shield": _simple("label.shield"), "take": _simple("label.take"),
    "on": _hour_label("label.on"), "withdraw": _simple("label.withdraw"),
}

#: What spends hours, gold, willpower or an article's use (menus list these last).
COSTLY = frozenset({"move", "move_skin", "pass", "fight", "buy", "buy_sp", "buy_brew",
                    "herb_wp", "herb_walk", "block", "join", "brew", "herb", "shield", "on"})


def label_text(game: Andor, text: str, lang: str = "en", view: View = None) -> str:
    """The label of an action given by its wire text."""
    kind, parts = parse(game, text)
    return LABELS[kind](game, parts, lang, view)


def label(game: Andor, action: Action, lang: str = "en", view: View = None) -> str:
    """An action as its taker reads it, with what it costs and does."""
    return label_text(game, action.text, lang, view)


def costs(game: Andor, action: Action, view: View = None) -> bool:
    """Whether the action spends hours, gold, willpower or a use of an article."""
    return parse(game, action.text)[0] in COSTLY
