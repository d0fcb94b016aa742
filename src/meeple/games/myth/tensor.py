"""Myth's view as numbers, for learning environments (docs/rl.md).

Every field is fixed by the player count ``N``, the options and the content; every value lies
in [0, 1]. Seats are rotated: block 0 is the observing seat (seat 0 for a spectator), block 1
the next seat clockwise, and so on. Catalogue vectors follow the content's order: the event
cards (C: monsters then events), the monsters (M), the items (I: cards with an item effect),
the quests (Q), the heroes (H), the tiles (T); a count is divided by the card's copies.

The dungeon is a 17×17 square centred on the Avatara's crossroads, its channels last: a cell
``(x, y)`` of the view is square ``[y + 8, x + 8]`` (a dungeon spans at most 9 tiles each way,
MYTH-37, so no laid cell falls outside).

- ``dungeon_passages`` (17, 17, 4): each laid tile's open sides, north, east, south, west.
- ``dungeon_heroes`` (17, 17, N): where each living hero stands, by rotated seat.
- ``dungeon_monsters`` (17, 17, M): the monsters on each cell.
- ``dungeon_lasting`` (17, 17, K): the lasting cards on each cell (webs and battle cards, K of
  them in the content's order).
- ``dungeon_laying`` (17, 17): the cell the drawn tile is being laid on.
- ``phase``, ``step``, ``decision``: one-hots over :data:`PHASES`, :data:`STEPS` ("none": no
  step) and :data:`DECISIONS` ("none": the game is over), each ending with "other".
- ``to_act`` (N + 1): who decides, by rotated seat, the last cell for nobody; ``active`` (N):
  whose turn it is.
- ``counters`` (10): the turn / the option ``max_turns`` (/ 600 and clipped at 1 without a
  limit); the event deck, its discard, the tiles and the quest pile, each / its full size;
  the bank / the option ``bank``; the Tain's load / its capacity; the final turns left / 2;
  whether they are counted; whether cards cost double now.
- ``face_down`` (N + 1, 2): the cards face down on the table by rotated seat (the last slot
  the deck's) as count / 2, and the resources paid / twice the dearest card.
- ``my_face_down`` (C): which of them the observer played; ``pending`` (C): the revealed cards
  still to resolve.
- ``drawn_tile`` (T + 1), ``striker`` (M + 1): the tile being laid, and the monster whose target
  is being chosen, the last cell for none.
- ``hand`` (C): the observer's hand; ``quests_held``, ``quests_done`` (Q): its quests, and those
  whose proof is at hand (none of the three for a spectator).
- Per rotated seat: ``hero`` (N, H + 1) its hero card (last cell: another); ``hero_stats``
  (N, 13) the numbers of :data:`HERO_STATS`, each / the largest the content and options allow
  (a dead hero's life below 0 reads 0; cards in hand / twice the option ``hand_size``,
  clipped at 1: a hand has no limit);
  ``items`` (N, I) the items carried; ``trophies`` (N, M) the slain monsters kept as proof;
  ``shown`` (N, Q) the quests fulfilled and shown; ``hand_shown`` (N, C) a hand shown to all
  this turn (Soulblighter's Magic, MYTH-88).

Of the turn's story (``this_turn``) only the shown hands are read: the rest is in the fields.

>>> import meeple
>>> g = meeple.load("myth", players=2)
>>> lay = g.observation_layout()
>>> lay.shape("dungeon_passages"), lay.shape("hero_stats"), lay.size
((17, 17, 4), (2, 13), 6167)
>>> s = g.new_state(seed=1)
>>> obs = g.observe(s.view(1))
>>> crossroads = lay.offset("dungeon_passages") + 4 * CENTRE
>>> list(obs[crossroads:crossroads + 4])  # the start opens every way
[1.0, 1.0, 1.0, 1.0]
>>> obs[lay.offset("decision") + DECISIONS.index(s.view(1)["decision"]["kind"])]
1.0
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping, Sequence
from operator import itemgetter
from struct import Struct
from typing import TYPE_CHECKING, Any, get_args

from meeple.core.tensors import Layout

from .content import ITEM_EFFECTS
from .decisions import MythDecision
from .params import FINAL_TURNS, MAX_EXTENT
from .quests import WINNING_LEVEL
from .turn import BATTLE_CARDS, QUESTS_DEALT, Phase, Step

if TYPE_CHECKING:
    from .game import Myth

#: The view's phases, steps and decision kinds, each ending with the spare "other".
PHASES: tuple[str, ...] = (*get_args(Phase), "other")
STEPS: tuple[str, ...] = (*get_args(Step), "none", "other")
DECISIONS: tuple[str, ...] = (*get_args(Step), "setup",
                              *(d.kind for d in get_args(MythDecision)), "none", "other")
#: Squares from the crossroads to the dungeon square's edge, the square's side, and the
#: number of the crossroads' square (row by row).
REACH = MAX_EXTENT - 1
SIDE = 2 * REACH + 1
CENTRE = REACH * SIDE + REACH
#: The lasting cards' effects: the battle cards and the web (MYTH-75, MYTH-81..83).
LASTING_EFFECTS = (*BATTLE_CARDS, "web")
#: A hero's numbers in ``hero_stats``, as the view names them.
HERO_STATS = ("alive", "level", "life", "max_life", "attack", "defence", "attacks",
              "resources", "hand", "quests", "skip", "extra", "dream")
COUNTERS = 10
#: Turns are scaled by this when the option sets no limit (the option's default).
TURN_SCALE = 600
#: What the encoder reads of a hero and of the view, each in one call.
_HERO = itemgetter("seat", "hero", "cell", "items", "trophies", "shown", *HERO_STATS)
_TABLE = itemgetter("phase", "step", "decision", "to_act", "active", "turn", "event_deck",
                    "discard", "tiles_left", "quest_pile", "bank", "tain_load", "final_turns",
                    "double_cost", "table", "pending", "drawn_tile", "striker")
_PACK_STATS = Struct(f"{len(HERO_STATS)}f").pack_into
_PACK_COUNTERS = Struct(f"{COUNTERS}f").pack_into


class Plan:
    """Offsets, index maps and scales for one game's players, options and content.

    A dungeon field with ``k`` channels holds channel ``j`` of square number ``q`` (``q =``
    :data:`CENTRE` ``+ y * 17 + x``) at its offset ``+ q * k + j``.
    """

    def __init__(self, game: Myth, lay: Layout) -> None:
        c, cfg, n = game.content, game.config, game.players
        deck = c.event_deck
        at = {name: lay.offset(name) for name, _ in lay.fields}
        self.n = n
        #: the rotated seat of each seat, for each observing seat
        self.rel = tuple(tuple((s - o) % n for s in range(n)) for o in range(n))
        self.passages, self.heroes_on = at["dungeon_passages"], at["dungeon_heroes"]
        self.laying = at["dungeon_laying"]
        self.masks = tuple(array("f", [m >> k & 1 for k in range(4)]) for m in range(16))
        monsters = [k for k, v in c.cards.items() if v.monster]
        lasting = [k for k, v in c.cards.items() if v.effect in LASTING_EFFECTS]
        self.n_monsters, self.n_lasting = len(monsters), len(lasting)
        self.monster_on = _weights(monsters, deck, at["dungeon_monsters"])
        self.lasting_on = _weights(lasting, deck, at["dungeon_lasting"])
        self.phase, self.step = _vocabulary(PHASES, at["phase"]), _vocabulary(STEPS, at["step"])
        self.decision = _vocabulary(DECISIONS, at["decision"])
        self.other = (self.phase["other"], self.step["other"], self.decision["other"])
        self.to_act, self.active, self.counters = at["to_act"], at["active"], at["counters"]
        self.face_down = at["face_down"]
        self.my_face_down = _weights(list(c.cards), deck, at["my_face_down"])
        self.pending = _weights(list(c.cards), deck, at["pending"])
        self.tile = {t: at["drawn_tile"] + i for i, t in enumerate(c.tiles)}
        self.no_tile = at["drawn_tile"] + len(c.tiles)
        self.striker = {m: at["striker"] + i for i, m in enumerate(monsters)}
        self.no_striker = at["striker"] + len(monsters)
        self.hand = _weights(list(c.cards), deck, at["hand"])
        self.quest_held = _weights(list(c.quests), c.quest_deck, at["quests_held"])
        self.quest_done = at["quests_done"] - at["quests_held"]
        fields = ("hero", "hero_stats", "items", "trophies", "shown", "hand_shown")
        self.seat_at = tuple(tuple(at[f] + r * lay.shape(f)[1] for f in fields)
                             for r in range(n))
        self.hero = {h: i for i, h in enumerate(c.heroes)}
        self.card, self.monster = _weights(list(c.cards), deck), _weights(monsters, deck)
        self.item = _weights([k for k, v in c.cards.items() if v.effect in ITEM_EFFECTS], deck)
        self.quest = _weights(list(c.quests), c.quest_deck)
        self.scale = _scales(game)
        self.inv_deck, self.inv_tiles = 1 / len(deck), 1 / max(1, len(c.tile_deck))
        self.inv_quests = 1 / max(1, len(c.quest_deck))
        self.inv_bank, self.inv_turn = 1 / cfg["bank"], 1 / (cfg["max_turns"] or TURN_SCALE)
        self.inv_paid = 1 / max(1, 2 * max(v.cost for v in c.cards.values()))
        self.inv_tain = 1 / max(1, c.cards["tain"].value) if "tain" in c.cards else 0.0


def _vocabulary(words: Sequence[str], at: int) -> dict[str, int]:
    """Where each word's cell of a one-hot starting at ``at`` lies."""
    return {w: at + i for i, w in enumerate(words)}


