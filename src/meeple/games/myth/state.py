"""The Myth state: set-up, the turn's four steps, the decisions and what each seat sees.

Turn (MYTH-27): start (skipped turn, web escape) -> draw -> move or explore (tile placement) ->
events (face-down cards offered clockwise) -> resolution -> battle -> end (levels, quests,
healing, extra turn). ``step`` names the decision waited for; ``subq`` holds decisions that a
resolving card asks of a hero.
"""

from __future__ import annotations

import math
from typing import Any

from meeple.components import deck as decks
from meeple.components import tokens
from meeple.components.tilegrid import rotations, within_extent
from meeple.core import Action, Result, Rng

from .base import (
    CARDS,
    DIR_NAMES,
    HEROES,
    OPP,
    OWNERS,
    QUESTS,
    RES,
    SIDE_ORDER,
    START,
    C,
    cell_text,
    mask_text,
    step_cell,
)
from .odds import battle_odds
from .params import (
    AVATARA_HEAL_COST,
    EXPLORE_REWARD,
    EXTRA_TURN_COST,
    LEVEL_COST,
    MAX_EXTENT,
    REDRAW_COST,
    SWAP_COST,
)
from .resolve import ResolveMixin

A_PASS = Action("pass", ("pass", None))
A_STAY = Action("stay", ("stay", None))
A_END = Action("end turn", ("end", None))
A_FIGHT = Action("fight", ("fight", None))
A_REDRAW = Action("redraw tile", ("redraw", None))
A_EXTRA = Action("extra turn", ("extra", None))
A_HEAL = Action("heal", ("heal", None))
A_AVATARA = Action("avatara heal", ("avatara", None))
A_ALLOW = Action("order: allow cards", ("forbid", 2))
A_FORBID = Action("order: forbid cards", ("forbid", 1))
A_STAYPUT = Action("stay put", ("nod", None))


