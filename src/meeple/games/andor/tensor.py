"""Andor's view as numbers, for learning environments (docs/rl.md).

The board is a region graph: each plane holds one value per region, in the map's region
order. Every field is seen from the observing seat: per-seat rows are rotated so that row 0 is
the observer's hero, row 1 the next seat's, and so on (a spectator observes as seat 0). Every
value lies in [0, 1].

- ``map``: the regions' terrain (``terrain:<t>``, ``content.TERRAINS``) and features
  (``feature:<f>``: castle, well, merchant, mine, witch, tower), the same in every state;
- ``regions``, one plane per kind of thing on a region (:func:`region_planes`): each creature
  kind (content order), farmers waiting (a count over :data:`SCALES` ``farmers``), the
  articles lying there (one plane per article and worn side, a count over the article's count
  in the content), full and empty wells, a face-down fog token, each fog token kind turned
  up, the witch, blocked regions, and the region of the fight under way;
- ``hero_regions``: one plane per rotated seat, where its hero stands.

Per rotated seat: ``heroes`` (the columns of :data:`HERO_COLUMNS`: strength over the option
``strength_max``, willpower over 20, gold, hours over 10, ended his day, farmers carried, dice
over the most dice a hero rolls, holds the rooster), ``hero_kind`` (one-hot
over the content's heroes) and ``hero_articles`` (each article and worn side held, a count
over the slots of its kind, AND-82).

The turn: one-hots ``phase``, ``step`` and ``decision`` (the view's words, each vocabulary
ending with a spare ``other``), ``to_act`` and ``active`` (rotated seat; ``to_act``'s last cell
is nobody: the legend is over). The legend: ``legend`` (one-hot, ending with ``other``),
``letter`` (the narrator's letter), ``cards_read`` (multi-hot over the letters),
``goals_met`` (the legend's goals in its order), ``numbers`` (the columns of
:data:`NUMBER_COLUMNS`), ``stock`` (the market's articles over their counts) and
``last_event`` (one-hot over the content's event cards).

The fight under way: ``fight`` (the columns of :data:`FIGHT_COLUMNS`), ``fight_kind`` (the
creature), ``fight_heroes`` and ``fight_roller`` (rotated seats) and ``fight_dice`` (the
roller's dice as a count per face 1-12 over the most dice a hero rolls).

Left out: ``goals`` (the legend's, fixed by the options), ``creatures``' strength and
willpower (fixed by the kind and the number of heroes), ``mine`` and ``on_table`` (repeated
by the fields above). Numbers without a bound in the rules (gold, farmers, the castle's
counts, the day, the creature bonus) are divided by the scale in :data:`SCALES` and clipped
to 1.

>>> import meeple
>>> g = meeple.load("andor", players=2)
>>> s = g.new_state(seed=1)
>>> lay, obs = g.observation_layout(), g.observe(s.view(1))
>>> o = lay.offset("hero_kind")   # four heroes: warrior, archer, dwarf, wizard
>>> obs[o + 1], obs[o + 4]        # row 0: seat 1, the archer; row 1: seat 0, the warrior
(1.0, 1.0)
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from meeple.core.tensors import Layout

from .content import FEATURES, LETTERS, TERRAINS
from .params import HOURS_PER_DAY, OVERTIME_HOURS, TWO_SIDED, WILLPOWER_MAX

if TYPE_CHECKING:
    from .game import Andor

#: ``view["phase"]`` (``turn.Phase``).
PHASES = ("day", "fight", "sunrise", "over", "other")
#: ``view["step"]`` (``turn.Step``).
STEPS = ("turn", "moving", "after move", "invite", "answer", "keep", "flip", "boost", "shield",
         "fight on", "reward", "block event", "over", "other")
#: ``view["decision"]["kind"]``: the hero's turn or a decision's kind (``decisions.py``).
DECISIONS = ("turn", "moving", "after move", "invite", "answer", "keep", "flip", "boost",
             "shield", "fight on", "reward", "block event", "other")
#: ``view["legend"]`` (the option ``legend``).
LEGENDS = ("intro", "full", "other")
OTHER_PHASE, OTHER_STEP, OTHER_DECISION = len(PHASES) - 1, len(STEPS) - 1, len(DECISIONS) - 1
#: The columns of each hero's row of ``heroes``.
HERO_COLUMNS = ("strength", "willpower", "gold", "hours", "ended", "farmers", "dice",
                "rooster")
#: The columns of ``numbers``.
NUMBER_COLUMNS = ("day", "event_deck", "creature_bonus", "free_steps", "castle_creatures",
                  "castle_shields", "castle_farmers", "market_open")
#: The columns of ``fight``.
FIGHT_COLUMNS = ("under_way", "willpower", "strength", "round", "hero_value", "black_die")
#: The divisors of the numbers the rules do not bound (a value beyond is clipped to 1).
SCALES = {"gold": 20, "farmers": 4, "day": len(LETTERS), "creature_bonus": 2, "castle": 10}
#: A day's hours with the overtime (AND-18/25).
HOURS = HOURS_PER_DAY + OVERTIME_HOURS
#: The highest face of any die (the black die's, AND-13).
FACES = 12


def articles(game: Andor) -> tuple[str, ...]:
    """The words an article can be held or lie as: each article, then its worn side if it
    has one (``shield:worn``), in the content's order."""
    words: list[str] = []
    for a in game.content.articles.values():
        words += [a.id, f"{a.id}:worn"] if a.uses == TWO_SIDED else [a.id]
    return tuple(words)


