"""Actions as their taker reads them: ``label(game, action, lang, view)`` and ``costs``.

A label is read from the action's text (the wire format of records), never its data, so a
logged action reads as the legal one did. With the taker's own view the label adds what only
that view tells: the price here (an entrance or not, CAT-16/17), whether the taker is strong
enough to wield what it buys (CAT-14), the odds of a fight (CAT-52), an offer's terms.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from meeple.core import Action

from .content import Item
from .lookup import by_name, effect, join, money, name, sides, win_pct, words
from .stats import HEAL_ON_LEVEL

if TYPE_CHECKING:
    from .game import Catacombs

View = Mapping[str, Any] | None
#: Labels of the actions whose text is all there is to them.
PLAIN = {"walk": "walk", "stop": "stop", "stay": "stay", "speed walk": "speed_walk",
         "retreat": "retreat", "draw tile": "draw_tile", "refuse tile": "refuse_tile",
         "end turn": "end_turn", "use Spinner to redraw": "redraw", "propose": "propose",
         "cancel trade": "cancel", "decline": "decline"}
#: Action texts (and prefixes) that spend something: coins, a potion, experience, goods.
COSTLY = ("buy ", "refuse tile", "sacrifice ", "break ", "sneak ", "speed ", "give ")


def _mask(letters: str) -> int:
    return sum(1 << "NESW".index(ch) for ch in letters)


def _me(view: View) -> Mapping[str, Any] | None:
    """The taker's dwarf in its own view (None without a view or before the first turn)."""
    if not view or view.get("to_act") is None:
        return None
    dwarves: list[Mapping[str, Any]] = view["dwarves"]
    return dwarves[view["to_act"]]


def _at_entrance(view: View) -> bool:
    me = _me(view)
    return bool(me and me["cell"] is not None and me["cell"] in view["entrances"].values())  # type: ignore[index]


def _price(game: Catacombs, it: Item, view: Mapping[str, Any], selling: bool) -> float:
    """CAT-16/17: list price (or value) at an entrance; elsewhere the shop's markup or the
    half it pays."""
    base = it.value if selling else it.price
    if _at_entrance(view):
        return base
    return base * (game.cat.sell_remote if selling else game.cat.markup)


def _buy(game: Catacombs, it: Item, lang: str, view: View) -> str:
    t = words(lang)
    if view is None:  # a move told: the event that follows says what it cost
        out = t("label.buy.bare", item=name(it.id, lang))
    else:
        out = t("label.buy", item=name(it.id, lang),
                coins=money(_price(game, it, view, False), lang))
    me = _me(view)
    if it.kind == "weapon":
        low = me is not None and me["strength"] < it.strength
        return out + (t("label.need.low", n=it.strength, mine=me["strength"]) if low and me
                      else t("label.need", n=it.strength))
    if it.kind == "armour":
        return out + t("label.gives", effect=f"+{it.armour} {t('num.armour')}")
    return out + t("label.gives", effect=t(f"short.{it.effect}", n=it.amount))


def _monster_odds(game: Catacombs, view: View) -> tuple[str, int] | None:
    """The monster on the taker's cell and the taker's chance to beat it with one roll."""
    me = _me(view)
    if me is None or me["cell"] is None or view is None:
        return None
    x, y = me["cell"]
    card = view["cards"][y * view["size"] + x]
    if not card or not card.startswith("monster:"):
        return None
    cat = game.cat
    mon = cat.monsters[next(m.index for m in cat.monsters if m.id == card[8:])]
    weapon = me["screen"]["right_hand"]
    col = (game.column_of[cat.item_index[weapon]] if weapon is not None else cat.fists_column)
    return mon.id, win_pct(mon.needs[col], view["roll_bonus"])


def _fight(game: Catacombs, key: str, lang: str, view: View) -> str:
    t = words(lang)
    odds = _monster_odds(game, view)
    if odds is None:
        return t(f"label.{key}", monster=t("kind.monster"))
    return t(f"label.{key}.odds", monster=name(odds[0], lang), pct=odds[1])


def _accept(lang: str, view: View) -> str:
    t = words(lang)
    trade = view.get("trade") if view else None
    if not trade:
        return t("label.accept")
    give = [name(i, lang) for i in trade["ask"]]
    get = [name(i, lang) for i in trade["give"]]
    give += [money(trade["ask_money"], lang)] if trade["ask_money"] else []
    get += [money(trade["give_money"], lang)] if trade["give_money"] else []
    return t("label.accept.terms", get=join(get, lang), give=join(give, lang))


