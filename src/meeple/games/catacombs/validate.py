"""What ``restore`` checks that only the catacombs know (``State._validate``): cells on the
board, ids in the content, every event card and tile at most once, stats in range, dwarves on
the board while alive, and decisions of the right seats."""

from __future__ import annotations

from collections import Counter
from typing import TYPE_CHECKING

from meeple.core.validate import in_range, per_seat, refuse

from .board import ALL_SIDES
from .decisions import Answer, LevelUp

if TYPE_CHECKING:
    from .state import CatacombsState

#: The bound of every counter a state holds.
LIMIT = 100_000


def validate(st: CatacombsState) -> None:
    _board(st)
    _seats(st)
    in_range(st, "build_side", 0, ALL_SIDES)  # a side bit
    _decisions(st)


def _board(st: CatacombsState) -> None:
    g, content = st.game, st.game.content
    cells = g.cells
    for name in ("card", "down", "tile", "tile_card", "cauldron"):
        if len(getattr(st, name)) != cells:
            refuse(name, f"holds {len(getattr(st, name))} cells, the board has {cells}")
    in_range(st, "card", 0, len(content.cards) - 1)
    in_range(st, "deck", 0, len(content.cards) - 1)
    in_range(st, "tile", 0, ALL_SIDES)
    in_range(st, "tile_card", 0, len(content.tiles) - 1)
    in_range(st, "cauldron", 0, len(content.cauldrons) - 1)
    in_range(st, "pile", 0, len(content.tiles) - 1)
    in_range(st, "faceup_tiles", 0, len(content.tiles) - 1)
    in_range(st, "held_tile", 0, len(content.tiles) - 1)
    both = next((c for c in range(cells) if st.down[c] and st.card[c] is not None), None)
    if both is not None:
        refuse(f"down[{both}]", "a cell holds a face-down card and a face-up one")
    if len(st.deck) != sum(st.down):
        refuse("deck", f"holds {len(st.deck)} cards for {sum(st.down)} face-down cells")
    if st.deck != sorted(st.deck):
        refuse("deck", "a multiset is kept in order")
    if st.pile != sorted(st.pile):
        refuse("pile", "a multiset is kept in order")
    _once("deck", [*st.deck, *(c for c in st.card if c is not None)])
    _once("pile", [*st.pile, *st.faceup_tiles, *(t for t in st.tile_card if t is not None),
                   *([st.held_tile] if st.held_tile is not None else [])])


def _once(name: str, ids: list[int]) -> None:
    twice = [i for i, n in Counter(ids).items() if n > 1]
    if twice:
        refuse(name, f"card {twice[0]} lies in two places")


def _seats(st: CatacombsState) -> None:
    g, content, n = st.game, st.game.content, st.players
    cells = g.cells
    per_seat(st, "order", "position", "health", "strength", "armour", "experience", "money",
             "kills", "level", "alive", "came_from", "no_retreat", "screen", "pack", "entered")
    if sorted(st.order) != list(range(n)):
        refuse("order", f"{st.order} is not an order of the seats 0..{n - 1}")
    for name in ("position", "came_from"):
        in_range(st, name, 0, cells - 1)
    in_range(st, "build_cell", 0, cells - 1)
    in_range(st, "entered", 0, len(content.entrances) - 1)
    in_range(st, "screen", 0, len(content.items) - 1)
    in_range(st, "pack", 0, len(content.items) - 1)
    in_range(st, "active", 0, n - 1)
    for name in ("health", "strength", "armour", "experience", "money", "kills", "level",
                 "entries", "walk_left", "roll", "bonus", "offers", "free_used", "extra_turns",
                 "veins", "taken", "turn"):
        in_range(st, name, -LIMIT if name in ("experience", "health") else 0, LIMIT)
    if st.phase == "setup" and st.entries < n and st.active != st.order[st.entries]:
        refuse("active", f"seat {st.active} sets up in the place of seat "
               f"{st.order[st.entries]}, the next in turn order (CAT-6)")
    # CAT-6, CAT-11: a dwarf is on the board from his entrance until his death.
    for k, s in enumerate(st.order):
        on_board = k < st.entries if st.phase == "setup" else st.alive[s]
        if (st.position[s] is not None) != on_board:
            where = "set up yet" if st.phase == "setup" else "alive"
            refuse(f"position[{s}]", f"{st.position[s]} for a dwarf who is "
                   f"{'' if on_board else 'not '}{where}")
        if st.phase == "setup" and (st.entered[s] is not None) != on_board:
            refuse(f"entered[{s}]", f"{st.entered[s]} for a dwarf who has "
                   f"{'' if on_board else 'not '}entered")
    if any(len(s) != len(st.screen[0]) for s in st.screen):
        refuse("screen", "every dwarf has the same slots")
    worn = [(s, i) for s, slots in enumerate(st.screen) for i in slots
            if i is not None and content.items[i].kind not in ("weapon", "armour")]
    if worn:
        refuse(f"screen[{worn[0][0]}]", f"{worn[0][1]} is not a weapon or armour to wear")


def _decisions(st: CatacombsState) -> None:
    """A threshold's rewards, or one offer, of the dwarf whose turn it is (CAT-9, CAT-20)."""
    n = st.players
    trades = [d for d in st.decisions if not isinstance(d, LevelUp)]
    if len(trades) > 1 or (trades and st.decisions[0] is not trades[0]):
        refuse("decisions", "one offer at a time, under nothing")
    for k, d in enumerate(st.decisions):
        if isinstance(d, LevelUp):
            if d.seat != st.active:
                refuse(f"decisions[{k}]", f"seat {d.seat} levels up in seat {st.active}'s turn")
            continue
        offer = d.offer if isinstance(d, Answer) else d
        if offer.seat != st.active:
            refuse(f"decisions[{k}]", f"seat {offer.seat} trades in seat {st.active}'s turn")
        if not (0 <= offer.partner < n) or offer.partner == offer.seat:
            refuse(f"decisions[{k}]", f"{offer.partner} is not another seat to trade with")
        in_range(st, f"decisions[{k}]", 0, len(st.game.content.items) - 1,
                 value=[offer.give, offer.ask])
        in_range(st, f"decisions[{k}]", 0, LIMIT, value=[offer.give_money, offer.ask_money])
        for side, who, items, money in (("give", offer.seat, offer.give, offer.give_money),
                                        ("ask", offer.partner, offer.ask, offer.ask_money)):
            if Counter(items) - Counter(st.pack[who]):  # CAT-20: only what the side holds
                refuse(f"decisions[{k}]", f"seat {who} does not hold the items of the {side}")
            if money > st.money[who]:
                refuse(f"decisions[{k}]", f"seat {who} does not hold the coins of the {side}")
        if isinstance(d, Answer) and d.seat != offer.partner:
            refuse(f"decisions[{k}]", f"seat {d.seat} answers an offer to {offer.partner}")
