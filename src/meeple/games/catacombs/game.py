"""Treasures of the Ancient Catacombs (Сокровища древних катакомб), rule prefix CAT.

2–4 dwarves explore a board of hidden event cards, laying the labyrinth's tiles as they go,
fighting monsters, brewing potions and racing for experience until the tenth mithril vein is
found. The rule table is ``docs/rules/catacombs.md``; the state is ``state.py``, the rules the
modules named after the rulebook's parts.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from meeple.components.tilegrid import TileGrid, rotations
from meeple.core import Action, Game, Verb

from . import labels, lookup, notation, places, reasons, tensor, text
from .board import OPP, SIDE_BITS
from .content import Catalog, catalog
from .params import OPTIONS
from .shop import price_table
from .state import CatacombsState
from .table import Table, build_table
from .verbs import universe


class Catacombs(Game[CatacombsState]):
    """The catacombs game: content tables and geometry shared by all its states."""

    id = "catacombs"
    #: Bot search settings (docs/bots.md): rollouts of ten actions by the scripted dwarf
    #: (``rollout_policy``), since ten random ones spend half their steps composing trade
    #: offers and wander off from every fight, and leave the search blind to the way on; close
    #: calls go to the heuristic one step ahead, since a walk's steps read alike after ten
    #: actions and a search that took the most visited one walked back and forth.
    search_hints = "scripted:d10:z1"
    name = "Treasures of the Ancient Catacombs"
    name_ru = "Сокровища древних катакомб"
    description = ("Dwarves explore hidden catacombs, build its walls as they go, fight, brew "
                   "potions and race for experience until the tenth mithril vein is found.")
    min_players, max_players = 2, 4
    #: 2: a game ends when one dwarf is left (CAT-11), so records of version 1 in which a
    #: survivor played on no longer replay.
    #: 3: a face-down event card is drawn from the remaining ones when it turns up, and a tile
    #: when it is drawn, instead of shuffling both at set-up; the generator's stream is used
    #: differently, so a seed of version 2 gives another game.
    #: 4: the state's fields are named in words (``active``, ``tile_card``, ``ending``...), so
    #: a saved state of version 3 is refused; the game, its actions' texts and its generator's
    #: stream are unchanged, so a record of version 3 replays once its version is set to 4.
    #: 5: the speed potion jumps only from the dwarf's own entrance (CAT-41), so a record of
    #: version 4 whose dwarf jumped from another's entrance no longer replays.
    #: 6: a dwarf that broke through a wall onto a monster and must fight it to the end, with
    #: no weapon held or affordable that could beat it, has no way on (CAT-24, CAT-43), so a
    #: record of version 5 that played on past such a dead end no longer replays.
    #: 7: the dead end counts what the tools of one way on cost together: a potion carried for
    #: its use is no longer also sold to buy another (CAT-24), so a record of version 6 that
    #: played on past such a dead end no longer replays.
    version = "7"
    options = OPTIONS
    state_class = CatacombsState
    #: Scripted players offered as agents (``--seats catacombs:balance,...``).
    bots: ClassVar[Mapping[str, str]] = {"balance": "meeple.games.catacombs.bots:make_balance"}
    #: The scripted dwarf's policy on a full state (``bots.choose``), for search rollouts: it
    #: picks among the state's own legal actions, with no chance but the generator it is given.
    rollout_policy: ClassVar[str] = "meeple.games.catacombs.bots:choose"
    #: The search weighs opening a trade offer only where a trade helps both sides, and
    #: composes one as the heuristic's best trade says (``heuristic.search_moves``).
    search_moves: ClassVar[str] = "meeple.games.catacombs.moves:search_moves"
    safety_endings: ClassVar[frozenset[str]] = frozenset({"round-limit"})
    #: A dwarf's fall is told to its player as a notice (CAT-11).
    notices = frozenset({"death"})

    # Words for people (docs/words.md): locale/<lang>.po through these modules.
    seat_names = text.seat_names
    describe = text.describe
    outcome = text.outcome
    summary = text.summary
    label = labels.label
    costs = labels.costs
    catalogue = lookup.catalogue
    where = places.where
    why_not = reasons.why_not
    changed = places.changed
    # The observation as numbers for learning environments (docs/rl.md).
    tensor_layout = tensor.layout
    encode = tensor.encode
    # The action grammar (docs/architecture.md, "Actions").
    verb_text = notation.text
    parse_verb = notation.parse

    content: Catalog
    actions: Table

    def verbs(self) -> tuple[Verb, ...]:
        return universe(self)
    place_keys = places.KEYS

    def setup(self) -> None:
        content = self.content = catalog()
        self.size = content.size
        grid = TileGrid(content.size, content.size)
        self.cells = content.size * content.size
        #: Per cell, its neighbour beyond each side (``DIRS`` order), None off the board.
        self.neighbours: tuple[tuple[int | None, ...], ...] = tuple(
            tuple(grid.index(n) if (n := grid.neighbour(c, b)) is not None else None
                  for b in SIDE_BITS)
            for c in grid.cells)
        #: Per cell, each neighbour on the board with the side towards it and the side back
        #: (``SIDE_BITS``), in ``DIRS`` order: a passage needs both open (CAT-28).
        self.links: tuple[tuple[tuple[int, int, int], ...], ...] = tuple(
            tuple((SIDE_BITS[d], n, SIDE_BITS[OPP[d]]) for d, n in enumerate(nbs) if n is not None)
            for nbs in self.neighbours)
        self.entrance_cells = frozenset(e.cell for e in content.entrances)
        self.entrance_masks = {  # CAT-2: entrances open towards the inside of the board
            cell: sum(b for d, b in enumerate(SIDE_BITS) if self.neighbours[cell][d] is not None)
            for cell in self.entrance_cells}
        self.inner_cells = tuple(c for c in range(self.cells) if c not in self.entrance_cells)
        self.rotations = {m: tuple(rotations(m)) for m in range(1, 16)}
        self.column_of = {w: k for k, w in enumerate(content.columns) if w is not None}
        #: Per event card, the monster it shows (None for other cards).
        self.card_monster = tuple(c.ref if c.kind == "monster" else None
                                  for c in content.cards)
        #: The items of each effect (a potion's, an artifact's), to ask what a pack holds.
        effects: dict[str, set[int]] = {}
        for it in content.items:
            effects.setdefault(it.effect, set()).add(it.index)
        self.effect_items = {e: frozenset(i) for e, i in effects.items()}
        #: What a screen slot adds to armour (CAT-15) by the item in it, nothing when empty.
        self.worn_armour: dict[int | None, int] = {
            None: 0, **{it.index: it.armour for it in content.items}}
        self.cristall = content.item_index["cristall"]
        self.summoner = content.item_index["summoner"]
        self.spinner = content.item_index["spinner"]
        self.buy_prices = price_table(content)  # CAT-16/17, by "at an entrance"
        self.actions = build_table(self)
        #: The legal actions' stores, by what decides them (``actions.free_actions``,
        #: ``trade.composing``), shared by every state of the game.
        self.free_memo: dict[tuple[object, ...], tuple[Action, ...]] = {}
        self.offer_memo: dict[tuple[object, ...], tuple[Action, ...]] = {}
        #: The scripted dwarf's walking distances (``distances``), by board, then by what else
        #: they read; the board asked about last, and how many distances are kept.
        self.distance_memo: dict[tuple[object, ...], dict[tuple[object, ...], dict[int, int]]]
        self.distance_memo = {}
        self.distance_board: tuple[list[int | None], list[int | None],
                                   dict[tuple[object, ...], dict[int, int]]] | None = None
        self.distances_kept = 0

    def xy(self, cell: int) -> list[int]:
        """A cell index as ``[x, y]``."""
        return [cell % self.size, cell // self.size]
