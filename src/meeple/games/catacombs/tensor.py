"""The catacombs' view as numbers, for learning environments (docs/rl.md).

Every field is seen from the observing seat: per-seat rows are rotated so that row 0 is the
observer's dwarf, row 1 the next seat's, and so on (a spectator observes as seat 0). Planes are
``size × size`` grids indexed ``[y, x]`` like the view's cells. Values lie in [0, 1] except
the ``health`` and ``experience`` columns of ``dwarves``, which lie in [-1, 1] (a fallen dwarf's
health and experience can be negative, CAT-8/11).

Board planes (``board``, one plane per kind of thing on a cell):

- ``entrances``: the four entrance cells (the shop's cells, CAT-16);
- ``explored`` and ``open_n``, ``open_e``, ``open_s``, ``open_w``: a tile lies there, and
  which of its sides are open (CAT-28);
- ``hidden``: a face-down event card lies there;
- ``monster:<id>`` in the content's monster order: a face-up monster card;
- ``card:<kind>`` (vein, cauldron, artifact, ingredient, treasure, weapon, armour): another
  face-up card, by kind (it is resolved within the turn, CAT-31);
- ``cauldron:<id>`` in the content's cauldron order: a cauldron stands there (CAT-36).

Other planes: ``dwarf_cells`` and ``came_from`` (one plane per rotated seat: where each dwarf
stands and the cell it came from), ``build_cell`` (the cell explored this turn, to be built on).

Per rotated seat: ``dwarves`` (the columns of :data:`DWARF_COLUMNS`: alive, on the board,
health, strength, armour, experience, money, kills, thresholds, fight to the end),
``dwarf_entrance`` (the entrance it chose, content order), ``dwarf_order`` (its place in the
turn order), ``worn`` (multi-hot over the items, content order) and ``backpack`` (item counts
over :data:`PACK_SCALE`).

The turn: one-hots ``phase``, ``step`` and ``decision`` (the view's words, each vocabulary
ending with a spare ``other``), ``to_act`` and ``active`` (rotated seat; ``to_act``'s last cell
is nobody: the game is over), ``numbers`` (the columns of :data:`NUMBER_COLUMNS`), the tiles
``face_up_tiles`` (counts per tile kind over that kind's count in the content) and
``held_tile`` (one-hot per tile kind). A trade being composed or answered: ``trade`` (its
presence and its two money amounts), ``trade_from``, ``trade_to`` (rotated seats),
``trade_give``, ``trade_ask`` (item counts) and ``trade_resumes`` (the step it interrupted).

Left out, as the same in every state of a game: the shop's prices, the items' kinds and the
tiles' shapes; ``mine`` and ``on_table`` repeat what the fields above hold.

Numbers without a bound in the rules (health, strength, armour, experience, money, kills,
thresholds, turns, backpack counts, the roll bonus, extra turns) are divided by the scale
named in :data:`SCALES` and clipped to the field's range.

>>> import meeple
>>> g = meeple.load("catacombs", players=2)
>>> s = g.new_state(seed=1)
>>> lay = g.observation_layout()
>>> obs = g.observe(s.view(s.to_act))
>>> len(obs) == lay.size, obs[lay.offset("decision")] == 1.0   # "entrance" is first
(True, True)
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from meeple.core.tensors import Layout

from .content import EVENT_KINDS, SIDE_LETTERS

if TYPE_CHECKING:
    from .game import Catacombs

#: ``view["phase"]`` (``turn.Phase``).
PHASES = ("setup", "move", "event", "build", "end", "other")
#: ``view["step"]``: the turn's steps (``turn.Step``) and the decisions that interrupt them.
STEPS = ("entrance", "main", "walk", "monster", "battle", "build", "place", "spin",
         "level", "trade", "respond", "other")
#: ``view["decision"]["kind"]`` (``view.turn_kind`` and ``decisions.py``).
DECISIONS = ("entrance", "turn", "walk", "monster", "battle", "build", "place", "spin",
             "level", "trade", "respond", "other")
OTHER_PHASE, OTHER_STEP, OTHER_DECISION = len(PHASES) - 1, len(STEPS) - 1, len(DECISIONS) - 1
#: The columns of each dwarf's row of ``dwarves``.
DWARF_COLUMNS = ("alive", "on_board", "health", "strength", "armour", "experience", "money",
                 "kills", "thresholds", "fight_to_the_end")
#: The columns of ``numbers``.
NUMBER_COLUMNS = ("turn", "tile_pile", "walk_left", "walk_any_length", "last_roll",
                  "roll_bonus", "extra_turns", "level_choices", "veins_found")
#: The divisors of the numbers the rules do not bound (a value beyond is clipped); health's
#: and money's grow with the options' starting values (see :func:`_scales`).
SCALES = {"strength": 10, "armour": 10, "experience": 50, "kills": 10, "thresholds": 10,
          "roll_bonus": 6, "extra_turns": 5, "level_choices": 4}
#: Item counts in a backpack or an offer are divided by this and clipped.
PACK_SCALE = 4
#: A die's faces (CAT-27): a walk's points and the last roll.
DIE = 6
#: The tile planes in order, the open sides by their mask bits (``content.SIDE_LETTERS``).
TILE_PLANES = ("explored", "open_n", "open_e", "open_s", "open_w")


def board_planes(game: Catacombs) -> tuple[str, ...]:
    """The names of the planes of ``board``, in order."""
    c = game.content
    return ("entrances", *TILE_PLANES, "hidden", *(f"monster:{m.id}" for m in c.monsters),
            *(f"card:{k}" for k in EVENT_KINDS if k != "monster"),
            *(f"cauldron:{k.id}" for k in c.cauldrons))


def layout(game: Catacombs) -> Layout:
    """The fields for this game's number of dwarves and its content."""
    c, n, s = game.content, game.players, game.size
    items, kinds = len(c.items), len(_tile_kinds(game))
    return Layout(
        ("board", (len(board_planes(game)), s, s)),
        ("dwarf_cells", (n, s, s)), ("came_from", (n, s, s)), ("build_cell", (s, s)),
        ("phase", (len(PHASES),)), ("step", (len(STEPS),)), ("decision", (len(DECISIONS),)),
        ("to_act", (n + 1,)), ("active", (n,)),
        ("dwarves", (n, len(DWARF_COLUMNS))), ("dwarf_entrance", (n, len(c.entrances))),
        ("dwarf_order", (n, n)), ("worn", (n, items)), ("backpack", (n, items)),
        ("numbers", (len(NUMBER_COLUMNS),)),
        ("face_up_tiles", (kinds,)), ("held_tile", (kinds,)),
        ("trade", (3,)), ("trade_from", (n,)), ("trade_to", (n,)),
        ("trade_give", (items,)), ("trade_ask", (items,)), ("trade_resumes", (len(STEPS),)))


