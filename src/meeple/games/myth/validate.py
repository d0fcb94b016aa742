"""What ``restore`` checks that only Myth knows: ids of its content, cells of the grid, counts
in range, the stack's decisions of the right seats."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core.validate import in_range, known, one_of, per_seat, refuse

from .decisions import Discard, Target
from .heroes import OWNERS, RES

if TYPE_CHECKING:
    from .state import MythState

#: A tile's open sides are a mask of N, E, S and W (1..15).
FULL_MASK = 15
#: Generous bounds for counters a real game never reaches.
HUGE = 100_000
STEPS = {"", "attack", "draw", "end", "forbid", "move", "offer", "order", "place", "prebattle",
         "sub", "target"}
PHASES = {"setup", "draw", "move", "explore", "events", "resolve", "battle", "end"}


def _ids(st: MythState) -> None:
    c = st.game.c
    per_seat(st, "hero", "level", "life", "alive", "pos", "hand", "quests", "shown",
             "trophies", "items", "skip", "extra", "dream")
    known(st, "hero", c.heroes, "a hero of myth")
    for name in ("hand", "trophies", "items", "deck", "discard", "pending", "lasting",
                 "enemies"):
        known(st, name, c.cards, "a card of myth")
    for name in ("quests", "shown", "quest_pile", "quest_discard"):
        known(st, name, c.quests, "a quest of myth")
    for name in ("tiles", "tile_discard", "tile_of"):
        known(st, name, c.tiles, "a tile of myth")
    each_bq = [x for x in st.bq if x != "@" and x not in c.cards]
    if each_bq:
        refuse("bq", f"{each_bq[0]!r} is not a card of myth")
    if st.drawn_tile and st.drawn_tile not in c.tiles:
        refuse("drawn_tile", f"{st.drawn_tile!r} is not a tile of myth")


def _cells(st: MythState) -> None:
    cells = set(st.grid)
    in_range(st, "grid", 1, FULL_MASK)
    if set(st.tile_of) != cells:
        refuse("tile_of", "every placed tile is on the grid, and only those")
    for name in ("enemies", "lasting"):
        for cell in getattr(st, name):
            if cell not in cells:
                refuse(f"{name}[{cell}]", f"{cell} is not a cell of the grid")
    for name, where in (("pos", st.pos), ("begun", st.begun),
                        ("affected_cell", (st.affected_cell,))):
        for cell in where:
            if cell not in cells:
                refuse(name, f"{cell} is not a cell of the grid")


def _counts(st: MythState) -> None:
    n = st.players
    owners = {*OWNERS[:n], "table", "bank"}
    if not set(st.tok) <= {*OWNERS, "table", "bank"} or not owners <= set(st.tok) \
            or any(set(h) != {RES} for h in st.tok.values()):
        refuse("tok", f"resources are held by {', '.join(sorted(owners))}")
    in_range(st, "level", 1, len(st.game.c.heroes[st.hero[0]].life))
    for name in ("life", "skip", "extra", "dream", "tok", "tain_load", "turn",
                 "forbid_cards", "explore_side"):
        in_range(st, name, -1000 if name == "life" else 0, HUGE)
    in_range(st, "forbid_cards", 0, 2)
    in_range(st, "explore_side", 0, FULL_MASK)
    in_range(st, "cur", 0, n - 1)
    if st.final_left is not None:
        in_range(st, "final_left", 0, n)
    in_range(st, "offer_queue", 0, n - 1)
    in_range(st, "winners", 0, n - 1)


#: Far more resources than a card can cost, or cards than a hand can hold: a saved state past
#: these was not made by play.
MOST_PAID = 1000
MOST_DISCARDS = 100


def _table_and_stack(st: MythState) -> None:
    n = st.players
    for i, (card, by, paid) in enumerate(st.table):
        if card not in st.game.c.cards or not -1 <= by < n or not 0 <= paid <= MOST_PAID:
            refuse(f"table[{i}]", f"{st.table[i]!r} is not (card, seat or -1, paid)")
    for i, d in enumerate(st.decisions):
        if not 0 <= d.seat < n:
            refuse(f"decisions[{i}]", f"seat {d.seat} is not a seat of this game")
        if isinstance(d, Discard) and not 0 < d.count <= MOST_DISCARDS:
            refuse(f"decisions[{i}]", f"{d.count} cards to discard")
        if isinstance(d, Target) and d.monster not in st.game.c.cards:
            refuse(f"decisions[{i}]", f"{d.monster!r} is not a card of myth")
    if st.decisions and not st.over_reason:
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
    one_of(st, "step", STEPS)
    one_of(st, "phase", PHASES)
    if bool(st.over_reason) != (st.to_act is None):
        refuse("over_reason", "a game has a reason it ended exactly when nobody is to act")
