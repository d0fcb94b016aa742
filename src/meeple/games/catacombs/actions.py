"""The actions of the catacombs: the table built once per game from the content, the legal
actions of the seat to act (``legal``) and the dispatch of an action to its rule (``apply``).

An action's payload is a small tuple ``(verb, argument)`` the rules dispatch on; its text is
what players type and records store.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from meeple.core import Action

from . import battle, building, equipment, events, setup, shop, stats, trade, turn
from .board import DIRS, cell_of, mask_text, whose_turn
from .content import Catalog
from .decisions import Answer, LevelUp, Offer
from .stats import RAISES
from .trade import COIN_STEPS

if TYPE_CHECKING:
    from .state import CatacombsState

WALK = Action("walk", ("walk", 0))
STOP = Action("stop", ("stop", 0))
STAY = Action("stay", ("stay", 0))
SPEED_WALK = Action("speed walk", ("speed_walk", 0))
FIGHT = Action("fight", ("fight", 0))
RETREAT = Action("retreat", ("retreat", 0))
ATTACK = Action("attack", ("attack", 0))
DRAW_TILE = Action("draw tile", ("draw_tile", 0))
REFUSE_TILE = Action("refuse tile", ("refuse_tile", 0))
END_TURN = Action("end turn", ("end_turn", 0))
BUY_TURN = Action("buy extra turn", ("buy_turn", 0))
BUY_EXP = Action("buy experience", ("buy_exp", 0))
REDRAW = Action("use Spinner to redraw", ("redraw", 0))
PROPOSE = Action("propose", ("propose", 0))
CANCEL = Action("cancel trade", ("cancel", 0))
ACCEPT = Action("accept", ("accept", 0))
DECLINE = Action("decline", ("decline", 0))


def _verb(prefix: str, cat: Catalog, kinds: tuple[str, ...], verb: str) -> dict[int, Action]:
    return {it.index: Action(f"{prefix} {it.name}", (verb, it.index))
            for it in cat.items if it.kind in kinds}


@dataclass(frozen=True)
class Actions:
    """The action table shared by every state."""

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
    walk: Action = WALK
    stop: Action = STOP
    stay: Action = STAY
    speed_walk: Action = SPEED_WALK
    fight: Action = FIGHT
    retreat: Action = RETREAT
    attack: Action = ATTACK
    draw_tile: Action = DRAW_TILE
    refuse_tile: Action = REFUSE_TILE
    end_turn: Action = END_TURN
    buy_turn: Action = BUY_TURN
    buy_exp: Action = BUY_EXP
    redraw: Action = REDRAW
    propose: Action = PROPOSE
    cancel: Action = CANCEL
    accept: Action = ACCEPT
    decline: Action = DECLINE


def build_actions(cat: Catalog, players: int) -> Actions:
    """All actions for a game with ``players`` seats."""
    masks = range(1, 16)
    tile_kinds = sorted({(t[0], t[1]) for t in cat.tiles})
    return Actions(
        enter=tuple(Action(f"enter {e[1]}", ("enter", i)) for i, e in enumerate(cat.entrances)),
        explore=tuple(Action(f"explore {d}", ("explore", i)) for i, d in enumerate(DIRS)),
        step=tuple(Action(f"step {d}", ("step", i)) for i, d in enumerate(DIRS)),
        sneak=tuple(Action(f"sneak {d}", ("sneak", i)) for i, d in enumerate(DIRS)),
        break_wall=tuple(Action(f"break {d} wall", ("break", i)) for i, d in enumerate(DIRS)),
        speed_to=tuple(Action(f"speed to {e[1]}", ("speed_to", i))
                       for i, e in enumerate(cat.entrances)),
        place={m: Action(f"place {mask_text(m)}", ("place", m)) for m in masks},
        turn_tile={m: Action(f"turn tile to {mask_text(m)}", ("turn_tile", m)) for m in masks},
        take_tile={tid: Action(f"take {name}", ("take_tile", tid)) for tid, name in tile_kinds},
        raise_stat=tuple(Action(f"raise {r}", ("raise", i)) for i, r in enumerate(RAISES)),
        equip=_verb("equip", cat, ("weapon", "armour"), "equip"),
        unequip=_verb("unequip", cat, ("weapon", "armour"), "unequip"),
        buy=_verb("buy", cat, ("weapon", "armour", "potion"), "buy"),
        sell=_verb("sell", cat, ("weapon", "armour", "potion", "treasure", "artifact"), "sell"),
        drink=_verb("drink", cat, ("potion",), "drink"),
        sacrifice=_verb("sacrifice", cat, ("potion",), "sacrifice"),
        use=_verb("use", cat, ("artifact",), "use"),
        brew={p: Action(f"brew {cat.items[p].name}", ("brew", p)) for p, _ in cat.recipes},
        brew_cristall={p: Action(f"brew {cat.items[p].name} with Cristall", ("brew_cr", p))
                       for p, _ in cat.recipes},
        give=_verb("give", cat, tuple({it.kind for it in cat.items}), "give"),
        ask=_verb("ask", cat, tuple({it.kind for it in cat.items}), "ask"),
        give_coins=tuple(Action(f"give {k} coins", ("give_coins", k)) for k in COIN_STEPS),
        ask_coins=tuple(Action(f"ask {k} coins", ("ask_coins", k)) for k in COIN_STEPS),
        offer=tuple(Action(f"offer trade to seat {s}", ("offer", s)) for s in range(players)),
    )


# ---------------------------------------------------------------- legal actions
#: Potions a dwarf may drink (the others act when used: CAT-41..43).
DRINKABLE = ("heal", "armour", "strength")
#: Verbs offered at every decision of a dwarf's own turn (CAT-19, CAT-20).
ANYTIME = frozenset({"buy_turn", "buy_exp", "offer"})


def legal(st: CatacombsState) -> list[Action]:
    """The legal actions of the seat to act, in a fixed order."""
    A = st.game.acts
    top = st.decisions[-1] if st.decisions else None
    if isinstance(top, LevelUp):  # CAT-9: taken at once
        return list(A.raise_stat)
    if isinstance(top, Offer):
        return trade.composing(st, top)
    if isinstance(top, Answer):
        return [A.accept, A.decline]
    step = st.step
    if step == "main":
        if st.phase == "move":
            return turn.move_actions(st) + free_actions(st)
        return [*free_actions(st), A.end_turn]
    if step == "entrance":  # CAT-6
        taken = set(st.pos)
        return [a for a, e in zip(A.enter, st.game.cat.entrances, strict=True)
                if e[3] not in taken]
    return _step_actions(st, step) + anytime_actions(st)  # CAT-19, CAT-20


def _step_actions(st: CatacombsState, step: str) -> list[Action]:
    """The decision of a step inside the turn, before what may be done at any moment."""
    g = st.game
    A = g.acts
    if step == "walk":
        return turn.walk_actions(st)
    if step == "monster":
        return [A.fight, A.retreat]
    if step == "battle":
        return battle_actions(st)
    if step == "build":
        out = [A.draw_tile] if st.pile else []
        kinds = sorted({g.cat.tiles[t][0] for t in st.faceup_tiles})
        return out + [A.take_tile[k] for k in kinds]
    if step == "place":
        assert st.held is not None
        mask = g.cat.tiles[st.held][3]
        out = [A.place[m] for m in g.rots[mask] if m & st.build_side]
        return out + ([A.refuse_tile] if st.pile else [])
    # spin (CAT-48)
    tcard = st.tcard[cell_of(st, whose_turn(st))]
    assert tcard is not None
    mask = g.cat.tiles[tcard][3]
    return [A.turn_tile[m] for m in g.rots[mask]]


def _capped(st: CatacombsState) -> bool:
    """CAT-25: meeple's cap on free actions per turn is reached, so every turn ends."""
    limit = st.game.config["free_action_limit"]
    return bool(limit) and st.free_used >= limit


