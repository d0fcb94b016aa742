"""What a seat may know of a catacombs state (CAT-61).

Everything is public except the face-down event cards (shown as ``"hidden"``) and the order of
the tile pile (a count). Stats, screens and backpacks are public: cards are taken openly and
equipment is announced.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .content import SLOTS

if TYPE_CHECKING:
    from .state import CatacombsState


def coins(half_coins: int) -> int | float:
    """Half coins as coins: a whole number when it is one, else with the half (CAT-18)."""
    return half_coins // 2 if half_coins % 2 == 0 else half_coins / 2


def build(st: CatacombsState, seat: int | None) -> dict[str, Any]:
    """The view of ``st`` for ``seat`` (identical for every seat: nothing is private)."""
    g = st.game
    cat = g.cat
    items = cat.items
    cards: list[str | None] = []
    for c in range(g.ncells):
        k = st.card[c]
        cards.append(None if k < 0 else (cat.cards[k].label if st.up[c] else "hidden"))
    dwarves = []
    for s in range(st.players):
        dwarves.append({
            "seat": s,
            "alive": st.alive[s],
            "cell": g.xy(st.pos[s]) if st.pos[s] >= 0 else None,
            "came_from": g.xy(st.came[s]) if st.came[s] >= 0 else None,
            "health": st.health[s],
            "strength": st.strength[s],
            "armour": st.armour_of(s),
            "experience": st.exp[s],
            "money": coins(st.money[s]),
            "kills": st.kills[s],
            "thresholds": st.level[s],
            "screen": {slot: (items[i].id if i >= 0 else None)
                       for slot, i in zip(SLOTS, st.screen[s], strict=True)},
            "backpack": [items[i].id for i in st.pack[s]],
            "fight_to_the_end": st.no_retreat[s],
        })
    t = st.trade
    trade = None
    if t is not None:
        trade = {"from": st.turn, "to": t[0], "give": [items[i].id for i in t[1]],
                 "ask": [items[i].id for i in t[2]], "give_money": coins(t[3]),
                 "ask_money": coins(t[4]), "resumes": st.resume}
    return {
        "phase": st.phase,
        "step": "level" if st.levels else st.step,
        "turn": st.turn,
        "order": list(st.order),
        "turns": st.turns,
        "size": g.size,
        "entrances": {e[0]: g.xy(e[3]) for e in cat.entrances},
        "tiles": [m if m >= 0 else None for m in st.tile],
        "cards": cards,
        "cauldrons": [cat.cauldrons[k][0] if k >= 0 else None for k in st.caul],
        "dwarves": dwarves,
        "tile_pile": len(st.pile),
        "face_up_tiles": [cat.tiles[i][0] for i in st.faceup_tiles],
        "held_tile": cat.tiles[st.held][0] if st.held >= 0 else None,
        "build_cell": g.xy(st.build_cell) if st.build_cell >= 0 else None,
        "walk_left": st.walk_left,
        "last_roll": st.roll,
        "roll_bonus": st.bonus,
        "extra_turns": st.extra,
        "level_choices": st.levels,
        "veins_found": st.veins,
        "veins_to_end": g.config["veins_to_end"],
        "trade": trade,
    }
