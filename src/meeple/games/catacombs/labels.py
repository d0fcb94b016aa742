"""Actions as their taker reads them: ``label(game, action, lang, view)`` and ``costs``.

A label is read from the action's verb, so a logged action reads as the legal one did (an
action known only by its text is read through the notation first). With the taker's own view
the label adds what only that view tells: the price here (an entrance or not, CAT-16/17),
whether the taker is strong enough to wield what it buys (CAT-14), the odds of a fight
(CAT-52), an offer's terms.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from meeple.core import Action, Dispatch, Verb

from .board import DIRS
from .content import Item
from .lookup import effect, join, money, name, sides, win_pct, words
from .stats import HEAL_ON_LEVEL
from .verbs import (
    Accept,
    Ask,
    AskCoins,
    Attack,
    BreakWall,
    Brew,
    Buy,
    BuyExperience,
    BuyTurn,
    CancelTrade,
    Decline,
    DrawTile,
    Drink,
    EndTurn,
    Enter,
    Equip,
    Explore,
    Fight,
    Give,
    GiveCoins,
    OfferTrade,
    Place,
    Propose,
    Raise,
    Redraw,
    RefuseTile,
    Retreat,
    Sacrifice,
    Sell,
    Sneak,
    SpeedTo,
    SpeedWalk,
    Stay,
    Step,
    Stop,
    TakeTile,
    TurnTile,
    Unequip,
    Use,
    Walk,
)

if TYPE_CHECKING:
    from .game import Catacombs
    from .view import DwarfView, View

#: The verbs whose label is one message, by the message's key.
PLAIN: dict[type[Verb], str] = {
    Walk: "walk", Stop: "stop", Stay: "stay", SpeedWalk: "speed_walk", Retreat: "retreat",
    DrawTile: "draw_tile", RefuseTile: "refuse_tile", EndTurn: "end_turn", Redraw: "redraw",
    Propose: "propose", CancelTrade: "cancel", Decline: "decline",
}
#: The verbs that spend something: coins, a potion, experience, goods (menus list them last).
COSTLY: frozenset[type[Verb]] = frozenset({
    Buy, BuyTurn, BuyExperience, RefuseTile, Sacrifice, BreakWall, Sneak, SpeedWalk, SpeedTo,
    Give, GiveCoins})


class Reader(NamedTuple):
    """Who reads a label: the game, the language, and the taker's own view (or None)."""

    game: Catacombs
    lang: str
    view: View | None


#: The label of each verb: ``LABELS(reader, verb)``.
LABELS: Dispatch[Reader, str] = Dispatch("the catacombs' labels")


def _me(view: View | None) -> DwarfView | None:
    """The taker's dwarf in its own view (None without a view or before the first turn)."""
    if not view or view["to_act"] is None:
        return None
    return view["dwarves"][view["to_act"]]


def _at_entrance(view: View) -> bool:
    me = _me(view)
    return bool(me and me["cell"] is not None and me["cell"] in view["entrances"].values())


def _price(game: Catacombs, it: Item, view: View, selling: bool) -> float:
    """CAT-16/17: list price (or value) at an entrance; elsewhere the shop's markup or the
    half it pays."""
    base = it.value if selling else it.price
    if _at_entrance(view):
        return base
    return base * (game.content.sell_remote if selling else game.content.markup)


def _toward(r: Reader, key: str, direction: int) -> str:
    t = words(r.lang)
    return t(key, to=t(f"to.{DIRS[direction]}"))


@LABELS.on(Enter, SpeedTo)
def _entrance(r: Reader, verb: Verb) -> str:
    assert isinstance(verb, (Enter, SpeedTo))
    key = "label.enter" if isinstance(verb, Enter) else "label.speed_to"
    return words(r.lang)(key, entrance=name(r.game.content.entrances[verb.entrance].id, r.lang))


@LABELS.on(Explore, Step, Sneak, BreakWall)
def _side(r: Reader, verb: Verb) -> str:
    assert isinstance(verb, (Explore, Step, Sneak, BreakWall))
    key = "break" if isinstance(verb, BreakWall) else verb.word
    return _toward(r, f"label.{key}", verb.direction)


@LABELS.on(Place, TurnTile)
def _sides(r: Reader, verb: Verb) -> str:
    assert isinstance(verb, (Place, TurnTile))
    key = "label.place" if isinstance(verb, Place) else "label.turn_tile"
    return words(r.lang)(key, sides=sides(verb.sides, r.lang))


@LABELS.on(TakeTile)
def _take(r: Reader, verb: TakeTile) -> str:
    return words(r.lang)("label.take_tile", tile=name(verb.tile, r.lang))


@LABELS.on(Raise)
def _raise(r: Reader, verb: Raise) -> str:
    return words(r.lang)(f"label.raise.{verb.stat}", n=HEAL_ON_LEVEL)


def _monster_odds(game: Catacombs, view: View | None) -> tuple[str, int] | None:
    """The monster on the taker's cell and the taker's chance to beat it with one roll."""
    me = _me(view)
    if me is None or me["cell"] is None or view is None:
        return None
    x, y = me["cell"]
    kind, _, monster = (view["cards"][y * view["size"] + x] or "").partition(":")
    if kind != "monster":
        return None
    content = game.content
    mon = content.monsters[next(m.index for m in content.monsters if m.id == monster)]
    weapon = me["screen"]["right_hand"]
    col = (game.column_of[content.item_index[weapon]] if weapon is not None
           else content.fists_column)
    return mon.id, win_pct(mon.needs[col], view["roll_bonus"])


