"""Why an action a hero would expect is not offered now (``Game.why_not``, docs/contract.md).

Built from the seat's own view only: the hours on its time track, its willpower and gold, the
creatures, wells and merchants around it. Each reason names the rule that forbids the action,
in the words of ``locale/<lang>.po`` (keys ``why.*``). Only actions a player could expect from
the board are told: a step, a pass or a fight out of hours, a creature next door, a purchase
short of gold, an empty well.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import TYPE_CHECKING, Any, cast

from meeple.core import Action

from .params import HOURS_PER_DAY, OVERTIME_COST, OVERTIME_HOURS, WILLPOWER_MAX
from .verbs import (
    BuyBrew,
    BuyStrength,
    Drink,
    Item,
    KeepFighting,
    Kind,
    Move,
    Pass,
    Region,
)
from .words import amount, tr

if TYPE_CHECKING:
    from .game import Andor
    from .view import HeroView, View

Reason = tuple[Action, str]


def can_spend(me: HeroView) -> bool:
    """AND-19/24/26, as the view shows it: a normal hour, or an overtime one that keeps the
    hero above 0 willpower."""
    h = me["hours"]
    if h < HOURS_PER_DAY:
        return True
    return h < HOURS_PER_DAY + OVERTIME_HOURS and me["willpower"] > OVERTIME_COST


def _no_hour(me: HeroView, lang: str, key: str) -> str:
    """Why a hero has no hour to spend: the day's ten are gone, or overtime would cost his
    last willpower (``key``: ``day`` or ``round``)."""
    if me["hours"] >= HOURS_PER_DAY + OVERTIME_HOURS:
        return tr(lang)(f"why.{key}.no_hours")
    return tr(lang)(f"why.{key}.no_overtime", cost=amount("willpower", OVERTIME_COST, lang),
                    wp=amount("willpower", me["willpower"], lang))


def why_not(game: Andor, view: Mapping[str, Any], lang: str = "en") -> list[Reason]:
    """The forbidden actions the hero to act might expect, each with its rule in words."""
    v = cast("View", view)
    seat = v.get("seat")
    if seat is None or v["phase"] not in ("day", "fight") or not 0 <= seat < len(v["heroes"]):
        return []
    me = v["heroes"][seat]
    step = v["step"]
    if step == "fight on":
        if can_spend(me):
            return []
        return [(game.fixed[KeepFighting], _no_hour(me, lang, "round"))]
    if seat != v["active"] or me["ended"] or step not in ("turn", "moving", "after move"):
        return []
    out = list(_hours(game, v, me, lang))
    if step != "moving":
        out.extend(_fights(game, v, me, lang))
        out.extend(_shopping(game, v, me, lang))
        out.extend(_well(game, v, me, lang))
    return out


def _hours(game: Andor, v: View, me: HeroView, lang: str) -> Iterator[Reason]:
    """AND-20/26/39: out of hours a hero takes no step, pass or fight; he ends his day."""
    if can_spend(me) or v["free_steps"] > 0 or v["step"] == "after move":
        return
    why = _no_hour(me, lang, "day")
    here = me["region"]
    setting_out = v["step"] == "turn"
    skin = setting_out and any(a.partition(":")[0] == "wineskin" for a in me["articles"])
    for n in game.neighbours[here]:
        yield game.action(Move(Region(n))), why
        if skin:
            yield game.action(Move(Region(n), True)), tr(lang)("why.wineskin_no_hours")
    if setting_out:
        yield game.fixed[Pass], why


def _fights(game: Andor, v: View, me: HeroView, lang: str) -> Iterator[Reason]:
    """AND-49/64/75: a fight from a neighbouring region, after a move, or out of hours."""
    here = me["region"]
    ranged = me["hero"] == "archer" or any(a == "bow" for a in me["articles"])
    near = set(game.neighbours[here])
    moved = v["step"] == "after move"
    spend = can_spend(me)
    for c in v["creatures"]:
        r = c["region"]
        if r != here and r not in near:
            continue
        attack = game.attack[Kind(c["kind"]), Region(r)]
        if r != here and not ranged:
            yield attack, tr(lang)("why.fight.neighbour")
        elif moved:
            yield attack, tr(lang)("why.fight.moved")
        elif not spend:
            yield attack, _no_hour(me, lang, "day")


def _shopping(game: Andor, v: View, me: HeroView, lang: str) -> Iterator[Reason]:
    """AND-36/37/43/66/79: strength, articles and the brew that cost more than the hero has."""
    here = me["region"]
    gold = me["gold"]
    b = game.content.board
    if game.feature[here] in ("merchant", "mine"):
        price = (b.mine_strength_price if me["hero"] == "dwarf" and game.feature[here] == "mine"
                 else b.strength_price)
        most = game.config["strength_max"]
        if me["strength"] >= most:
            yield game.fixed[BuyStrength], tr(lang)("why.strength_max",
                                                   most=amount("strength", most, lang))
        elif gold < price:
            yield game.fixed[BuyStrength], tr(lang)("why.gold.strength",
                                                   price=amount("gold", price, lang),
                                                   gold=amount("gold", gold, lang))
        for a in game.sold:
            if v["stock"].get(a, 0) <= 0:
                continue
            if not v["market_open"]:
                yield game.buy[Item(a)], tr(lang)("why.market_closed")
            elif gold < b.article_price:
                yield game.buy[Item(a)], tr(lang)("why.gold.article",
                                                  price=amount("gold", b.article_price, lang),
                                                  gold=amount("gold", gold, lang))
    if here == v["witch"] and v["stock"].get("brew", 0) > 0:
        price = game.brew_price - (1 if me["hero"] == "archer" else 0)
        if any(a.partition(":")[0] == "brew" for a in me["articles"]):
            yield game.fixed[BuyBrew], tr(lang)("why.brew.one")
        elif gold < price:
            yield game.fixed[BuyBrew], tr(lang)("why.gold.brew",
                                                price=amount("gold", price, lang),
                                                gold=amount("gold", gold, lang))


def _well(game: Andor, v: View, me: HeroView, lang: str) -> Iterator[Reason]:
    """AND-67/29: a well gives willpower once, until the next sunrise; 20 is the most."""
    here = me["region"]
    for region, full in v["wells"]:
        if region != here:
            continue
        if not full:
            yield game.fixed[Drink], tr(lang)("why.well.empty")
        elif me["willpower"] >= WILLPOWER_MAX:
            yield game.fixed[Drink], tr(lang)("why.well.full_willpower",
                                              most=amount("willpower", WILLPOWER_MAX, lang))
