"""Battle (MYTH-50 to MYTH-64): rounds of d100 attacks between the hero whose turn it is and
the monsters of his cell.

A round is a queue of attackers (``bq``): ``"@"`` for each attack of the hero, a monster id for
each monster. Monsters with "first attack" go before the hero; under Execute Place the hero
goes after every monster. Choices inside a round (the hero's target, the monsters' targets,
decided by the seat on the hero's right) stop the queue and wait for that seat.
"""

from __future__ import annotations

from .base import CARDS, HEROES, Cell, MythBase
from .params import DWARF_SPLASH

HERO_MARK = "@"
BATTLE_CARDS = ("darkness", "fury", "execute")


class BattleMixin(MythBase):
    """The battle step of a turn."""

    # --------------------------------------------------------------- helpers
    def darkness(self, cell: Cell) -> int:
        """MYTH-53: the penalty every attack on the cell suffers."""
        return sum(CARDS[c].value for c in self.lasting.get(cell, ()) if
                   CARDS[c].effect == "darkness")

    def has_lasting(self, cell: Cell, effect: str) -> bool:
        """Whether a lasting card with ``effect`` lies on ``cell``."""
        return any(CARDS[c].effect == effect for c in self.lasting.get(cell, ()))

    def clear_battle_cards(self, cell: Cell) -> None:
        """Darkness, Fury of an Enemy and Execute Place last only for the cell's battle."""
        cards = self.lasting.get(cell)
        if not cards:
            return
        keep = [c for c in cards if CARDS[c].effect not in BATTLE_CARDS]
        self.discard.extend(c for c in cards if CARDS[c].effect in BATTLE_CARDS)
        if keep:
            self.lasting[cell] = keep
        else:
            del self.lasting[cell]

    def prebattle_options(self) -> list[tuple[str, str]]:
        """MYTH-60, MYTH-41: enemies the hero may pay away or shut in the Tain before battle."""
        cur = self.cur
        en = self.enemies.get(self.pos[cur], [])
        out: list[tuple[str, str]] = []
        seen: set[str] = set()
        for m in en:
            if m in seen:
                continue
            seen.add(m)
            if len(en) >= 2 and self.res(cur) >= CARDS[m].damage + 1:
                out.append(("remove", m))
            if "tain" in self.items[cur] and self.tain_load < CARDS["tain"].value:
                out.append(("imprison", m))
        return out

    # --------------------------------------------------------------- flow
    def to_battle(self) -> None:
        """Step 4 of the turn: fight the monsters of the hero's cell, if any (MYTH-50)."""
        if self.over:
            return
        cur = self.cur
        if not self.alive[cur]:
            self.end_turn()
            return
        cell = self.pos[cur]
        if not self.enemies.get(cell):
            self.to_end()
            return
        self.phase = "battle"
        if cell not in self.begun:
            if self.prebattle_options():
                self.ask("prebattle", cur)
                return
            self.begun = (*self.begun, cell)
        self.start_round()

    def start_round(self) -> None:
        """Queue the round's attacks in order (MYTH-51, MYTH-52)."""
        cur = self.cur
        cell = self.pos[cur]
        en = self.enemies[cell]
        first = [m for m in en if CARDS[m].first_attack]
        rest = [m for m in en if not CARDS[m].first_attack]
        hero = [HERO_MARK] * self.attacks_of(cur)
        if self.has_lasting(cell, "execute"):
            self.bq = (*first, *rest, *hero)
        else:
            self.bq = (*first, *hero, *rest)
        self._emit("round", seat=cur, cell=list(cell), enemies=list(en))
        self.battle_loop()

    def battle_loop(self) -> None:
        """Run queued attacks until a choice is needed or the round ends."""
        cur = self.cur
        cell = self.pos[cur]
        while self.bq and not self.over:
            if not self.alive[cur]:
                break
            en = self.enemies.get(cell)
            if not en:
                break
            item = self.bq[0]
            if item == HERO_MARK:
                if HEROES[self.hero[cur]].area:
                    self.bq = self.bq[1:]
                    self.area_attack()
                    continue
                kinds = list(dict.fromkeys(en))
                if len(kinds) > 1:
                    self.ask("attack", cur)  # MYTH-56: the hero picks his target
                    return
                self.bq = self.bq[1:]
                self.hero_attack(kinds[0])
            else:
                targets = self.heroes_on(cell, cur)
                if not targets:
                    break
                if len(targets) > 1:
                    self.ask("target", self.right_of(cur))  # MYTH-57
                    return
                self.bq = self.bq[1:]
                self.monster_attack(item, targets[0])
        self.bq = ()
        if self.over:
            return
        if self.alive[cur] and not self.enemies.get(cell):
            self.battle_won(cell)
        elif self.alive[cur]:
            self._emit("battle_continues", seat=cur, cell=list(cell))  # MYTH-58
        self.to_end()

    def end_deserted_battles(self) -> None:
        """MYTH-102: a begun battle whose cell no living hero stands on (its heroes died or
        were sent away) ends undecided: its battle cards are discarded, its monsters stay on
        the cell, and a hero who comes later begins a new battle (MYTH-60 applies again)."""
        held = {self.pos[s] for s in self.living()}
        for cell in [c for c in self.begun if c not in held]:
            self.begun = tuple(c for c in self.begun if c != cell)
            self.clear_battle_cards(cell)
            self._emit("battle_deserted", cell=list(cell))

    def battle_won(self, cell: Cell) -> None:
        """The last enemy of the cell fell: the battle and its lasting cards end."""
        self.enemies.pop(cell, None)
        self.begun = tuple(c for c in self.begun if c != cell)
        self.clear_battle_cards(cell)
        self._emit("battle_won", seat=self.cur, cell=list(cell))
        self.note(f"{self.hero_name(self.cur)} wins the battle")

    # --------------------------------------------------------------- attacks
    def slay(self, seat: int, cell: Cell, m: str) -> None:
        """MYTH-54: a monster killed by a hero; experience as resources; proof if needed."""
        self.enemies[cell].remove(m)
        got = self.gain(seat, CARDS[m].experience)
        if self.wants_trophy(seat, m):
            self.trophies[seat].append(m)  # MYTH-15: kept as proof
        else:
            self.discard.append(m)
        self._emit("slain", seat=seat, monster=m, reward=got)
        # the queue never holds more attacks of a kind than monsters of it are alive
        alive = self.enemies[cell].count(m)
        if self.bq.count(m) > alive:
            bq = list(self.bq)
            while bq.count(m) > alive:
                del bq[len(bq) - 1 - bq[::-1].index(m)]
            self.bq = tuple(bq)

    def hero_attack(self, m: str) -> None:
        """One attack of the hero at monster ``m`` (MYTH-53)."""
        cur = self.cur
        cell = self.pos[cur]
        r = self.roll(cur, "attack")
        total = r + self.attack_of(cur) - self.darkness(cell)
        hit = total > CARDS[m].defence
        self.note(f"{self.hero_name(cur)} rolls {r}: {total} vs {CARDS[m].name} "
                  f"{CARDS[m].defence} - {'killed' if hit else 'miss'}")
        if hit:
            self.slay(cur, cell, m)

    def area_attack(self) -> None:
        """MYTH-62, MYTH-63: the dwarf's charge hits every enemy and hurts heroes beside him."""
        cur = self.cur
        cell = self.pos[cur]
        r = self.roll(cur, "area attack")
        total = r + self.attack_of(cur) - self.darkness(cell)
        dead = [m for m in self.enemies[cell] if total > CARDS[m].defence]
        self.note(f"{self.hero_name(cur)} rolls {r}: {total} against all - "
                  f"{len(dead)} killed")
        for m in dead:
            self.slay(cur, cell, m)
        for o in self.heroes_on(cell, cur):
            if o != cur and total > self.defence_of(o):
                self.note(f"the blast hurts {self.hero_name(o)}")
                self.hurt(o, DWARF_SPLASH, "dwarf's charge")

    def monster_attack(self, m: str, target: int) -> None:
        """One attack of a monster; a hit deals its damage, doubled by Fury (MYTH-55)."""
        cell = self.pos[self.cur]
        roller = self.right_of(self.cur)
        r = self.roll(roller, f"{m} attack")
        c = CARDS[m]
        total = r + c.attack - self.darkness(cell)
        hit = total > self.defence_of(target)
        dmg = c.damage * (2 if self.has_lasting(cell, "fury") else 1)
        self.note(f"{c.name} rolls {r}: {total} vs {self.hero_name(target)} "
                  f"{self.defence_of(target)} - {f'hit for {dmg}' if hit else 'miss'}")
        if hit:
            self.hurt(target, dmg, c.name)