@LABELS.on(Fight, Attack)
def _fight(r: Reader, verb: Verb) -> str:
    t = words(r.lang)
    odds = _monster_odds(r.game, r.view)
    if odds is None:
        return t(f"label.{verb.word}", monster=t("kind.monster"))
    return t(f"label.{verb.word}.odds", monster=name(odds[0], r.lang), pct=odds[1])


@LABELS.on(Accept)
def _accept(r: Reader, verb: Accept) -> str:
    t, lang = words(r.lang), r.lang
    trade = r.view["trade"] if r.view else None
    if not trade:
        return t("label.accept")
    give = [name(i, lang) for i in trade["ask"]]
    get = [name(i, lang) for i in trade["give"]]
    give += [money(trade["ask_money"], lang)] if trade["ask_money"] else []
    get += [money(trade["give_money"], lang)] if trade["give_money"] else []
    return t("label.accept.terms", get=join(get, lang), give=join(give, lang))


@LABELS.on(BuyTurn, BuyExperience)
def _purchase(r: Reader, verb: Verb) -> str:
    assert isinstance(verb, (BuyTurn, BuyExperience))
    content = r.game.content
    if isinstance(verb, BuyTurn):
        return words(r.lang)("label.buy_turn", coins=money(content.extra_turn_price, r.lang))
    return words(r.lang)("label.buy_exp", coins=money(content.experience_price, r.lang))


@LABELS.on(Buy)
def _buy(r: Reader, verb: Buy) -> str:
    t, lang, view = words(r.lang), r.lang, r.view
    it = r.game.content.items[verb.item]
    if view is None:  # a move told: the event that follows says what it cost
        out = t("label.buy.bare", item=name(it.id, lang))
    else:
        out = t("label.buy", item=name(it.id, lang),
                coins=money(_price(r.game, it, view, False), lang))
    me = _me(view)
    if it.kind == "weapon":
        low = me is not None and me["strength"] < it.strength
        return out + (t("label.need.low", n=it.strength, mine=me["strength"]) if low and me
                      else t("label.need", n=it.strength))
    if it.kind == "armour":
        return out + t("label.gives", effect=f"+{it.armour} {t('num.armour')}")
    return out + t("label.gives", effect=t(f"short.{it.effect}", n=it.amount))


@LABELS.on(Sell)
def _sell(r: Reader, verb: Sell) -> str:
    t = words(r.lang)
    it = r.game.content.items[verb.item]
    if r.view is None:
        return t("label.sell.bare", item=name(it.id, r.lang))
    return t("label.sell", item=name(it.id, r.lang),
             coins=money(_price(r.game, it, r.view, True), r.lang))


@LABELS.on(Equip)
def _equip(r: Reader, verb: Equip) -> str:
    t = words(r.lang)
    it = r.game.content.items[verb.item]
    if it.kind == "weapon":
        return t("label.equip.weapon", item=name(it.id, r.lang))
    return t("label.equip.armour", item=name(it.id, r.lang), n=it.armour)


@LABELS.on(Drink, Use)
def _effect(r: Reader, verb: Verb) -> str:
    assert isinstance(verb, (Drink, Use))
    it = r.game.content.items[verb.item]
    return words(r.lang)(f"label.{verb.word}", item=name(it.id, r.lang),
                         effect=effect(it, r.lang))


@LABELS.on(Unequip, Sacrifice, Give, Ask)
def _thing(r: Reader, verb: Verb) -> str:
    assert isinstance(verb, (Unequip, Sacrifice, Give, Ask))
    it = r.game.content.items[verb.item]
    return words(r.lang)(f"label.{verb.word}", item=name(it.id, r.lang))


@LABELS.on(Brew)
def _brew(r: Reader, verb: Brew) -> str:
    content, lang = r.game.content, r.lang
    ings = next(i for p, i in content.recipes if p == verb.potion)
    parts = join([name(content.items[i].id, lang) for i in ings], lang)
    key = "label.brew.cristall" if verb.cristall else "label.brew"
    return words(lang)(key, potion=name(content.items[verb.potion].id, lang), ingredients=parts)


@LABELS.on(GiveCoins, AskCoins)
def _coins(r: Reader, verb: Verb) -> str:
    assert isinstance(verb, (GiveCoins, AskCoins))
    return words(r.lang)(f"label.{verb.word}_coins", coins=money(verb.coins, r.lang))


@LABELS.on(OfferTrade)
def _offer(r: Reader, verb: OfferTrade) -> str:
    t = words(r.lang)
    return t("label.offer", partner=t(f"seat.{verb.partner % 4}"))


def verb_of(game: Catacombs, action: Action) -> Verb:
    """The verb of ``action``; an action known only by its text (a logged one) is read through
    the game's notation."""
    verb = action[1]
    return verb if isinstance(verb, Verb) else game.parse_verb(action[0])


def label(game: Catacombs, action: Action, lang: str = "en",
          view: Mapping[str, Any] | None = None) -> str:
    """``action`` in ``lang`` with what it costs and does; ``view``: the taker's own."""
    verb = verb_of(game, action)
    plain = PLAIN.get(verb.__class__)
    if plain is not None:
        return words(lang)(f"label.{plain}")
    return LABELS(Reader(game, lang, cast("View | None", view)), verb)


def costs(game: Catacombs, action: Action, view: Mapping[str, Any] | None = None) -> bool:
    """Whether ``action`` spends coins, a potion, goods or experience (menus list it last)."""
    return verb_of(game, action).__class__ in COSTLY
