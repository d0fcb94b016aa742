"""What a seat may know of a catacombs state (CAT-61), and the worlds it cannot tell apart.

Everything is public except the face-down event cards (shown as ``"hidden"``) and the tile
pile (a count). Stats, screens and backpacks are public: cards are taken openly and equipment
is announced. Nobody ever sees a face-down card or the pile's order, and both are kept as
multisets drawn from when a card turns up or a tile is drawn, so a determinization has nothing
to re-sample: the state's future chance, which ``State.determinize`` re-seeds, decides them.

A view holds ids and numbers, never words: things by their content ids, cells as ``[x, y]``,
money in coins. ``Keys`` is exactly what :func:`view` returns; ``View`` is the whole view a
reader (``render``, ``labels``, ``places``, ``text``) receives.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Literal, TypedDict, cast

from meeple.core import Rng
from meeple.core.views import BaseView, GameKeys

from .backpack import armour_of, coins
from .decisions import Answer, Offer
from .turn import Phase, Step

if TYPE_CHECKING:
    from .state import CatacombsState

#: The kinds of the decisions that interrupt a step (``decisions.py``).
DecisionKind = Literal["level", "trade", "respond"]
#: What an item is (``content.Item.kind``).
ItemKind = Literal["weapon", "armour", "potion", "treasure", "artifact", "ingredient"]


class ScreenView(TypedDict):
    """What a dwarf wears in each slot of its screen (CAT-12), by item id, None when empty."""

    head: str | None
    body: str | None
    right_hand: str | None
    left_hand: str | None
    feet: str | None


class DwarfView(TypedDict):
    """One dwarf's sheet: where it stands, its stats, its screen and backpack (CAT-7..15)."""

    seat: int
    alive: bool
    #: ``[x, y]``; None before it enters and once it has fallen.
    cell: list[int] | None
    came_from: list[int] | None
    #: The id of the entrance it chose at set-up (CAT-6), the one a speed potion jumps from
    #: (CAT-41); None before it chose.
    entrance: str | None
    health: int
    strength: int
    #: Permanent armour plus what the screen adds (CAT-15).
    armour: int
    experience: int
    #: Coins (a half coin shows as ``.5``, CAT-18).
    money: int | float
    kills: int
    #: Thresholds of experience reached (CAT-9).
    thresholds: int
    screen: ScreenView
    backpack: list[str]
    #: Through a wall into a battle: no retreat until one of them falls (CAT-43).
    fight_to_the_end: bool


#: The offer being composed or answered (CAT-20), and the step it interrupted.
TradeView = TypedDict("TradeView", {
    "from": int, "to": int, "give": list[str], "ask": list[str],
    "give_money": "int | float", "ask_money": "int | float", "resumes": str,
})


class ShopView(TypedDict):
    """What the shop sells at what list price, and its other prices (CAT-16..19)."""

    items: dict[str, int]
    markup: float
    sell_remote: float
    extra_turn: int
    experience: int


class Keys(GameKeys):
    """A catacombs view: the board, the dwarves, the turn's numbers and the shop."""

    phase: Phase
    #: The open step, or the kind of the decision that interrupts it (``decisions.py``).
    step: Step | DecisionKind

    #: The seat whose turn it is (during set-up, the one choosing its entrance).
    active: int
    #: The turns played so far.
    turn: int
    order: list[int]
    size: int
    #: Each entrance's cell by the entrance's id.
    entrances: dict[str, list[int]]
    #: Per cell (``y * size + x``), its passage mask, None while unexplored.
    tiles: list[int | None]
    #: Per cell, its face-up card (``monster:rat``, ``vein``, ``treasure:ruby``...),
    #: ``hidden`` for a face-down one, None for none.
    cards: list[str | None]
    #: Per cell, the id of the cauldron there, or None.
    cauldrons: list[str | None]
    dwarves: list[DwarfView]
    tile_pile: int
    face_up_tiles: list[str]
    held_tile: str | None
    build_cell: list[int] | None
    #: None: a walk of any length (CAT-41).
    walk_left: int | None
    last_roll: int
    roll_bonus: int
    extra_turns: int
    level_choices: int
    veins_found: int
    veins_to_end: int
    trade: TradeView | None
    shop: ShopView
    kinds: dict[str, ItemKind]
    #: Each tile's passage mask as printed, by tile id.
    tile_shapes: dict[str, int]


class View(Keys, BaseView):
    """The whole view a reader receives: the base's keys around :class:`Keys`."""


def turn_kind(st: CatacombsState) -> str:
    """The decision of the turn's open step, when no other is pending (``entrance``, ``turn``,
    ``walk``, ``monster``, ``battle``, ``build``, ``place``, ``spin``)."""
    return "turn" if st.step == "main" else st.step


def step_name(st: CatacombsState) -> Step | DecisionKind:
    """The step shown in views: a pending decision's kind, else the turn's open step."""
    return cast("DecisionKind", st.decisions[-1].kind) if st.decisions else st.step


def _screen(st: CatacombsState, s: int) -> ScreenView:
    items = st.game.content.items
    head, body, right, left, feet = (items[i].id if i is not None else None
                                     for i in st.screen[s])
    return {"head": head, "body": body, "right_hand": right, "left_hand": left, "feet": feet}


