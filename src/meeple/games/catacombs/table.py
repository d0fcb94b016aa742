"""The table of the catacombs' actions, indexed by the rules' own numbers (a side, an entrance,
a mask, an item index, a tile kind, a seat), built once per game from its universe, with what
the legal actions (``actions.legal``) would otherwise work out again at every call: each
item's free action, what the shop sells for a purse, the offers a dwarf may open."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING

from meeple.core import Action

from .content import DRINKABLE
from .verbs import (
    COIN_STEPS,
    MASKS,
    RAISES,
    SIDES,
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
    EntranceId,
    Equip,
    Explore,
    Fight,
    Give,
    GiveCoins,
    ItemId,
    OfferTrade,
    Place,
    Propose,
    Raise,
    Redraw,
    RefuseTile,
    Retreat,
    Sacrifice,
    Seat,
    Sell,
    Sneak,
    SpeedTo,
    SpeedWalk,
    Stay,
    Step,
    Stop,
    TakeTile,
    TileId,
    TurnTile,
    Unequip,
    Use,
    Walk,
)

if TYPE_CHECKING:
    from .game import Catacombs


@dataclass(frozen=True, slots=True)
class Table:
    """The game's actions (the universe's own objects) by the numbers the rules compute: a
    side, an entrance, a mask, an item index, a tile kind, a seat."""

    enter: tuple[Action, ...]
    explore: tuple[Action, ...]
    step: tuple[Action, ...]
    sneak: tuple[Action, ...]
    break_wall: tuple[Action, ...]
    speed_to: tuple[Action, ...]
    place: dict[int, Action]
    turn_tile: dict[int, Action]
    take_tile: dict[str, Action]
    raise_stat: tuple[Action, ...]
    equip: dict[int, Action]
    unequip: dict[int, Action]
    buy: dict[int, Action]
    sell: dict[int, Action]
    drink: dict[int, Action]
    sacrifice: dict[int, Action]
    use: dict[int, Action]
    brew: dict[int, Action]
    brew_cristall: dict[int, Action]
    give: dict[int, Action]
    ask: dict[int, Action]
    give_coins: tuple[Action, ...]
    ask_coins: tuple[Action, ...]
    offer: tuple[Action, ...]
    walk: Action
    stop: Action
    stay: Action
    speed_walk: Action
    fight: Action
    retreat: Action
    attack: Action
    draw_tile: Action
    refuse_tile: Action
    end_turn: Action
    buy_turn: Action
    buy_experience: Action
    redraw: Action
    propose: Action
    cancel: Action
    accept: Action
    decline: Action
    #: Per item, what a dwarf may do with it at any moment of its turn (``_item_actions``):
    #: how (``ItemUse``), the strength it needs, that action, and its sale (None: unsold).
    item_free: tuple[tuple[int, int, Action | None, Action | None], ...]
    #: The shop (CAT-16/17), away from an entrance and at one: its distinct prices (half
    #: coins) in increasing order, and what ``k`` of them buy, in the shop's order:
    #: ``within[at][k]`` holds the buy actions priced at most ``prices[at][k - 1]``.
    prices: tuple[tuple[int, ...], tuple[int, ...]]
    within: tuple[tuple[tuple[Action, ...], ...], tuple[tuple[Action, ...], ...]]
    #: CAT-20: per seat, every other seat with the action that opens an offer to it.
    offers_to: tuple[tuple[tuple[int, Action], ...], ...]


class ItemUse:
    """How an item's free action is offered (``Table.item_free``)."""

    NONE, WIELD, ALWAYS, SPIN = range(4)


def _item_free(game: Catacombs, a: Table) -> tuple[tuple[int, int, Action | None, Action | None],
                                                  ...]:
    """CAT-12..16, 38..48: per item, how its free action is offered (``_item_actions``)."""
    out: list[tuple[int, int, Action | None, Action | None]] = []
    for it in game.content.items:
        how, act = ItemUse.NONE, None
        if it.kind == "weapon":  # CAT-14: strong enough
            how, act = ItemUse.WIELD, a.equip[it.index]
        elif it.kind == "armour":
            how, act = ItemUse.ALWAYS, a.equip[it.index]
        elif it.kind == "potion" and it.effect in DRINKABLE:
            how, act = ItemUse.ALWAYS, a.drink[it.index]
        elif it.kind == "artifact" and it.effect == "rollshtain":
            how, act = ItemUse.ALWAYS, a.use[it.index]
        elif it.kind == "artifact" and it.effect == "spinner":
            how, act = ItemUse.SPIN, a.use[it.index]
        out.append((how, it.strength, act, a.sell[it.index] if it.value else None))
    return tuple(out)