def _tile_kinds(game: Catacombs) -> tuple[str, ...]:
    """The tile kinds' ids in the content's order (the tiles list one card each)."""
    return tuple(dict.fromkeys(t.id for t in game.content.tiles))


def _scales(game: Catacombs) -> dict[str, float]:
    """Every divisor, the options' starting health and money included."""
    cfg = game.config
    return {**SCALES, "health": 2 * max(cfg["health"], 12), "money": 2 * max(cfg["money"], 500),
            "turn": cfg["max_rounds"] * game.players}


class _Plan:
    """What :func:`encode` looks up, built once per game: offsets, reciprocals of the scales
    and index maps."""

    def __init__(self, game: Catacombs) -> None:
        lay = game.observation_layout()
        c = game.content
        n, cells = game.players, game.cells
        self.n, self.size = n, game.size
        at = self.at = {name: lay.offset(name) for name, _ in lay.fields}
        self.inv = {k: 1.0 / v for k, v in _scales(game).items()}
        self.item = {it.id: it.index for it in c.items}
        self.entrance = {e.id: k for k, e in enumerate(c.entrances)}
        kinds = _tile_kinds(game)
        self.tile = {k: i for i, k in enumerate(kinds)}
        self.tile_count = [sum(t.id == k for t in c.tiles) for k in kinds]
        self.tiles_total = len(c.tiles)
        self.phase = {w: i for i, w in enumerate(PHASES)}
        self.step = {w: i for i, w in enumerate(STEPS)}
        self.decision = {w: i for i, w in enumerate(DECISIONS)}
        #: Per rotated row, the offsets of its dwarf's fields.
        self.rows = tuple(
            (at["dwarf_cells"] + r * cells, at["came_from"] + r * cells,
             at["dwarves"] + r * len(DWARF_COLUMNS), at["dwarf_entrance"] + r * len(c.entrances),
             at["dwarf_order"] + r * n, at["worn"] + r * len(c.items),
             at["backpack"] + r * len(c.items)) for r in range(n))
        self._board_maps(game)

    def _board_maps(self, game: Catacombs) -> None:
        """Where each word of the view's per-cell lists sets its plane, and the empty board."""
        c, cells = game.content, game.cells
        planes = board_planes(game)
        self.board_size = len(planes) * cells
        plane = {p: i * cells for i, p in enumerate(planes)}
        #: Per card word of the view, the offset of its plane in ``board``.
        self.card_plane = {"hidden": plane["hidden"],
                           **{card.label: plane[f"monster:{c.monsters[card.ref].id}"]
                              if card.kind == "monster" and card.ref is not None
                              else plane[f"card:{card.kind}"] for card in c.cards}}
        self.cauldron_plane = {k.id: plane[f"cauldron:{k.id}"] for k in c.cauldrons}
        #: Per passage mask, the offsets of the tile planes it sets.
        self.mask_planes = {m: (plane["explored"], *(plane[f"open_{side.lower()}"]
                                                      for side, bit in SIDE_LETTERS.items()
                                                      if m & bit)) for m in range(16)}
        self.blank = array("f", bytes(4 * self.board_size))
        for e in c.entrances:
            self.blank[plane["entrances"] + e.cell] = 1.0
        #: Boards already encoded, by the view's three per-cell lists, and the last one.
        self.boards: dict[tuple[tuple[Any, ...], ...], array[float]] = {}
        self.planes = tuple(range(0, self.board_size, cells))
        none: list[Any] = [None] * cells
        self.last: tuple[list[Any], list[Any], list[Any], array[float]] = (
            none, none, none, self.blank)


