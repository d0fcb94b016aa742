"""Grab and Hit (GAH): the turn structure, the decisions offered, and the Game class.

A turn runs "before" (auction settlement, rebirth, limbo checks), then phases 1-5 and "end";
``_advance`` performs every automatic step and stops where a seat must decide: either the top
of the pending stack (out-of-turn decisions move ``to_act`` to that seat) or the phase's own
choice. The rule table is ``docs/rules/grabhit.md``.
"""

from __future__ import annotations

import math
from typing import Any, ClassVar

from meeple.components import deck
from meeple.core import Action, Game, Result, Rng

from .content import BLUE, COLOURS, GREEN, RED, Tables, tables
from .params import LIMBO_ESCAPE, MAX_LOCATIONS, OPTIONS
from .state import GrabHitBase
from .view import build_view

SPIN = Action("spin", ("spin",))
DONE = Action("done", ("done",))
ACCEPT = Action("accept", ("accept",))
FISTS = Action("attack with fists", ("weapon", -1))
DRAW = tuple(Action(f"draw {c}", ("draw", i)) for i, c in enumerate(COLOURS))
#: The heuristic race (``_evaluate``): the wheel's mean coins, and with Poverty (-2, never
#: below 0); armour a repair symbol restores per turn on average (5 of 20 sectors, 2 each);
#: the least net damage per turn assumed; the capital and life assumed for an adventurer not
#: chosen yet; how sharply a lead in turns becomes a win, and the noise added to the turns
#: before it is compared; the phases of a turn, and those before its gold is paid.
WHEEL_MEAN = 5.5
WHEEL_MEAN_POOR = 3.6
ARMOUR_REPAIR = 0.5
MIN_NET_DAMAGE = 0.25
UNCHOSEN_CAPITAL = 6
UNCHOSEN_LIFE = 5
RACE_SCALE = 1.5
RACE_NOISE = 0.5
TURN_PHASES = ("before", "limbo", "1", "2", "3", "4", "5")
GOLD_AHEAD = ("before", "limbo", "1", "2")
SERVICE_VERB = {"buy_scroll": "buy a scroll", "repair_armour": "repair armour",
                "heal": "eat a hot meal"}