def build_table(game: Catacombs) -> Table:
    """The table of ``game``'s actions, looked up once in its universe."""
    a = game.action
    content = game.content
    items = content.items
    entrances = [EntranceId(e) for e in range(len(content.entrances))]
    wearable = [ItemId(it.index) for it in items if it.kind in ("weapon", "armour")]
    potions = [ItemId(it.index) for it in items if it.kind == "potion"]
    every = [ItemId(it.index) for it in items]
    table = Table(
        enter=tuple(a(Enter(e)) for e in entrances),
        explore=tuple(a(Explore(d)) for d in SIDES),
        step=tuple(a(Step(d)) for d in SIDES),
        sneak=tuple(a(Sneak(d)) for d in SIDES),
        break_wall=tuple(a(BreakWall(d)) for d in SIDES),
        speed_to=tuple(a(SpeedTo(e)) for e in entrances),
        place={m: a(Place(m)) for m in MASKS},
        turn_tile={m: a(TurnTile(m)) for m in MASKS},
        take_tile={t.id: a(TakeTile(TileId(t.id))) for t in content.tiles},
        raise_stat=tuple(a(Raise(r)) for r in RAISES),
        equip={i: a(Equip(i)) for i in wearable},
        unequip={i: a(Unequip(i)) for i in wearable},
        buy={i: a(Buy(ItemId(i))) for i in content.shop},
        sell={it.index: a(Sell(ItemId(it.index))) for it in items if it.value},
        drink={i: a(Drink(i)) for i in potions if items[i].effect in DRINKABLE},
        sacrifice={i: a(Sacrifice(i)) for i in potions},
        use={it.index: a(Use(ItemId(it.index))) for it in items if it.kind == "artifact"},
        brew={p: a(Brew(ItemId(p))) for p, _ in content.recipes},
        brew_cristall={p: a(Brew(ItemId(p), cristall=True)) for p, _ in content.recipes},
        give={i: a(Give(i)) for i in every},
        ask={i: a(Ask(i)) for i in every},
        give_coins=tuple(a(GiveCoins(k)) for k in COIN_STEPS),
        ask_coins=tuple(a(AskCoins(k)) for k in COIN_STEPS),
        offer=tuple(a(OfferTrade(Seat(s))) for s in range(game.players)),
        walk=a(Walk()), stop=a(Stop()), stay=a(Stay()), speed_walk=a(SpeedWalk()),
        fight=a(Fight()), retreat=a(Retreat()), attack=a(Attack()), draw_tile=a(DrawTile()),
        refuse_tile=a(RefuseTile()), end_turn=a(EndTurn()), buy_turn=a(BuyTurn()),
        buy_experience=a(BuyExperience()), redraw=a(Redraw()), propose=a(Propose()),
        cancel=a(CancelTrade()), accept=a(Accept()), decline=a(Decline()),
        item_free=(), prices=((), ()), within=((), ()),
        offers_to=tuple(tuple((p, a(OfferTrade(Seat(p)))) for p in range(game.players) if p != s)
                        for s in range(game.players)),
    )
    away, at = (_shop(game, table, False), _shop(game, table, True))
    return replace(table, item_free=_item_free(game, table), prices=(away[0], at[0]),
                   within=(away[1], at[1]))


def _shop(game: Catacombs, a: Table, at_entrance: bool
          ) -> tuple[tuple[int, ...], tuple[tuple[Action, ...], ...]]:
    """The shop's distinct prices at or away from an entrance, and what each prefix of them
    buys (``Table.within``)."""
    cost = game.buy_prices[at_entrance]
    shop = game.content.shop
    prices = tuple(sorted({cost[i] for i in shop}))
    within = ((), *(tuple(a.buy[i] for i in shop if cost[i] <= top) for top in prices))
    return prices, within