def region_planes(game: Andor) -> tuple[str, ...]:
    """The names of the planes of ``regions``, in order."""
    c = game.content
    return (*(f"creature:{k}" for k in c.creatures), "farmers",
            *(f"article:{a}" for a in articles(game)), "well_full", "well_empty", "fog_hidden",
            *(f"fog:{f.id}" for f in c.fog), "witch", "blocked", "fight")


def map_planes() -> tuple[str, ...]:
    """The names of the planes of ``map``, in order."""
    return (*(f"terrain:{t}" for t in TERRAINS), *(f"feature:{f}" for f in FEATURES if f))


def layout(game: Andor) -> Layout:
    """The fields for this game's number of heroes, its legend and its content."""
    c, n, r = game.content, game.players, len(game.content.regions)
    stock = [a for a in c.articles.values() if a.sold]
    return Layout(
        ("map", (len(map_planes()), r)), ("regions", (len(region_planes(game)), r)),
        ("hero_regions", (n, r)),
        ("phase", (len(PHASES),)), ("step", (len(STEPS),)), ("decision", (len(DECISIONS),)),
        ("to_act", (n + 1,)), ("active", (n,)),
        ("heroes", (n, len(HERO_COLUMNS))), ("hero_kind", (n, len(c.heroes))),
        ("hero_articles", (n, len(articles(game)))),
        ("legend", (len(LEGENDS),)), ("letter", (len(LETTERS),)),
        ("cards_read", (len(LETTERS),)), ("goals_met", (len(game.legend.info.goals),)),
        ("numbers", (len(NUMBER_COLUMNS),)), ("stock", (len(stock),)),
        ("last_event", (len(c.events),)),
        ("fight", (len(FIGHT_COLUMNS),)), ("fight_kind", (len(c.creatures),)),
        ("fight_heroes", (n,)), ("fight_roller", (n,)), ("fight_dice", (FACES,)))


class _Plan:
    """What :func:`encode` looks up, built once per game: offsets, divisors, index maps."""

    def __init__(self, game: Andor) -> None:
        lay = game.observation_layout()
        c = game.content
        n, r = game.players, len(c.regions)
        self.n = n
        at = self.at = {name: lay.offset(name) for name, _ in lay.fields}
        plane = {p: at["regions"] + i * r for i, p in enumerate(region_planes(game))}
        self.plane = plane
        self.creature = {k: plane[f"creature:{k}"] for k in c.creatures}
        words = articles(game)
        self.ground = {w: plane[f"article:{w}"] for w in words}
        count = {a.id: max(a.count, 1) for a in c.articles.values()}
        self.ground_inv = {w: 1.0 / count[w.partition(":")[0]] for w in words}
        self.article = {w: i for i, w in enumerate(words)}
        slots = game.slots
        self.held_inv = {w: 1.0 / max(slots[game.slot_of[w]], 1) for w in words}
        self.fog = {f.id: plane[f"fog:{f.id}"] for f in c.fog}
        self.hero_kind = {h: i for i, h in enumerate(c.heroes)}
        self.stock = {a.id: (i, 1.0 / max(a.count, 1))
                      for i, a in enumerate(a for a in c.articles.values() if a.sold)}
        self.event = {e: i for i, e in enumerate(c.events)}
        self.creature_kind = {k: i for i, k in enumerate(c.creatures)}
        self.letter = {w: i for i, w in enumerate(LETTERS)}
        self.phase = {w: i for i, w in enumerate(PHASES)}
        self.step = {w: i for i, w in enumerate(STEPS)}
        self.decision = {w: i for i, w in enumerate(DECISIONS)}
        self.legend = {w: i for i, w in enumerate(LEGENDS)}
        self.max_dice = max(d for h in c.heroes.values() for d in h.dice)
        #: Per rotated row, the offsets of its hero's fields.
        self.rows = tuple((at["hero_regions"] + k * r, at["heroes"] + k * len(HERO_COLUMNS),
                           at["hero_kind"] + k * len(c.heroes),
                           at["hero_articles"] + k * len(words)) for k in range(n))
        self.inv_strength = 1.0 / game.config["strength_max"]
        self.inv_deck = 1.0 / len(c.events)
        herb = c.articles.get("herb")
        self.inv_free_steps = 1.0 / max(herb.value if herb is not None else 1, 1)
        self._fight_scales(game)
        self.map = _map(game)

    def _fight_scales(self, game: Andor) -> None:
        """The most a fight's creature can have (its kind's at this table, plus the most a
        creature-bonus event adds) and the most a hero's battle value can reach."""
        stats = game.stats.values()
        bonus = max((e.amount for e in game.content.events.values()
                     if e.effect == "creature_bonus"), default=0)
        self.inv_fight_willpower = 1.0 / max(w for _, w in stats)
        self.inv_fight_strength = 1.0 / (max(s for s, _ in stats) + bonus)
        self.inv_hero_value = 1.0 / (game.config["strength_max"] + 2 * FACES)


