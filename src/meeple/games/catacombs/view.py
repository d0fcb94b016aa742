"""What a seat may know of a catacombs state (CAT-61), and the worlds it cannot tell apart.

Everything is public except the face-down event cards (shown as ``"hidden"``) and the tile
pile (a count). Stats, screens and backpacks are public: cards are taken openly and equipment
is announced. Nobody ever sees a face-down card or the pile's order, and both are kept as
multisets drawn from when a card turns up or a tile is drawn, so a determinization has nothing
to re-sample: the state's future chance, which ``State.determinize`` re-seeds, decides them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.core import Rng

from .content import SLOTS
from .decisions import Answer, Offer
from .equipment import armour_of
from .shop import coins

if TYPE_CHECKING:
    from .state import CatacombsState


def turn_kind(st: CatacombsState) -> str:
    """The decision of the turn's open step, when no other is pending (``entrance``, ``turn``,
    ``walk``, ``monster``, ``battle``, ``build``, ``place``, ``spin``)."""
    return "turn" if st.step == "main" else st.step


def step_name(st: CatacombsState) -> str:
    """The step shown in views: a pending decision's kind, else the turn's open step."""
    return st.decisions[-1].kind if st.decisions else st.step


def _dwarf(st: CatacombsState, s: int) -> dict[str, Any]:
    g = st.game
    items = g.cat.items
    return {
        "seat": s,
        "alive": st.alive[s],
        "cell": g.xy(cell) if (cell := st.pos[s]) is not None else None,
        "came_from": g.xy(came) if (came := st.came[s]) is not None else None,
        "health": st.health[s],
        "strength": st.strength[s],
        "armour": armour_of(st, s),
        "experience": st.exp[s],
        "money": coins(st.money[s]),
        "kills": st.kills[s],
        "thresholds": st.level[s],
        "screen": {slot: (items[i].id if i is not None else None)
                   for slot, i in zip(SLOTS, st.screen[s], strict=True)},
        "backpack": [items[i].id for i in st.pack[s]],
        "fight_to_the_end": st.no_retreat[s],
    }


def _trade(st: CatacombsState) -> dict[str, Any] | None:
    """The offer being composed or answered (CAT-20), and the step it interrupted."""
    top = st.decisions[-1] if st.decisions else None
    offer = top.offer if isinstance(top, Answer) else top
    if not isinstance(offer, Offer):
        return None
    items = st.game.cat.items
    return {"from": offer.seat, "to": offer.partner, "give": [items[i].id for i in offer.give],
            "ask": [items[i].id for i in offer.ask], "give_money": coins(offer.give_money),
            "ask_money": coins(offer.ask_money), "resumes": st.step}


def view(st: CatacombsState, seat: int | None) -> dict[str, Any]:
    """The view of ``st`` for ``seat`` (identical for every seat: nothing is private)."""
    g = st.game
    cat = g.cat
    cards = [("hidden" if st.down[c] else None) if (k := st.card[c]) is None
             else cat.cards[k].label for c in range(g.ncells)]
    return {
        "phase": st.phase,
        "step": step_name(st),
        "turn": st.turn,  # None before the first turn
        "order": list(st.order),
        "turns": st.turns,
        "size": g.size,
        "entrances": {e[0]: g.xy(e[3]) for e in cat.entrances},
        "tiles": list(st.tile),
        "cards": cards,
        "cauldrons": [cat.cauldrons[k][0] if k is not None else None for k in st.caul],
        "dwarves": [_dwarf(st, s) for s in range(st.players)],
        "tile_pile": len(st.pile),
        "face_up_tiles": [cat.tiles[i][0] for i in st.faceup_tiles],
        "held_tile": cat.tiles[st.held][0] if st.held is not None else None,
        "build_cell": g.xy(st.build_cell) if st.build_cell is not None else None,
        "walk_left": st.walk_left,  # None: a walk of any length (CAT-41)
        "last_roll": st.roll,
        "roll_bonus": st.bonus,
        "extra_turns": st.extra,
        "level_choices": sum(d.kind == "level" for d in st.decisions),
        "veins_found": st.veins,
        "veins_to_end": g.config["veins_to_end"],
        "trade": _trade(st),
        "shop": _shop(st),
        "kinds": {it.id: it.kind for it in cat.items},
        "tile_shapes": {t[0]: t[3] for t in cat.tiles},
    }


def _shop(st: CatacombsState) -> dict[str, Any]:
    """What the shop sells and at what list price (CAT-16..19): the same for every game."""
    cat = st.game.cat
    return {"items": {cat.items[i].id: cat.items[i].price for i in cat.shop},
            "markup": cat.markup, "sell_remote": cat.sell_remote,
            "extra_turn": cat.extra_turn_price, "experience": cat.experience_price}


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