class GrabHitState(GrabHitBase):
    """A game of Grab and Hit in progress."""

    # ---------------------------------------------------------------- setup
    def _setup(self) -> None:
        n = self.players
        self.phase = "start"
        self.current = self.first = 0
        self.round = 1
        self.turns = 0
        self.adv = [-1] * n
        self.life = [0] * n
        self.armour = [0] * n
        self.gold = [0] * n
        self.weapons = [()] * n
        self.hand = [()] * n
        self.upg = [()] * n
        self.locs = [()] * n
        self.deck = [list(d) for d in self.T.decks]
        for pile in self.deck:  # GAH-3
            deck.shuffle(pile, self.rng)
        self.discard = [[], [], []]
        self.lots = []
        self.centre = []
        self.centre_queue = []
        self.limbo = [0] * n
        self.immune = [False] * n
        self.dead = [False] * n
        self.died = [False] * n
        self.defending = ()
        self.attacked = []
        self.sector = -1
        self.last_spin = -1
        self.lost = []
        self.ability_used = False
        self.visited = ()
        self.extra_hits = 0
        self.p5_weapon = -2
        self.hits_left = self.hits_made = 0
        self.winners = ()
        self.end_reason = ""
        # GAH-2: every player chooses an adventurer, seat 0 first.
        self.pending = [("adventurer", s) for s in reversed(range(n))]
        self._advance()

    def _start(self) -> None:
        """GAH-5: everyone spins; the highest coins start (ties spin again)."""
        tied = list(range(self.players))
        while len(tied) > 1:
            vals = [self.spin("who starts", s) for s in tied]
            best = max(vals)
            tied = [s for s, v in zip(tied, vals, strict=True) if v == best]
        self.current = self.first = tied[0]
        self._emit("starts", seat=self.first)
        self._new_turn()

    def _new_turn(self) -> None:
        self.phase = "before"
        self.attacked = []
        self.sector = -1
        self.lost = []
        self.ability_used = False
        self.visited = ()
        self.extra_hits = 0
        self.p5_weapon = -2
        self.hits_left = self.hits_made = 0

    # ------------------------------------------------------------ the loop
    def _advance(self) -> None:
        """Run automatic steps until a seat must decide or the game is over."""
        while True:
            if self.phase == "over":
                self.to_act = None
                return
            if self.pending:
                self.to_act = self.pending[-1][1]
                return
            s = self.current
            ph = self.phase
            if ph == "start":
                self._start()
            elif ph == "before":
                self._before(s)
            elif ph == "limbo":
                self._limbo_check(s)
            elif ph == "1":
                if 1 in self.lost:  # GAH-37, GAH-38
                    self.phase = "2"
                else:
                    self.to_act = s
                    return
            elif ph == "2":
                self.phase = "3"
                self._phase2(s)
            elif ph == "3":
                self.phase = "4"
                self._phase3(s)
            elif ph == "4":
                self.to_act = s
                return
            elif ph == "5":
                if 5 in self.lost or not self.attackable(s) or (
                        self.p5_weapon != -2 and self.hits_left <= 0):
                    self.phase = "end"
                else:
                    self.to_act = s
                    return
            else:
                self._end_turn(s)

    def _before(self, s: int) -> None:
        """GAH-10, GAH-18, GAH-19, GAH-64: settle auctions, then rebirth, then limbo checks."""
        self.phase = "limbo"
        keep = []
        for lot in self.lots:
            card, opener, bid, bidder = lot
            if bidder == s:
                if self.gold[s] >= bid:
                    self.gold[s] -= bid
                    self.locs[s] = (*self.locs[s], card)
                    self._emit("auction_won", seat=s, card=self.cname(card), bid=bid)
                else:
                    self.discard[GREEN].append(card)
                    self._emit("auction_failed", seat=s, card=self.cname(card))
            elif opener == s and bidder < 0:
                self.discard[GREEN].append(card)
                self._emit("auction_unsold", card=self.cname(card))
            else:
                keep.append(lot)
        self.lots = keep
        if self.dead[s]:
            self.pending.append(("adventurer", s))

    def _limbo_check(self, s: int) -> None:
        """GAH-37, GAH-38: before the second and third limbo turns, a spin may free you."""
        self.phase = "1"
        stage = self.limbo[s]
        if stage == 0:
            return
        bonus = self.T.adventurers[self.adv[s]].limbo_bonus
        if self.spin("escape limbo", s) >= LIMBO_ESCAPE[stage] - bonus:
            self.limbo[s] = 0
            self.immune[s] = True
            self._emit("limbo_escape", seat=s)
        elif stage == 1:
            self.limbo[s] = 2
            self.lost = [1, 3, 4, 5]
        else:
            self.lost = [1]

    def _phase2(self, s: int) -> None:
        """GAH-7, GAH-8, GAH-20: gold from the wheel and locations; repairs."""
        got = self.count_upg(s, "pockets") + self.income(s)
        sec = self.T.sectors[self.sector] if 1 not in self.lost and self.sector >= 0 else None
        if sec is not None:
            got += max(0, sec.value - self.count_upg(s, "poverty") * 2)
        self._emit("phase2", seat=s, gold=got)
        self.gain(s, got)
        if sec is None or self.phase == "over":
            return
        n = self.game.config["repair_amount"]
        if "armour" in sec.symbols:
            self.repair_armour(s, n)
        if "weapon" in sec.symbols:
            worn = self.worn_weapons(s)
            if len(worn) == 1:
                self.repair_weapon(s, worn[0], n)
            elif worn:
                self.pending.append(("repair", s, n))

    def _phase3(self, s: int) -> None:
        """GAH-9, GAH-34..GAH-39: draw by the sector's colour, or fall into limbo."""
        was_immune = self.immune[s]
        self.immune[s] = False
        if 3 in self.lost:
            return
        if self.limbo[s] == 2:  # GAH-38: out of limbo at phase 3, grabbing any colour
            self.limbo[s] = 0
            self.immune[s] = True
            self._emit("limbo_leave", seat=s)
            self.pending.append(("colour", s, (BLUE, GREEN, RED)))
            return
        cols = self.T.sectors[self.sector].colours
        if cols[0] == "black":
            if was_immune:  # GAH-39
                self._emit("trap_ignored", seat=s)
                return
            self._emit("limbo_enter", seat=s)
            bonus = self.T.adventurers[self.adv[s]].limbo_bonus
            if self.spin("escape limbo", s) >= LIMBO_ESCAPE[0] - bonus:  # GAH-36
                self.immune[s] = True
                self._emit("limbo_escape", seat=s)
            else:
                self.limbo[s] = 1
                self.lost = [4, 5]
        elif len(cols) == 2:  # GAH-9: a mixed sector offers two colours
            self.pending.append(("colour", s, tuple(COLOURS.index(c) for c in cols)))
        else:
            self.draw(s, COLOURS.index(cols[0]))

    def _end_turn(self, s: int) -> None:
        self.defending = tuple(sorted(set(self.attacked)))  # GAH-50
        self.turns += 1
        nxt = (s + 1) % self.players
        if nxt == self.first:
            self.round += 1
            limit = self.game.config["round_limit"]
            if limit and self.round > limit:  # GAH-70
                best = max(self.gold)
                self.finish(tuple(i for i, g in enumerate(self.gold) if g == best),
                            "round-limit")
                return
        self.current = nxt
        self._new_turn()

    # ---------------------------------------------------------- decisions
    def _legal_actions(self) -> list[Action]:
        if self.pending:
            return self._pending_actions(self.pending[-1])
        s = self.current
        if self.phase == "1":
            return [SPIN]
        if self.phase == "4":
            return self._phase4_actions(s)
        return self._phase5_actions(s)

    def _pending_actions(self, top: tuple[Any, ...]) -> list[Action]:
        kind, s = top[0], top[1]
        if kind == "adventurer":
            taken = {self.adv[t] for t in range(self.players) if t != s}
            return [Action(f"choose {a.name}", ("choose", i))
                    for i, a in enumerate(self.T.adventurers) if i not in taken]
        if kind == "colour":
            return [DRAW[c] for c in top[2] if self.can_draw(c)] or [DONE]
        if kind == "keep":
            return [Action(f"keep {self.cname(c)}", ("keep", c)) for c in (top[2], top[3])]
        if kind == "buy":
            card = top[2]
            out = []
            if self.gold[s] >= self.location(card).price:
                out.append(Action(f"buy {self.cname(card)}", ("buy",)))
            out.append(Action(f"decline {self.cname(card)}", ("decline",)))
            return out
        if kind == "repair":
            return [Action(f"repair {self.cname(c)}", ("repair", c))
                    for c in self.worn_weapons(s)]
        if kind == "shield":
            eff = top[2]
            return [Action(f"block with {self.cname(c)}", ("block", c))
                    for c in self.shields_against(s, eff[4])] + [ACCEPT]
        # centre
        return self._distinct("take {}", self.centre, "take")

    def _distinct(self, fmt: str, cards: Any, tag: str) -> list[Action]:
        out: dict[str, Action] = {}
        for c in sorted(cards):
            text = fmt.format(self.cname(c))
            if text not in out:
                out[text] = Action(text, (tag, c))
        return list(out.values())

    def _phase4_actions(self, s: int) -> list[Action]:
        """GAH-42: the free actions of phase 4."""
        out: list[Action] = []
        restricted = 4 in self.lost
        if not restricted:
            out += self._attach_actions(s)
            out += self._bid_actions(s)
        out += self._visit_actions(s, restricted)
        if not restricted:
            out += self._cast_actions(s)
            if not self.ability_used:
                out += self._ability_actions(s)
        if len(self.locs[s]) > MAX_LOCATIONS:  # GAH-21
            out += [Action(f"discard {self.cname(c)}", ("discard", c)) for c in self.locs[s]]
        else:
            out.append(DONE)
        return out

    def _attach_actions(self, s: int) -> list[Action]:
        """GAH-13..GAH-16: blueprints fit their classes, their limits, never twice."""
        out: dict[str, Action] = {}
        for b in self.hand[s]:
            if self.T.cards[b].kind != "blueprint":
                continue
            bp = self.blueprint(b)
            for h in self.weapons[s]:
                w = self.weapon_entry(h[0])
                on = [self.blueprint(x) for x in h[2]]
                if w.weapon_class not in bp.classes or any(x.id == bp.id for x in on):
                    continue
                if len(on) + 1 > min([bp.limit, *(x.limit for x in on)]):
                    continue
                text = f"attach {bp.name} to {w.name}"
                out.setdefault(text, Action(text, ("attach", b, h[0])))
        return list(out.values())

    def _bid_actions(self, s: int) -> list[Action]:
        """GAH-18: any bid above the standing one (at least the opening), within one's gold."""
        out = []
        for card, _, bid, bidder in self.lots:
            if bidder == s:
                continue
            low = max(self.location(card).auction, bid + 1)
            name = self.cname(card)
            out += [Action(f"bid {v} on {name}", ("bid", card, v))
                    for v in range(low, self.gold[s] + 1)]
        return out

    def _visit_actions(self, s: int, restricted: bool) -> list[Action]:
        """GAH-23, GAH-24, GAH-40: shop services; from limbo only the witch's shop."""
        out = []
        for i, sv in enumerate(self.T.services):
            if sv.shop in self.visited or (restricted and sv.shop != "witch"):
                continue
            if self.gold[s] < sv.fee or not self.shop_on_table(sv.shop):
                continue
            shop = self.cname(self.shop_card(sv.shop))
            args: list[tuple[str, int]] = []
            if sv.kind == "buy_scroll" and self.can_draw(RED):
                args = [(SERVICE_VERB[sv.kind], -1)]
            elif sv.kind == "lift_curse":
                args = [(f"lift {self.cname(c)}", c) for c in self.upg[s]
                        if self.T.cards[c].kind == "curse"]
            elif sv.kind == "repair_weapon":
                args = [(f"repair {self.cname(c)}", c) for c in self.worn_weapons(s)]
            elif (sv.kind == "repair_armour" and self.armour[s] < self.max_armour(s)) or (
                    sv.kind == "heal" and self.life[s] < self.max_life(s)):
                args = [(SERVICE_VERB[sv.kind], -1)]
            out += [Action(f"visit {shop}: {verb}", ("visit", i, arg)) for verb, arg in args]
        return out

    def _targets_for(self, s: int, eff: str, amount: int) -> list[tuple[str, tuple[str, int]]]:
        """The choices a magic card, curse or ability needs: ('', none) when it needs none."""
        none = [("", ("none", -1))]
        seats = [t for t in range(self.players) if self.reachable(s, t)]
        if eff in ("damage", "blast", "assassinate"):
            return [(f" on {self.name(t)}", ("seat", t)) for t in seats]
        if eff in ("steal_gold", "steal"):
            return [(f" on {self.name(t)}", ("seat", t)) for t in seats if self.gold[t] > 0]
        if eff == "heal":
            return none if self.life[s] < self.max_life(s) else []
        if eff == "repair_armour":
            return none if self.armour[s] < self.max_armour(s) else []
        if eff == "repair_weapon":
            return [(f" on {self.cname(c)}", ("weapon", c)) for c in self.worn_weapons(s)]
        if eff == "mend":
            out = [(f" on {self.cname(c)}", ("weapon", c)) for c in self.worn_weapons(s)]
            if self.armour[s] < self.max_armour(s):
                out.insert(0, (" on armour", ("none", -1)))
            return out
        if eff == "draw_blue":
            return none if self.can_draw(BLUE) else []
        if eff == "draw_red":
            return none if self.can_draw(RED) else []
        return none  # gain_gold, gain_per_location, extra_hit

    def _cast_actions(self, s: int) -> list[Action]:
        """GAH-25, GAH-28, GAH-43: magic for oneself or at others; held curses at others."""
        out: dict[str, Action] = {}
        for c in sorted(self.hand[s]):
            kind = self.T.cards[c].kind
            if kind == "magic":
                sc = self.scroll(c)
                choices = self._targets_for(s, sc.effect, sc.amount)
            elif kind == "curse":
                sc = self.scroll(c)
                choices = [(f" on {self.name(t)}", ("seat", t)) for t in range(self.players)
                           if self.reachable(s, t) and self.curse_possible(t, sc)]
            else:
                continue
            for suffix, arg in choices:
                text = f"cast {sc.name}{suffix}"
                out.setdefault(text, Action(text, ("cast", c, arg)))
        return list(out.values())

    def _ability_actions(self, s: int) -> list[Action]:
        """GAH-44: one attempt at the adventurer's ability per phase 4."""
        a = self.T.adventurers[self.adv[s]]
        return [Action(f"use ability{suffix}", ("ability", arg))
                for suffix, arg in self._targets_for(s, a.ability, a.amount)]

    def _phase5_actions(self, s: int) -> list[Action]:
        """GAH-46, GAH-47, GAH-55: pick a weapon, then hit; the first hit is compulsory."""
        if self.p5_weapon == -2:
            return [Action(f"attack with {self.cname(h[0])}", ("weapon", h[0]))
                    for h in self.weapons[s]] + [FISTS]
        out = [Action(f"hit {self.name(t)}", ("hit", t)) for t in self.attackable(s)]
        if self.hits_made:
            out.append(DONE)
        return out

    # -------------------------------------------------------------- apply
    def _apply(self, action: Action) -> None:
        data = action[1]
        tag = data[0]
        top = self.pending.pop() if self.pending else None
        s = top[1] if top is not None else self.current
        handler = getattr(self, "_do_" + tag)
        handler(s, data, top)
        self._advance()

    def _do_choose(self, s: int, data: tuple[Any, ...], top: Any) -> None:
        """GAH-2, GAH-64: take up an adventurer with full life, damaged armour, capital."""
        a = self.T.adventurers[data[1]]
        self.adv[s] = data[1]
        self.life[s] = a.life
        self.armour[s] = a.start_armour
        self.gold[s] = a.capital
        if self.dead[s]:
            self.dead[s] = False
            self._emit("reborn", seat=s, adventurer=a.id)
        else:
            self._emit("chosen", seat=s, adventurer=a.id)

    def _do_spin(self, s: int, data: tuple[Any, ...], top: Any) -> None:
        """GAH-6: phase 1, the wheel shows coins, colour and symbols."""
        self.spin("phase 1", s)
        self.sector = self.last_spin
        self.phase = "2"

    def _do_draw(self, s: int, data: tuple[Any, ...], top: Any) -> None:
        self.draw(s, data[1])

    def _do_done(self, s: int, data: tuple[Any, ...], top: Any) -> None:
        if top is not None:
            return  # a colour choice with every deck empty
        if self.phase == "4":
            self.phase = "5"
        else:
            self.hits_left = 0

    def _do_keep(self, s: int, data: tuple[Any, ...], top: Any) -> None:
        """GAH-12: keep one weapon of a class, discard the other with its blueprints."""
        new, old = top[2], top[3]
        if data[1] == new:
            held = self.held(s, old)
            self.discard[BLUE].extend((old, *held[2]))
            ws = [h for h in self.weapons[s] if h[0] != old]
            self.weapons[s] = (*ws, (new, self.weapon_entry(new).durability, ()))
        else:
            self.discard[BLUE].append(new)
        self._emit("keep", seat=s, weapon=self.cname(data[1]))

    def _do_buy(self, s: int, data: tuple[Any, ...], top: Any) -> None:
        card = top[2]
        self.gold[s] -= self.location(card).price
        self.locs[s] = (*self.locs[s], card)
        self._emit("buy", seat=s, card=self.cname(card))

    def _do_decline(self, s: int, data: tuple[Any, ...], top: Any) -> None:
        """GAH-17: a declined location goes to auction at its lower opening price."""
        self.lots.append((top[2], s, 0, -1))
        self._emit("auction_open", seat=s, card=self.cname(top[2]))

    def _do_repair(self, s: int, data: tuple[Any, ...], top: Any) -> None:
        self.repair_weapon(s, data[1], top[2])

    def _do_block(self, s: int, data: tuple[Any, ...], top: Any) -> None:
        self.block(s, data[1], top[2])

    def _do_accept(self, s: int, data: tuple[Any, ...], top: Any) -> None:
        self.resolve(s, top[2])

    def _do_take(self, s: int, data: tuple[Any, ...], top: Any) -> None:
        self.centre.remove(data[1])
        self.hand[s] = (*self.hand[s], data[1])
        self._emit("take", seat=s, card=self.cname(data[1]))
        self.next_pick()

    def _do_attach(self, s: int, data: tuple[Any, ...], top: Any) -> None:
        _, b, w = data
        self.hand[s] = tuple(c for c in self.hand[s] if c != b)
        ws = []
        for h in self.weapons[s]:
            if h[0] == w:
                bonus = self.blueprint(b).durability
                h = (w, h[1] + bonus, (*h[2], b))
            ws.append(h)
        self.weapons[s] = tuple(ws)
        self._emit("attach", seat=s, blueprint=self.cname(b), weapon=self.cname(w))

    def _do_bid(self, s: int, data: tuple[Any, ...], top: Any) -> None:
        _, card, v = data
        self.lots = [(c, o, v, s) if c == card else (c, o, b, who)
                     for c, o, b, who in self.lots]
        self._emit("bid", seat=s, card=self.cname(card), bid=v)

    def _do_visit(self, s: int, data: tuple[Any, ...], top: Any) -> None:
        """GAH-23, GAH-24: pay the fee to the shop's owner (the bank if none) and be served."""
        sv = self.T.services[data[1]]
        arg = data[2]
        self.visited = (*self.visited, sv.shop)
        self.gold[s] -= sv.fee
        owner = self.owner(self.shop_card(sv.shop))
        self._emit("visit", seat=s, shop=sv.shop, service=sv.kind, owner=owner)
        if owner >= 0 and owner != s:
            self.gain(owner, sv.fee)
        if sv.kind == "buy_scroll":
            self.draw(s, RED)
        elif sv.kind == "lift_curse":
            self.upg[s] = tuple(c for c in self.upg[s] if c != arg)
            self.discard[RED].append(arg)
        elif sv.kind == "repair_weapon":
            self.repair_weapon(s, arg, sv.amount)
        elif sv.kind == "repair_armour":
            self.repair_armour(s, sv.amount)
        else:
            self.life[s] = min(self.max_life(s), self.life[s] + sv.amount)

    def _do_cast(self, s: int, data: tuple[Any, ...], top: Any) -> None:
        """GAH-43: cast a magic card or a held curse."""
        _, card, (argk, arg) = data
        self.hand[s] = tuple(c for c in self.hand[s] if c != card)
        sc = self.scroll(card)
        self._emit("cast", seat=s, card=sc.name, target=arg if argk == "seat" else None)
        if argk == "seat":
            tag = "curse" if sc.kind == "curse" else "magic"
            eff = "steal_gold" if sc.effect == "steal_gold" else sc.effect
            self.affect(arg, (eff, sc.amount, s, card, tag, sc.pierce))
            return
        self.discard[RED].append(card)
        self._self_effect(s, sc.effect, sc.amount, arg)

    def _self_effect(self, s: int, eff: str, amount: int, arg: int) -> None:
        if eff == "heal":
            self.life[s] = min(self.max_life(s), self.life[s] + amount)
        elif eff == "repair_armour" or (eff == "mend" and arg < 0):
            self.repair_armour(s, amount)
        elif eff in ("repair_weapon", "mend"):
            self.repair_weapon(s, arg, amount)
        elif eff == "gain_gold":
            self.gain(s, amount)
        elif eff == "gain_per_location":
            self.gain(s, amount + len(self.locs[s]))
        elif eff == "draw_blue":
            self.draw(s, BLUE)
        elif eff == "draw_red":
            self.draw(s, RED)
        elif eff == "extra_hit":
            self.extra_hits += amount

    def _do_ability(self, s: int, data: tuple[Any, ...], top: Any) -> None:
        """GAH-44: an attempt is a spin; it works when the coins reach the ability's check."""
        self.ability_used = True
        a = self.T.adventurers[self.adv[s]]
        argk, arg = data[1]
        if self.spin("ability", s) < a.check:
            self._emit("ability_failed", seat=s)
            return
        self._emit("ability", seat=s, ability=a.ability)
        if argk == "seat":
            if a.ability == "steal":
                self.affect(arg, ("steal_gold", a.amount, s, -1, "ability", False))
            else:
                self.affect(arg, ("damage", a.amount, s, -1, "ability",
                                  a.ability == "assassinate"))
        else:
            self._self_effect(s, a.ability, a.amount, arg)

    def _do_discard(self, s: int, data: tuple[Any, ...], top: Any) -> None:
        """GAH-21: the sixth location forces a discard in phase 4."""
        self.locs[s] = tuple(c for c in self.locs[s] if c != data[1])
        self.discard[GREEN].append(data[1])
        self._emit("discard", seat=s, card=self.cname(data[1]))

    def _do_weapon(self, s: int, data: tuple[Any, ...], top: Any) -> None:
        """GAH-47: the weapon for this phase 5 and its hits (speed)."""
        self.p5_weapon = data[1]
        speed = 1 if data[1] < 0 else self.weapon_stats(self.held(s, data[1]))[1]
        self.hits_left = speed + self.extra_hits

    def _do_hit(self, s: int, data: tuple[Any, ...], top: Any) -> None:
        """GAH-47, GAH-51, GAH-52: one hit; a weapon spends one durability per hit."""
        t = data[1]
        w = self.p5_weapon
        dmg, pierce = self.hit_damage(s, w)
        self.hits_left -= 1
        self.hits_made += 1
        self.attacked.append(t)
        self._emit("hit", seat=s, target=t, damage=dmg,
                  weapon=self.cname(w) if w >= 0 else "fists")
        if w >= 0:
            before = len(self.weapons[s])
            self.wear(s, w, 1)
            if len(self.weapons[s]) < before:
                self.hits_left = 0
        self.damage(t, dmg, pierce, s)

    # ------------------------------------------------------------- output
    def _result(self) -> Result:
        detail = {"gold-target": "reached the gold target",
                  "only-one-never-died": "is the only adventurer who never died",
                  "round-limit": "was richest when the round limit came"}[self.end_reason]
        names = ", ".join(self.name(w) for w in self.winners)
        roles = [self.T.adventurers[a].id if a >= 0 else "" for a in self.adv]
        return Result(self.winners, tuple(float(g) for g in self.gold), self.turns,
                      self.end_reason, f"{names} {detail}.", {"roles": roles})

    def _evaluate(self, seat: int) -> float:
        """A race: the turns each seat needs to win, by gold or by a kill, squashed to [0, 1].

        Each seat needs ``gold_turns`` to reach the target at its expected income (wheel,
        locations, pockets, gold abilities) and, with two players (the first death ends the
        game, GAH-66), ``kill_turns`` to take the rival's life and armour at its expected
        damage (best weapon or fists, damaging abilities, damage scrolls in hand) net of the
        rival's repairs and heals; the two combine as hazards. The seat on turn is half a turn
        ahead while this turn's gold (hit) is to come and half a turn behind once it is in, so
        handing the turn over moves nothing by itself. The value is a logistic of the best
        rival's time minus this seat's, over the square root of the times. With more players a
        death does not end the game, so the race is by gold alone.
        """
        n = self.players
        times = [self._race_turns(s) for s in range(n)]
        mine = times[seat]
        rival = min(times[o] for o in range(n) if o != seat)
        spread = math.sqrt(RACE_NOISE + max(0.0, mine) + max(0.0, rival))
        value = 1.0 / (1.0 + math.exp(-RACE_SCALE * (rival - mine) / spread))
        return min(0.98, max(0.02, value))

    def _race_turns(self, s: int) -> float:
        """The turns seat ``s`` needs to win from here (see ``_evaluate``)."""
        rate = self._gold_rate(s)
        gold = self.gold[s] if self.adv[s] >= 0 else UNCHOSEN_CAPITAL
        for card, _, bid, bidder in self.lots:  # GAH-18: a standing bid is as good as paid
            if bidder == s:
                gold -= bid
                rate += self.location(card).income
        need: float = self.game.config["gold_target"] - gold
        turns = max(0.0, need) / rate
        # The seat on turn finishes half a turn before the others if this turn's gold (hit)
        # is still to come, half a turn after them if it is already in.
        on_turn = self.current == s and self.phase in TURN_PHASES
        if on_turn:
            turns = max(0.0, turns + (-0.5 if self.phase in GOLD_AHEAD else 0.5))
        if self.players == 2:
            kill = self._kill_turns(s, 1 - s)
            turns = 0.0 if kill <= 0.0 or turns <= 0.0 else 1.0 / (1.0 / turns + 1.0 / kill)
        if self.limbo[s]:
            turns += 2.0 - 0.5 * self.limbo[s]
        return turns

    def _gold_rate(self, s: int) -> float:
        """Expected gold per turn: wheel, locations, pockets and a gold ability."""
        poverty = self.count_upg(s, "poverty")
        rate = WHEEL_MEAN if not poverty else WHEEL_MEAN_POOR
        rate += self.count_upg(s, "pockets") + self.income(s)
        a = self.adv[s]
        if a >= 0:
            adv = self.T.adventurers[a]
            p = (11 - adv.check) / 10
            if adv.ability == "gain_per_location":
                rate += p * (adv.amount + len(self.locs[s]))
            elif adv.ability == "steal":
                rate += p * adv.amount
        return max(1.0, rate)

    def _kill_turns(self, s: int, t: int) -> float:
        """Turns ``s`` needs to kill ``t``: effective life over net damage per turn.

        On ``s``'s own turn the hit still to come puts it half a turn ahead; once its weapon
        for phase 5 is chosen, the hits left are dealt at once instead.
        """
        clumsy = self.count_upg(s, "clumsiness")
        berserk = self.count_upg(s, "berserk")
        best = float(max(1, 1 + self.count_upg(s, "fists") - clumsy))
        best_hit = best
        pierce = False
        for h in self.weapons[s]:
            dmg, spd, _, pw = self.weapon_stats(h)
            hit = max(1, dmg + berserk - clumsy)
            per_turn = hit * min(spd, h[1])
            if per_turn > best:
                best, best_hit, pierce = float(per_turn), float(hit), pw
        if self.adv[s] >= 0:
            adv = self.T.adventurers[self.adv[s]]
            p = (11 - adv.check) / 10
            if adv.ability in ("blast", "assassinate"):
                best += p * adv.amount
            elif adv.ability == "extra_hit":
                best += p * best_hit
        burst = 0
        cards = self.T.cards
        for c in self.hand[s]:
            e = cards[c].entry
            if getattr(e, "effect", "") == "damage":
                burst += e.amount  # type: ignore[union-attr]
        tempo = 0.0
        life, armour = self.life[t], self.armour[t]
        if self.adv[t] < 0:  # not chosen yet: a fresh adventurer
            life, armour = UNCHOSEN_LIFE, 1
        if self.current == s and self.phase in TURN_PHASES:
            tempo = 0.5
            if 5 not in self.lost:
                if self.phase == "5" and self.p5_weapon != -2:  # GAH-47: the hits left
                    w = self.p5_weapon
                    dur = [h[1] for h in self.weapons[s] if h[0] == w]
                    n = self.hits_left if w < 0 else min([self.hits_left, *dur]) if dur else 0
                    dmg, pw = self.hit_damage(s, w) if n > 0 else (0, False)
                    total = dmg * n
                    if not pw:
                        soak = min(armour, total)
                        armour -= soak
                        total -= soak
                    life -= total
                else:
                    tempo = -0.5
        if life <= 0:
            return 0.0
        hp = life + (0 if pierce else armour)
        regen = 0.0
        if not pierce and (self.adv[t] < 0 or armour < self.max_armour(t)):
            regen += ARMOUR_REPAIR
        if self.adv[t] >= 0:
            foe = self.T.adventurers[self.adv[t]]
            fp = (11 - foe.check) / 10
            if foe.ability == "heal" or (foe.ability == "mend" and not pierce):
                regen += fp * foe.amount
        for c in self.hand[t]:
            e = cards[c].entry
            if getattr(e, "effect", "") == "heal":
                hp += e.amount  # type: ignore[union-attr]
        left = hp - burst
        if left <= 0:
            return 0.0
        return max(0.0, left / max(MIN_NET_DAMAGE, best - regen) + tempo)

    def _view(self, seat: int | None) -> dict[str, Any]:
        return build_view(self, seat)

    def _determinize(self, seat: int, rng: Rng) -> None:
        """GAH-67: only the order of the three decks is hidden."""
        for pile in self.deck:
            deck.reshuffle(pile, rng)

    def _validate(self) -> None:
        from meeple.core.validate import in_range, one_of, per_seat, refuse

        n, T = self.players, self.T
        card = len(T.cards) - 1
        per_seat(self, "adv", "life", "armour", "gold", "weapons", "hand", "upg", "locs",
                 "limbo", "immune", "dead", "died")
        for name in ("hand", "upg", "locs", "deck", "discard", "centre", "centre_queue"):
            in_range(self, name, 0, card)
        if len(self.deck) != 3 or len(self.discard) != 3:
            refuse("deck", "there are three decks and three discard piles, one per colour")
        in_range(self, "adv", -1, len(T.adventurers) - 1)
        in_range(self, "weapons", 0, card)
        in_range(self, "limbo", 0, 2)
        for name in ("life", "armour", "gold", "round", "turns"):
            in_range(self, name, 0, 10_000)
        for name in ("current", "first"):
            in_range(self, name, 0, n - 1)
        for i, (c, opener, bid, bidder) in enumerate(self.lots):
            if not (0 <= c <= card and 0 <= opener < n and 0 <= bid <= 10_000
                    and -1 <= bidder < n):
                refuse(f"lots[{i}]", f"{self.lots[i]!r} is not (card, opener, bid, bidder)")
        in_range(self, "defending", 0, n - 1)
        in_range(self, "winners", 0, n - 1)
        in_range(self, "sector", -1, len(T.sectors) - 1)
        one_of(self, "phase", {"start", "before", "1", "2", "3", "4", "5", "end", "limbo",
                                "over"})
        w = self.p5_weapon
        if w >= 0 and all(h[0] != w for h in self.weapons[self.current]):
            refuse("p5_weapon", f"{w} is not a weapon seat {self.current} holds")
        in_range(self, "p5_weapon", -2, card)
        kinds = {"adventurer": 2, "colour": 3, "keep": 4, "buy": 3, "repair": 3, "shield": 3,
                 "centre": 2}
        for i, top in enumerate(self.pending):
            if len(top) < 2 or type(top[0]) is not str or top[0] not in kinds \
                    or len(top) != kinds[top[0]] or type(top[1]) is not int \
                    or not 0 <= top[1] < n:
                refuse(f"pending[{i}]", f"{top!r} is not a decision of {self.game.id}")
            if top[0] in ("keep", "buy"):
                in_range(self, f"pending[{i}]", 0, card, value=top[2:])
            if top[0] == "colour":
                in_range(self, f"pending[{i}]", 0, 2, value=top[2])


class GrabHit(Game):
    """Grab and Hit: spin the wheel, grab gold and cards, hit someone every turn."""

    id = "grabhit"
    #: The heuristic's race reads the wheel's chances better than a few random actions do:
    #: random rollouts bid and buy away gold and only add noise, so leaves are read at once.
    search_hints = "d0"
    name = "Grab and Hit"
    name_ru = "Хватай и бей"
    description = ("Adventurers spin the wheel of fortune for gold, weapons, locations and "
                   "scrolls, and must hit someone every turn.")
    min_players, max_players = 2, 8
    default_players = 4
    options = OPTIONS
    state_class = GrabHitState
    T: ClassVar[Tables]

    def setup(self) -> None:
        type(self).T = tables()