#: Boards kept per game before the store starts afresh.
BOARDS_KEPT = 256


def encode(game: Catacombs, view: Mapping[str, Any], out: array[float]) -> None:
    """Write ``view`` into ``out`` (zeroed, of :func:`layout`'s size) as the module says."""
    p = game.planned(_Plan)
    me = view["seat"] or 0
    n = p.n
    _board(p, view, out)
    _turn(p, view, me, out)
    order = view["order"]
    for dwarf in view["dwarves"]:
        _dwarf(p, dwarf, p.rows[(dwarf["seat"] - me) % n], order.index(dwarf["seat"]), out)
    if (cell := view["build_cell"]) is not None:
        out[p.at["build_cell"] + cell[1] * p.size + cell[0]] = 1.0
    trade = view["trade"]
    if trade is not None:
        _trade(p, trade, me, out)


def _board(p: _Plan, view: Mapping[str, Any], out: array[float]) -> None:
    """The board planes, encoded once per distinct board and copied."""
    tiles, cards, cauldrons = view["tiles"], view["cards"], view["cauldrons"]
    last = p.last
    if tiles == last[0] and cards == last[1] and cauldrons == last[2]:
        got = last[3]
    else:
        key = (tuple(tiles), tuple(cards), tuple(cauldrons))
        found = p.boards.get(key)
        if found is None:
            got = _new_board(p, tiles, cards, cauldrons)
            if len(p.boards) >= BOARDS_KEPT:
                p.boards.clear()
            p.boards[key] = got
        else:
            got = found
        # copies: a caller may change its view's lists once encoded
        p.last = (list(tiles), list(cards), list(cauldrons), got)
    start = p.at["board"]
    out[start:start + p.board_size] = got


def _new_board(p: _Plan, tiles: list[int | None], cards: list[str | None],
               cauldrons: list[str | None]) -> array[float]:
    """A board not seen yet: the last one with the cells that differ from it encoded anew
    (the board changes a cell or two at a time)."""
    was_tiles, was_cards, was_cauldrons, was = p.last
    got = array("f", was)
    blank, planes = p.blank, p.planes
    for c, (t, w, k, t0, w0, k0) in enumerate(zip(tiles, cards, cauldrons, was_tiles,
                                                 was_cards, was_cauldrons, strict=True)):
        if t == t0 and w == w0 and k == k0:
            continue
        for plane in planes:
            got[plane + c] = blank[plane + c]
        if t is not None:
            for plane in p.mask_planes[t]:
                got[plane + c] = 1.0
        if w is not None:
            got[p.card_plane[w] + c] = 1.0
        if k is not None:
            got[p.cauldron_plane[k] + c] = 1.0
    return got


