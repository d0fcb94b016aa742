"""The fields of a Grab and Hit state and the mechanics the rules are built from.

Everything here changes the state by the rulebook's effects: gold, damage, death and the
centre, cards arriving from the decks, shields and curses. The turn structure (phases and the
decisions offered) lives in ``rules.py``. Rule ids (GAH-n) refer to ``docs/rules/grabhit.md``.

A weapon held by a seat is a tuple ``(card, durability, blueprints)``; seats' cards are tuples
of card ids, so a clone copies only the lists that hold them. Pending decisions are a stack of
tuples ``(kind, seat, *data)``; the top one says who decides what.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from meeple.components import deck
from meeple.core import State

from .content import BLUE, COLOURS, GREEN, RED, Blueprint, Location, Scroll, Tables, Weapon
from .params import FIST_DAMAGE, MAX_LOCATIONS, SET_BONUS

if TYPE_CHECKING:
    from .rules import GrabHit

WeaponHeld = tuple[int, int, tuple[int, ...]]
#: An effect aimed at an adventurer: (kind, amount, source seat or -1, card or -1, tag, pierce).
Effect = tuple[str, int, int, int, str, bool]


class GrabHitBase(State):
    """Fields and mechanics; ``GrabHitState`` adds the turn structure and the hooks."""

    _mutable = ("adv", "life", "armour", "gold", "weapons", "hand", "upg", "locs", "deck",
                "discard", "lots", "centre", "centre_queue", "limbo", "immune", "dead", "died",
                "attacked", "pending", "lost")
    game: GrabHit
    phase: str
    current: int
    first: int
    round: int
    turns: int
    adv: list[int]
    life: list[int]
    armour: list[int]
    gold: list[int]
    weapons: list[tuple[WeaponHeld, ...]]
    hand: list[tuple[int, ...]]
    upg: list[tuple[int, ...]]
    locs: list[tuple[int, ...]]
    deck: list[list[int]]
    discard: list[list[int]]
    lots: list[tuple[int, int, int, int]]  # (card, opened by, bid, bidder or -1)
    centre: list[int]
    centre_queue: list[int]
    limbo: list[int]
    immune: list[bool]
    dead: list[bool]
    died: list[bool]
    defending: tuple[int, ...]
    attacked: list[int]
    sector: int
    last_spin: int
    lost: list[int]
    ability_used: bool
    visited: tuple[str, ...]
    extra_hits: int
    p5_weapon: int
    hits_left: int
    hits_made: int
    pending: list[tuple[Any, ...]]
    winners: tuple[int, ...]
    end_reason: str

    def _clone_fields(self, fields: dict[str, Any]) -> None:
        """Every mutable field is a flat list of immutable items, except the two piles."""
        for name in self._mutable:
            fields[name] = fields[name][:]
        fields["deck"] = [p[:] for p in self.deck]
        fields["discard"] = [p[:] for p in self.discard]

    # ------------------------------------------------------------- lookups
    @property
    def T(self) -> Tables:
        return self.game.T

    def name(self, seat: int) -> str:
        """The English name of a seat's adventurer."""
        a = self.adv[seat]
        return self.T.adventurers[a].name if a >= 0 else f"seat {seat}"

    def cname(self, card: int) -> str:
        """The English name of a card."""
        return self.T.cards[card].entry.name

    def scroll(self, card: int) -> Scroll:
        e = self.T.cards[card].entry
        assert isinstance(e, Scroll)
        return e

    def location(self, card: int) -> Location:
        e = self.T.cards[card].entry
        assert isinstance(e, Location)
        return e

    def weapon_entry(self, card: int) -> Weapon:
        e = self.T.cards[card].entry
        assert isinstance(e, Weapon)
        return e

    def blueprint(self, card: int) -> Blueprint:
        e = self.T.cards[card].entry
        assert isinstance(e, Blueprint)
        return e

    def count_upg(self, seat: int, effect: str) -> int:
        """How many upgrades or lasting curses with ``effect`` sit on a seat."""
        cards = self.T.cards
        return sum(1 for c in self.upg[seat]
                   if getattr(cards[c].entry, "effect", "") == effect)

    def max_life(self, seat: int) -> int:
        """Maximum life: the adventurer's, raised by Vigour, lowered by Frailty (at least 1)."""
        base = self.T.adventurers[self.adv[seat]].life
        return max(1, base + self.count_upg(seat, "max_life") - self.count_upg(seat, "frailty"))

    def max_armour(self, seat: int) -> int:
        """Maximum armour: the adventurer's, with plating and berserker blood."""
        base = self.T.adventurers[self.adv[seat]].armour
        return max(0, base + self.count_upg(seat, "max_armour") - self.count_upg(seat, "berserk"))

    def weapon_stats(self, held: WeaponHeld) -> tuple[int, int, int, bool]:
        """A held weapon's damage, speed, maximum durability and whether it pierces armour."""
        w = self.weapon_entry(held[0])
        dmg, spd, dur, pierce = w.damage, w.speed, w.durability, w.pierce
        for b in held[2]:
            bp = self.blueprint(b)
            dmg += bp.damage
            spd += bp.speed
            dur += bp.durability
            pierce = pierce or bp.pierce
        return dmg, spd, dur, pierce

    def hit_damage(self, seat: int, weapon: int) -> tuple[int, bool]:
        """Damage of one hit with ``weapon`` (a card, or -1 for fists) and whether it pierces."""
        clumsy = self.count_upg(seat, "clumsiness")
        if weapon < 0:  # GAH-48: fists
            return max(1, FIST_DAMAGE + self.count_upg(seat, "fists") - clumsy), False
        held = self.held(seat, weapon)
        dmg, _, _, pierce = self.weapon_stats(held)
        return max(1, dmg + self.count_upg(seat, "berserk") - clumsy), pierce

    def held(self, seat: int, card: int) -> WeaponHeld:
        for h in self.weapons[seat]:
            if h[0] == card:
                return h
        raise KeyError(card)

    def reachable(self, seat: int, target: int) -> bool:
        """GAH-35, GAH-56: another living adventurer outside limbo."""
        return target != seat and not self.dead[target] and self.limbo[target] == 0

    def attackable(self, seat: int) -> list[int]:
        """GAH-49, GAH-50: who ``seat`` may hit in phase 5."""
        guard = self.defending if self.players != 3 else ()
        return [t for t in range(self.players) if self.reachable(seat, t) and t not in guard]

    def shop_card(self, shop: str) -> int:
        for c in self.T.decks[GREEN]:
            if self.location(c).shop == shop:
                return c
        raise KeyError(shop)

    def owner(self, card: int) -> int:
        """The seat holding location ``card``, or -1."""
        for s in range(self.players):
            if card in self.locs[s]:
                return s
        return -1

    def shop_on_table(self, shop: str) -> bool:
        """GAH-23: a shop can be visited while it is owned or at auction."""
        c = self.shop_card(shop)
        return self.owner(c) >= 0 or any(lot[0] == c for lot in self.lots)

    def income(self, seat: int) -> int:
        """GAH-20, GAH-22: phase-2 income of a seat's locations with the set bonuses."""
        locs = self.locs[seat]
        if len(locs) > MAX_LOCATIONS:
            return 0
        total = 0
        worlds: dict[str, int] = {}
        levels: dict[int, int] = {}
        for c in locs:
            loc = self.location(c)
            total += loc.income
            worlds[loc.world] = worlds.get(loc.world, 0) + 1
            levels[loc.level] = levels.get(loc.level, 0) + 1
        for n in (*worlds.values(), *levels.values()):
            total += SET_BONUS[n]
        return total

    # -------------------------------------------------------------- gold
    def gain(self, seat: int, n: int) -> None:
        """Add gold; reaching the target wins at once (GAH-65)."""
        if n <= 0:
            return
        self.gold[seat] += n
        if self.gold[seat] >= self.game.config["gold_target"] and not self.winners:
            self.finish((seat,), "gold-target")

    def finish(self, winners: tuple[int, ...], reason: str) -> None:
        self.winners = winners
        self.end_reason = reason
        self.phase = "over"
        self.pending.clear()
        self._emit("game_over", winners=list(winners), reason=reason)

    # -------------------------------------------------------------- cards
    def spin(self, why: str, seat: int) -> int:
        """Spin the wheel; the coins shown. Every spin is an event."""
        i = self.T.wheel.spin(self.rng)
        self.last_spin = i
        sec = self.T.sectors[i]
        self._emit("spin", seat=seat, why=why, value=sec.value, colours=list(sec.colours),
                  symbols=list(sec.symbols))
        return sec.value

    def draw(self, seat: int, colour: int) -> None:
        """Draw the top card of a deck (reshuffling its discard when empty) and receive it."""
        pile = self.deck[colour]
        if not pile:
            deck.refill(pile, self.discard[colour], self.rng)
            if pile:
                self._emit("reshuffle", colour=COLOURS[colour])
        card = deck.draw_one(pile)
        if card is None:
            self._emit("nothing_to_draw", seat=seat, colour=COLOURS[colour])
            return
        self._emit("draw", seat=seat, colour=COLOURS[colour], card=self.cname(card))
        self.receive(seat, card)

    def can_draw(self, colour: int) -> bool:
        return bool(self.deck[colour] or self.discard[colour])

    def receive(self, seat: int, card: int) -> None:
        """A drawn card reaches its adventurer (GAH-11..GAH-33)."""
        kind = self.T.cards[card].kind
        if kind == "weapon":
            cls = self.weapon_entry(card).weapon_class
            for h in self.weapons[seat]:
                if self.weapon_entry(h[0]).weapon_class == cls:  # GAH-12
                    self.pending.append(("keep", seat, card, h[0]))
                    return
            dur = self.weapon_entry(card).durability
            self.weapons[seat] = (*self.weapons[seat], (card, dur, ()))  # GAH-11
        elif kind == "location":
            self.pending.append(("buy", seat, card))  # GAH-17
        elif kind in ("blueprint", "magic"):
            self.hand[seat] = (*self.hand[seat], card)  # GAH-13, GAH-25
        elif kind == "curse":
            sc = self.scroll(card)
            if self.curse_possible(seat, sc):  # GAH-26
                self.affect(seat, (sc.effect, sc.amount, -1, card, "curse", sc.pierce))
            else:
                self.hand[seat] = (*self.hand[seat], card)  # GAH-28
        elif kind == "upgrade":
            self.upgrade(seat, card)
        else:
            self.add_shield(seat, card)

    def upgrade(self, seat: int, card: int) -> None:
        """GAH-29: an upgrade applies at once, wanted or not."""
        self.upg[seat] = (*self.upg[seat], card)
        eff = self.scroll(card).effect
        if eff == "max_life":
            self.life[seat] = min(self.max_life(seat), self.life[seat] + 1)
        elif eff == "max_armour":
            self.armour[seat] = min(self.max_armour(seat), self.armour[seat] + 1)
        self.armour[seat] = min(self.armour[seat], self.max_armour(seat))
        self._emit("upgrade", seat=seat, card=self.cname(card))

    def add_shield(self, seat: int, card: int) -> None:
        """GAH-30: a shield joins the adventurer unless an identical one is there."""
        sid = self.scroll(card).id
        if any(self.scroll(c).id == sid for c in self.upg[seat]):
            self.discard[RED].append(card)
            self._emit("shield_duplicate", seat=seat, card=self.cname(card))
            return
        self.upg[seat] = (*self.upg[seat], card)
        self._emit("shield", seat=seat, card=self.cname(card))

    def curse_possible(self, target: int, sc: Scroll) -> bool:
        """Whether a curse can take effect on ``target`` (GAH-26, GAH-28)."""
        e = sc.effect
        if e == "rust":
            return bool(self.weapons[target])
        if e == "lose_gold":
            return self.gold[target] > 0
        if e == "shatter":
            return self.armour[target] > 0
        if e == "forget":
            return any(self.T.cards[c].kind == "blueprint" for c in self.hand[target])
        if sc.lasting:
            return self.count_upg(target, e) == 0
        return True

    # ---------------------------------------------------- effects & shields
    def shields_against(self, seat: int, tag: str) -> list[int]:
        return [c for c in self.upg[seat]
                if self.T.cards[c].kind == "shield" and tag in self.scroll(c).blocks]

    def affect(self, target: int, eff: Effect) -> None:
        """Aim an effect at ``target``; with a fitting shield the target decides (GAH-31)."""
        if self.shields_against(target, eff[4]):
            self.pending.append(("shield", target, eff))
        else:
            self.resolve(target, eff)

    def block(self, target: int, shield: int, eff: Effect) -> None:
        """GAH-31, GAH-32: the shield stops the effect; a failed check breaks it."""
        self._emit("block", seat=target, shield=self.cname(shield))
        if eff[3] >= 0:
            self.discard[RED].append(eff[3])
        if self.spin("shield check", target) < self.scroll(shield).check:
            self.upg[target] = tuple(c for c in self.upg[target] if c != shield)
            self.discard[RED].append(shield)
            self._emit("shield_broken", seat=target, shield=self.cname(shield))

    def resolve(self, target: int, eff: Effect) -> None:
        """Carry out an effect on ``target``."""
        kind, amount, source, card, _, pierce = eff
        lasting = card >= 0 and self.scroll(card).lasting
        if card >= 0:
            if lasting:
                self.upg[target] = (*self.upg[target], card)  # GAH-27
                self.life[target] = min(self.life[target], self.max_life(target))
            else:
                self.discard[RED].append(card)
        self._emit("effect", seat=target, kind=kind, amount=amount,
                  card=self.cname(card) if card >= 0 else None)
        if kind == "damage":
            self.damage(target, amount, pierce, source)
        elif kind == "steal_gold":
            n = min(amount, self.gold[target])
            self.gold[target] -= n
            self.gain(source, n)
        elif kind == "lose_gold":
            self.gold[target] -= min(amount, self.gold[target])
        elif kind == "rust":
            for h in self.weapons[target]:
                self.wear(target, h[0], amount)
        elif kind == "shatter":
            self.armour[target] = 0
        elif kind == "forget":
            bps = [c for c in self.hand[target] if self.T.cards[c].kind == "blueprint"]
            self.hand[target] = tuple(c for c in self.hand[target] if c not in bps)
            self.discard[BLUE].extend(bps)

    def damage(self, target: int, amount: int, pierce: bool, source: int) -> None:
        """GAH-51: armour takes damage first, then life; piercing hits go straight to life."""
        if self.dead[target]:
            return
        if not pierce:
            soak = min(self.armour[target], amount)
            self.armour[target] -= soak
            amount -= soak
        self.life[target] = max(0, self.life[target] - amount)
        self._emit("damage", seat=target, life=self.life[target], armour=self.armour[target],
                  by=source)
        if self.life[target] == 0:
            self.die(target, source)

    def wear(self, seat: int, card: int, n: int) -> None:
        """Spend durability; at zero the weapon breaks and its blueprints go with it (GAH-14)."""
        ws = []
        for h in self.weapons[seat]:
            if h[0] == card:
                dur = h[1] - n
                if dur <= 0:
                    self.discard[BLUE].extend((card, *h[2]))
                    self._emit("weapon_broken", seat=seat, weapon=self.cname(card))
                    continue
                h = (card, dur, h[2])
            ws.append(h)
        self.weapons[seat] = tuple(ws)

    def repair_weapon(self, seat: int, card: int, n: int) -> None:
        """GAH-8: repair up to the weapon's maximum, only a weapon one holds."""
        ws = []
        for h in self.weapons[seat]:
            if h[0] == card:
                h = (card, min(self.weapon_stats(h)[2], h[1] + n), h[2])
            ws.append(h)
        self.weapons[seat] = tuple(ws)
        self._emit("repair", seat=seat, weapon=self.cname(card))

    def repair_armour(self, seat: int, n: int) -> None:
        self.armour[seat] = min(self.max_armour(seat), self.armour[seat] + n)
        self._emit("repair", seat=seat, armour=self.armour[seat])

    def worn_weapons(self, seat: int) -> list[int]:
        """Weapons below their maximum durability."""
        return [h[0] for h in self.weapons[seat] if h[1] < self.weapon_stats(h)[2]]

    # -------------------------------------------------------------- death
    def die(self, seat: int, killer: int) -> None:
        """GAH-61..GAH-63: death, the killer's gold, the discards and the centre."""
        self._emit("death", seat=seat, killer=killer)
        if killer >= 0 and killer != seat:
            n, self.gold[seat] = self.gold[seat], 0
            self.gain(killer, n)
        else:
            self.gold[seat] = 0
        self.discard[GREEN].extend(self.locs[seat])
        self.locs[seat] = ()
        self.discard[RED].extend(self.upg[seat])
        self.upg[seat] = ()
        for h in self.weapons[seat]:
            self.discard[BLUE].append(h[0])
            self.centre.extend(h[2])
        self.weapons[seat] = ()
        self.centre.extend(self.hand[seat])
        self.hand[seat] = ()
        self.lots = [(c, o, 0, -1) if b == seat else (c, o, bid, b)
                     for c, o, bid, b in self.lots]
        self.life[seat] = self.armour[seat] = 0
        self.dead[seat] = self.died[seat] = True
        self.limbo[seat] = 0
        self.immune[seat] = False
        if seat == self.current and self.phase != "over":
            self.phase = "end"
            self.hits_left = 0
        if self.phase == "over":
            return
        never = [s for s in range(self.players) if not self.died[s]]
        if len(never) == 1:  # GAH-66
            self.finish((never[0],), "only-one-never-died")
            return
        start = killer if killer >= 0 and killer != seat else (seat + 1) % self.players
        order = [(start + i) % self.players for i in range(self.players)]
        self.centre_queue = [s for s in order if not self.dead[s]]
        self.next_pick()

    def next_pick(self) -> None:
        """GAH-63: each living player in turn takes one card; the rest are discarded."""
        while self.centre and self.centre_queue:
            s = self.centre_queue.pop(0)
            self.pending.append(("centre", s))
            return
        for c in self.centre:
            self.discard[self.T.cards[c].colour].append(c)
        self.centre.clear()
        self.centre_queue.clear()
