"""Scenario builders for the catacombs tests: real states, put where a rule applies."""

from __future__ import annotations

from typing import Any

import meeple
from meeple.components import pile
from meeple.components.dice import d6
from meeple.core import Rng
from meeple.games.catacombs.backpack import add_item
from meeple.games.catacombs.state import CatacombsState

N, E, S, W = 1, 2, 4, 8
LETTER = {"N": N, "E": E, "S": S, "W": W}
ANYTIME = ("buy extra turn", "buy experience", "offer trade to seat")


def started(players: int = 2, seed: int = 0, **opts: Any) -> CatacombsState:
    """A game past set-up: every dwarf on an entrance, the first dwarf's move phase."""
    st = meeple.load("catacombs", players=players, options=opts).new_state(seed=seed)
    assert isinstance(st, CatacombsState)
    while st.step == "entrance":
        st.apply(st.legal_actions()[0])
    return st


def at(st: CatacombsState, x: int, y: int) -> int:
    return y * st.game.size + x


def fresh(st: CatacombsState) -> None:
    st._legal = None


def legal(st: CatacombsState) -> list[str]:
    return [str(a) for a in st.legal_actions()]


def decision(st: CatacombsState) -> list[str]:
    """The legal actions of the step itself, without what may be done at any moment of the
    turn (buying a turn or experience, opening a trade: CAT-19, CAT-20)."""
    return [t for t in legal(st) if not t.startswith(ANYTIME)]


def item(st: CatacombsState, name: str) -> int:
    return st.game.content.item_index[name]


def give(st: CatacombsState, seat: int, *names: str) -> None:
    for n in names:
        add_item(st, seat, item(st, n))
    fresh(st)


def card_for(st: CatacombsState, label: str) -> int:
    return next(c.index for c in st.game.content.cards if c.label == label)


def put_card(st: CatacombsState, cell: int, label: str) -> None:
    """Lay a card with ``label`` face up on ``cell``, keeping every card in one place.

    The card comes off another cell (which takes what ``cell`` held) or out of the face-down
    ones: the cell's own face-down card, if it has one, turns out to be it; else a card that
    ``cell`` held goes among the face-down ones instead, or another cell's face-down card is
    taken away. A
    face-down card is none in particular until it turns up (CAT-3), so a card to be found on
    unexplored ground is laid face up there: entering resolves it as any card turned up
    (CAT-31, CAT-47).
    """
    want = {c.index for c in st.game.content.cards if c.label == label}
    if st.card[cell] not in want:
        other = next((x for x in range(st.game.cells) if st.card[x] in want), None)
        if other is not None:
            k = st.card[other]
            st.card[other], st.down[other] = st.card[cell], st.down[cell]
        else:
            k = next(c for c in st.deck if c in want)
            pile.take(st.deck, k)
            if (old := st.card[cell]) is not None:
                pile.put(st.deck, old)
            elif not st.down[cell]:
                st.down[next(x for x in range(st.game.cells) if st.down[x])] = False
        st.card[cell] = k
    st.down[cell] = False
    fresh(st)


def build(st: CatacombsState, cell: int, sides: str) -> None:
    """Lay an explored tile with the given open sides (its event card gone, unless a face-up
    monster lies there)."""
    st.tile[cell] = sum(LETTER[c] for c in sides)
    st.tile_card[cell] = 0
    if (k := st.card[cell]) is not None and st.game.content.cards[k].kind != "monster":
        st.card[cell] = None
    if st.down[cell]:
        st.down[cell] = False
        pile.take(st.deck, next(c for c in st.deck
                                if st.game.content.cards[c].kind != "monster"))
    fresh(st)


def monster_on(st: CatacombsState, cell: int, name: str, sides: str = "NESW") -> None:
    put_card(st, cell, f"monster:{name}")
    st.tile[cell] = sum(LETTER[c] for c in sides)
    fresh(st)


def force_roll(st: CatacombsState, value: int) -> None:
    """Give the state a generator whose next d6 shows ``value``."""
    for k in range(1000):
        if d6(Rng(k)) == value:
            st.rng = Rng(k)
            return
    raise AssertionError


def force_tile(st: CatacombsState, kind: str) -> None:
    """Give the state a generator whose next tile drawn from the pile is of ``kind``."""
    tiles = st.game.content.tiles
    for k in range(1000):
        if tiles[pile.draw(st.pile[:], Rng(k))][0] == kind:
            st.rng = Rng(k)
            return
    raise AssertionError


def move_to(st: CatacombsState, seat: int, x: int, y: int) -> None:
    st.position[seat] = at(st, x, y)
    fresh(st)


def kinds(st: CatacombsState) -> list[str]:
    return [e["type"] for e in st.events()]
