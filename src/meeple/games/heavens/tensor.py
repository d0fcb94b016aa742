"""High in the Heavens' view as numbers, for learning environments (docs/rl.md).

Everything is seen from the observing seat (a spectator is seat 0): per-seat fields start with
that seat and go on in seat order ("me, next seat, ..."), per-side fields and the gods' planes
start with its own pantheon. The Heavens are not turned round for side B: the actions name
hexes as they are, so the planes keep them where they are. Every value lies in [0, 1].

``board`` (planes, 11, 12): one plane per kind of thing on a hex, each hex at its axial
coordinates (column ``q``, row ``r``; 30 cells of the 11 × 12 grid lie off the map):

- ``hex``: the hex is on the map; ``central``: a central hex (HVN-15);
- ``my_base``, ``their_base``, ``my_summoning``, ``their_summoning`` (HVN-13, HVN-14);
- ``my_zone``: the hexes the observer's gods may move through (HVN-51; all of them with two);
- ``health``: a standing character's health over its card's; ``fallen``: a fallen one lies
  there (HVN-41); ``armour``, ``attack``: its bonus rings over 2 (HVN-7, HVN-8); ``poison``:
  its green rings over the box's six; ``incapacitated`` (HVN-3);
- ``trap``, ``architecture``, ``dropped_armour``, ``dropped_attack``: rings on the hex over the
  box's count of that colour (HVN-4, HVN-10, HVN-41);
- ``pending_rings``: the hex an acquiring character takes rings from (HVN-35);
- ``my_god_0``… then ``their_god_0``…: one plane per character of each pantheon, in the order
  of its cards (``view["sides"][i]["gods"]``), marking the hex it stands or lies on.

Per card of the two pantheons, in content order (``game.ids``): ``card_mine`` (of the
observer's pantheon), ``in_my_hand``, ``in_mate_hand`` (a team-mate's open hand, HVN-52),
``discarded`` (HVN-20), ``pending_card`` (the card the decision inside an action resolves) and
``pending_source`` (the character using its ability). A card neither in these nor on the
Heavens lies in a deck or in a hand the observer does not see.

Per side (mine first): ``pantheon`` (one-hot over the pantheons), ``base_health`` (over the
starting health), ``deck`` (cards left over the pantheon's cards), ``summoned`` (over its
characters), ``held`` (HVN-43), ``tokens_per_turn`` (over 3). Per seat: ``hand_count`` (over
the most that seat can hold), ``my_side`` (the seat plays the observer's pantheon),
``to_act``. Scalars: ``tokens`` left (over 3), ``round`` (over the round limit plus one;
without a limit over 100, and 1 from then on), ``box`` (each colour over its count),
``variants`` (omnipotence, rolling runes, a round limit). One-hots, each with a spare last cell
for a word not listed: ``phase``, ``step``, ``decision`` (all zero once the game is over).

>>> import meeple
>>> g = meeple.load("heavens", players=2)
>>> s = g.new_state(seed=1)
>>> lay = g.observation_layout()
>>> lay.shape("board")
(34, 11, 12)
>>> obs = g.observe(s.view(s.to_act))
>>> obs[lay.offset("to_act")], obs[lay.offset("base_health")], obs[lay.offset("phase")]
(1.0, 1.0, 1.0)
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, get_args

from meeple.core.tensors import Layout

from .content import PANTHEONS
from .decisions import Acquire, ChooseTarget, Move
from .rings import MAX_BONUS
from .turn import Phase, Step

if TYPE_CHECKING:
    from .game import Heavens

PHASES = (*get_args(Phase), "other")
STEPS = (*get_args(Step), "other")
#: ``view["decision"]["kind"]``: the turn's kinds (``state._turn_kind``) and the decisions'.
DECISIONS = ("action", Move.kind, Acquire.kind, ChooseTarget.kind, "discard", "other")
VOCABULARIES = (("phase", PHASES), ("step", STEPS), ("decision", DECISIONS))
#: The planes of ``board`` before the gods' (the module's docstring says what each holds).
PLANES = ("hex", "central", "my_base", "their_base", "my_summoning", "their_summoning",
          "my_zone", "health", "fallen", "armour", "attack", "poison", "incapacitated", "trap",
          "architecture", "dropped_armour", "dropped_attack", "pending_rings")
PLANE = {name: i for i, name in enumerate(PLANES)}
#: The per-card fields, each one cell per card.
CARD_FIELDS = ("card_mine", "in_my_hand", "in_mate_hand", "discarded", "pending_card",
               "pending_source")
#: HVN-28: a turn has at most three action tokens.
MAX_TOKENS = 3
#: Rounds are unbounded without a round limit (HVN-53): the scale then, capped at 1.
ROUND_SCALE = 100


def gods(game: Heavens) -> int:
    """The god planes each side has: the most characters a pantheon of the game holds."""
    return max(sum(game.is_character[c] for c in cards) for cards in game.side_cards)


def _grid(game: Heavens) -> tuple[int, int, int, int]:
    """The board's grid: columns, rows, and the least column and row of the map."""
    qs = [q for q, _ in game.board.coords]
    rs = [r for _, r in game.board.coords]
    return max(qs) - min(qs) + 1, max(rs) - min(rs) + 1, min(qs), min(rs)


