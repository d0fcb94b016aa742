"""What ``restore`` checks that only Myth knows: ids of its content, cells of the grid, counts
in range, the stack's decisions of the right seats."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core.validate import in_range, known, per_seat, refuse

from .decisions import Discard, Target
from .ending import over
from .heroes import OWNERS, RES
from .params import MAX_EXTENT

if TYPE_CHECKING:
    from .state import MythState

#: A tile's open sides are a mask of N, E, S and W (1..15).
FULL_MASK = 15
#: Generous bounds for counters a real game never reaches.
HUGE = 100_000


def _ids(st: MythState) -> None:
    c = st.game.content
    per_seat(st, "hero", "level", "life", "alive", "position", "hand", "quests", "shown",
             "trophies", "items", "skip", "extra", "dream")
    known(st, "hero", c.heroes, "a hero of myth")
    for name in ("hand", "trophies", "items", "deck", "discard", "pending", "lasting",
                 "enemies"):
        known(st, name, c.cards, "a card of myth")
    for name in ("quests", "shown", "quest_pile", "quest_discard"):
        known(st, name, c.quests, "a quest of myth")
    for name in ("tiles", "tile_discard", "tile_of"):
        known(st, name, c.tiles, "a tile of myth")
    strange = [x for x in st.battle_queue if x != "@" and x not in c.cards]
    if strange:
        refuse("battle_queue", f"{strange[0]!r} is not a card of myth")
    if st.drawn_tile and st.drawn_tile not in c.tiles:
        refuse("drawn_tile", f"{st.drawn_tile!r} is not a tile of myth")


def _cells(st: MythState) -> None:
    cells = set(st.grid)
    in_range(st, "grid", 1, FULL_MASK)
    far = [c for c in cells if abs(c[0]) >= MAX_EXTENT or abs(c[1]) >= MAX_EXTENT]
    if far:  # MYTH-37: no cell lies further from the start than the extent allows
        refuse("grid", f"{far[0]} lies beyond the dungeon's extent of {MAX_EXTENT} tiles")
    if set(st.tile_of) != cells:
        refuse("tile_of", "every placed tile is on the grid, and only those")
    for name in ("enemies", "lasting"):
        for cell in getattr(st, name):
            if cell not in cells:
                refuse(f"{name}[{cell}]", f"{cell} is not a cell of the grid")
    for name, where in (("position", st.position), ("begun", st.begun),
                        ("affected_cell", (st.affected_cell,))):
        for cell in where:
            if cell not in cells:
                refuse(name, f"{cell} is not a cell of the grid")


def _counts(st: MythState) -> None:
    n = st.players
    owners = {*OWNERS[:n], "table", "bank"}
    if not set(st.holdings) <= {*OWNERS, "table", "bank"} or not owners <= set(st.holdings) \
            or any(set(h) != {RES} for h in st.holdings.values()):
        refuse("holdings", f"resources are held by {', '.join(sorted(owners))}")
    levels = len(st.game.content.heroes[st.hero[0]].life)
    in_range(st, "level", 1, levels + 1)
    if not over(st) and max(st.level) > levels:
        refuse("level", f"a hero rises past level {levels} only by showing the quest that "
                        f"wins the game (MYTH-18), and the game has not ended")
    for name in ("life", "skip", "extra", "dream", "holdings", "tain_load", "turn",
                 "explore_side"):
        in_range(st, name, -1000 if name == "life" else 0, HUGE)
    in_range(st, "explore_side", 0, FULL_MASK)
    in_range(st, "active", 0, n - 1)
    if st.final_turns is not None:
        in_range(st, "final_turns", 0, n)
    in_range(st, "offer_queue", 0, n - 1)
    in_range(st, "web_tried", 0, n - 1)
    in_range(st, "winners", 0, n - 1)


#: Far more resources than a card can cost, or cards than a hand can hold: a saved state past
#: these was not made by play.
MOST_PAID = 1000
MOST_DISCARDS = 100


def _table_and_stack(st: MythState) -> None:
    n = st.players
    for i, (card, by, paid) in enumerate(st.table):
        if card not in st.game.content.cards or not -1 <= by < n or not 0 <= paid <= MOST_PAID:
            refuse(f"table[{i}]", f"{st.table[i]!r} is not (card, seat or -1, paid)")
    for i, d in enumerate(st.decisions):
        if not 0 <= d.seat < n:
            refuse(f"decisions[{i}]", f"seat {d.seat} is not a seat of this game")
        if isinstance(d, Discard) and not 0 < d.count <= MOST_DISCARDS:
            refuse(f"decisions[{i}]", f"{d.count} cards to discard")
        if isinstance(d, Target) and d.monster not in st.game.content.cards:
            refuse(f"decisions[{i}]", f"{d.monster!r} is not a card of myth")
    if st.decisions and not over(st):
        top = st.decisions[-1]
        want = "target" if isinstance(top, Target) else "sub"
        if st.step != want or st.to_act != top.seat:
            refuse("decisions", f"the top decision ({top.kind}) is not the one waited for")


def validate(st: MythState) -> None:
    """Refuse a restored state its own rules could not read (RecordError naming the field)."""
    _ids(st)
    _cells(st)
    _counts(st)
    _table_and_stack(st)
    if over(st) != (st.to_act is None):
        refuse("ending", "a game has an ending exactly when nobody is to act")
    if st.step is None and st.to_act is not None:
        refuse("step", "a seat to act decides at a step")
