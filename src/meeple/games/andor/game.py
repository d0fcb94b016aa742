"""Legends of Andor (AND): 1-4 heroes defend Castle Greywatch together.

The rule table with every rule id is ``docs/rules/andor.md``. The game holds the options,
the content and the tables built once from it; the state is in :mod:`.state`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import ClassVar

from meeple.core import Action, ConfigError, Game

from . import labels, lookup, places, text
from .content import Content, Legend, load
from .fight import mean_roll
from .heroes import base
from .heuristic import distances
from .params import HERO_IDS, OPTIONS, SHIELDS_BY_HEROES
from .state import AndorState


class Andor(Game[AndorState]):
    """Cooperative: every hero wins or every hero loses, with the reason."""

    id = "andor"
    #: Bot search settings (docs/bots.md): greedy rollouts walk heroes towards goals; random ones
    #: mostly waste hours.
    search_hints = "greedy:d6"
    name = "Legends of Andor"
    name_ru = "Легенды Андора"
    description = ("1-4 heroes defend a castle together against creatures that march at "
                   "every sunrise, while the narrator walks the legend track toward N.")
    min_players, max_players = 1, 4
    default_players = 2
    cooperative = True
    options = OPTIONS
    state_class = AndorState
    #: 2: the event deck is a pile, its card chosen when drawn (records of 1 play otherwise).
    version = "2"
    bots: ClassVar[Mapping[str, str]] = {"balance": "meeple.games.andor.bots:make_balance"}
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
    place_keys: ClassVar[Mapping[str, str]] = {"region": "region:{0}", "creature": "creature:{0}",
        "hero": "hero:{0}", "item": "item:{0}", "well": "well:{0}", "shop": "shop:{0}",
        "witch": "witch:{0}", "ground": "ground:{0}:{1}", "farmer": "farmer:{0}",
        "carried": "carried:{0}", "die": "die:{0}"}

    def setup(self) -> None:
        """Load the content and build the tables the rules and the bots read."""
        c: Content = load()
        self.c = c
        self.hero_ids: tuple[str, ...] = self._heroes()
        self.legend: Legend = c.legends[self.config["legend"]]
        regions = c.regions
        self.castle = c.map.castle
        self.nbrs = tuple(tuple(r.neighbours) for r in regions)
        self.terrain = tuple(r.terrain for r in regions)
        self.feature = tuple(r.feature for r in regions)
        self.wells = tuple(r.id for r in regions if r.feature == "well")
        self.fog_regions = tuple(r.id for r in regions if r.fog)
        # Each region's way along the arrows to the castle (AND-6), for creatures passing
        # blocked regions; for the bots' heuristic, steps between every pair of regions
        # (heroes ignore the arrows, AND-46) and each region's arrow steps to the castle.
        self.paths = tuple(tuple(c.graph.path_to_goal(r.id)) for r in regions)
        self.dist = distances(self.nbrs)
        self.far = max(max(row) for row in self.dist)
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
        """Actions built once: steps to each region's neighbours, attacks, gifts, purchases."""
        c = self.c
        self.steps = tuple(tuple(Action(f"move to {n}", ("move", n, "")) for n in nb)
                           for nb in self.nbrs)
        self.skin_steps = tuple(
            tuple(Action(f"move to {n} with the wineskin", ("move", n, "wineskin")) for n in nb)
            for nb in self.nbrs)
        self.steps_or_skin = tuple(tuple(a for pair in zip(by_hour, by_skin, strict=True)
                                         for a in pair)
                                   for by_hour, by_skin in zip(self.steps, self.skin_steps,
                                                               strict=True))
        self.within_reach = tuple(tuple(sorted((r, *nb))) for r, nb in enumerate(self.nbrs))
        self.attack = {(k, r): Action(f"fight the {cr.name.lower()} on {r}", ("fight", r))
                       for k, cr in c.creatures.items() for r in range(len(c.regions))}
        self.give_gold = tuple(Action(f"give 1 gold to the {h}", ("give_gold", o))
                               for o, h in enumerate(self.hero_ids))
        self.send_falcon = tuple(Action(f"send the falcon to the {h}", ("falcon", o))
                                 for o, h in enumerate(self.hero_ids))
        self.buy = {a: Action(f"buy a {self.item_name(a).lower()}", ("buy", a)) for a in self.sold}

    def item_name(self, item: str, lang: str = "en") -> str:
        """The display name of an item, worn side included."""
        art = self.c.articles[base(item)]
        if item.endswith(":worn"):
            return (art.worn_name_ru if lang == "ru" else art.worn_name) or art.label(lang)
        return art.label(lang)

    def creature_roll(self, kind: str, cwp: int) -> float:
        """The mean roll of a creature of ``kind`` with ``cwp`` willpower (for the heuristic)."""
        weak_below, strong, weak = self._roll_mean[kind]
        return weak if cwp < weak_below else strong

    def creature_stats(self, kind: str) -> tuple[int, int]:
        """Strength and willpower of a creature kind (some grow with the heroes)."""
        cr = self.c.creatures[kind]
        k = self.players - 1
        sp = cr.strength_by_heroes[k] if cr.strength_by_heroes else cr.strength
        wp = cr.willpower_by_heroes[k] if cr.willpower_by_heroes else cr.willpower
        return sp, wp