def _map(game: Andor) -> array[float]:
    """The ``map`` field, the same in every state of the game."""
    regions = game.content.regions
    r = len(regions)
    out = array("f", bytes(4 * len(map_planes()) * r))
    features = [f for f in FEATURES if f]
    for k, region in enumerate(regions):
        out[TERRAINS.index(region.terrain) * r + k] = 1.0
        if region.feature:
            out[(len(TERRAINS) + features.index(region.feature)) * r + k] = 1.0
    return out


def encode(game: Andor, view: Mapping[str, Any], out: array[float]) -> None:
    """Write ``view`` into ``out`` (zeroed, of :func:`layout`'s size) as the module says."""
    p = game.planned(_Plan)
    me = view["seat"] or 0
    start = p.at["map"]
    out[start:start + len(p.map)] = p.map
    _board(p, view, out)
    _turn(p, view, me, out)
    _legend(p, view, out)
    fight = view["fight"]
    if fight is not None:
        _fight(p, fight, me, out)
    n, rows = p.n, p.rows
    for hero in view["heroes"]:
        _hero(p, hero, rows[(hero["seat"] - me) % n], out)
    if (rooster := view["rooster"]) is not None:
        out[rows[(rooster - me) % n][1] + 7] = 1.0


def _board(p: _Plan, view: Mapping[str, Any], out: array[float]) -> None:
    """The ``regions`` planes."""
    plane = p.plane
    creature = p.creature
    for cr in view["creatures"]:
        out[creature[cr["kind"]] + cr["region"]] = 1.0
    o, inv = plane["farmers"], 1.0 / SCALES["farmers"]
    for region, count in view["farmers"]:
        x = count * inv
        out[o + region] = x if x < 1.0 else 1.0
    ground, ground_inv = p.ground, p.ground_inv
    for region, words in view["ground"]:
        for w in words:
            k = ground[w] + region
            x = out[k] + ground_inv[w]
            out[k] = x if x < 1.0 else 1.0
    full, empty = plane["well_full"], plane["well_empty"]
    for region, has_water in view["wells"]:
        out[(full if has_water else empty) + region] = 1.0
    hidden, fog = plane["fog_hidden"], p.fog
    for region, token in view["fog"]:
        out[(hidden if token is None else fog[token]) + region] = 1.0
    if (witch := view["witch"]) is not None:
        out[plane["witch"] + witch] = 1.0
    o = plane["blocked"]
    for region in view["blocked"]:
        out[o + region] = 1.0
    fight = view["fight"]
    if fight is not None:
        out[plane["fight"] + fight["region"]] = 1.0


def _turn(p: _Plan, view: Mapping[str, Any], me: int, out: array[float]) -> None:
    """Phase, step, decision and who acts."""
    at, n = p.at, p.n
    out[at["phase"] + p.phase.get(view["phase"], OTHER_PHASE)] = 1.0
    out[at["step"] + p.step.get(view["step"], OTHER_STEP)] = 1.0
    decision = view["decision"]
    if decision is not None:
        out[at["decision"] + p.decision.get(decision["kind"], OTHER_DECISION)] = 1.0
    to_act = view["to_act"]
    out[at["to_act"] + (n if to_act is None else (to_act - me) % n)] = 1.0
    out[at["active"] + (view["active"] - me) % n] = 1.0


