"""Andor's actions as their takers read them: what each costs and does.

A label is built from the action's verb alone, so a logged action reads as the legal one did;
the taker's view, when given, adds what only it knows (the hours already spent, the hero's own
price at the witch, the card a shield may block).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from meeple.core import Action, Dispatch

from .fight import flip_value
from .params import HOURS_PER_DAY, OVERTIME_COST, WILLPOWER_MAX
from .verbs import (
    AcceptRoll,
    AddHerb,
    AndorVerb,
    Attack,
    Begin,
    BlockCard,
    BlockLoss,
    Buy,
    BuyBrew,
    BuyStrength,
    Decline,
    Done,
    DoubleDie,
    Drink,
    DropFarmer,
    EndDay,
    FlipDie,
    Give,
    GiveGold,
    GiveWillpower,
    HerbWalk,
    HerbWillpower,
    InviteHero,
    Join,
    KeepDie,
    KeepFighting,
    LetHappen,
    Move,
    NoFlip,
    Pass,
    PickFarmer,
    PickUp,
    RollAgain,
    SendFalcon,
    Stop,
    TakeLoss,
    Telescope,
    Withdraw,
)
from .words import amount, creature, free_fields, hero_phrase, item, place, tr, well_gain

if TYPE_CHECKING:
    from .game import Andor
    from .view import HeroView, View


class Reader(NamedTuple):
    """Who reads a label: the game, the language, and the taker's view if known; for an action
    read from the log, whether its hour was overtime (the view of that moment is gone)."""

    game: Andor
    lang: str
    view: View | None
    overtime: bool = False


#: Each verb's label: ``LABELS(reader, verb)``.
LABELS: Dispatch[Reader, str] = Dispatch("Andor's labels")

#: What spends hours, gold, willpower or an article's use (menus list these last).
COSTLY: frozenset[type[AndorVerb]] = frozenset({
    Move, Pass, Attack, Buy, BuyStrength, BuyBrew, HerbWillpower, HerbWalk, BlockCard, Join,
    DoubleDie, AddHerb, BlockLoss, KeepFighting})


def verb_of(game: Andor, action: Action) -> AndorVerb:
    """An action's verb; an action known by its text alone (one read from a log) is read by
    the notation."""
    verb = action[1]
    return verb if isinstance(verb, AndorVerb) else game.parse_verb(action[0])


def label(game: Andor, action: Action, lang: str = "en",
          view: Mapping[str, Any] | None = None) -> str:
    """An action as its taker reads it, with what it costs and does."""
    return LABELS(Reader(game, lang, cast("View | None", view)), verb_of(game, action))


def logged_label(game: Andor, action: Action, lang: str, overtime: bool) -> str:
    """An action of the log as its taker's button read it: ``overtime`` when its hour was
    one of the 8th to 10th (AND-25), so the log tells the willpower the button did."""
    return LABELS(Reader(game, lang, None, overtime), verb_of(game, action))


def costs(game: Andor, action: Action, view: Mapping[str, Any] | None = None) -> bool:
    """Whether the action spends hours, gold, willpower or a use of an article."""
    return type(verb_of(game, action)) in COSTLY


# ---------------------------------------------------------------------- what things cost
def _me(view: View | None) -> HeroView | None:
    """The taker's hero in their own view."""
    if view is None or view.get("seat") is None:
        return None
    heroes = view["heroes"]
    seat = view["seat"]
    return heroes[seat] if seat is not None and 0 <= seat < len(heroes) else None


def hour_cost(r: Reader) -> str:
    """An hour, and the willpower it costs too once the day's 7 hours are spent (AND-25)."""
    me = _me(r.view)
    lang = r.lang
    if r.overtime or (me is not None and me["hours"] >= HOURS_PER_DAY):
        return tr(lang)("cost.overtime", wp=amount("willpower", OVERTIME_COST, lang))
    return tr(lang)("cost.hour")


def _price(verb: AndorVerb, me: HeroView, game: Andor) -> int:
    """AND-36/37/66: the taker's price of strength or the witch's brew."""
    if isinstance(verb, BuyBrew):
        return game.brew_price - (1 if me["hero"] == "archer" else 0)
    b = game.content.board
    mine = game.feature[me["region"]] == "mine" and me["hero"] == "dwarf"
    return b.mine_strength_price if mine else b.strength_price


# ---------------------------------------------------------------------- labels
@LABELS.on(Move)
def _move(r: Reader, verb: Move) -> str:
    if verb.wineskin:
        return tr(r.lang)("label.move_skin", to=place(verb.region, "to", r.lang))
    return tr(r.lang)("label.move", to=place(verb.region, "to", r.lang),
                      cost=hour_cost(r))