def free_actions(st: CatacombsState) -> list[Action]:
    """What a dwarf may do at any moment of its own turn (CAT-12..21, 37..50)."""
    if _capped(st):
        return []
    g = st.game
    A, cat = g.acts, g.cat
    s = whose_turn(st)
    out = _item_actions(st, s)
    out += [A.unequip[i] for i in st.screen[s] if i is not None]
    prices, money = g.buy_prices[shop.at_entrance(st, s)], st.money[s]
    out += [A.buy[i] for i in cat.shop if money >= prices[i]]
    out += _purchases(st, s)
    if st.caul[cell_of(st, s)] is not None:  # CAT-37, CAT-50
        cristall = g.cristall in st.pack[s]
        for potion, ings in cat.recipes:
            missing = equipment.recipe_need(st, s, ings)
            if not missing:
                out.append(A.brew[potion])
            if cristall and len(missing) <= events.CRISTALL_STANDS_FOR:
                out.append(A.brew_cristall[potion])
    return out + _offers(st, s)


def _item_actions(st: CatacombsState, s: int) -> list[Action]:
    """CAT-12..16, 38..48: equip, drink, use or sell what the backpack holds."""
    A = st.game.acts
    items = st.game.cat.items
    out: list[Action] = []
    for i in sorted(set(st.pack[s])):
        it = items[i]
        if it.kind == "weapon":
            if st.strength[s] >= it.strength:  # CAT-14
                out.append(A.equip[i])
        elif it.kind == "armour":
            out.append(A.equip[i])
        elif it.kind == "potion":
            if it.effect in DRINKABLE:
                out.append(A.drink[i])
        elif it.kind == "artifact":
            if it.effect == "rollshtain":
                out.append(A.use[i])
            elif it.effect == "spinner" and st.tcard[cell_of(st, s)] is not None:
                out.append(A.use[i])
                if st.pile:
                    out.append(A.redraw)
        if it.value:
            out.append(A.sell[i])
    return out