def layout(game: Heavens) -> Layout:
    """The fields for the game's players and pantheons (the card fields follow the decks)."""
    cols, rows, _, _ = _grid(game)
    n, players = len(game.ids), game.players
    return Layout(  # what never changes in a game first: encode copies it in one slice
        ("pantheon", (2, len(PANTHEONS))), ("tokens_per_turn", (2,)),
        ("my_side", (players,)), ("variants", (3,)), ("card_mine", (n,)),
        ("board", (len(PLANES) + 2 * gods(game), cols, rows)),
        *((name, (n,)) for name in CARD_FIELDS[1:]),
        ("base_health", (2,)), ("deck", (2,)), ("summoned", (2,)), ("held", (2,)),
        ("hand_count", (players,)), ("to_act", (players,)),
        ("tokens", (1,)), ("round", (1,)), ("box", (len(game.content.rings),)),
        ("phase", (len(PHASES),)), ("step", (len(STEPS),)), ("decision", (len(DECISIONS),)))


#: Per observing seat: the ``to_act`` cell of each seat; per seat its ``hand_count`` cell,
#: 1 / the most it can hold, and its cards' cells when the observer sees them.
SeatTable = tuple[tuple[int, ...], tuple[tuple[int, float, dict[str, int] | None], ...]]
#: Per side as one side sees it: its cells of base_health, deck, summoned and held, each of
#: the first three with its scale.
SideTable = tuple[tuple[int, float, int, float, int, float, int], ...]


class Tables:
    """What ``encode`` looks up, made once per game: absolute offsets by card id, hex label and
    observing seat or side, with their scales, and the fields that never change filled in for
    each observing seat (``static``, the layout's first cells: ``out`` is zeroed beyond them)."""

    __slots__ = ("box", "cell", "discard", "gods", "others", "pending", "planes", "round_scale",
                 "scalars", "seats", "side_of", "sides", "static", "words")

    def __init__(self, game: Heavens) -> None:
        lay = game.observation_layout()
        off, n = lay.offset, game.players
        _, cols, rows = lay.shape("board")
        _, _, q0, r0 = _grid(game)
        b = game.board
        #: a hex label's cell in a plane
        self.cell = {b.labels[h]: (q - q0) * rows + r - r0 for h, (q, r) in enumerate(b.coords)}
        self.discard = _by_card(game, off("discarded"))
        self.pending = (_by_card(game, off("pending_card")),
                        _by_card(game, off("pending_source")))
        self.side_of = game.side_of
        self.seats = tuple(_seat(game, lay, me) for me in range(n))
        self.sides = tuple(_sides(game, lay, side) for side in (0, 1))
        #: per observing side: each character's plane and 1 / its health
        self.gods = tuple(_gods(game, lay, side) for side in (0, 1))
        #: a ring colour's cell in ``box`` and 1 / its count
        self.box = {r.id: (off("box") + i, 1 / r.count)
                    for i, r in enumerate(game.content.rings)}
        self.words = tuple({w: off(field) + i for i, w in enumerate(vocab)}
                           for field, vocab in VOCABULARIES)
        #: the spare last cell of each one-hot, for a word not listed
        self.others = tuple(off(field) + len(vocab) - 1 for field, vocab in VOCABULARIES)
        self.scalars = (off("tokens"), off("round"))
        limit = game.config["max_rounds"]
        self.round_scale = limit + 1 if limit else ROUND_SCALE
        plane = {name: off("board") + i * cols * rows for i, name in enumerate(PLANES)}
        #: the planes a unit marks, those of the rings on hexes, the acquired rings' plane
        self.planes = (tuple(plane[x] for x in ("health", "fallen", "armour", "attack", "poison",
                                                "incapacitated")),
                       tuple(plane[x] for x in ("trap", "architecture", "dropped_armour",
                                                "dropped_attack")),
                       plane["pending_rings"])
        #: per observing seat, the fields that never change: the layout's first cells
        fixed = plane["health"]
        self.static = tuple(_static(game, lay, seat, self.cell)[:fixed] for seat in range(n))


