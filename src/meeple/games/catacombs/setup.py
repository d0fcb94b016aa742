"""Set-up (CAT-1..7): the board, the face-down event cards, the tile pile, the seat order by a
d6, the entrances chosen in turn order and the starting stats."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.components import pile
from meeple.components.dice import d6

from . import turn
from .backpack import HALVES
from .content import SLOTS

if TYPE_CHECKING:
    from .state import CatacombsState


def setup(st: CatacombsState) -> None:
    """The position before the first entrance is chosen."""
    g, cfg = st.game, st.game.config
    n, cells = st.players, g.cells
    st.tile = [None] * cells
    st.tile_card = [None] * cells
    st.cauldron = [None] * cells
    st.card = [None] * cells
    for cell, mask in g.entrance_masks.items():  # CAT-2: entrances start explored
        st.tile[cell] = mask
    st.down = [False] * cells
    for cell in g.inner_cells:  # CAT-3: one face-down card per cell, chosen when it turns up
        st.down[cell] = True
    st.deck = pile.new(range(len(g.content.cards)))
    st.pile = pile.new(range(len(g.content.tiles)))  # CAT-4: drawn at random when drawn
    st.faceup_tiles = []
    st.order = roll_order(st)  # CAT-5
    st.position = [None] * n
    st.health = [cfg["health"]] * n  # CAT-7
    st.strength = [cfg["strength"]] * n
    st.armour = [cfg["armour"]] * n
    st.experience = [0] * n
    st.money = [HALVES * cfg["money"]] * n
    st.kills = [0] * n
    st.level = [0] * n
    st.alive = [True] * n
    st.came_from = [None] * n
    st.no_retreat = [False] * n
    st.screen = [[None] * len(SLOTS) for _ in range(n)]
    st.pack = [[] for _ in range(n)]
    st.phase, st.step = "setup", "entrance"
    st.entries = 0
    st.entered = (None,) * n  # entrance index each seat began from (for balance reports)
    turn.reset_turn(st)
    st.extra_turns = 0
    st.veins = 0
    st.taken = 0
    st.turn = 0
    st.ending = None
    st.active = st.to_act = st.order[0]


def roll_order(st: CatacombsState) -> list[int]:
    """CAT-5: highest d6 starts; only the players tied for highest roll again."""
    rolling = list(range(st.players))
    while len(rolling) > 1:
        rolls = [d6(st.rng) for _ in rolling]
        st._emit("order_roll", seats=list(rolling), rolls=rolls)
        top = max(rolls)
        rolling = [s for s, r in zip(rolling, rolls, strict=True) if r == top]
    first = rolling[0]
    return [(first + k) % st.players for k in range(st.players)]


def enter(st: CatacombsState, e: int) -> None:
    """CAT-6: the dwarf setting up (``active``) stands on a free entrance; the next in turn
    order sets up, or the first turn begins."""
    s = st.active
    entrance = st.game.content.entrances[e]
    st.position[s] = entrance.cell
    st.came_from[s] = entrance.cell
    st._emit("enter", seat=s, entrance=entrance.id)
    st.entered = (*st.entered[:s], e, *st.entered[s + 1:])
    st.entries += 1
    if st.entries < st.players:
        st.active = st.to_act = st.order[st.entries]
    else:
        turn.start_turn(st, st.order[0])