def _weights(ids: Sequence[str], deck: Sequence[str],
             at: int = 0) -> dict[str, tuple[int, float]]:
    """Each id's cell (``at`` + its position in ``ids``) and 1 / its copies in ``deck``, the
    scale of its count."""
    return {k: (at + i, 1 / max(1, deck.count(k))) for i, k in enumerate(ids)}


def _scales(game: Myth) -> tuple[float, ...]:
    """1 / the largest value of each hero statistic the content and options allow, in the
    order of ``hero_stats``."""
    c, cfg = game.content, game.config
    cards, deck = c.cards, c.event_deck
    copies = {k: deck.count(k) for k in cards}

    def bonus(effect: str, hero: str | None = None) -> int:
        return sum(v.value * copies[k] for k, v in cards.items()
                   if v.effect == effect and (hero is None or v.hero == hero))

    life = max(max(h.life) for h in c.heroes.values())
    attack = max(max(h.attack) + bonus("weapon", h.id) for h in c.heroes.values())
    defence = max(max(h.defence) for h in c.heroes.values()) + bonus("standard")
    attacks = max(max(h.attacks) for h in c.heroes.values())
    skip = sum(n for k, n in copies.items() if cards[k].effect == "rest")
    extra = sum(n for k, n in copies.items() if cards[k].effect == "extra_turn") + 1
    dream = max((v.value for v in cards.values() if v.effect == "dream"), default=0)
    return tuple(1 / max(1, x) for x in (
        1, WINNING_LEVEL, life, life, attack, defence, attacks, cfg["bank"],
        2 * cfg["hand_size"], QUESTS_DEALT, skip, extra, dream))