class MythState(ResolveMixin):
    """One moment of a game of Myth."""

    # ================================================================== set-up (MYTH-1..8)
    def _setup(self) -> None:
        cfg = self.game.config
        n = self.players
        rng = self.rng
        heroes = list(C.heroes)
        rng.shuffle(heroes)
        self.hero = heroes[:n]  # MYTH-2: one hero card each
        self.level = [1] * n
        self.life = [HEROES[h].life[0] for h in self.hero]
        self.alive = [True] * n
        self.pos = [START] * n  # MYTH-4
        pile = list(C.quest_deck)
        rng.shuffle(pile)
        self.quests = [[pile.pop() for _ in range(4)] for _ in range(n)]  # MYTH-3
        self.quest_pile = tuple(pile)
        self.shown = [[] for _ in range(n)]
        self.trophies = [[] for _ in range(n)]
        self.items = [[] for _ in range(n)]
        self.quest_discard = ()
        tiles = list(C.tile_deck)
        rng.shuffle(tiles)
        self.tiles = tuple(tiles)
        self.tile_discard = ()
        self.grid = {START: C.tile_mask[C.start_tile]}
        self.tile_of = {START: C.start_tile}
        self.tok = tokens.new_holdings((*OWNERS[:n], "table"), {RES: cfg["bank"]})
        for s in range(n):
            self.gain(s, cfg["start_resources"])  # MYTH-6
        self.deck = list(C.event_deck)
        rng.shuffle(self.deck)
        self.discard = []
        self.hand = [[] for _ in range(n)]
        decks.deal(self.deck, self.hand, cfg["hand_size"])  # MYTH-7
        self.tain_load = 0
        self.enemies = {}
        self.begun = ()
        self.lasting = {}
        self.skip = [0] * n
        self.extra = [0] * n
        self.dream = [0] * n
        self.table = ()
        self.offer_queue = ()
        self.offer_double = False
        self.other_played = False
        self.pending = []
        self.subq = ()
        self.affected_cell = START
        self.bq = ()
        self.rolls = ()
        self.over_reason = ""
        self.detail = ""
        self.winners = ()
        self.final_left = -1
        self.turn = 0
        self.cur = 0
        self.phase = "setup"
        self.step = ""
        self.dreaming = False
        self.forbid_cards = 0
        self.bought_extra = False
        self.drawn_tile = ""
        self.explore_side = 0
        self.new_ground = False
        self.moved = False
        self.start_turn(self.first_player())

    def first_player(self) -> int:
        """MYTH-8: highest 2d10 sum starts; tied leaders roll again."""
        contenders = list(range(self.players))
        while True:
            sums = {}
            for s in contenders:
                a, b = self.rng.randint(1, 10), self.rng.randint(1, 10)
                sums[s] = a + b
            self._emit("first_roll", rolls={str(s): v for s, v in sums.items()})
            best = max(sums.values())
            contenders = [s for s in contenders if sums[s] == best]
            if len(contenders) == 1:
                return contenders[0]

    # ================================================================== the turn
    def ask(self, step: str, seat: int) -> None:
        self.step = step
        self.to_act = seat
        self._legal = None

    def controller(self) -> int:
        """Who gives the orders this turn: the right-hand neighbour under the Great Dream."""
        return self.right_of(self.cur) if self.dreaming else self.cur

    def start_turn(self, seat: int) -> None:
        """Begin ``seat``'s turn (MYTH-27)."""
        self.cur = seat
        self.turn += 1
        self.rolls = ()
        self.moved = self.new_ground = self.bought_extra = False
        self.forbid_cards = 0
        self.drawn_tile = ""
        self.dreaming = self.dream[seat] > 0
        self.phase = "draw"
        self._emit("turn", seat=seat, turn=self.turn)
        if self.skip[seat]:  # MYTH-77: a skipped turn, no drawing either
            self.skip[seat] -= 1
            self.note(f"{self.hero_name(seat)} loses the turn in the flooded place")
            self.end_turn()
            return
        if self.webbed(seat):  # MYTH-75: one attempt a turn
            self.escape_web(seat)
        if self.draw_limit() > 0:
            self.ask("draw", self.controller())
        else:
            self.to_move()

    def in_battle(self, seat: int) -> bool:
        """A hero on a cell with monsters is in battle (MYTH-58)."""
        return bool(self.enemies.get(self.pos[seat]))

    def draw_limit(self) -> int:
        """MYTH-30..32: how many cards the hero could draw now (paid ones included)."""
        s = self.cur
        if self.in_battle(s) or self.webbed(s) or not self.deck:
            return 0
        h = len(self.hand[s])
        free = max(0, int(self.game.config["hand_size"]) - h)
        if self.dreaming:  # MYTH-93: the controller may order a draw, never a paid one
            return min(free, len(self.deck))
        n, money = free, self.res(s)
        while True:
            c = self.extra_cost(h, n + 1)
            if c > money or n + 1 > len(self.deck):
                break
            n += 1
        return min(n, len(self.deck))

    def extra_cost(self, hand: int, n: int) -> int:
        """MYTH-31: 2, 4, 8, 16 ... for the 7th, 8th, 9th, 10th ... card in hand."""
        size = int(self.game.config["hand_size"])
        return sum(2 ** (k - size) for k in range(hand + 1, hand + n + 1) if k > size)

    def to_move(self) -> None:
        """Step 2: a hero in battle or in a web cannot move (MYTH-58, MYTH-75)."""
        s = self.cur
        self.phase = "move"
        if self.in_battle(s) or self.webbed(s):
            self.to_battle()
            return
        self.ask("move", self.controller())

    def move_options(self) -> list[Action]:
        """MYTH-33..37: moves through open passages and explorations of empty neighbours."""
        s = self.cur
        here = self.pos[s]
        mask = self.grid[here]
        out: list[Action] = []
        for side in SIDE_ORDER:
            if not mask & side:
                continue
            nb = step_cell(here, side)
            if nb in self.grid:
                if self.grid[nb] & OPP[side]:
                    out.append(Action(f"move {DIR_NAMES[side]}", ("move", side)))
            elif self.tiles and within_extent(self.grid, nb, MAX_EXTENT):
                out.append(Action(f"explore {DIR_NAMES[side]}", ("explore", side)))
        out.append(A_STAY)
        return out

    def place_options(self) -> list[Action]:
        """MYTH-36: orientations of the drawn tile that open towards the hero's way in."""
        need = OPP[self.explore_side]
        out = [Action(f"place {mask_text(m)}", ("place", m))
               for m in rotations(C.tile_mask[self.drawn_tile]) if m & need]
        if self.tiles and not self.dreaming and self.res(self.cur) >= REDRAW_COST:
            out.append(A_REDRAW)  # MYTH-35
        return out

    def draw_tile(self) -> str:
        """The top dungeon tile (the tile deck is a tuple: clones share it)."""
        tid = self.tiles[-1]
        self.tiles = self.tiles[:-1]
        return tid

    def place(self, mask: int) -> None:
        s = self.cur
        cell = step_cell(self.pos[s], self.explore_side)
        self.grid[cell] = mask
        self.tile_of = {**self.tile_of, cell: self.drawn_tile}
        self._emit("tile", tile=self.drawn_tile, cell=list(cell), passages=mask)
        self.drawn_tile = ""
        self.pos[s] = cell
        self.moved = self.new_ground = True
        if not self.tiles:  # MYTH-22: the tile deck ran out
            self.finish_by_score("tiles-out", "The dungeon tiles ran out.")
            return
        self.begin_events()

    # ------------------------------------------------------------------ events (MYTH-44..47)
    def begin_events(self) -> None:
        self.phase = "events"
        self.table = ()
        if self.new_ground:
            cid = self.draw_event()
            if cid:
                self.table = (*self.table, (cid, -1, 0))
                self._emit("event_drawn", seat=self.cur)
        self.offer_double = not self.new_ground
        self.offer_queue = tuple(self.clockwise_from(self.cur))
        self.other_played = False
        self.next_offer()

    def playable(self, seat: int) -> list[str]:
        """Cards ``seat`` can pay for now (MYTH-44, MYTH-47: no free cards off new ground)."""
        double = self.offer_double
        money = self.res(seat)
        out = []
        for cid in dict.fromkeys(self.hand[seat]):
            if double and CARDS[cid].cost == 0:
                continue
            if self.play_cost(seat, cid, double) <= money:
                out.append(cid)
        return out

    def next_offer(self) -> None:
        cur = self.cur
        while self.offer_queue:
            s = self.offer_queue[0]
            if s == cur and self.dreaming and not self.forbid_cards and self.playable(s):
                self.ask("forbid", self.controller())  # MYTH-93: the dream's orders
                return
            if self.playable(s) and not (s == cur and self.forbid_cards == 1):
                self.ask("offer", s)
                return
            self.offer_queue = self.offer_queue[1:]
        if self.players == 2 and self.new_ground and not self.other_played:
            cid = self.draw_event()  # MYTH-100: the two-player second deck card
            if cid:
                self.table = (*self.table, (cid, -1, 0))
                self._emit("event_drawn", seat=cur)
        if self.table:
            self.reveal()
        else:
            self.to_battle()

    def play(self, seat: int, cid: str) -> None:
        cost = self.play_cost(seat, cid, self.offer_double)
        self.pay(seat, cost, "table")
        self.hand[seat].remove(cid)
        self.table = (*self.table, (cid, seat, cost))
        self._emit("card_played", seat=seat, paid=cost)
        if seat == self.cur:
            self.offer_queue = self.offer_queue[1:]
        else:
            self.other_played = True
            self.offer_queue = ()  # MYTH-45: the first other player to add a card ends it
        self.next_offer()

    # ------------------------------------------------------------------ end of the turn
    def manage_options(self) -> list[Action]:
        """MYTH-17..19, MYTH-13, MYTH-71: things a hero may do with resources in his turn."""
        s = self.cur
        money = self.res(s)
        out: list[Action] = []
        for q in dict.fromkeys(self.quests[s]):
            if self.quest_done(s, q) and money >= LEVEL_COST[self.level[s]]:
                out.append(Action(f"show {QUESTS[q].name}", ("show", q)))
        if money >= SWAP_COST and self.quest_pile:
            for q in dict.fromkeys(self.quests[s]):
                if not self.quest_done(s, q):
                    out.append(Action(f"swap {QUESTS[q].name}", ("swap", q)))
        hurt = self.life[s] < self.max_life(s)
        if hurt and HEROES[self.hero[s]].heal and money >= 1:
            out.append(A_HEAL)
        if hurt and self.pos[s] == START and money >= AVATARA_HEAL_COST:
            out.append(A_AVATARA)
        return out

    def to_end(self) -> None:
        if self.over:
            return
        if not self.alive[self.cur]:
            self.end_turn()
            return
        self.phase = "end"
        if self.end_options() == [A_END]:
            self.end_turn()
        else:
            self.ask("end", self.cur)

    def end_options(self) -> list[Action]:
        out = self.manage_options()
        if not self.bought_extra and self.res(self.cur) >= EXTRA_TURN_COST:
            out.append(A_EXTRA)  # MYTH-70
        out.append(A_END)
        return out

    def end_turn(self) -> None:
        if self.over:
            return
        cur = self.cur
        if self.dreaming and self.dream[cur] > 0:
            self.dream[cur] -= 1
        if self.final_left > 0:
            self.final_left -= 1
            if self.final_left == 0:  # MYTH-24
                self.finish_by_score("events-out", "The event deck ran out two turns ago.")
                return
        limit = self.game.config["max_turns"]
        if limit and self.turn >= limit:
            self.finish_by_score("turn-limit", f"The safety limit of {limit} turns was reached.")
            return
        if self.alive[cur] and self.extra[cur] > 0:  # MYTH-78, MYTH-70
            self.extra[cur] -= 1
            nxt = cur
        else:
            nxt = self.left_of(cur)
        self.start_turn(nxt)

    def show_quest(self, q: str) -> None:
        """MYTH-17, MYTH-18: show a fulfilled quest, pay, rise a level; level 4 wins."""
        s = self.cur
        self.pay(s, LEVEL_COST[self.level[s]])
        self.quests[s].remove(q)
        self.shown[s].append(q)
        qc = QUESTS[q]
        if qc.kind == "kill":
            for _ in range(qc.count):
                self.trophies[s].remove(qc.monster)
                self.discard.append(qc.monster)
        old = self.max_life(s)
        self.level[s] += 1
        self._emit("level", seat=s, quest=q, level=self.level[s])
        self.note(f"{self.hero_name(s)} reaches level {self.level[s]}")
        if self.level[s] >= 4:
            self.finish((s,), "level-4", f"{self.hero_name(s)} reached level 4.")
            return
        self.life[s] += self.max_life(s) - old  # MYTH-10

    # ================================================================== hooks
    def _legal_actions(self) -> list[Action]:
        step = self.step
        s = self.to_act
        assert s is not None
        if step == "draw":
            return [Action(f"draw {k}", ("draw", k)) for k in range(self.draw_limit() + 1)]
        if step == "move":
            extra = [] if self.dreaming else self.manage_options()
            return extra + self.move_options()
        if step == "place":
            return self.place_options()
        if step == "forbid":
            return [A_FORBID, A_ALLOW]
        if step == "offer":
            return [Action(f"play {CARDS[c].name}", ("play", c)) for c in self.playable(s)] + [
                A_PASS]
        if step == "order":
            return [Action(f"resolve {CARDS[c].name}", ("resolve", c))
                    for c in self.next_choices()]
        if step == "sub":
            return self.sub_options()
        if step == "prebattle":
            return [Action(f"{k} {CARDS[m].name}", (k, m))
                    for k, m in self.prebattle_options()] + [A_FIGHT]
        if step == "attack":
            en = self.enemies[self.pos[self.cur]]
            return [Action(f"attack {CARDS[m].name}", ("attack", m)) for m in dict.fromkeys(en)]
        if step == "target":
            return [Action(f"target {self.hero_name(h)}", ("target", h))
                    for h in self.heroes_on(self.pos[self.cur], self.cur)]
        if step == "end":
            return self.end_options()
        raise AssertionError(f"no decision at step {step!r}")

    def sub_options(self) -> list[Action]:
        top = self.subq[0]
        kind, s = top[0], top[1]
        if kind == "nod":
            return [Action(f"nod to {cell_text(c)}", ("nod", c))
                    for c in self.nod_targets(s)] + [A_STAYPUT]
        if kind == "discard":
            return [Action(f"discard {CARDS[c].name}", ("discard", c))
                    for c in dict.fromkeys(self.hand[s])]
        if kind == "destroy":
            return [Action(f"destroy {CARDS[c].name}", ("destroy", c))
                    for c in self.destroyable(s)]
        return [Action(f"deceive {self.hero_name(o)}", ("deceive", o))
                for o in self.living() if self.hand[o]]

    def _apply(self, action: Action) -> None:
        kind, arg = action[1]
        s = self.to_act
        assert s is not None
        cur = self.cur
        if kind == "draw":
            self.do_draw(arg)
        elif kind in ("move", "explore"):
            self.do_move(kind, arg)
        elif kind == "stay":
            self.to_battle()
        elif kind == "place":
            self.place(arg)
        elif kind == "redraw":
            self.pay(cur, REDRAW_COST)
            self.tile_discard = (*self.tile_discard, self.drawn_tile)
            self.drawn_tile = self.draw_tile()
            self._emit("tile_drawn", tile=self.drawn_tile, redraw=True)
            self.ask("place", s)
        elif kind == "forbid":
            self.forbid_cards = arg
            if arg == 1:
                self._emit("order", seat=s, order="forbid cards")
            self.next_offer()
        elif kind == "play":
            self.play(s, arg)
        elif kind == "pass":
            self.offer_queue = self.offer_queue[1:]
            self.next_offer()
        elif kind == "resolve":
            self.apply_card(arg)
            self.resolve_loop()
        elif kind in ("nod", "discard", "destroy", "deceive"):
            self.do_sub(kind, arg)
        elif kind in ("remove", "imprison"):
            self.do_prebattle(kind, arg)
        elif kind == "fight":
            self.begun = (*self.begun, self.pos[cur])
            self.start_round()
        elif kind == "attack":
            self.bq = self.bq[1:]
            self.hero_attack(arg)
            self.battle_loop()
        elif kind == "target":
            m = self.bq[0]
            self.bq = self.bq[1:]
            self.monster_attack(m, arg)
            self.battle_loop()
        else:
            self.do_manage(kind, arg)

    def do_draw(self, n: int) -> None:
        s = self.cur
        cost = 0 if self.dreaming else self.extra_cost(len(self.hand[s]), n)
        self.pay(s, cost)
        got = [c for c in (self.draw_event() for _ in range(n)) if c]
        self.hand[s].extend(got)
        self._emit("drew", to=(s,), others={"seat": s, "count": len(got), "paid": cost},
                  seat=s, count=len(got), paid=cost, cards=got)
        self.to_move()

    def do_move(self, kind: str, side: int) -> None:
        s = self.cur
        if kind == "move":
            self.pos[s] = step_cell(self.pos[s], side)
            self.moved = True
            self.new_ground = False
            self._emit("moved", seat=s, cell=list(self.pos[s]))
            self.begin_events()
            return
        self.gain(s, EXPLORE_REWARD)  # MYTH-34
        self.explore_side = side
        self.drawn_tile = self.draw_tile()
        self._emit("tile_drawn", tile=self.drawn_tile, redraw=False)
        self.phase = "explore"
        self.ask("place", self.controller())

    def do_sub(self, kind: str, arg: Any) -> None:
        top = self.subq[0]
        s = top[1]
        if kind == "nod":
            self.subq = self.subq[1:]
            if arg is not None:
                self.pos[s] = arg
                self._emit("nod", seat=s, cell=list(arg))
                self.end_deserted_battles()
        elif kind == "discard":
            self.hand[s].remove(arg)
            self.discard.append(arg)
            self._emit("discarded", seat=s, card=arg)
            left = top[2] - 1
            if left and self.hand[s]:
                self.subq = (("discard", s, left), *self.subq[1:])
            else:
                self.subq = self.subq[1:]
        elif kind == "destroy":
            self.subq = self.subq[1:]
            self.items[s].remove(arg)
            self.discard.append(arg)
            self._emit("destroyed", seat=s, card=arg)
        else:
            self.subq = self.subq[1:]
            victim = self.hand[arg]
            taken = []
            for _ in range(min(2, len(victim))):
                taken.append(victim.pop(self.rng.below(len(victim))))
            self._emit("deceived", seat=s, victim=arg, cards=taken)
            self.join(taken)
        self.resolve_loop()

    def do_prebattle(self, kind: str, m: str) -> None:
        s = self.cur
        en = self.enemies[self.pos[s]]
        en.remove(m)
        if kind == "remove":  # MYTH-60
            self.pay(s, CARDS[m].damage + 1)
            self.deck.append(m)
            self.rng.shuffle(self.deck)
            self._emit("enemy_removed", seat=s, monster=m)
        else:  # MYTH-41
            self.tain_load += 1
            self.discard.append(m)
            self._emit("imprisoned", seat=s, monster=m, load=self.tain_load)
        if not en:
            self.battle_won(self.pos[s])
            self.to_end()
        else:
            self.to_battle()

    def do_manage(self, kind: str, arg: Any) -> None:
        s = self.cur
        if kind == "show":
            self.show_quest(arg)
            if self.over:
                return
        elif kind == "swap":  # MYTH-19
            self.pay(s, SWAP_COST)
            self.quests[s].remove(arg)
            self.quest_discard = (*self.quest_discard, arg)
            self.quests[s].append(self.quest_pile[-1])
            self.quest_pile = self.quest_pile[:-1]
            self._emit("quest_swapped", seat=s)
        elif kind == "heal":  # MYTH-13
            self.pay(s, 1)
            self.heal(s, HEROES[self.hero[s]].heal)
        elif kind == "avatara":  # MYTH-71
            self.pay(s, AVATARA_HEAL_COST)
            self.heal(s, 1)
        elif kind == "extra":  # MYTH-70
            self.pay(s, EXTRA_TURN_COST)
            self.extra[s] += 1
            self.bought_extra = True
        elif kind == "end":
            self.end_turn()
            return
        if self.step == "end":
            self.to_end()
        else:
            self.ask("move", s)

    def _public_text(self, action: Action) -> str | None:
        kind = action[1][0]
        if kind == "play":
            return "play a card"
        if kind == "swap":
            return "swap a quest"
        return None

    def _evaluate(self, seat: int) -> float:
        """Heuristic for bots: levels above all, then quests at hand, life and resources —
        against the strongest rival still alive, since a rival's fall is a way to win.

        A battle on a hero's cell ends only with the hero's death or the last monster's
        (MYTH-58), so each hero's worth is read after it, weighted by the chance that he lives
        through it (:mod:`.odds`): a lost battle loses the game for him, every rival lost wins it.
        """
        if not self.alive[seat]:
            return 0.0
        live, worth = self._outlook(seat)
        rivals = [self._outlook(s) for s in range(self.players) if s != seat and self.alive[s]]
        all_fall = 1.0
        for p, _ in rivals:
            all_fall *= 1.0 - p
        rival = max((w for _, w in rivals), default=0.0)
        base = max(0.0, min(1.0, 0.5 + 0.75 * (worth - rival)))
        return live * (all_fall + (1.0 - all_fall) * base)

    def _worth(self, seat: int) -> float:
        """How far one hero is on the way to winning, about 0.1 to 1, after the battle on his
        cell if he lives through it (see :meth:`_outlook`)."""
        return self._outlook(seat)[1]

    def _outlook(self, seat: int) -> tuple[float, float]:
        """``(chance the hero lives through the battle on his cell, his worth after it)``.

        The foes are the monsters of his cell and, while his own events are on the table or
        resolving, the monster cards among them (face down: those of the determinization), with
        the battle cards of the cell (Fury, Darkness, Execute Place; the Shadow of Balor cancels
        the cards). Won, the battle pays every monster's experience and the proofs his quests
        want; a healer spends resources on the wounds (MYTH-13).
        """
        h = HEROES[self.hero[seat]]
        life = self.life[seat]
        money = self.res(seat)
        trophies = self.trophies[seat]
        cell = self.pos[seat]
        foes = list(self.enemies.get(cell) or ())
        cards = list(self.lasting.get(cell) or ())
        if seat == self.cur and (self.table or self.pending):
            coming = [cid for cid, _, _ in self.table] + list(self.pending)
            if "shadow_of_balor" in coming:  # MYTH-80
                cards = []
            else:
                foes += [cid for cid in coming if CARDS[cid].monster]
                cards += coming
        live = 1.0
        if foes:
            effects = {CARDS[cid].effect for cid in cards}
            dark = sum(CARDS[cid].value for cid in cards if CARDS[cid].effect == "darkness")
            spare = h.heal * money
            live, left = battle_odds(
                self.attack_of(seat), self.defence_of(seat), self.attacks_of(seat), h.area,
                tuple(sorted(foes)), life + spare, "execute" in effects, "fury" in effects,
                dark)
            wound = life + spare - left
            used = min(money, math.ceil(wound / h.heal)) if h.heal else 0
            life = max(1, min(self.max_life(seat), round(life - wound + h.heal * used)))
            money = money - used + sum(CARDS[m].experience for m in foes)
            trophies = list(trophies)
            for m in foes:
                if self.wants_trophy(seat, m, trophies):
                    trophies.append(m)
        ready = sum(1 for q in self.quests[seat] if self.quest_done(seat, q, trophies))
        worth = (0.1 + 0.22 * (self.level[seat] - 1) + 0.06 * ready
                 + 0.08 * life / self.max_life(seat) + 0.005 * min(money, 12))
        return live, worth

    def _result(self) -> Result:
        w = self.winners
        scores = tuple((1.0 / len(w)) if s in w else 0.0 for s in range(self.players))
        return Result(w, scores, self.turn, self.over_reason, self.detail, extra={
            "levels": list(self.level), "quests_done": [len(q) for q in self.shown],
            "alive": list(self.alive), "roles": [HEROES[h].id for h in self.hero]})

    # ================================================================== views
    def _view(self, seat: int | None) -> dict[str, Any]:
        heroes = []
        for s in range(self.players):
            h = HEROES[self.hero[s]]
            heroes.append({
                "seat": s, "hero": h.id, "name": h.name, "name_ru": h.name_ru,
                "alive": self.alive[s], "level": self.level[s], "life": self.life[s],
                "max_life": self.max_life(s), "attack": self.attack_of(s),
                "defence": self.defence_of(s), "attacks": self.attacks_of(s),
                "resources": self.res(s), "items": list(self.items[s]),
                "trophies": list(self.trophies[s]), "shown": list(self.shown[s]),
                "hand": len(self.hand[s]), "quests": len(self.quests[s]),
                "cell": list(self.pos[s]), "skip": self.skip[s], "extra": self.extra[s],
                "dream": self.dream[s],
            })
        v: dict[str, Any] = {
            "phase": "over" if self.over else self.phase, "step": self.step,
            "turn": self.turn, "current": self.cur, "heroes": heroes,
            "map": [[c[0], c[1], self.grid[c], self.tile_of[c]] for c in self.explored()],
            "enemies": [[c[0], c[1], list(m)] for c, m in sorted(self.enemies.items())],
            "lasting": [[c[0], c[1], list(m)] for c, m in sorted(self.lasting.items())],
            "event_deck": len(self.deck), "discard": len(self.discard),
            "tiles_left": len(self.tiles), "quest_pile": len(self.quest_pile),
            "bank": self.bank, "tain_load": self.tain_load, "final_turns": self.final_left,
            "table": [{"by": by, "paid": p, "card": c if seat is not None and by == seat
                       else None} for c, by, p in self.table],
            "pending": list(self.pending), "drawn_tile": self.drawn_tile,
            "log": list(self.rolls),
        }
        if seat is not None:
            v["hand"] = sorted(self.hand[seat])
            v["quests"] = [[q, self.quest_done(seat, q)] for q in sorted(self.quests[seat])]
        return v

    def _determinize(self, seat: int, rng: Rng) -> None:
        """Re-deal what ``seat`` cannot see: hands, quests, decks, face-down cards."""
        hidden_table = [c for c, by, _ in self.table if by != seat]
        piles = [self.hand[o] for o in range(self.players) if o != seat]
        decks.resample([*piles, self.deck, hidden_table], rng)
        it = iter(hidden_table)
        self.table = tuple((c if by == seat else next(it), by, p) for c, by, p in self.table)
        qp = [self.quests[o] for o in range(self.players) if o != seat]
        pile = list(self.quest_pile)
        decks.resample([*qp, pile], rng)
        self.quest_pile = tuple(pile)
        tiles = list(self.tiles)
        decks.reshuffle(tiles, rng)
        self.tiles = tuple(tiles)

    def _validate(self) -> None:
        from meeple.core.validate import in_range, known, one_of, per_seat, refuse

        n, cells = self.players, set(self.grid)
        per_seat(self, "hero", "level", "life", "alive", "pos", "hand", "quests", "shown",
                 "trophies", "items", "skip", "extra", "dream")
        known(self, "hero", C.heroes, "a hero of myth")
        for name in ("hand", "trophies", "items", "deck", "discard", "pending", "lasting",
                     "enemies"):
            known(self, name, C.cards, "a card of myth")
        for name in ("quests", "shown", "quest_pile", "quest_discard"):
            known(self, name, C.quests, "a quest of myth")
        for name in ("tiles", "tile_discard", "tile_of"):
            known(self, name, C.tiles, "a tile of myth")
        in_range(self, "grid", 1, 15)
        if set(self.tile_of) != cells:
            refuse("tile_of", "every placed tile is on the grid, and only those")
        for name in ("enemies", "lasting"):
            for cell in getattr(self, name):
                if cell not in cells:
                    refuse(f"{name}[{cell}]", f"{cell} is not a cell of the grid")
        for name, where in (("pos", self.pos), ("begun", self.begun),
                            ("affected_cell", (self.affected_cell,))):
            for cell in where:
                if cell not in cells:
                    refuse(name, f"{cell} is not a cell of the grid")
        owners = {*OWNERS[:n], "table", "bank"}
        if not set(self.tok) <= {*OWNERS, "table", "bank"} or not owners <= set(self.tok) \
                or any(set(h) != {RES} for h in self.tok.values()):
            refuse("tok", f"resources are held by {', '.join(sorted(owners))}")
        in_range(self, "level", 1, len(HEROES[self.hero[0]].life))
        for name in ("life", "skip", "extra", "dream", "tok", "tain_load", "turn",
                     "forbid_cards", "explore_side"):
            in_range(self, name, -1000 if name == "life" else 0, 100_000)
        in_range(self, "forbid_cards", 0, 2)
        in_range(self, "explore_side", 0, 15)
        in_range(self, "cur", 0, n - 1)
        in_range(self, "final_left", -1, n)
        in_range(self, "offer_queue", 0, n - 1)
        in_range(self, "winners", 0, n - 1)
        for i, (card, by, paid) in enumerate(self.table):
            if card not in C.cards or not -1 <= by < n or not 0 <= paid <= 1000:
                refuse(f"table[{i}]", f"{self.table[i]!r} is not (card, seat or -1, paid)")
        for i, (kind, s, count) in enumerate(self.subq):
            if kind not in ("deceive", "destroy", "discard", "nod") or not 0 <= s < n \
                    or not 0 <= count <= 100:
                refuse(f"subq[{i}]", f"{self.subq[i]!r} is not (kind, seat, count)")
        each_bq = [x for x in self.bq if x != "@" and x not in C.cards]
        if each_bq:
            refuse("bq", f"{each_bq[0]!r} is not a card of myth")
        if self.drawn_tile and self.drawn_tile not in C.tiles:
            refuse("drawn_tile", f"{self.drawn_tile!r} is not a tile of myth")
        one_of(self, "step", {"", "attack", "draw", "end", "forbid", "move", "offer", "order",
                              "place", "prebattle", "sub", "target"})
        one_of(self, "phase", {"setup", "draw", "move", "explore", "events", "resolve",
                               "battle", "end"})
        if bool(self.over_reason) != (self.to_act is None):
            refuse("over_reason", "a game has a reason it ended exactly when nobody is to act")