def _by_card(game: Heavens, at: int) -> dict[str, int]:
    """Each card id's cell in the per-card field starting at ``at``."""
    return {cid: at + c for c, cid in enumerate(game.ids)}


def _seat(game: Heavens, lay: Layout, me: int) -> SeatTable:
    """The per-seat cells as seat ``me`` sees them."""
    n, omni = game.players, game.config["omnipotence"]
    hands = []
    for s in range(n):
        side = game.side_of[s]
        most = len(game.side_cards[side]) if omni else game.hand_size[side]  # HVN-44, HVN-39
        cards = (_by_card(game, lay.offset("in_my_hand")) if s == me else
                 _by_card(game, lay.offset("in_mate_hand")) if side == game.side_of[me] else
                 None)
        hands.append((lay.offset("hand_count") + (s - me) % n, 1 / most, cards))
    return tuple(lay.offset("to_act") + (s - me) % n for s in range(n)), tuple(hands)


def _sides(game: Heavens, lay: Layout, mine: int) -> SideTable:
    """The per-side cells as side ``mine`` sees them (its own first)."""
    out = []
    for side, cards in enumerate(game.side_cards):
        rel = side ^ mine
        chars = sum(game.is_character[c] for c in cards)
        out.append((lay.offset("base_health") + rel, 1 / game.config["base_health"],
                    lay.offset("deck") + rel, 1 / len(cards),
                    lay.offset("summoned") + rel, 1 / chars, lay.offset("held") + rel))
    return tuple(out)


def _gods(game: Heavens, lay: Layout, mine: int) -> dict[str, tuple[int, float]]:
    """Each character's plane as side ``mine`` sees it, and 1 / its card's health."""
    _, cols, rows = lay.shape("board")
    first = lay.offset("board") + len(PLANES) * cols * rows
    out = {}
    for side, cards in enumerate(game.side_cards):
        chars = [c for c in cards if game.is_character[c]]
        for i, c in enumerate(chars):
            plane = (side ^ mine) * gods(game) + i
            out[game.ids[c]] = (first + plane * cols * rows, 1 / game.health[c])
    return out


def _static(game: Heavens, lay: Layout, seat: int, cell: Mapping[str, int]) -> array[float]:
    """The fields that never change in a game, as ``seat`` sees them."""
    out = lay.zeros()
    b, players = game.board, game.players
    side, zone, rows = game.side_of[seat], game.zones[seat], lay.shape("board")[2]
    for name, hexes in (("hex", b.every), ("central", b.central),
                        ("my_base", (b.base[side],)), ("their_base", (b.base[1 - side],)),
                        ("my_summoning", b.summon[side]),
                        ("their_summoning", b.summon[1 - side]),
                        ("my_zone", [h for h in b.every if zone is None or b.zone[h] in zone])):
        for h in hexes:
            lay.put(out, "board", (PLANE[name], *divmod(cell[b.labels[h]], rows)))
    for c, s in enumerate(game.card_side):
        lay.put(out, "card_mine", c, float(s == side))
    for rel, s in enumerate((side, 1 - side)):
        lay.put(out, "pantheon", (rel, PANTHEONS.index(game.pantheon_ids[s])))
        lay.put(out, "tokens_per_turn", rel, game.tokens[s] / MAX_TOKENS)
    for rel in range(players):
        lay.put(out, "my_side", rel, float(game.side_of[(seat + rel) % players] == side))
    cfg = game.config
    for i, on in enumerate((cfg["omnipotence"], cfg["rolling_runes"], cfg["max_rounds"] > 0)):
        lay.put(out, "variants", i, float(on))
    return out


