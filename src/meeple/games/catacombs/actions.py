"""The actions of the catacombs: the legal actions of the seat to act (``legal``, read from the
game's table of actions, ``table.py``) and ``RULES``, each verb's handler, which sequences the
mechanics it triggers ("a fatal wound: the dwarf falls, then the turn passes")."""

from __future__ import annotations

from bisect import bisect_right
from typing import TYPE_CHECKING

from meeple.core import Action, Dispatch

from . import (
    battle,
    building,
    ending,
    equipment,
    events,
    movement,
    setup,
    shop,
    stats,
    trade,
    turn,
)
from .backpack import CRISTALL_STANDS_FOR, HALVES, recipe_need
from .board import cell_of
from .decisions import Answer, LevelUp, Offer
from .table import ItemUse
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
    from .state import CatacombsState


# ---------------------------------------------------------------- legal actions
def legal(st: CatacombsState) -> list[Action]:
    """The legal actions of the seat to act, in a fixed order."""
    A = st.game.actions
    if st.decisions:
        top = st.decisions[-1]
        kind = top.__class__
        if kind is Offer:
            return trade.composing(st, top)  # type: ignore[arg-type]
        if kind is LevelUp:  # CAT-9: taken at once
            return list(A.raise_stat)
        if kind is Answer:
            return [A.accept, A.decline]
    step = st.step
    if step == "main":
        if st.phase == "move":
            return movement.move_actions(st) + free_actions(st)
        return [*free_actions(st), A.end_turn]
    if step == "entrance":  # CAT-6
        taken = set(st.position)
        return [a for a, e in zip(A.enter, st.game.content.entrances, strict=True)
                if e.cell not in taken]
    return _step_actions(st) + anytime_actions(st)  # CAT-19, CAT-20


def _step_actions(st: CatacombsState) -> list[Action]:
    """The decision of a step inside the turn, before what may be done at any moment."""
    g = st.game
    A = g.actions
    step = st.step
    if step == "walk":
        return movement.walk_actions(st)
    if step == "monster":
        return [A.fight, A.retreat]
    if step == "battle":
        return battle_actions(st)
    tiles = g.content.tiles
    if step == "build":
        out = [A.draw_tile] if st.pile else []
        kinds = sorted({tiles[t].id for t in st.faceup_tiles})
        return out + [A.take_tile[k] for k in kinds]
    if step == "place":
        assert st.held_tile is not None
        mask = tiles[st.held_tile].sides
        out = [A.place[m] for m in g.rotations[mask] if m & st.build_side]
        return out + ([A.refuse_tile] if st.pile else [])
    # spin (CAT-48)
    tile_card = st.tile_card[cell_of(st, st.active)]
    assert tile_card is not None
    return [A.turn_tile[m] for m in g.rotations[tiles[tile_card].sides]]


def _capped(st: CatacombsState) -> bool:
    """CAT-25: meeple's cap on free actions per turn is reached, so every turn ends."""
    limit = st.game.config["free_action_limit"]
    return bool(limit) and st.free_used >= limit


#: Lists of free actions kept per game before its store is emptied.
KEPT = 4096


def free_actions(st: CatacombsState) -> list[Action]:
    """What a dwarf may do at any moment of its own turn (CAT-12..21, 37..50).

    They depend only on what ``key`` holds, so they are kept per game by it: a search meets
    the same dwarf with the same purse, pack and screen on the same cell again and again."""
    if _capped(st):
        return []
    s = st.active
    cell = cell_of(st, s)
    key = (s, cell, st.money[s], st.strength[s], tuple(st.pack[s]), tuple(st.screen[s]),
           st.tile_card[cell] is None, not st.pile, st.cauldron[cell] is None,
           st.offers < st.game.config["trade_offers_per_turn"], tuple(st.alive))
    store = st.game.free_memo
    known = store.get(key)
    if known is None:
        if len(store) >= KEPT:
            store.clear()
        known = store[key] = tuple(_free_actions(st, s, cell))
    return list(known)


def _free_actions(st: CatacombsState, s: int, cell: int) -> list[Action]:
    g = st.game
    A, content = g.actions, g.content
    out = _item_actions(st, s) if st.pack[s] else []
    out += [A.unequip[i] for i in st.screen[s] if i is not None]
    at = cell in g.entrance_cells  # CAT-16/17: the price depends on where the dwarf stands
    out += A.within[at][bisect_right(A.prices[at], st.money[s])]
    out += _purchases(st, s)
    if st.cauldron[cell] is not None:  # CAT-37, CAT-50
        cristall = g.cristall in st.pack[s]
        for potion, ings in content.recipes:
            missing = recipe_need(st, s, ings)
            if not missing:
                out.append(A.brew[potion])
            if cristall and len(missing) <= CRISTALL_STANDS_FOR:
                out.append(A.brew_cristall[potion])
    out += _offers(st, s)
    return out