def layout(game: Myth) -> Layout:
    """The fields for the game's player count and content (see the module's docstring)."""
    c, n = game.content, game.players
    cards, monsters = len(c.cards), sum(v.monster for v in c.cards.values())
    lasting = sum(v.effect in LASTING_EFFECTS for v in c.cards.values())
    items = sum(v.effect in ITEM_EFFECTS for v in c.cards.values())
    quests = len(c.quests)
    return Layout(
        ("dungeon_passages", (SIDE, SIDE, 4)), ("dungeon_heroes", (SIDE, SIDE, n)),
        ("dungeon_monsters", (SIDE, SIDE, monsters)),
        ("dungeon_lasting", (SIDE, SIDE, lasting)), ("dungeon_laying", (SIDE, SIDE)),
        ("phase", (len(PHASES),)), ("step", (len(STEPS),)), ("decision", (len(DECISIONS),)),
        ("to_act", (n + 1,)), ("active", (n,)), ("counters", (COUNTERS,)),
        ("face_down", (n + 1, 2)), ("my_face_down", (cards,)), ("pending", (cards,)),
        ("drawn_tile", (len(c.tiles) + 1,)), ("striker", (monsters + 1,)),
        ("hand", (cards,)), ("quests_held", (quests,)), ("quests_done", (quests,)),
        ("hero", (n, len(c.heroes) + 1)), ("hero_stats", (n, len(HERO_STATS))),
        ("items", (n, items)), ("trophies", (n, monsters)), ("shown", (n, quests)),
        ("hand_shown", (n, cards)),
    )


def _plan(game: Any) -> Plan:
    return Plan(game, game.observation_layout())


def encode(game: Myth, view: Mapping[str, Any], out: array[float]) -> None:
    """Write ``view`` into ``out`` (a zeroed buffer of :func:`layout`'s size)."""
    p = game.planned(_plan)
    rel = p.rel[view["seat"] or 0]
    _dungeon(p, view, out)
    _heroes(p, view, out, rel)
    _table(p, view, out, rel)
    _own(p, view, out, rel)


