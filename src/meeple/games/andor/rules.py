"""Legends of Andor (AND): 1-4 heroes defend Castle Greywatch together.

The rule table with every rule id is ``docs/rules/andor.md``. This module holds the game, the
state's fields and the hero's day (turns, moves, free actions, the end of the day); fights are
in :mod:`.fight`, and creatures, the sunrise box, events, fog and the legend track in
:mod:`.world`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from meeple.components.deck import reshuffle
from meeple.core import Action, ConfigError, Game, Result, Rng, State

from . import fight, world
from .content import LETTERS, Content, Legend, load
from .fight import Fight
from .frozen import with_item, with_key
from .params import (
    HERO_IDS,
    HOURS_PER_DAY,
    OPTIONS,
    OVERTIME_COST,
    OVERTIME_HOURS,
    SHIELDS_BY_HEROES,
    WARRIOR_WELL_WILLPOWER,
    WELL_WILLPOWER,
    WILLPOWER_MAX,
)
from .world import EventBlock

END_DAY = Action("end day", ("end",))
PASS = Action("pass", ("pass",))
STOP = Action("stop", ("stop",))
DONE = Action("done", ("done",))
DRINK = Action("drink from the well", ("drink",))
BUY_SP = Action("buy strength", ("buy_sp",))
BUY_BREW = Action("buy witch's brew", ("buy_brew",))
PICK_FARMER = Action("pick up a farmer", ("pick_farmer",))
DROP_FARMER = Action("drop a farmer", ("drop_farmer",))
HERB_WP = Action("use the herb for willpower", ("herb_wp",))
HERB_WALK = Action("use the herb to walk", ("herb_walk",))
TELESCOPE = Action("look through the telescope", ("telescope",))


def base(item: str) -> str:
    """The article id of a held item (``"shield:worn"`` -> ``"shield"``)."""
    return item.split(":", 1)[0]


class AndorState(State):
    """Heroes, creatures and tokens as ids and counters; content lives in the game."""

    game: Andor
    # Only what changes nearly every turn is copied by a clone: the heroes' counters, their
    # articles (a list of tuples) and the fight or event under way (flat dicts). Everything
    # else is an immutable tuple or frozenset, or a dict that is rebuilt on change and never
    # changed in place (``with_key``), so clones share it.
    _mutable = ("pos", "sp", "wp", "gold", "hours", "items", "fight", "event_block")
    pos: list[int]
    sp: list[int]
    wp: list[int]
    gold: list[int]
    hours: list[int]
    items: list[tuple[str, ...]]
    fight: Fight | None
    event_block: EventBlock | None
    ended: tuple[bool, ...]
    carried: tuple[int, ...]
    falcon_used: tuple[bool, ...]
    creatures: Mapping[int, str]
    killed: tuple[str, ...]
    farmers: Mapping[int, int]
    ground: Mapping[int, tuple[str, ...]]
    wells_full: frozenset[int]
    fog: Mapping[int, str]
    fog_seen: frozenset[int]
    blocked: frozenset[int]
    stock: Mapping[str, int]
    deck: tuple[str, ...]
    discard: tuple[str, ...]
    cards_read: tuple[str, ...]
    day: int
    letter: int
    rooster: int | None
    active: int
    step: str
    free_steps: int
    free_used: int
    falcon_partner: int
    castle_creatures: int
    castle_farmers: int
    herb_delivered: bool
    market_open: bool
    witch: int
    creature_bonus: int
    next_day_hours: int
    last_event: str
    outcome: str
    outcome_detail: str

    # ------------------------------------------------------------------ set-up
    def _setup(self) -> None:
        g = self.game
        setup = g.legend.setup
        n = self.players
        self.pos = [setup.start[h] for h in g.hero_ids]
        self.sp = [setup.strength] * n
        self.wp = [setup.willpower] * n
        self.gold = [setup.gold] * n
        self.hours = [0] * n
        self.ended = (False,) * n
        self.items = [()] * n
        self.carried = (0,) * n
        self.falcon_used = (False,) * n
        self.creatures = {}
        self.killed = ()
        self.farmers = {}
        self.ground = {}
        self.wells_full = frozenset(g.wells)
        self.fog = {}
        self.fog_seen = frozenset()
        self.blocked = frozenset()
        self.stock = {a.id: a.count for a in g.c.articles.values() if a.sold}  # AND-35
        deck = sorted(g.c.events)
        self.rng.shuffle(deck)
        self.deck = tuple(deck)
        self.discard = ()
        self.cards_read = ()
        self.fight = None
        self.event_block = None
        self.day = 1
        self.letter = 0  # AND-34: the narrator starts on A
        self.rooster = None
        self.step = "turn"
        self.free_steps = 0
        self.free_used = 0
        self.falcon_partner = -1
        self.castle_creatures = 0
        self.castle_farmers = 0
        self.herb_delivered = False
        self.market_open = setup.market
        self.witch = -1
        self.creature_bonus = 0
        self.next_day_hours = 0
        self.last_event = ""
        self.outcome = ""
        self.outcome_detail = ""
        if setup.fog:  # AND-68: fog tokens lie face down on the fog regions
            tokens = [f.id for f in g.c.fog for _ in range(f.count)]
            self.rng.shuffle(tokens)
            self.fog = dict(zip(g.fog_regions, tokens, strict=True))
        world.read_card(self, "A")  # AND-34: card A is read first
        # AND-40: the hero with the lowest rank opens the legend.
        first = min(range(n), key=lambda s: g.c.heroes[g.hero_ids[s]].rank)
        self.begin_turn(first)

    # ------------------------------------------------------------------ helpers
    def name(self, seat: int) -> str:
        """The hero id of a seat (used in action texts)."""
        return self.game.hero_ids[seat]

    def can_spend(self, seat: int) -> bool:
        """AND-19/24/26: a normal hour is left, or an overtime hour that keeps 1 willpower."""
        h = self.hours[seat]
        if h < HOURS_PER_DAY:
            return True
        return h < HOURS_PER_DAY + OVERTIME_HOURS and self.wp[seat] > OVERTIME_COST

    def spend_hour(self, seat: int) -> None:
        """AND-18/25: move the time marker one hour; overtime costs willpower."""
        if self.hours[seat] >= HOURS_PER_DAY:
            self.wp[seat] -= OVERTIME_COST
        self.hours[seat] += 1

    def gain_wp(self, seat: int, amount: int) -> None:
        """Change willpower, capped at 20; reaching 0 costs strength (AND-86)."""
        self.wp[seat] = min(WILLPOWER_MAX, self.wp[seat] + amount)
        if self.wp[seat] <= 0:
            world.knocked_out(self, seat)

    def gain_sp(self, seat: int, amount: int) -> None:
        """Change strength within 1..strength_max (AND-43)."""
        self.sp[seat] = max(1, min(self.game.config["strength_max"], self.sp[seat] + amount))

    def has(self, seat: int, article: str) -> str | None:
        """The held item (either side) of an article, or None."""
        for it in self.items[seat]:
            if base(it) == article:
                return it
        return None

    def room_for(self, seat: int, article: str) -> bool:
        """AND-82: one large slot, one helm slot, three small slots."""
        g = self.game
        slot_of = g.slot_of
        slot = slot_of[article]
        used = sum(1 for it in self.items[seat] if slot_of[it] == slot)
        return used < g.slots[slot]

    def add_item(self, seat: int, item: str) -> None:
        """The hero takes an article (or a token) into his storage."""
        self.items[seat] = (*self.items[seat], item)

    def remove_item(self, seat: int, item: str) -> None:
        """The hero gives up one held article (the first of its kind held)."""
        held = list(self.items[seat])
        held.remove(item)
        self.items[seat] = tuple(held)

    def restock(self, article: str, change: int) -> None:
        """Articles go back to (or are taken from) the equipment board."""
        self.stock = with_key(self.stock, article, self.stock[article] + change)

    def add_farmers(self, region: int, change: int) -> None:
        """Farmers appear on (or leave) a region; a region without farmers drops out."""
        left = self.farmers.get(region, 0) + change
        self.farmers = with_key(self.farmers, region, left or None)

    def use_up(self, seat: int, item: str) -> None:
        """Turn a two-sided article to its worn side, or return it to the board after."""
        self.remove_item(seat, item)
        art = self.game.c.articles[base(item)]
        if art.uses == 2 and not item.endswith(":worn"):
            self.add_item(seat, f"{art.id}:worn")
        elif art.sold:
            self.restock(art.id, 1)

    def heroes_on(self, region: int) -> list[int]:
        """Seats whose heroes stand on ``region``."""
        return [s for s in range(self.players) if self.pos[s] == region]

    # ------------------------------------------------------------------ turns
    def begin_turn(self, seat: int) -> None:
        """AND-44: the hero chooses one action (move, fight, pass) or ends the day."""
        self.active = seat
        self.to_act = seat
        self.step = "turn"
        self.free_steps = 0
        self.free_used = 0
        self.falcon_partner = -1

    def next_turn(self, after: int) -> None:
        """AND-20/44: play goes on clockwise among heroes still in the day; else sunrise."""
        if self.outcome:
            return
        for k in range(1, self.players + 1):
            s = (after + k) % self.players
            if not self.ended[s]:
                self.begin_turn(s)
                return
        world.sunrise(self)

    def end_turn(self) -> None:
        """The active hero's action is over."""
        self.next_turn(self.active)

    # ------------------------------------------------------------------ legal actions
    def _legal_actions(self) -> list[Action]:
        step = self.step
        if step == "turn":
            return self.turn_actions()
        if step == "moving":
            return self.moving_actions()
        if step == "after_move":
            return [DONE, *self.free_actions(self.active)]
        if step == "event":
            return world.event_actions(self)
        return fight.legal(self)

    def step_actions(self, seat: int) -> list[Action]:
        """Steps to neighbouring regions: by hour (or herb walking), or by wineskin."""
        g = self.game
        here = self.pos[seat]  # AND-46/47: any neighbour, bridges included
        pays = self.free_steps > 0 or self.can_spend(seat)
        if self.free_steps == 0 and self.items[seat] and self.has(seat, "wineskin") is not None:
            return list(g.steps_or_skin[here] if pays else g.skin_steps[here])
        return list(g.steps[here]) if pays else []

    def turn_actions(self) -> list[Action]:
        """The start of a hero's turn: an action, the end of the day, or free actions."""
        s = self.active
        out = self.step_actions(s)
        if self.can_spend(s):
            out.extend(fight.start_actions(self, s))
            out.append(PASS)
        out.append(END_DAY)
        out.extend(self.free_actions(s))
        if self.items[s] and self.has(s, "herb") and self.free_steps == 0 and self.free_ok():
            out.append(HERB_WALK)
        return out

    def moving_actions(self) -> list[Action]:
        """AND-46: a move goes on step by step until the hero stops."""
        s = self.active
        out = [STOP, *self.step_actions(s)]
        if self.free_ok():
            out.extend(self.farmer_actions(s))
        return out

    def free_ok(self) -> bool:
        """The safety limit on free actions per turn (option ``free_action_limit``)."""
        lim = self.game.free_limit
        return lim == 0 or self.free_used < lim

    def farmer_actions(self, s: int) -> list[Action]:
        """AND-72: farmers are picked up and dropped without ending a move."""
        out: list[Action] = []
        here = self.pos[s]
        if self.farmers.get(here, 0) > 0:
            out.append(PICK_FARMER)
        if self.carried[s] > 0 and here != self.game.castle:
            out.append(DROP_FARMER)
        return out

    def free_actions(self, s: int) -> list[Action]:
        """AND-62: actions that cost no hour, taken on the hero's own turn."""
        g = self.game
        lim = g.free_limit
        if self.ended[s] or (lim and self.free_used >= lim):
            return []
        here = self.pos[s]
        out: list[Action] = []
        if here in self.wells_full and self.wp[s] < WILLPOWER_MAX:  # AND-67
            out.append(DRINK)
        if g.feature[here] in ("merchant", "mine"):  # AND-36
            if self.gold[s] >= self.strength_price(s) and \
                    self.sp[s] < g.config["strength_max"]:
                out.append(BUY_SP)
            if self.market_open and self.gold[s] >= g.c.board.article_price:
                for a in g.sold:
                    if self.stock[a] > 0 and self.room_for(s, a):
                        out.append(g.buy[a])
        if here == self.witch and self.stock["brew"] > 0 and self.gold[s] >= self.brew_price(s) \
                and self.has(s, "brew") is None and self.room_for(s, "brew"):  # AND-37/79
            out.append(BUY_BREW)
        out.extend(self.farmer_actions(s))
        lying = self.ground.get(here)
        if lying:
            for it in sorted(set(lying)):
                if self.room_for(s, it):
                    out.append(Action(f"pick up the {g.label(it).lower()}", ("pick", it)))
        if self.items[s]:
            if self.has(s, "herb") and self.wp[s] < WILLPOWER_MAX:  # AND-81
                out.append(HERB_WP)
            if self.has(s, "telescope") and any(
                    n in self.fog and n not in self.fog_seen for n in g.nbrs[here]):  # AND-78
                out.append(TELESCOPE)
        if self.players > 1:
            out.extend(self.trade_actions(s))
        return out

    def trade_actions(self, s: int) -> list[Action]:
        """AND-83/77: give gold or articles to a hero on the same region (or by falcon)."""
        g = self.game
        out: list[Action] = []
        held = self.items[s]
        for o in range(self.players):
            if o == s or self.ended[o]:
                continue
            near = self.pos[o] == self.pos[s]
            by_falcon = o == self.falcon_partner
            if not (near or by_falcon):
                if held and self.has(s, "falcon") and not self.falcon_used[s] \
                        and self.step != "moving":
                    out.append(g.send_falcon[o])
                continue
            who = self.name(o)
            if self.gold[s] > 0:
                out.append(g.give_gold[o])
            for it in sorted(set(self.items[s])):
                art = g.c.articles[base(it)]
                if by_falcon and not near and art.slot == "large":
                    continue
                if self.room_for(o, art.id):
                    text = f"give the {g.label(it).lower()} to the {who}"
                    out.append(Action(text, ("give", o, it)))
        return out

    def strength_price(self, s: int) -> int:
        """AND-36/66: 2 gold, or 1 for the dwarf in the mine."""
        b = self.game.c.board
        if self.name(s) == "dwarf" and self.game.feature[self.pos[s]] == "mine":
            return b.mine_strength_price
        return b.strength_price

    def brew_price(self, s: int) -> int:
        """AND-37: by the number of heroes; the archer pays 1 less."""
        p = self.game.brew_price
        return p - 1 if self.name(s) == "archer" else p

    # ------------------------------------------------------------------ apply
    def _apply(self, action: Action) -> None:
        step = self.step
        if step in ("turn", "moving", "after_move"):
            self.apply_day(action)
        elif step == "event":
            world.apply_event_choice(self, action)
        else:
            fight.apply(self, action)

    def apply_day(self, action: Action) -> None:
        """Actions of the hero's own turn."""
        s = self.active
        kind = action[1][0]
        if kind == "move":
            self.step_to(s, action[1][1], action[1][2])
        elif kind == "stop":
            self.stop_move(s)
        elif kind == "done":
            self.end_turn()
        elif kind == "pass":
            self.spend_hour(s)  # AND-45, AND-87: an overtime pass costs willpower too
            self._emit("pass", seat=s, hours=self.hours[s])
            self.end_turn()
        elif kind == "end":
            self.end_day(s)
        elif kind == "fight":
            fight.start(self, s, action[1][1])
        else:
            self.free_used += 1
            self.apply_free(s, action)

    def step_to(self, s: int, region: int, means: str) -> None:
        """AND-46: one step costs an hour unless the wineskin or the herb carries it."""
        if self.free_steps > 0:
            self.free_steps -= 1
        elif means == "wineskin":  # AND-39
            item = self.has(s, "wineskin")
            assert item is not None
            self.use_up(s, item)
        else:
            self.spend_hour(s)
        self.pos[s] = region
        self.step = "moving"
        self._emit("move", seat=s, dest=region, means=means or "hour")
        if self.carried[s] and region in self.creatures:  # AND-73
            self._emit("farmers_lost", seat=s, count=self.carried[s])
            self.carried = with_item(self.carried, s, 0)
        if region == self.game.castle:
            world.deliver(self, s)

    def stop_move(self, s: int) -> None:
        """AND-48: tokens act only where a move ends; fog is revealed there (AND-68)."""
        self.free_steps = 0
        if self.pos[s] in self.fog:
            world.activate_fog(self, s)
            if self.outcome or self.step == "event":
                return
        self.after_stop()

    def after_stop(self) -> None:
        """After a move: a window for free actions, skipped when there is nothing to do."""
        s = self.active
        if self.free_actions(s):
            self.step = "after_move"
            self.to_act = s
        else:
            self.end_turn()

    def end_day(self, s: int) -> None:
        """AND-21/22: the marker goes to the sunrise box; the first takes the rooster."""
        self.ended = with_item(self.ended, s, True)
        if self.rooster is None:
            self.rooster = s
        self._emit("end_day", seat=s, rooster=self.rooster == s)
        self.end_turn()

    def apply_free(self, s: int, action: Action) -> None:
        """Free actions (AND-62)."""
        g = self.game
        data = action[1]
        kind = data[0]
        here = self.pos[s]
        if kind == "drink":  # AND-67, AND-63
            gain = WARRIOR_WELL_WILLPOWER if self.name(s) == "warrior" else WELL_WILLPOWER
            self.gain_wp(s, gain)
            self.wells_full = self.wells_full - {here}
        elif kind == "buy_sp":
            self.gold[s] -= self.strength_price(s)
            self.gain_sp(s, 1)
        elif kind == "buy":
            self.gold[s] -= g.c.board.article_price
            self.restock(data[1], -1)
            self.add_item(s, data[1])
        elif kind == "buy_brew":
            self.gold[s] -= self.brew_price(s)
            self.restock("brew", -1)
            self.add_item(s, "brew")
        elif kind == "pick_farmer":
            self.add_farmers(here, -1)
            self.carried = with_item(self.carried, s, self.carried[s] + 1)
        elif kind == "drop_farmer":
            self.carried = with_item(self.carried, s, self.carried[s] - 1)
            self.add_farmers(here, 1)
        elif kind == "pick":
            left = list(self.ground[here])
            left.remove(data[1])
            self.ground = with_key(self.ground, here, tuple(left) or None)
            self.add_item(s, data[1])
        elif kind == "herb_wp":
            self.remove_item(s, "herb")
            self.gain_wp(s, g.c.articles["herb"].value)
        elif kind == "herb_walk":
            self.remove_item(s, "herb")
            self.free_steps = g.c.articles["herb"].value
        elif kind == "telescope":
            self.fog_seen = self.fog_seen | {n for n in g.nbrs[here] if n in self.fog}
        elif kind == "falcon":
            self.falcon_used = with_item(self.falcon_used, s, True)
            self.falcon_partner = data[1]
        elif kind == "give_gold":
            self.gold[s] -= 1
            self.gold[data[1]] += 1
        elif kind == "give":
            self.remove_item(s, data[2])
            self.add_item(data[1], data[2])
        self._emit("free", seat=s, action=action[0])

    # ------------------------------------------------------------------ result & view
    def _result(self) -> Result:
        n = self.players
        won = self.outcome == "goals-met"
        return Result(tuple(range(n)) if won else (), (1.0 if won else 0.0,) * n,
                      self.n_actions, self.outcome, self.outcome_detail,
                      {"day": self.day, "letter": LETTERS[self.letter],
                       "roles": list(self.game.hero_ids)})

    def _evaluate(self, seat: int) -> float:
        """Cooperative: every seat gets the same estimate of how the legend goes."""
        return world.evaluate(self)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return world.view(self)

    def _determinize(self, seat: int, rng: Rng) -> None:
        """The event deck's order and the face-down fog tokens are hidden from everyone."""
        events = list(self.deck)
        reshuffle(events, rng)
        self.deck = tuple(events)
        hidden = sorted(r for r in self.fog if r not in self.fog_seen)
        tokens = [self.fog[r] for r in hidden]
        reshuffle(tokens, rng)
        fog = dict(self.fog)
        fog.update(zip(hidden, tokens, strict=True))
        self.fog = fog

    def _validate(self) -> None:
        from meeple.core.validate import each, in_range, known, per_seat, refuse

        c, n = self.game.c, self.players
        last = len(c.regions) - 1
        per_seat(self, "pos", "sp", "wp", "gold", "hours", "items", "ended", "carried",
                 "falcon_used")
        in_range(self, "pos", 0, last)
        for name in ("sp", "wp", "gold", "hours", "carried", "day", "free_steps", "free_used",
                     "castle_creatures", "castle_farmers", "creature_bonus", "next_day_hours"):
            in_range(self, name, 0, 1000)
        for name in ("creatures", "farmers", "ground", "fog", "wells_full", "fog_seen",
                     "blocked"):
            in_range(self, name, 0, last, keys=True)
        in_range(self, "farmers", 0, 1000)
        known(self, "creatures", c.creatures, "a creature of andor")
        known(self, "killed", c.creatures, "a creature of andor")
        for name in ("items", "ground"):  # an article, and maybe how it is worn (brew:worn)
            each(self, name, str, lambda x: x.partition(":")[0] in c.articles,
                 "an article of andor")
        sold = {a.id for a in c.articles.values() if a.sold}
        if set(self.stock) != sold:
            refuse("stock", f"the market holds exactly {', '.join(sorted(sold))}")
        in_range(self, "stock", 0, 1000)
        known(self, "fog", {f.id for f in c.fog}, "a fog token of andor")
        for name in ("deck", "discard"):
            known(self, name, c.events, "an event card of andor")
        if not self.deck and not self.discard:
            refuse("deck", "the event deck and its discard pile cannot both be empty")
        known(self, "cards_read", self.game.legend.cards, "a card of the legend")
        in_range(self, "letter", 0, len(LETTERS) - 1)
        in_range(self, "active", 0, n - 1)
        in_range(self, "falcon_partner", -1, n - 1)
        in_range(self, "rooster", 0, n - 1)
        in_range(self, "witch", -1, last)
        if self.fight is not None:
            f = self.fight
            fields: Mapping[str, object] = f
            if f["region"] not in range(last + 1) or f["kind"] not in c.creatures:
                refuse("fight", f"no creature {f['kind']!r} can be fought in region "
                       f"{f['region']}")
            for key in ("who", "cands", "queue", "shielded"):
                in_range(self, f"fight[{key!r}]", 0, n - 1, value=fields[key])
            if not f["who"] or not 0 <= f["i"] <= len(f["who"]):
                refuse("fight", "a fight has its heroes and the one rolling among them")
            in_range(self, "fight['dice']", 1, 12, value=f["dice"])
            in_range(self, "fight['black']", -1, len(f["dice"]) - 1, value=f["black"])
            for key in ("cwp", "csp", "asked", "round", "remaining", "herb", "total", "losses",
                        "reward"):
                in_range(self, f"fight[{key!r}]", -1 if key == "asked" else 0, 1000,
                         value=fields[key])
        if self.event_block is not None:
            b = self.event_block
            if b["card"] not in c.events or b["resume"] not in ("sunrise", "fog") \
                    or not b["holders"]:
                refuse("event_block", f"{b!r} is not an event waiting for a shield")
            in_range(self, "event_block['holders']", 0, n - 1, value=b["holders"])
            in_range(self, "event_block['seat']", -1, n - 1, value=b["seat"])