def _dwarf(st: CatacombsState, s: int) -> DwarfView:
    g = st.game
    items = g.content.items
    return {
        "seat": s,
        "alive": st.alive[s],
        "cell": g.xy(cell) if (cell := st.position[s]) is not None else None,
        "came_from": g.xy(came) if (came := st.came_from[s]) is not None else None,
        "entrance": g.content.entrances[e].id if (e := st.entered[s]) is not None else None,
        "health": st.health[s],
        "strength": st.strength[s],
        "armour": armour_of(st, s),
        "experience": st.experience[s],
        "money": coins(st.money[s]),
        "kills": st.kills[s],
        "thresholds": st.level[s],
        "screen": _screen(st, s),
        "backpack": [items[i].id for i in st.pack[s]],
        "fight_to_the_end": st.no_retreat[s],
    }


def _trade(st: CatacombsState) -> TradeView | None:
    """The offer being composed or answered (CAT-20), and the step it interrupted."""
    top = st.decisions[-1] if st.decisions else None
    offer = top.offer if isinstance(top, Answer) else top
    if not isinstance(offer, Offer):
        return None
    items = st.game.content.items
    return {"from": offer.seat, "to": offer.partner, "give": [items[i].id for i in offer.give],
            "ask": [items[i].id for i in offer.ask], "give_money": coins(offer.give_money),
            "ask_money": coins(offer.ask_money), "resumes": st.step}


def _owned(st: CatacombsState, s: int) -> list[str]:
    """The catalogue ids that are dwarf ``s``'s own: the dwarf, its screen, its backpack."""
    items = st.game.content.items
    worn = [items[i].id for i in st.screen[s] if i is not None]
    return list(dict.fromkeys([f"dwarf-{s % 4}", *worn, *(items[i].id for i in st.pack[s])]))


def _seen(st: CatacombsState, mine: list[str]) -> list[str]:
    """The catalogue ids on the table besides ``mine``: the board and its entrances, the other
    dwarves and what they carry, face-up cards on the board and what they show, tiles,
    cauldrons and the shop."""
    content = st.game.content
    ids = ["standard", "battle", "shop", *(e.id for e in content.entrances)]
    for s in range(st.players):
        ids += _owned(st, s)
    for k in st.card:
        if k is not None:
            card = content.cards[k]
            ids += [card.id, card.label.partition(":")[2]] if card.ref is not None else [card.id]
    tiles = content.tiles
    ids += [tiles[t].id for t in st.tile_card if t is not None]
    ids += [tiles[t].id for t in st.faceup_tiles]
    ids += [tiles[st.held_tile].id] if st.held_tile is not None else []
    ids += [content.cauldrons[k].id for k in st.cauldron if k is not None]
    ids += [content.items[i].id for i in content.shop]
    own = set(mine)
    return [i for i in dict.fromkeys(ids) if i not in own]


def view(st: CatacombsState, seat: int | None) -> Keys:
    """The view of ``st`` for ``seat`` (the same for every seat but ``mine``: nothing is
    private)."""
    g = st.game
    content = g.content
    cards = [("hidden" if st.down[c] else None) if (k := st.card[c]) is None
             else content.cards[k].label for c in range(g.cells)]
    mine = _owned(st, seat) if seat is not None else []
    return {
        "phase": st.phase,
        "step": step_name(st),
        "mine": mine,
        "on_table": _seen(st, mine),
        "active": st.active,
        "order": list(st.order),
        "turn": st.turn,
        "size": g.size,
        "entrances": {e.id: g.xy(e.cell) for e in content.entrances},
        "tiles": list(st.tile),
        "cards": cards,
        "cauldrons": [content.cauldrons[k].id if k is not None else None for k in st.cauldron],
        "dwarves": [_dwarf(st, s) for s in range(st.players)],
        "tile_pile": len(st.pile),
        "face_up_tiles": [content.tiles[i].id for i in st.faceup_tiles],
        "held_tile": content.tiles[st.held_tile].id if st.held_tile is not None else None,
        "build_cell": g.xy(st.build_cell) if st.build_cell is not None else None,
        "walk_left": st.walk_left,
        "last_roll": st.roll,
        "roll_bonus": st.bonus,
        "extra_turns": st.extra_turns,
        "level_choices": sum(d.kind == "level" for d in st.decisions),
        "veins_found": st.veins,
        "veins_to_end": g.config["veins_to_end"],
        "trade": _trade(st),
        "shop": _shop(st),
        "kinds": {it.id: it.kind for it in content.items},  # type: ignore[misc]
        "tile_shapes": {t.id: t.sides for t in content.tiles},
    }


def _shop(st: CatacombsState) -> ShopView:
    """What the shop sells and at what list price (CAT-16..19): the same for every game."""
    content = st.game.content
    return {"items": {content.items[i].id: content.items[i].price for i in content.shop},
            "markup": content.markup, "sell_remote": content.sell_remote,
            "extra_turn": content.extra_turn_price, "experience": content.experience_price}


def determinize(st: CatacombsState, seat: int, rng: Rng) -> None:
    """CAT-61: nothing to re-sample.

    Nobody knows a face-down card or the order of the tile pile, not even the seat whose world
    this is: ``deck`` and ``pile`` hold them as multisets (the cards nobody has seen, which every
    seat can count from the board), and a card or tile is drawn from them, with the state's
    generator, only when it turns up or is drawn. The world's generator is re-seeded by
    ``State.determinize``, so its draws are fresh; each remaining card and tile is as likely to
    come as in the true game. A face-down card some seat had seen would have to be kept for that
    seat's worlds and re-dealt for the others': no rule lets a dwarf look at one.
    """