def _item_actions(st: CatacombsState, s: int) -> list[Action]:
    """CAT-12..16, 38..48: equip, drink, use or sell what the backpack holds (``Table.item_free``
    says which items may be put on, drunk or used, and sold)."""
    A = st.game.actions
    plan = A.item_free
    pack = st.pack[s]
    out: list[Action] = []
    for i in pack if len(pack) == 1 else sorted(set(pack)):
        how, strength, act, sale = plan[i]
        if how == ItemUse.ALWAYS or (how == ItemUse.WIELD and st.strength[s] >= strength):
            out.append(act)  # type: ignore[arg-type]
        elif how == ItemUse.SPIN and st.tile_card[cell_of(st, s)] is not None:
            out.append(act)  # type: ignore[arg-type]
            if st.pile:
                out.append(A.redraw)
        if sale is not None:
            out.append(sale)
    return out


def anytime_actions(st: CatacombsState) -> list[Action]:
    """CAT-19/CAT-20: what a dwarf may do at any decision of its own turn, not only between
    moves: buy an extra turn or experience, open a trade. Counted against the free-action cap
    (CAT-25) like every free action."""
    if _capped(st):
        return []
    s = st.active
    return _purchases(st, s) + _offers(st, s)


def _purchases(st: CatacombsState, s: int) -> list[Action]:
    """CAT-19: 200 coins buy an extra turn, or one experience."""
    content = st.game.content
    money = st.money[s]
    turn_price, experience_price = (HALVES * content.extra_turn_price,
                                    HALVES * content.experience_price)
    if money < turn_price and money < experience_price:
        return []
    A = st.game.actions
    out = [A.buy_turn] if money >= turn_price else []
    if money >= experience_price:
        out.append(A.buy_experience)
    return out


def _offers(st: CatacombsState, s: int) -> list[Action]:
    """CAT-20: an offer to every other living dwarf, while the turn has offers left."""
    if st.offers >= st.game.config["trade_offers_per_turn"]:
        return []
    alive = st.alive
    return [a for p, a in st.game.actions.offers_to[s] if alive[p]]


def battle_actions(st: CatacombsState) -> list[Action]:
    """CAT-44/49/52: sacrifice potions, use the Summoner, or roll the attack."""
    g = st.game
    A = g.actions
    s = st.active
    items = g.content.items
    out = [A.sacrifice[i] for i in sorted(set(st.pack[s])) if items[i].kind == "potion"]
    if g.summoner in st.pack[s]:
        out.append(A.use[g.summoner])
    out.append(A.attack)
    return out


# ---------------------------------------------------------------- the rules of each verb
#: The rules of each verb: ``RULES(state, verb)`` (one handler per verb class).
RULES: Dispatch[CatacombsState, None] = Dispatch("the catacombs' rules")


def _free(st: CatacombsState, anytime: bool = False) -> None:
    """CAT-25: a free action taken between moves, or one of those offered at every decision of
    the turn (CAT-19, CAT-20), counts against meeple's cap."""
    if not st.decisions and (anytime or st.step == "main"):
        st.free_used += 1


def end_turn(st: CatacombsState) -> None:
    """The turn is over: the game ends at meeple's round limit or a dead end (CAT-24), else
    the next turn begins (an extra one, or the next living dwarf's)."""
    st.turn += 1
    if st.turn >= st.game.config["max_rounds"] * st.players:
        turn.finish(st, "round-limit")
    elif not ending.any_way_forward(st):
        turn.finish(st, "dead-end")
    else:
        turn.next_turn(st)


@RULES.on(Enter)
def _enter(st: CatacombsState, verb: Enter) -> None:
    setup.enter(st, verb.entrance)


@RULES.on(Explore)
def _explore(st: CatacombsState, verb: Explore) -> None:
    """CAT-26, then CAT-31: the card of the cell explored turns up."""
    cell = movement.explore(st, verb.direction)
    events.reveal(st, cell, verb.direction)


@RULES.on(BreakWall)
def _break_wall(st: CatacombsState, verb: BreakWall) -> None:
    """CAT-43, then on unexplored ground CAT-31."""
    cell = movement.break_wall(st, verb.direction)
    if cell is not None:
        events.reveal(st, cell, verb.direction)


@RULES.on(Walk)
def _walk(st: CatacombsState, verb: Walk) -> None:
    movement.walk(st)


@RULES.on(SpeedWalk)
def _speed_walk(st: CatacombsState, verb: SpeedWalk) -> None:
    movement.speed_walk(st)


@RULES.on(SpeedTo)
def _speed_to(st: CatacombsState, verb: SpeedTo) -> None:
    movement.speed_to(st, verb.entrance)


@RULES.on(Step)
def _step(st: CatacombsState, verb: Step) -> None:
    movement.step(st, verb.direction)


@RULES.on(Sneak)
def _sneak(st: CatacombsState, verb: Sneak) -> None:
    movement.step(st, verb.direction, sneak=True)


@RULES.on(Stop)
def _stop(st: CatacombsState, verb: Stop) -> None:
    turn.to_end_phase(st)