def anytime_actions(st: CatacombsState) -> list[Action]:
    """CAT-19/CAT-20: what a dwarf may do at any decision of its own turn, not only between
    moves: buy an extra turn or experience, open a trade. Counted against the free-action cap
    (CAT-25) like every free action."""
    if _capped(st):
        return []
    s = whose_turn(st)
    return _purchases(st, s) + _offers(st, s)


def _purchases(st: CatacombsState, s: int) -> list[Action]:
    """CAT-19: 200 coins buy an extra turn, or one experience."""
    A, cat = st.game.acts, st.game.cat
    out: list[Action] = []
    if st.money[s] >= shop.HALVES * cat.extra_turn_price:
        out.append(A.buy_turn)
    if st.money[s] >= shop.HALVES * cat.experience_price:
        out.append(A.buy_exp)
    return out


def _offers(st: CatacombsState, s: int) -> list[Action]:
    """CAT-20: an offer to every other living dwarf, while the turn has offers left."""
    if st.offers >= st.game.config["trade_offers_per_turn"]:
        return []
    offer = st.game.acts.offer
    return [offer[p] for p in range(st.players) if p != s and st.alive[p]]


def battle_actions(st: CatacombsState) -> list[Action]:
    """CAT-44/49/52: sacrifice potions, use the Summoner, or roll the attack."""
    g = st.game
    A = g.acts
    s = whose_turn(st)
    items = g.cat.items
    out = [A.sacrifice[i] for i in sorted(set(st.pack[s])) if items[i].kind == "potion"]
    if g.summoner in st.pack[s]:
        out.append(A.use[g.summoner])
    out.append(A.attack)
    return out


# ---------------------------------------------------------------- dispatch
#: Each verb's rule, called with the state and the action's argument.
RULES: dict[str, Callable[[CatacombsState, Any], None]] = {
    "raise": stats.raise_stat,
    "enter": setup.enter,
    "explore": turn.explore,
    "break": turn.break_wall,
    "walk": turn.walk,
    "speed_walk": turn.speed_walk,
    "speed_to": turn.speed_to,
    "step": turn.step,
    "sneak": turn.sneak,
    "stop": turn.stop,
    "stay": turn.stop,
    "end_turn": turn.end,
    "fight": battle.fight,
    "retreat": battle.retreat,
    "attack": battle.attack,
    "sacrifice": battle.sacrifice,
    "draw_tile": building.draw_tile,
    "take_tile": building.take_tile,
    "place": building.place,
    "refuse_tile": building.refuse_tile,
    "turn_tile": building.turn_tile,
    "equip": equipment.equip,
    "unequip": equipment.unequip,
    "buy": shop.buy,
    "sell": shop.sell,
    "buy_turn": shop.buy_turn,
    "buy_exp": shop.buy_experience,
    "drink": events.drink,
    "use": events.use,
    "redraw": events.redraw,
    "brew": events.brew,
    "brew_cr": events.brew_with_cristall,
    "offer": trade.open_offer,
    "give": trade.give,
    "ask": trade.ask,
    "give_coins": trade.give_coins,
    "ask_coins": trade.ask_coins,
    "propose": trade.propose,
    "cancel": trade.cancel,
    "accept": trade.accept,
    "decline": trade.decline,
}
#: Free actions (CAT-25): counted against the cap when taken between moves, or anywhere
#: for those offered at every decision of the turn.
FREE = frozenset({"equip", "unequip", "buy", "sell", "drink", "use", "redraw", "brew",
                  "brew_cr", *ANYTIME})


def apply(st: CatacombsState, action: Action) -> None:
    """Dispatch a legal action to the rule it triggers."""
    verb, arg = action[1]
    if verb in FREE and not st.decisions and (st.step == "main" or verb in ANYTIME):
        st.free_used += 1  # CAT-25: counted, capped
    RULES[verb](st, arg)
