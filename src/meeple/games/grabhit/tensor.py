"""Grab and Hit's view as numbers, for learning environments (docs/rl.md).

Every field is fixed by the player count ``N``, the options and the content; every value lies
in [0, 1]. Seats are rotated: block 0 is the observing seat (seat 0 for a spectator), block 1
the next seat in turn order, and so on. Catalogue vectors follow the content's order of its
distinct cards (C: weapons, blueprints, locations, scrolls; a card's copies share a cell and a
count is divided by its copies), of its weapons (W), locations (L), adventurers (A), wheel
sectors (S) and effects (E, :data:`EFFECTS`). Everything at the table is open (GAH-53): only
the decks' order is hidden, and the view shows their sizes.

- ``phase``, ``step``, ``decision``: one-hots over :data:`PHASES`, :data:`STEPS` ("none": no
  step) and :data:`DECISIONS` ("none": the game is over), each ending with "other".
- ``to_act`` (N + 1): who decides, by rotated seat, the last cell for nobody; ``active`` (N),
  ``first`` (N): whose turn it is and who played first this round.
- ``counters`` (8): the round / the option ``round_limit`` (/ 120 without a limit; clipped at
  1, the round after the last ends the game), the gold target / its largest option, whether
  the ability was used this turn, the hits left and made this phase 5 / the most a phase 5
  can have, the blue, green and red decks / their full size.
- ``wheel``, ``last_spin`` (S + 1): the sector of this turn's phase 1 and of the last spin,
  the last cell for none; ``lost_phases`` (len(PHASES)): the phases lost this turn.
- ``attack_weapon`` (W + 2): the weapon of this phase 5 over the weapons, then a cell for bare
  fists, then one for none chosen yet; ``attacked`` (N): the seats hit this turn.
- ``discards``, ``centre`` (C): the three discards, and the cards in the centre.
- ``auction`` (L, 2): each location at auction and its bid / the gold target (clipped at 1);
  ``auction_bidder`` (L, N + 1): who bid (the last cell: nobody yet); ``auction_opener``
  (L, N): who sent it to auction.
- ``pending_card`` (C): the card the decision on top is about (a location to buy, the weapon
  just drawn, the card carrying an effect); ``pending_old`` (W): the weapon held that the new
  one would replace; ``pending_colours`` (3): the decks offered; ``pending_effect`` (E + 1),
  ``pending_amount`` (1) / the largest amount, ``pending_source`` (N + 1) by rotated seat (the
  last cell: no seat, a card drawn), ``pending_tag`` (4): what shields the effect.
- Per rotated seat: ``adventurer`` (N, A + 1) (the last cell: none chosen); ``vitals`` (N, 11)
  the numbers of :data:`VITALS` (life and armour / the largest maximum the content allows,
  gold / the gold target clipped at 1 (reaching it wins), income / the most five locations
  yield, limbo turns / 2, then flags); ``weapons`` (N, W, 5) each weapon held: damage, speed,
  durability and its maximum / the largest the weapon reaches with every blueprint, pierce;
  ``hand`` (N, C) the cards in hand; ``in_play`` (N, C) the cards lying before the seat:
  weapons, their blueprints, upgrades, shields, curses and locations.

>>> import meeple
>>> g = meeple.load("grabhit", players=3)
>>> lay = g.observation_layout()
>>> lay.shape("weapons"), lay.shape("hand"), lay.size
((3, 12, 5), (3, 74), 1295)
>>> s = g.new_state(seed=1)
>>> obs = g.observe(s.view(2))
>>> obs[lay.offset("decision") + DECISIONS.index("adventurer")]
1.0
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping, Sequence
from operator import itemgetter
from struct import Struct
from typing import TYPE_CHECKING, Any, get_args

from meeple.core.tensors import Layout

from .content import COLOURS, Blueprint, EffectKind, Location, Scroll, Weapon
from .decisions import Tag
from .limbo import SECOND_TURN
from .params import MAX_LOCATIONS, SET_BONUS
from .turn import Phase, Step

if TYPE_CHECKING:
    from .game import GrabHit

#: The view's phases, steps and decision kinds, each ending with the spare "other".
PHASES: tuple[str, ...] = (*get_args(Phase), "other")
STEPS: tuple[str, ...] = (*get_args(Step), "none", "other")
DECISIONS: tuple[str, ...] = STEPS
EFFECTS: tuple[str, ...] = (*get_args(EffectKind), "other")
TAGS: tuple[str, ...] = (*get_args(Tag), "other")
#: A seat's numbers in ``vitals``, as the view names them.
VITALS = ("life", "max_life", "armour", "max_armour", "gold", "income", "limbo", "immune",
          "dead", "died", "defending")
COUNTERS = 8
#: Rounds are scaled by this when the option sets no limit (the option's default).
ROUND_SCALE = 120
#: The largest gold target the option allows.
GOLD_TARGET_MAX = 500
#: What the encoder reads of a seat and of the view, each in one call.
_SEAT = itemgetter("seat", "adventurer", "weapons", "hand", "upgrades", "shields", "curses",
                   "locations", *VITALS)
_TABLE = itemgetter("phase", "step", "decision", "to_act", "active", "first", "round",
                    "ability_used", "attack", "decks", "wheel", "last_spin", "lost_phases",
                    "discards", "auction", "centre", "pending")
_PACK_VITALS = Struct(f"{len(VITALS)}f").pack_into
_PACK_COUNTERS = Struct(f"{COUNTERS}f").pack_into
_PACK_WEAPON = Struct("5f").pack_into


class Plan:
    """Offsets, index maps and scales for one game's players, options and content."""

    def __init__(self, game: GrabHit, lay: Layout) -> None:
        c, cfg, n = game.content, game.config, game.players
        at = {name: lay.offset(name) for name, _ in lay.fields}
        self.n = n
        #: the rotated seat of each seat, for each observing seat
        self.rel = tuple(tuple((s - o) % n for s in range(n)) for o in range(n))
        self.at = at
        ids = _ids(game)
        copies = {k: sum(1 for x in c.cards if x.entry.id == k) for k in ids}
        self.card = {k: (i, 1 / copies[k]) for i, k in enumerate(ids)}
        weapons = [x.entry.id for x in c.cards if isinstance(x.entry, Weapon)]
        self.weapon = {k: i for i, k in enumerate(weapons)}
        self.weapon_scale = {k: _weapon_scale(game, k) for k in weapons}
        self.location = {k: i for i, k in enumerate(
            x.entry.id for x in c.cards if isinstance(x.entry, Location))}
        self.adventurer = {a.id: i for i, a in enumerate(c.adventurers)}
        self.no_adventurer = len(c.adventurers)
        self.n_sectors = len(c.sectors)
        self.phase = {w: at["phase"] + i for i, w in enumerate(PHASES)}
        self.step = {w: at["step"] + i for i, w in enumerate(STEPS)}
        self.decision = {w: at["decision"] + i for i, w in enumerate(DECISIONS)}
        self.lost = {w: at["lost_phases"] + i for i, w in enumerate(PHASES)}
        self.effect = {w: i for i, w in enumerate(EFFECTS)}
        self.tag = {w: i for i, w in enumerate(TAGS)}
        self.colour = {w: at["pending_colours"] + i for i, w in enumerate(COLOURS)}
        self.other = (self.phase["other"], self.step["other"], self.decision["other"],
                      self.lost["other"])
        self.table_at = tuple(at[f] for f in ("to_act", "active", "first", "counters", "wheel",
                                              "last_spin", "attack_weapon"))
        self.discard = {k: (at["discards"] + i, w) for k, (i, w) in self.card.items()}
        self.centre = {k: (at["centre"] + i, w) for k, (i, w) in self.card.items()}
        self.seat_at = tuple(
            tuple(at[f] + r * _block(lay, f) for f in
                  ("adventurer", "vitals", "weapons", "hand", "in_play"))
            for r in range(n))
        self.target = cfg["gold_target"]
        self.inv_round = 1 / (cfg["round_limit"] or ROUND_SCALE)
        self.inv_hits = 1 / _max_hits(game, self.weapon_scale)
        self.inv_decks = tuple(1 / max(1, len(d)) for d in c.decks)
        self.inv_amount = 1 / max(1, *(x.entry.amount for x in c.cards
                                       if isinstance(x.entry, Scroll)),
                                  *(a.amount for a in c.adventurers))
        life = max(a.life for a in c.adventurers) + _scrolls(game, "max_life")
        armour = max(a.armour for a in c.adventurers) + _scrolls(game, "max_armour")
        incomes = sorted((x.entry.income for x in c.cards if isinstance(x.entry, Location)),
                         reverse=True)
        income = sum(incomes[:MAX_LOCATIONS]) + 2 * SET_BONUS[MAX_LOCATIONS]
        self.vitals = (1 / life, 1 / armour, 1 / max(1, income), 1 / SECOND_TURN)