def _item_label(game: Catacombs, verb: str, it: Item, lang: str, view: View) -> str:
    t = words(lang)
    nm = name(it.id, lang)
    if verb == "buy":
        return _buy(game, it, lang, view)
    if verb == "sell":
        if view is None:
            return t("label.sell.bare", item=nm)
        return t("label.sell", item=nm, coins=money(_price(game, it, view, True), lang))
    if verb == "equip":
        if it.kind == "weapon":
            return t("label.equip.weapon", item=nm)
        return t("label.equip.armour", item=nm, n=it.armour)
    if verb in ("drink", "use"):
        return t(f"label.{verb}", item=nm, effect=effect(it, lang))
    return t(f"label.{verb}", item=nm)


def _brew(game: Catacombs, rest: str, lang: str) -> str:
    cristall = rest.endswith(" with Cristall")
    potion = by_name(game.cat, rest.removesuffix(" with Cristall"))
    assert potion is not None, rest
    ings = next(i for p, i in game.cat.recipes if p == potion.index)
    parts = join([name(game.cat.items[i].id, lang) for i in ings], lang)
    key = "label.brew.cristall" if cristall else "label.brew"
    return words(lang)(key, potion=name(potion.id, lang), ingredients=parts)


def _entrance(game: Catacombs, text: str, lang: str) -> str:
    eid = next(e[0] for e in game.cat.entrances if e[1] == text)
    return name(eid, lang)


def _tile(game: Catacombs, text: str, lang: str) -> str:
    return name(next(t[0] for t in game.cat.tiles if t[1] == text), lang)


def _seat(game: Catacombs, n: int, lang: str) -> str:
    return words(lang)(f"seat.{n % 4}")


def _prefixed(game: Catacombs, text: str, lang: str, view: View) -> str | None:
    """Labels of the actions that name a direction, a place, a tile or a seat."""
    t = words(lang)
    verb, _, rest = text.partition(" ")
    simple: dict[str, Callable[[], str]] = {
        "enter": lambda: t("label.enter", entrance=_entrance(game, rest, lang)),
        "explore": lambda: t("label.explore", to=t(f"to.{rest}")),
        "step": lambda: t("label.step", to=t(f"to.{rest}")),
        "sneak": lambda: t("label.sneak", to=t(f"to.{rest}")),
        "break": lambda: t("label.break", to=t(f"to.{rest.removesuffix(' wall')}")),
        "place": lambda: t("label.place", sides=sides(_mask(rest), lang)),
        "take": lambda: t("label.take_tile", tile=_tile(game, rest, lang)),
        "raise": lambda: t(f"label.raise.{rest}", n=HEAL_ON_LEVEL),
        "brew": lambda: _brew(game, rest, lang),
    }
    if verb in simple:
        return simple[verb]()
    if text.startswith("speed to "):
        return t("label.speed_to", entrance=_entrance(game, text[9:], lang))
    if text.startswith("turn tile to "):
        return t("label.turn_tile", sides=sides(_mask(text[13:]), lang))
    if text.startswith("offer trade to seat "):
        return t("label.offer", partner=_seat(game, int(text[20:]), lang))
    if verb in ("give", "ask") and rest.endswith(" coins"):
        return t(f"label.{verb}_coins", coins=money(int(rest[:-6]), lang))
    it = by_name(game.cat, rest)
    if it is not None and verb in ("equip", "unequip", "buy", "sell", "drink", "sacrifice",
                                   "use", "give", "ask"):
        return _item_label(game, verb, it, lang, view)
    return None


def label(game: Catacombs, action: Action, lang: str = "en", view: View = None) -> str:
    """``action`` in ``lang`` with what it costs and does; ``view``: the taker's own."""
    t = words(lang)
    text = action[0]
    if text in PLAIN:
        return t(f"label.{PLAIN[text]}")
    if text in ("fight", "attack"):
        return _fight(game, text, lang, view)
    if text == "accept":
        return _accept(lang, view)
    if text == "buy extra turn":
        return t("label.buy_turn", coins=money(game.cat.extra_turn_price, lang))
    if text == "buy experience":
        return t("label.buy_exp", coins=money(game.cat.experience_price, lang))
    out = _prefixed(game, text, lang, view)
    if out is None:
        raise ValueError(f"no label for the action {text!r}")
    return out


def costs(game: Catacombs, action: Action, view: View = None) -> bool:
    """Whether ``action`` spends coins, a potion, goods or experience (menus list it last)."""
    return action[0].startswith(COSTLY)