@RULES.on(Stay)
def _stay(st: CatacombsState, verb: Stay) -> None:
    turn.to_end_phase(st)


@RULES.on(EndTurn)
def _end_turn(st: CatacombsState, verb: EndTurn) -> None:
    end_turn(st)


@RULES.on(Fight)
def _fight(st: CatacombsState, verb: Fight) -> None:
    battle.fight(st)


@RULES.on(Retreat)
def _retreat(st: CatacombsState, verb: Retreat) -> None:
    battle.retreat(st)


@RULES.on(Attack)
def _attack(st: CatacombsState, verb: Attack) -> None:
    """CAT-52; a fatal wound: the dwarf falls (CAT-11) and, unless that ends the game, the
    turn passes."""
    s = st.active
    battle.attack(st)
    if st.alive[s] and st.health[s] <= 0:
        stats.die(st, s)
        if st.ending is None:
            end_turn(st)


@RULES.on(Sacrifice)
def _sacrifice(st: CatacombsState, verb: Sacrifice) -> None:
    battle.sacrifice(st, verb.item)


@RULES.on(DrawTile)
def _draw_tile(st: CatacombsState, verb: DrawTile) -> None:
    building.draw_tile(st)


@RULES.on(TakeTile)
def _take_tile(st: CatacombsState, verb: TakeTile) -> None:
    building.take_tile(st, verb.tile)


@RULES.on(Place)
def _place(st: CatacombsState, verb: Place) -> None:
    building.place(st, verb.sides)


@RULES.on(RefuseTile)
def _refuse_tile(st: CatacombsState, verb: RefuseTile) -> None:
    building.refuse_tile(st)


@RULES.on(TurnTile)
def _turn_tile(st: CatacombsState, verb: TurnTile) -> None:
    building.turn_tile(st, verb.sides)


@RULES.on(Raise)
def _raise(st: CatacombsState, verb: Raise) -> None:
    stats.raise_stat(st, verb.stat)


@RULES.on(Equip)
def _equip(st: CatacombsState, verb: Equip) -> None:
    _free(st)
    equipment.equip(st, verb.item)


@RULES.on(Unequip)
def _unequip(st: CatacombsState, verb: Unequip) -> None:
    _free(st)
    equipment.unequip(st, verb.item)


@RULES.on(Buy)
def _buy(st: CatacombsState, verb: Buy) -> None:
    _free(st)
    shop.buy(st, verb.item)


@RULES.on(Sell)
def _sell(st: CatacombsState, verb: Sell) -> None:
    _free(st)
    shop.sell(st, verb.item)


@RULES.on(BuyTurn)
def _buy_turn(st: CatacombsState, verb: BuyTurn) -> None:
    _free(st, anytime=True)
    shop.buy_turn(st)


@RULES.on(BuyExperience)
def _buy_experience(st: CatacombsState, verb: BuyExperience) -> None:
    _free(st, anytime=True)
    shop.buy_experience(st)


@RULES.on(Drink)
def _drink(st: CatacombsState, verb: Drink) -> None:
    _free(st)
    events.drink(st, verb.item)


@RULES.on(Use)
def _use(st: CatacombsState, verb: Use) -> None:
    """CAT-46..48; the Summoner (CAT-49) then banishes the monster the dwarf is fighting."""
    _free(st)
    events.use(st, verb.item)
    if verb.item == st.game.summoner:
        battle.banish(st, events.ARTIFACT_EXPERIENCE)


@RULES.on(Redraw)
def _redraw(st: CatacombsState, verb: Redraw) -> None:
    _free(st)
    events.redraw(st)


@RULES.on(Brew)
def _brew(st: CatacombsState, verb: Brew) -> None:
    _free(st)
    events.brew(st, verb.potion, verb.cristall)


@RULES.on(OfferTrade)
def _offer(st: CatacombsState, verb: OfferTrade) -> None:
    _free(st, anytime=True)
    trade.open_offer(st, verb.partner)


@RULES.on(Give)
def _give(st: CatacombsState, verb: Give) -> None:
    trade.give(st, verb.item)


@RULES.on(Ask)
def _ask(st: CatacombsState, verb: Ask) -> None:
    trade.ask(st, verb.item)


@RULES.on(GiveCoins)
def _give_coins(st: CatacombsState, verb: GiveCoins) -> None:
    trade.give_coins(st, verb.coins)


@RULES.on(AskCoins)
def _ask_coins(st: CatacombsState, verb: AskCoins) -> None:
    trade.ask_coins(st, verb.coins)


@RULES.on(Propose)
def _propose(st: CatacombsState, verb: Propose) -> None:
    trade.propose(st)


@RULES.on(CancelTrade)
def _cancel(st: CatacombsState, verb: CancelTrade) -> None:
    trade.cancel(st)


@RULES.on(Accept)
def _accept(st: CatacombsState, verb: Accept) -> None:
    trade.accept(st)


@RULES.on(Decline)
def _decline(st: CatacombsState, verb: Decline) -> None:
    trade.decline(st)