def _block(lay: Layout, name: str) -> int:
    """The cells of one seat's block of a per-seat field."""
    size = 1
    for k in lay.shape(name)[1:]:
        size *= k
    return size


def _ids(game: GrabHit) -> list[str]:
    """The content's distinct cards, in its order."""
    return list(dict.fromkeys(x.entry.id for x in game.content.cards))


def _scrolls(game: GrabHit, effect: str) -> int:
    """What every scroll card with ``effect`` adds together."""
    return sum(x.entry.amount for x in game.content.cards
               if isinstance(x.entry, Scroll) and x.entry.effect == effect)


def _weapon_scale(game: GrabHit, weapon: str) -> tuple[float, float, float]:
    """1 / the largest damage, speed and durability ``weapon`` reaches with every blueprint
    that fits its class attached."""
    w = next(x.entry for x in game.content.cards if x.entry.id == weapon)
    assert isinstance(w, Weapon)
    dmg, spd, dur = w.damage, w.speed, w.durability
    for x in game.content.cards:
        b = x.entry
        if isinstance(b, Blueprint) and w.weapon_class in b.classes:
            dmg, spd, dur = dmg + b.damage, spd + b.speed, dur + b.durability
    return 1 / max(1, dmg), 1 / max(1, spd), 1 / max(1, dur)