class Andor(Game):
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

    def setup(self) -> None:
        c: Content = load()
        self.c = c
        heroes = [h.strip() for h in str(self.config["heroes"]).split(",") if h.strip()]
        bad = [h for h in heroes if h not in HERO_IDS]
        if bad or len(set(heroes)) != len(heroes):
            raise ConfigError(f"option 'heroes' must name distinct heroes of "
                              f"{', '.join(HERO_IDS)}; got {self.config['heroes']!r}")
        if len(heroes) < self.players:
            raise ConfigError(f"option 'heroes' names {len(heroes)} heroes for "
                              f"{self.players} players")
        self.hero_ids: tuple[str, ...] = tuple(heroes[: self.players])
        self.legend: Legend = c.legends[self.config["legend"]]
        regions = c.regions
        self.castle = c.map.castle
        self.nbrs = tuple(tuple(r.neighbours) for r in regions)
        self.arrow = tuple(r.arrow for r in regions)
        self.terrain = tuple(r.terrain for r in regions)
        self.feature = tuple(r.feature for r in regions)
        self.wells = tuple(r.id for r in regions if r.feature == "well")
        self.fog_regions = tuple(r.id for r in regions if r.fog)
        self.hideout = next(r.id for r in regions if r.feature == "witch")
        # For the bots' heuristic: steps between every pair of regions (heroes ignore the
        # arrows, AND-46) and each region's arrow steps to the castle (AND-6).
        self.dist = world.distances(self.nbrs)
        self.far = max(max(row) for row in self.dist)
        self.to_castle = tuple(world.arrow_steps(self.arrow, self.castle, r)
                               for r in range(len(regions)))
        # ... each seat's hero dice by willpower band, and each creature's mean roll with its
        # full and its weak dice (AND-11/12/13).
        self.hero_dice = tuple(tuple(c.heroes[h].dice) for h in self.hero_ids)
        self._roll_mean = {
            k: (cr.weak_below,
                fight.mean_roll(cr.dice, cr.colour),
                fight.mean_roll(cr.weak_dice if cr.weak_below else cr.dice, cr.colour))
            for k, cr in c.creatures.items()}
        b = c.board
        self.slots = {"large": b.large_slots, "helm": b.helm_slots, "small": b.small_slots}
        self.brew_price = b.brew_price_by_heroes[self.players - 1]
        self.shields = (self.config["solo_shields"] if self.players == 1
                        else SHIELDS_BY_HEROES[self.players])  # AND-70, AND-88
        self.sold = tuple(a.id for a in c.articles.values() if a.sold and not a.witch)
        self.free_limit: int = self.config["free_action_limit"]
        # Actions built once: steps to each region's neighbours, attacks on each region.
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
                       for k, cr in c.creatures.items() for r in range(len(regions))}
        self.moves_as = {k: cr.moves_as for k, cr in c.creatures.items()}
        self.slot_of = {i: a.slot for a in c.articles.values() for i in (a.id, f"{a.id}:worn")}
        self.give_gold = tuple(Action(f"give 1 gold to the {h}", ("give_gold", o))
                               for o, h in enumerate(self.hero_ids))
        self.send_falcon = tuple(Action(f"send the falcon to the {h}", ("falcon", o))
                                 for o, h in enumerate(self.hero_ids))
        self.buy = {a: Action(f"buy a {self.label(a).lower()}", ("buy", a)) for a in self.sold}

    def label(self, item: str, lang: str = "en") -> str:
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
