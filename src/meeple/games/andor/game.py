"""Legends of Andor (AND): 1-4 heroes defend Castle Greywatch together.

The rule table with every rule id is ``docs/rules/andor.md``. The game holds the options,
the content and the tables built once from it; the state is in :mod:`.state`.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import fields
from typing import ClassVar

from meeple.core import Action, ConfigError, Game

from . import labels, lookup, notation, places, reasons, tensor, text
from .content import Content, Legend, load
from .fight import mean_roll
from .heuristic import distances
from .params import HERO_IDS, OPTIONS, SHIELDS_BY_HEROES
from .state import AndorState
from .verbs import (
    AndorVerb,
    Attack,
    Buy,
    DoubleDie,
    FlipDie,
    Give,
    GiveGold,
    GiveWillpower,
    InviteHero,
    KeepDie,
    Move,
    PickUp,
    SendFalcon,
    universe,
)


class Andor(Game[AndorState]):
    """Cooperative: every hero wins or every hero loses, with the reason."""

    id = "andor"
    #: Bot search settings (docs/bots.md): rollouts by the scripted team (``rollout_policy``)
    #: to the end of the legend (300 actions at most, then the heuristic), and a move the
    #: search cannot tell from the team's own plan within 3 standard errors stays the plan's.
    search_hints = "scripted:d300:p3"
    name = "Legends of Andor"
    name_ru = "Легенды Андора"
    description = ("1-4 heroes defend a castle together against creatures that march at "
                   "every sunrise, while the narrator walks the legend track toward N.")
    min_players, max_players = 1, 4
    default_players = 2
    cooperative = True
    options = OPTIONS
    state_class = AndorState
    #: 2: the event deck is a pile, its card chosen when drawn (records of 1 play otherwise);
    #: 3: the state's fields are words (``strength``, ``ending``): a state saved by 2 is
    #: refused, while the actions of a record of 2 play the same (their texts are unchanged).
    version = "4"
    bots: ClassVar[Mapping[str, str]] = {"balance": "meeple.games.andor.bots:make_balance"}
    #: Search rollouts played by the scripted team (``mcts:N:scripted``).
    rollout_policy: ClassVar[str] = "meeple.games.andor.bots:rollout"
    #: A hero who falls to 0 willpower is told so, whoever's turn it is.
    notices = frozenset({"knocked_out"})
    # Words for people (docs/words.md): text.py, labels.py, lookup.py and locale/*.po.
    seat_names = text.seat_names
    describe = text.describe
    outcome = text.outcome
    label = labels.label
    costs = labels.costs
    catalogue = lookup.catalogue
    where = places.where
    changed = places.changed
    why_not = reasons.why_not
    place_keys = places.KEYS
    # The observation as numbers for learning environments (docs/rl.md).
    tensor_layout = tensor.layout
    encode = tensor.encode
    # The action grammar (docs/architecture.md, "Actions"): verbs.py and notation.py.
    verb_text = notation.text
    parse_verb = notation.parse

    def verbs(self) -> Iterator[AndorVerb]:
        return universe(self)

    def setup(self) -> None:
        """Load the content and build the tables the rules and the bots read."""
        c: Content = load()
        self.content = c
        self.hero_ids: tuple[str, ...] = self._heroes()
        self.legend: Legend = c.legends[self.config["legend"]]
        regions = c.regions
        self.castle = c.map.castle
        self.neighbours = tuple(tuple(r.neighbours) for r in regions)
        self.terrain = tuple(r.terrain for r in regions)
        self.feature = tuple(r.feature for r in regions)
        self.wells = tuple(r.id for r in regions if r.feature == "well")
        self.fog_regions = tuple(r.id for r in regions if r.fog)
        # Each region's way along the arrows to the castle (AND-6), for creatures passing
        # blocked regions; for the bots' heuristic, steps between every pair of regions
        # (heroes ignore the arrows, AND-46) and each region's arrow steps to the castle.
        self.paths = tuple(tuple(c.graph.path_to_goal(r.id)) for r in regions)
        self.distance = distances(self.neighbours)
        self.far = max(max(row) for row in self.distance)
        self.to_castle = tuple(len(p) - 1 for p in self.paths)
        # ... each seat's hero dice by willpower band, and each creature's mean roll with its
        # full and its weak dice (AND-11/12/13).
        self.hero_dice = tuple(tuple(c.heroes[h].dice) for h in self.hero_ids)
        self._roll_mean = {
            k: (cr.weak_below,
                mean_roll(cr.dice, cr.colour),
                mean_roll(cr.weak_dice if cr.weak_below else cr.dice, cr.colour))
            for k, cr in c.creatures.items()}
        b = c.board
        self.slots = {"large": b.large_slots, "helm": b.helm_slots, "small": b.small_slots}
        self.brew_price = b.brew_price_by_heroes[self.players - 1]
        self.shields = (self.config["solo_shields"] if self.players == 1
                        else SHIELDS_BY_HEROES[self.players])  # AND-70, AND-88
        self.sold = tuple(a.id for a in c.articles.values() if a.sold and not a.witch)
        self.free_limit: int = self.config["free_action_limit"]
        self.moves_as = {k: cr.moves_as for k, cr in c.creatures.items()}
        # For the heuristic: the legend's goals as (kind, argument), each creature kind's
        # strength and willpower at this table, the strength cap.
        self.goals = tuple((k, a) for k, _, a in (g.partition(":") for g in self.legend.info.goals))
        self.stats = {k: self.creature_stats(k) for k in c.creatures}
        # ... where the legend's cards first place each creature (a goal's creature is counted
        # there before its card is read).
        self.placed_at: dict[str, int] = {}
        for card in self.legend.cards.values():
            for k, r in card.place:
                self.placed_at.setdefault(k, r)
        self.strength_max: int = self.config["strength_max"]
        self.slot_of = {i: a.slot for a in c.articles.values() for i in (a.id, f"{a.id}:worn")}
        self._build_actions()

    def _heroes(self) -> tuple[str, ...]:
        """The hero of each seat (option ``heroes``), checked."""
        heroes = [h.strip() for h in str(self.config["heroes"]).split(",") if h.strip()]
        bad = [h for h in heroes if h not in HERO_IDS]
        if bad or len(set(heroes)) != len(heroes):
            raise ConfigError(f"option 'heroes' must name distinct heroes of "
                              f"{', '.join(HERO_IDS)}; got {self.config['heroes']!r}")
        if len(heroes) < self.players:
            raise ConfigError(f"option 'heroes' names {len(heroes)} heroes for "
                              f"{self.players} players")
        return tuple(heroes[: self.players])

    def _build_actions(self) -> None:
        """The universe's actions the rules offer, indexed by what the rules compute: each
        region's steps, each creature to attack, each seat, article and die face (legal
        actions are looked up, never built). One pass over the universe, by verb class."""
        by: dict[type[AndorVerb], list[Action]] = {}
        for a in self.action_universe():
            by.setdefault(type(a[1]), []).append(a)
        self.fixed: dict[type[AndorVerb], Action] = {k: v[0] for k, v in by.items()
                                                     if not fields(k)}
        move = {(a[1].region, a[1].wineskin): a for a in by[Move]}
        nbrs = self.neighbours
        self.steps = tuple(tuple(move[n, False] for n in nb) for nb in nbrs)
        self.skin_steps = tuple(tuple(move[n, True] for n in nb) for nb in nbrs)
        self.steps_or_skin = tuple(tuple(a for n in nb for a in (move[n, False], move[n, True]))
                                   for nb in nbrs)
        self.within_reach = tuple(tuple(sorted((r, *nb))) for r, nb in enumerate(nbrs))
        self.attack = {(a[1].creature, a[1].region): a for a in by[Attack]}
        self.buy = {a[1].article: a for a in by[Buy]}
        self.pick_up = {a[1].item: a for a in by[PickUp]}
        self.give = {(a[1].item, a[1].hero): a for a in by[Give]}
        self.give_gold = tuple(by[GiveGold])  # one per seat, in seat order
        self.give_willpower = tuple(by[GiveWillpower])
        self.send_falcon = tuple(by[SendFalcon])
        self.invite = tuple(by[InviteHero])
        self.keep = {a[1].face: a for a in by[KeepDie]}
        self.flip = {(a[1].face, a[1].black, a[1].hero): a for a in by[FlipDie]}
        self.double = {(a[1].face, a[1].black): a for a in by[DoubleDie]}

    def creature_roll(self, kind: str, willpower: int) -> float:
        """The mean roll of a creature of ``kind`` with ``willpower`` (for the heuristic)."""
        weak_below, strong, weak = self._roll_mean[kind]
        return weak if willpower < weak_below else strong

    def creature_stats(self, kind: str) -> tuple[int, int]:
        """Strength and willpower of a creature kind (some grow with the heroes)."""
        cr = self.content.creatures[kind]
        k = self.players - 1
        strength = cr.strength_by_heroes[k] if cr.strength_by_heroes else cr.strength
        willpower = cr.willpower_by_heroes[k] if cr.willpower_by_heroes else cr.willpower
        return strength, willpower
