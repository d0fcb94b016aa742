"""Every action of the catacombs, built once per process from the content.

An action's payload is a small tuple ``(verb, argument)`` the rules dispatch on; its text is
what players type and records store.
"""

from __future__ import annotations

from dataclasses import dataclass

from meeple.core import Action

from .content import Catalog

DIRS = ("north", "east", "south", "west")
SIDE_BITS = (1, 2, 4, 8)
LETTERS = "NESW"
COIN_STEPS = (10, 100)
RAISES = ("strength", "armour", "health")

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


def mask_text(mask: int) -> str:
    """``NES`` for a tile open to the north, east and south."""
    return "".join(ch for ch, b in zip(LETTERS, SIDE_BITS, strict=True) if mask & b)


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