def _max_hits(game: GrabHit, scales: Mapping[str, tuple[float, float, float]]) -> int:
    """The most hits a phase 5 can hold: the fastest weapon's speed, every haste and the
    largest extra-hit ability."""
    fastest = max(1, *(round(1 / s[1]) for s in scales.values()))
    haste = _scrolls(game, "extra_hit")
    ability = max((a.amount for a in game.content.adventurers if a.ability == "extra_hit"),
                  default=0)
    return fastest + haste + ability


def layout(game: GrabHit) -> Layout:
    """The fields for the game's player count and content (see the module's docstring)."""
    c, n = game.content, game.players
    cards = len(_ids(game))
    w = sum(isinstance(x.entry, Weapon) for x in c.cards)
    loc = sum(isinstance(x.entry, Location) for x in c.cards)
    sectors = len(c.sectors)
    return Layout(
        ("phase", (len(PHASES),)), ("step", (len(STEPS),)), ("decision", (len(DECISIONS),)),
        ("to_act", (n + 1,)), ("active", (n,)), ("first", (n,)), ("counters", (COUNTERS,)),
        ("wheel", (sectors + 1,)), ("last_spin", (sectors + 1,)),
        ("lost_phases", (len(PHASES),)), ("attack_weapon", (w + 2,)), ("attacked", (n,)),
        ("discards", (cards,)), ("centre", (cards,)),
        ("auction", (loc, 2)), ("auction_bidder", (loc, n + 1)), ("auction_opener", (loc, n)),
        ("pending_card", (cards,)), ("pending_old", (w,)), ("pending_colours", (3,)),
        ("pending_effect", (len(EFFECTS),)), ("pending_amount", (1,)),
        ("pending_source", (n + 1,)), ("pending_tag", (len(TAGS),)),
        ("adventurer", (n, len(c.adventurers) + 1)), ("vitals", (n, len(VITALS))),
        ("weapons", (n, w, 5)), ("hand", (n, cards)), ("in_play", (n, cards)),
    )


def _plan(game: Any) -> Plan:
    return Plan(game, game.observation_layout())


def encode(game: GrabHit, view: Mapping[str, Any], out: array[float]) -> None:
    """Write ``view`` into ``out`` (a zeroed buffer of :func:`layout`'s size)."""
    p = game.planned(_plan)
    rel = p.rel[view["seat"] or 0]
    _table(p, view, out, rel)
    _seats(p, view, out, rel)


def _table(p: Plan, view: Mapping[str, Any], out: array[float],
           rel: tuple[int, ...]) -> None:
    """Where the game is, who acts, the wheel, this turn's attack, the decks and discards."""
    n = p.n
    (phase, step, decision, to_act, active, first, rnd, ability_used, attack, decks, wheel,
     last_spin, lost, discards, auction, centre, pending) = _TABLE(view)
    o_to_act, o_active, o_first, o_counters, o_wheel, o_spin, o_weapon = p.table_at
    out[p.phase.get(phase, p.other[0])] = 1.0
    out[p.step.get("none" if step is None else step, p.other[1])] = 1.0
    out[p.decision.get("none" if decision is None else decision["kind"], p.other[2])] = 1.0
    out[o_to_act + (n if to_act is None else rel[to_act])] = 1.0
    out[o_active + rel[active]] = 1.0
    out[o_first + rel[first]] = 1.0
    inv_hits, (blue, green, red) = p.inv_hits, p.inv_decks
    _PACK_COUNTERS(out, 4 * o_counters, min(1.0, rnd * p.inv_round),
                   p.target / GOLD_TARGET_MAX, ability_used, attack["hits_left"] * inv_hits,
                   attack["hits_made"] * inv_hits, decks["blue"] * blue,
                   decks["green"] * green, decks["red"] * red)
    out[o_wheel + (p.n_sectors if wheel is None else wheel["index"])] = 1.0
    out[o_spin + (p.n_sectors if last_spin is None else last_spin["index"])] = 1.0
    for ph in lost:
        out[p.lost.get(ph, p.other[3])] = 1.0
    w = attack["weapon"]
    out[o_weapon + (p.weapon.get(w, len(p.weapon)) if w else len(p.weapon) + 1)] = 1.0
    if attack["targets"]:
        o = p.at["attacked"]
        for t in attack["targets"]:
            out[o + rel[t]] = 1.0
    card = p.discard
    for pile in discards.values():
        for c in pile:
            at, inc = card[c["id"]]
            out[at] += inc
    if centre:
        card = p.centre
        for c in centre:
            at, inc = card[c["id"]]
            out[at] += inc
    if auction:
        _auction(p, auction, out, rel)
    if pending is not None:
        _pending(p, pending, out, rel)