def _turn(p: _Plan, view: Mapping[str, Any], me: int, out: array[float]) -> None:
    """Phase, step, decision, who acts, the turn's numbers and the tiles in play."""
    at, n, inv = p.at, p.n, p.inv
    out[at["phase"] + p.phase.get(view["phase"], OTHER_PHASE)] = 1.0
    out[at["step"] + p.step.get(view["step"], OTHER_STEP)] = 1.0
    decision = view["decision"]
    if decision is not None:
        out[at["decision"] + p.decision.get(decision["kind"], OTHER_DECISION)] = 1.0
    to_act = view["to_act"]
    out[at["to_act"] + (n if to_act is None else (to_act - me) % n)] = 1.0
    out[at["active"] + (view["active"] - me) % n] = 1.0
    o = at["numbers"]
    x = view["turn"] * inv["turn"]
    out[o] = x if x < 1.0 else 1.0
    out[o + 1] = view["tile_pile"] / p.tiles_total
    walk = view["walk_left"]
    if walk is None:
        out[o + 3] = 1.0
    else:
        out[o + 2] = walk / DIE if walk < DIE else 1.0
    out[o + 4] = view["last_roll"] / DIE
    x = view["roll_bonus"] * inv["roll_bonus"]
    out[o + 5] = x if x < 1.0 else 1.0
    x = view["extra_turns"] * inv["extra_turns"]
    out[o + 6] = x if x < 1.0 else 1.0
    x = view["level_choices"] * inv["level_choices"]
    out[o + 7] = x if x < 1.0 else 1.0
    x = view["veins_found"] / view["veins_to_end"]
    out[o + 8] = x if x < 1.0 else 1.0
    face_up = view["face_up_tiles"]
    if face_up:
        _face_up(p, face_up, out)
    if (held := view["held_tile"]) is not None:
        out[at["held_tile"] + p.tile[held]] = 1.0


def _face_up(p: _Plan, face_up: list[str], out: array[float]) -> None:
    """The face-up tiles as counts per kind over that kind's count in the content."""
    tile = p.tile
    seen = [0] * len(tile)
    for t in face_up:
        seen[tile[t]] += 1
    o = p.at["face_up_tiles"]
    for k, (m, total) in enumerate(zip(seen, p.tile_count, strict=True)):
        if m:
            out[o + k] = m / total


def _dwarf(p: _Plan, d: Mapping[str, Any], row: tuple[int, ...], place: int,
           out: array[float]) -> None:
    """One dwarf's row of every per-seat field (``row``: their offsets), and its planes."""
    at_cell, at_came, o, at_entrance, at_order, at_worn, at_pack = row
    inv, size = p.inv, p.size
    cell = d["cell"]
    if cell is not None:
        out[at_cell + cell[1] * size + cell[0]] = 1.0
        out[o + 1] = 1.0
    came = d["came_from"]
    if came is not None:
        out[at_came + came[1] * size + came[0]] = 1.0
    if d["alive"]:
        out[o] = 1.0
    x = d["health"] * inv["health"]
    out[o + 2] = (x if x < 1.0 else 1.0) if x > -1.0 else -1.0
    x = d["strength"] * inv["strength"]
    out[o + 3] = x if x < 1.0 else 1.0
    x = d["armour"] * inv["armour"]
    out[o + 4] = x if x < 1.0 else 1.0
    x = d["experience"] * inv["experience"]
    out[o + 5] = (x if x < 1.0 else 1.0) if x > -1.0 else -1.0
    x = d["money"] * inv["money"]
    out[o + 6] = x if x < 1.0 else 1.0
    x = d["kills"] * inv["kills"]
    out[o + 7] = x if x < 1.0 else 1.0
    x = d["thresholds"] * inv["thresholds"]
    out[o + 8] = x if x < 1.0 else 1.0
    if d["fight_to_the_end"]:
        out[o + 9] = 1.0
    if (e := d["entrance"]) is not None:
        out[at_entrance + p.entrance[e]] = 1.0
    out[at_order + place] = 1.0
    item = p.item
    for it in d["screen"].values():
        if it is not None:
            out[at_worn + item[it]] = 1.0
    for it in d["backpack"]:
        k = at_pack + item[it]
        if out[k] < 1.0:
            out[k] += 1.0 / PACK_SCALE


def _trade(p: _Plan, trade: Mapping[str, Any], me: int, out: array[float]) -> None:
    """The offer being composed or answered."""
    at, n, item = p.at, p.n, p.item
    o = at["trade"]
    out[o] = 1.0
    x = trade["give_money"] * p.inv["money"]
    out[o + 1] = x if x < 1.0 else 1.0
    x = trade["ask_money"] * p.inv["money"]
    out[o + 2] = x if x < 1.0 else 1.0
    out[at["trade_from"] + (trade["from"] - me) % n] = 1.0
    out[at["trade_to"] + (trade["to"] - me) % n] = 1.0
    for field, words in (("trade_give", trade["give"]), ("trade_ask", trade["ask"])):
        o = at[field]
        for it in words:
            k = o + item[it]
            if out[k] < 1.0:
                out[k] += 1.0 / PACK_SCALE
    out[at["trade_resumes"] + p.step.get(trade["resumes"], OTHER_STEP)] = 1.0