def encode(game: Heavens, view: Mapping[str, Any], out: array[float]) -> None:
    """Write ``view`` into ``out`` (the module's docstring lists the fields)."""
    t = game.planned(Tables)
    seat = view["seat"]
    me = 0 if seat is None else seat
    static = t.static[me]
    out[0:len(static)] = static
    phases, steps, decisions = t.words
    phase_other, step_other, decision_other = t.others
    out[phases.get(view["phase"], phase_other)] = 1.0
    out[steps.get(view["step"], step_other)] = 1.0
    kind = view["decision"]
    if kind is not None:
        out[decisions.get(kind["kind"], decision_other)] = 1.0
    to_act, hands = t.seats[me]
    who = view["to_act"]
    if who is not None:
        out[to_act[who]] = 1.0
    tokens, rounds = t.scalars
    out[tokens] = view["tokens"] / MAX_TOKENS
    r = view["round"] / t.round_scale
    out[rounds] = r if r < 1.0 else 1.0
    for hand in view["hands"]:
        at, inv, where = hands[hand["seat"]]
        out[at] = hand["count"] * inv
        cards = hand["cards"]
        if cards and where is not None:
            for cid in cards:
                out[where[cid]] = 1.0
    my_side = t.side_of[me]
    _sides_and_box(t, view, out, my_side)
    if view["traps"] or view["architecture"] or view["dropped"]:
        _rings(t, view, out)
    if view["pending"] is not None:
        _pending(t, view["pending"], out)
    health, fallen, armour, attack, poison, stunned = t.planes[0]
    cell, gods_at = t.cell, t.gods[my_side]
    for u in view["units"]:
        god, inv_health = gods_at[u["card"]]
        h = cell[u["hex"]]
        out[god + h] = 1.0
        if u["fallen"]:
            out[fallen + h] = 1.0
            continue
        out[health + h] = u["health"] * inv_health
        if u["armour"]:
            out[armour + h] = u["armour"] / MAX_BONUS
        if u["attack"]:
            out[attack + h] = u["attack"] / MAX_BONUS
        if u["poison"]:
            out[poison + h] = u["poison"] * t.box["green"][1]
        if u["incapacitated"]:
            out[stunned + h] = 1.0


def _sides_and_box(t: Tables, view: Mapping[str, Any], out: array[float], my_side: int) -> None:
    """Both pantheons' bases, piles and summons, and the rings left in the box."""
    sides, discard = t.sides[my_side], t.discard
    for s, info in enumerate(view["sides"]):
        base, inv_base, deck, inv_deck, summoned, inv_chars, held = sides[s]
        out[base] = info["base_health"] * inv_base
        out[deck] = info["deck"] * inv_deck
        out[summoned] = info["summoned"] * inv_chars
        if info["held"]:
            out[held] = 1.0
        for cid in info["discard"]:
            out[discard[cid]] = 1.0
    box = t.box
    for colour, n in view["box"].items():
        i, scale = box[colour]
        out[i] = n * scale


def _rings(t: Tables, view: Mapping[str, Any], out: array[float]) -> None:
    """Traps, architecture and dropped rings on their hexes."""
    trap, architecture, dropped_armour, dropped_attack = t.planes[1]
    cell, box = t.cell, t.box
    for label, n in view["traps"].items():
        out[trap + cell[label]] = n * box["black"][1]
    for label, n in view["architecture"].items():
        out[architecture + cell[label]] = n * box["white"][1]
    for label, rings in view["dropped"].items():
        out[dropped_armour + cell[label]] = rings["armour"] * box["grey"][1]
        out[dropped_attack + cell[label]] = rings["attack"] * box["orange"][1]


def _pending(t: Tables, pending: Mapping[str, Any], out: array[float]) -> None:
    """The decision inside an action: its card, the character using its ability, the hex of
    the rings being acquired."""
    cards, sources = t.pending
    out[cards[pending["card"]]] = 1.0
    source = pending.get("source")
    if source is not None:
        out[sources[source]] = 1.0
    where = pending.get("hex")
    if where is not None:
        out[t.planes[2] + t.cell[where]] = 1.0