@LABELS.on(Stop)
def _stop(r: Reader, verb: Stop) -> str:
    me = _me(r.view)
    fog = r.view is not None and me is not None and any(
        region == me["region"] for region, _ in r.view["fog"])
    return tr(r.lang)("label.stop.fog" if fog else "label.stop")


@LABELS.on(Pass, Join, KeepFighting)
def _hour(r: Reader, verb: AndorVerb) -> str:
    return tr(r.lang)(f"label.{verb.key}", cost=hour_cost(r))


@LABELS.on(Attack)
def _fight(r: Reader, verb: Attack) -> str:
    return tr(r.lang)("label.fight", what=creature(verb.creature, r.lang, "the"),
                      at=place(verb.region, "at", r.lang), cost=hour_cost(r))


#: Gifts that, while a fight's reward is shared out, come from the reward.
REWARD = {"give_gold": "label.reward_gold", "give_wp": "label.reward_wp"}


@LABELS.on(GiveGold, GiveWillpower, SendFalcon, InviteHero)
def _to_hero(r: Reader, verb: AndorVerb) -> str:
    assert isinstance(verb, (GiveGold, GiveWillpower, SendFalcon, InviteHero))
    rewarding = r.view is not None and r.view.get("step") == "reward"
    key = REWARD[verb.key] if rewarding and verb.key in REWARD else f"label.{verb.key}"
    return tr(r.lang)(key, other=hero_phrase(r.game.hero_ids[verb.hero], r.lang))


@LABELS.on(Buy)
def _buy(r: Reader, verb: Buy) -> str:
    return tr(r.lang)("label.buy", item=item(verb.article, r.lang, "a"),
                      price=amount("gold", r.game.content.board.article_price, r.lang))


@LABELS.on(BuyStrength, BuyBrew)
def _priced(r: Reader, verb: AndorVerb) -> str:
    me = _me(r.view)
    if me is None:
        return tr(r.lang)(f"label.{verb.key}.plain")
    return tr(r.lang)(f"label.{verb.key}",
                      price=amount("gold", _price(verb, me, r.game), r.lang))


@LABELS.on(Drink)
def _drink(r: Reader, verb: Drink) -> str:
    me = _me(r.view)
    if me is None:
        return tr(r.lang)("label.drink.plain")
    gain = min(well_gain(me["hero"]), WILLPOWER_MAX - me["willpower"])
    return tr(r.lang)("label.drink", gain=amount("willpower", gain, r.lang))


@LABELS.on(HerbWillpower, HerbWalk, PickUp, Give)
def _free(r: Reader, verb: AndorVerb) -> str:
    """A free action whose label reads like its event (the item, the other hero)."""
    names = [hero_phrase(h, r.lang) for h in r.game.hero_ids]
    return tr(r.lang)(f"label.{verb.key}", **free_fields(r.game, verb, "", r.lang, names))


@LABELS.on(BlockCard, LetHappen)
def _event_card(r: Reader, verb: AndorVerb) -> str:
    card = r.view.get("last_event") if r.view is not None else None
    if not card:
        return tr(r.lang)(f"label.{verb.key}.plain")
    return tr(r.lang)(f"label.{verb.key}", card=r.game.content.events[card].label(r.lang))


@LABELS.on(FlipDie, DoubleDie)
def _die(r: Reader, verb: AndorVerb) -> str:
    """The wizard's flip and the brew: a die's face and what it becomes."""
    assert isinstance(verb, (FlipDie, DoubleDie))
    v = verb.face
    fields: dict[str, Any] = {"value": v}
    if isinstance(verb, FlipDie):
        fields["new"] = flip_value(v, verb.black)
        fields["other"] = hero_phrase(r.game.hero_ids[verb.hero], r.lang)
    else:
        fields["new"] = v * 2
    key = f"label.{verb.key}"
    return tr(r.lang)(f"{key}.black" if verb.black else key, **fields)


@LABELS.on(KeepDie)
def _keep(r: Reader, verb: KeepDie) -> str:
    return tr(r.lang)("label.keep", value=verb.face)


@LABELS.on(AddHerb)
def _herb(r: Reader, verb: AddHerb) -> str:
    return tr(r.lang)("label.herb", gain=r.game.content.articles["herb"].value)


@LABELS.on(Done, EndDay, PickFarmer, DropFarmer, Telescope, Begin, Decline, RollAgain,
           NoFlip, AcceptRoll, BlockLoss, TakeLoss, Withdraw)
def _simple(r: Reader, verb: AndorVerb) -> str:
    return tr(r.lang)(f"label.{verb.key}")