def _dungeon(p: Plan, view: Mapping[str, Any], out: array[float]) -> None:
    """The tiles' passages, the monsters and lasting cards on the cells, the cell being laid."""
    passages, masks = p.passages + 4 * CENTRE, p.masks
    for x, y, mask, _ in view["map"]:
        at = passages + 4 * (y * SIDE + x)
        out[at:at + 4] = masks[mask]
    if view["enemies"]:
        cell, k = p.monster_on, p.n_monsters
        for x, y, ids in view["enemies"]:
            q = (CENTRE + y * SIDE + x) * k
            for m in ids:
                at, w = cell[m]
                out[at + q] += w
    if view["lasting"]:
        cell, k = p.lasting_on, p.n_lasting
        for x, y, ids in view["lasting"]:
            q = (CENTRE + y * SIDE + x) * k
            for m in ids:
                at, w = cell[m]
                out[at + q] += w
    laying = view["laying"]
    if laying is not None:
        out[p.laying + CENTRE + laying[1] * SIDE + laying[0]] = 1.0


def _heroes(p: Plan, view: Mapping[str, Any], out: array[float],
            rel: tuple[int, ...]) -> None:
    """Each seat's hero: where he stands, his card, his numbers and what he holds openly."""
    n, on_map, heroes, other = p.n, p.heroes_on + p.n * CENTRE, p.hero, len(p.hero)
    _, lvl, life, _, att, dfc, atk, res, hand, qst, skip, extra, dream = p.scale
    item, monster, quest = p.item, p.monster, p.quest
    for h in view["heroes"]:
        (seat, hero, cell, items, trophies, shown,
         alive, a, b, c, d, e, f, g, i, j, k, m, z) = _HERO(h)
        r = rel[seat]
        o_hero, o, o_items, o_trophies, o_shown, _ = p.seat_at[r]
        out[o_hero + heroes.get(hero, other)] = 1.0
        if alive:
            out[on_map + n * (cell[1] * SIDE + cell[0]) + r] = 1.0
        _PACK_STATS(out, 4 * o, alive, a * lvl, b * life if b > 0 else 0.0, c * life, d * att,
                    e * dfc, f * atk, g * res, min(1.0, i * hand), j * qst, k * skip,
                    m * extra, z * dream)
        for key in items:
            at, w = item[key]
            out[o_items + at] += w
        for key in trophies:
            at, w = monster[key]
            out[o_trophies + at] += w
        for key in shown:
            at, w = quest[key]
            out[o_shown + at] += w


def _table(p: Plan, view: Mapping[str, Any], out: array[float],
           rel: tuple[int, ...]) -> None:
    """Where the game is, who acts, the piles, the cards on the table and resolving."""
    n = p.n
    (phase, step, decision, to_act, active, turn, deck, discard, tiles, quests, bank, tain,
     final, double, table, pending, tile, striker) = _TABLE(view)
    other_phase, other_step, other_decision = p.other
    out[p.phase.get(phase, other_phase)] = 1.0
    out[p.step.get("none" if step is None else step, other_step)] = 1.0
    kind = "none" if decision is None else decision["kind"]
    out[p.decision.get(kind, other_decision)] = 1.0
    out[p.to_act + (n if to_act is None else rel[to_act])] = 1.0
    out[p.active + rel[active]] = 1.0
    _PACK_COUNTERS(
        out, 4 * p.counters, min(1.0, turn * p.inv_turn), deck * p.inv_deck,
        discard * p.inv_deck, tiles * p.inv_tiles, quests * p.inv_quests, bank * p.inv_bank,
        tain * p.inv_tain, 0.0 if final is None else final / FINAL_TURNS, final is not None,
        double)
    if table:
        o, mine = p.face_down, p.my_face_down
        for c in table:
            by = c["by"]
            slot = o + 2 * (n if by < 0 else rel[by])
            out[slot] += 0.5
            out[slot + 1] += c["paid"] * p.inv_paid
            if c["card"]:
                at, w = mine[c["card"]]
                out[at] += w
    if pending:
        weights = p.pending
        for key in pending:
            at, w = weights[key]
            out[at] += w
    out[p.tile[tile] if tile else p.no_tile] = 1.0
    out[p.striker[striker] if striker else p.no_striker] = 1.0


def _own(p: Plan, view: Mapping[str, Any], out: array[float], rel: tuple[int, ...]) -> None:
    """The observer's hand and quests (none for a spectator), and the hands shown this turn
    (the last time each was shown)."""
    if "hand" in view:
        hand = p.hand
        for key in view["hand"]:
            at, w = hand[key]
            out[at] += w
        held, done = p.quest_held, p.quest_done
        for q, fulfilled in view["quests"]:
            at, w = held[q]
            out[at] += w
            if fulfilled:
                out[at + done] += w
    shown: dict[int, list[str]] = {}
    for e in view["this_turn"]:
        if e["type"] == "hand_shown":
            shown[e["seat"]] = e["cards"]
    if shown:
        card = p.card
        for s, cards in shown.items():
            o = p.seat_at[rel[s]][5]
            for key in cards:
                at, w = card[key]
                out[o + at] += w