def _auction(p: Plan, lots: Sequence[Mapping[str, Any]], out: array[float],
             rel: tuple[int, ...]) -> None:
    """The locations at auction: their bids, bidders and openers."""
    at, n, inv = p.at, p.n, 1 / p.target
    for lot in lots:
        i = p.location[lot["id"]]
        out[at["auction"] + 2 * i] = 1.0
        out[at["auction"] + 2 * i + 1] = min(1.0, lot["bid"] * inv)
        bidder = lot["bidder"]
        out[at["auction_bidder"] + (n + 1) * i + (n if bidder is None else rel[bidder])] = 1.0
        out[at["auction_opener"] + n * i + rel[lot["opened_by"]]] = 1.0


def _pending(p: Plan, d: Mapping[str, Any], out: array[float], rel: tuple[int, ...]) -> None:
    """What the decision on top of the stack is about."""
    at = p.at
    if "card" in d:
        out[at["pending_card"] + p.card[d["card"]["id"]][0]] = 1.0
    elif "cards" in d:
        new, old = d["cards"]
        out[at["pending_card"] + p.card[new["id"]][0]] = 1.0
        out[at["pending_old"] + p.weapon[old["id"]]] = 1.0
    elif "colours" in d:
        for colour in d["colours"]:
            out[p.colour[colour]] = 1.0
    elif "effect" in d:
        e = d["effect"]
        out[at["pending_effect"] + p.effect.get(e["kind"], len(EFFECTS) - 1)] = 1.0
        out[at["pending_amount"]] = e["amount"] * p.inv_amount
        source = e["source"]
        out[at["pending_source"] + (p.n if source is None else rel[source])] = 1.0
        if e["card"] is not None:
            out[at["pending_card"] + p.card[e["card"]["id"]][0]] = 1.0
        out[at["pending_tag"] + p.tag.get(e["tag"], len(TAGS) - 1)] = 1.0


def _seats(p: Plan, view: Mapping[str, Any], out: array[float],
           rel: tuple[int, ...]) -> None:
    """Each seat's adventurer, numbers, weapons, hand and the cards before it."""
    card, weapon, scale, adventurers = p.card, p.weapon, p.weapon_scale, p.adventurer
    other = p.no_adventurer
    inv_life, inv_armour, inv_income, inv_limbo = p.vitals
    inv_gold = 1 / p.target
    for s in view["players_info"]:
        (seat, adventurer, weapons, hand, upgrades, shields, curses, locations,
         life, max_life, armour, max_armour, gold, income, limbo, immune, dead, died,
         defending) = _SEAT(s)
        o_adv, o, o_weapons, o_hand, o_play = p.seat_at[rel[seat]]
        out[o_adv + adventurers.get(adventurer, other)] = 1.0
        _PACK_VITALS(out, 4 * o, life * inv_life if life > 0 else 0.0, max_life * inv_life,
                     armour * inv_armour, max_armour * inv_armour,
                     min(1.0, gold * inv_gold), income * inv_income, limbo * inv_limbo,
                     immune, dead, died, defending)
        for w in weapons:
            k = w["id"]
            i, inc = card[k]
            out[o_play + i] += inc
            dmg, spd, dur = scale[k]
            _PACK_WEAPON(out, 4 * (o_weapons + 5 * weapon[k]), w["damage"] * dmg,
                         w["speed"] * spd, w["durability"] * dur, w["max_durability"] * dur,
                         w["pierce"])
            for b in w["blueprints"]:
                i, inc = card[b["id"]]
                out[o_play + i] += inc
        for c in hand:
            i, inc = card[c["id"]]
            out[o_hand + i] += inc
        for c in locations:
            i, inc = card[c["id"]]
            out[o_play + i] += inc
        for c in upgrades:
            i, inc = card[c["id"]]
            out[o_play + i] += inc
        for c in shields:
            i, inc = card[c["id"]]
            out[o_play + i] += inc
        for c in curses:
            i, inc = card[c["id"]]
            out[o_play + i] += inc