def _legend(p: _Plan, view: Mapping[str, Any], out: array[float]) -> None:
    """The legend track, its goals, the castle, the market and the event deck."""
    at = p.at
    out[at["legend"] + p.legend.get(view["legend"], len(LEGENDS) - 1)] = 1.0
    letter = p.letter
    out[at["letter"] + letter[view["letter"]]] = 1.0
    o = at["cards_read"]
    for w in view["cards_read"]:
        out[o + letter[w]] = 1.0
    o = at["goals_met"]
    for k, met in enumerate(view["goals_met"]):
        if met:
            out[o + k] = 1.0
    o = at["numbers"]
    x = view["day"] / SCALES["day"]
    out[o] = x if x < 1.0 else 1.0
    out[o + 1] = view["event_deck"] * p.inv_deck
    x = view["creature_bonus"] / SCALES["creature_bonus"]
    out[o + 2] = x if x < 1.0 else 1.0
    x = view["free_steps"] * p.inv_free_steps
    out[o + 3] = x if x < 1.0 else 1.0
    castle, inv = view["castle"], 1.0 / SCALES["castle"]
    for k, key in ((4, "creatures"), (5, "shields"), (6, "farmers")):
        x = castle[key] * inv
        out[o + k] = x if x < 1.0 else 1.0
    if view["market_open"]:
        out[o + 7] = 1.0
    o, stock = at["stock"], p.stock
    for article, count in view["stock"].items():
        k, inv = stock[article]
        out[o + k] = count * inv
    if (event := view["last_event"]) is not None:
        out[at["last_event"] + p.event[event]] = 1.0


def _hero(p: _Plan, h: Mapping[str, Any], row: tuple[int, int, int, int],
          out: array[float]) -> None:
    """One hero's row of ``heroes`` (but the rooster), ``hero_kind`` and ``hero_articles``,
    and its plane of ``hero_regions`` (``row``: their offsets)."""
    at_region, o, at_kind, at_articles = row
    out[at_region + h["region"]] = 1.0
    out[o] = h["strength"] * p.inv_strength
    out[o + 1] = h["willpower"] / WILLPOWER_MAX
    x = h["gold"] / SCALES["gold"]
    out[o + 2] = x if x < 1.0 else 1.0
    out[o + 3] = h["hours"] / HOURS
    if h["ended"]:
        out[o + 4] = 1.0
    x = h["farmers"] / SCALES["farmers"]
    out[o + 5] = x if x < 1.0 else 1.0
    out[o + 6] = h["dice"] / p.max_dice
    out[at_kind + p.hero_kind[h["hero"]]] = 1.0
    held = h["articles"]
    if held:
        article, inv = p.article, p.held_inv
        for w in held:
            k = at_articles + article[w]
            x = out[k] + inv[w]
            out[k] = x if x < 1.0 else 1.0


def _fight(p: _Plan, f: Mapping[str, Any], me: int, out: array[float]) -> None:
    """The fight under way: its figures, creature, heroes and the roller's dice."""
    at, n = p.at, p.n
    o = at["fight"]
    out[o] = 1.0
    x = f["willpower"] * p.inv_fight_willpower
    out[o + 1] = x if x < 1.0 else 1.0
    x = f["strength"] * p.inv_fight_strength
    out[o + 2] = x if x < 1.0 else 1.0
    x = f["round"] / HOURS
    out[o + 3] = x if x < 1.0 else 1.0
    x = f["hero_value"] * p.inv_hero_value
    out[o + 4] = x if x < 1.0 else 1.0
    dice = f["dice"]
    if (black := f["black"]) is not None:
        out[o + 5] = dice[black] / FACES
    out[at["fight_kind"] + p.creature_kind[f["kind"]]] = 1.0
    o = at["fight_heroes"]
    for s in f["heroes"]:
        out[o + (s - me) % n] = 1.0
    if (roller := f["roller"]) is not None:
        out[at["fight_roller"] + (roller - me) % n] = 1.0
    o, inv = at["fight_dice"] - 1, 1.0 / p.max_dice
    for face in dice:
        k = o + face
        x = out[k] + inv
        out[k] = x if x < 1.0 else 1.0
