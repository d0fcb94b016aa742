"""Event resolution (MYTH-44 to MYTH-49 and the card effects MYTH-72 to MYTH-99).

Revealed cards wait in ``pending``; the one with the lowest timing resolves next ("first N",
then unmarked, then "last N", lower N first); when several different cards tie, the hero whose
events they are picks. Choices a card asks of a hero (Nod's destination, Shiver Magic's
discards, Fury of Shiver's victim, Deceiver Magic's player) wait in ``subq``.
"""

from __future__ import annotations

from meeple.components import tokens

from .base import CARDS, HEROES, OWNERS, RES, START, Cell
from .battle import BATTLE_CARDS, BattleMixin

ITEM_EFFECTS = frozenset({"standard", "tain", "codex", "weapon"})
SWAPS = frozenset({"help", "contract"})
QUEST_ITEMS = ("tain", "codex")


class ResolveMixin(BattleMixin):
    """Revealing and resolving event cards."""

    def reveal(self) -> None:
        """MYTH-48: turn the cards over; the resources on them go back to the bank."""
        self.phase = "resolve"
        paid = sum(p for _, _, p in self.table)
        if paid:
            tokens.transfer(self.tok, RES, "table", "bank", paid)
        self._emit("revealed", cards=[[c, s, p] for c, s, p in self.table])
        cards = [c for c, _, _ in self.table]
        self.table = ()
        self.affected_cell = self.pos[self.cur]
        self.pending = []
        self.join(cards)
        self.resolve_loop()

    def join(self, cards: list[str]) -> None:
        """Add cards to those resolving now; the Shadow of Balor cancels all others (MYTH-80)."""
        self.pending.extend(cards)
        if "shadow_of_balor" in cards or (cards and "shadow_of_balor" in self.pending):
            cell = self.affected_cell
            keep = self.pending.index("shadow_of_balor")
            dropped = [c for i, c in enumerate(self.pending) if i != keep]
            self.discard.extend(dropped)
            self.pending = ["shadow_of_balor"]
            lasting = self.lasting.pop(cell, [])
            self.discard.extend(lasting)
            self._emit("balor", cancelled=dropped + lasting)
            self.note(f"the Shadow of Balor cancels {len(dropped) + len(lasting)} card(s)")

    def next_choices(self) -> list[str]:
        """The distinct cards that may resolve next (more than one: the hero chooses)."""
        best = min(CARDS[c].rank for c in self.pending)
        return list(dict.fromkeys(c for c in self.pending if CARDS[c].rank == best))

    def resolve_loop(self) -> None:
        while not self.over:
            cur = self.cur
            if not self.alive[cur]:
                self.discard.extend(self.pending)
                self.pending = []
                self.subq = ()
                self.end_turn()
                return
            while self.subq and not self.alive[self.subq[0][1]]:
                self.subq = self.subq[1:]
            if self.subq:
                self.ask("sub", self.subq[0][1])
                return
            if not self.pending:
                break
            choices = self.next_choices()
            if len(choices) > 1:
                self.ask("order", cur)  # MYTH-46: ties are ordered by the affected player
                return
            self.apply_card(choices[0])
        if self.over:
            return
        cell = self.affected_cell
        if not self.enemies.get(cell):
            self.clear_battle_cards(cell)
        self.to_battle()

    # ------------------------------------------------------------------ effects
    def apply_card(self, cid: str) -> None:
        """Resolve one revealed card."""
        self.pending.remove(cid)
        c = CARDS[cid]
        cell = self.affected_cell
        cur = self.cur
        hit = self.heroes_on(cell, cur)  # MYTH-49: every hero on the cell
        self._emit("resolve", card=cid, heroes=hit)
        self.note(f"{c.name} resolves")
        eff = c.effect
        if c.monster:
            self.enemies.setdefault(cell, []).append(cid)  # MYTH-49: monsters belong to the cell
            return
        if eff in ITEM_EFFECTS:
            self.items[cur].append(cid)  # MYTH-40..43: the hero whose events these are
            return
        if eff in BATTLE_CARDS:
            self.lasting.setdefault(cell, []).append(cid)
            return
        if eff == "web":
            self.web(cid, cell, hit)
            return
        if eff in ("shade", "deceiver"):
            self.discard.append(cid)
            if eff == "shade":
                drawn = [d for d in (self.draw_event() for _ in range(c.value)) if d]
                self._emit("shade", cards=drawn)
                self.join(drawn)
            elif any(self.hand[s] for s in self.living()):
                self.subq = (*self.subq, ("deceive", cur, 0))
            return
        self.discard.append(cid)
        swapped: set[frozenset[int]] = set()
        for s in hit:
            if eff in SWAPS:  # MYTH-103: an exchange between two heroes of the cell is one
                pair = frozenset((s, self.swap_partner(cid, s)))
                if pair in swapped:
                    continue
                swapped.add(pair)
            self.effect_on(cid, s)
            if self.over:
                return

    def swap_partner(self, cid: str, s: int) -> int:
        """The neighbour the Help or the Contract makes ``s`` exchange with (MYTH-90, 94)."""
        return self.right_of(s) if CARDS[cid].direction == "right" else self.left_of(s)

    def effect_on(self, cid: str, s: int) -> None:
        """A card's effect on one hero of the cell."""
        c = CARDS[cid]
        eff = c.effect
        two = self.players == 2
        if eff == "trap":  # MYTH-74
            need = c.target - (c.dwarf_bonus if HEROES[self.hero[s]].area else 0)
            r = self.roll(s, "trap")
            if r < need:
                self.note(f"{self.hero_name(s)} rolls {r} < {need}: trapped")
                self.hurt(s, c.value, c.name)
            else:
                self.note(f"{self.hero_name(s)} rolls {r}: avoids the trap")
        elif eff == "nod":  # MYTH-76
            self.subq = (*self.subq, ("nod", s, 0))
        elif eff == "flooded":  # MYTH-77
            self.skip[s] += 1
        elif eff == "extra_turn":  # MYTH-78
            self.extra[s] += 1
        elif eff == "rest":  # MYTH-79
            self.heal(s, c.value)
        elif eff == "splinters":  # MYTH-84
            self.gain(s, c.value)
        elif eff == "shiver_magic":  # MYTH-87
            n = min(c.value, len(self.hand[s]))
            if n:
                self.subq = (*self.subq, ("discard", s, n))
        elif eff == "soulblighter":  # MYTH-88
            self._emit("hand_shown", seat=s, cards=list(self.hand[s]))
        elif eff == "fury_of_shiver":  # MYTH-89
            if self.destroyable(s):
                self.subq = (*self.subq, ("destroy", s, 0))
        elif eff == "help":  # MYTH-90
            o = self.swap_partner(cid, s)
            if o != s:
                a, b = self.res(s), self.res(o)
                self.tok[OWNERS[s]][RES], self.tok[OWNERS[o]][RES] = b, a
                self._emit("help", seat=s, other=o)
        elif eff == "order":  # MYTH-91, MYTH-101
            for o in self.clockwise_from(s):
                if o != s:
                    self.give(o, s, c.value2 if two else c.value)
        elif eff == "tax":  # MYTH-92, MYTH-101
            if two:
                self.give(s, self.right_of(s), c.value2)
            else:
                o = self.right_of(s)
                while o != s and self.res(s) > 0:
                    self.give(s, o, c.value)
                    o = self.right_of(o)
        elif eff == "dream":  # MYTH-93
            self.dream[s] = c.value
        elif eff == "contract":  # MYTH-94
            o = self.swap_partner(cid, s)
            if o != s:
                self.hand[s], self.hand[o] = self.hand[o], self.hand[s]
                self._emit("contract", seat=s, other=o)

    def web(self, cid: str, cell: Cell, hit: list[int]) -> None:
        """MYTH-75: only the hardest web on a cell holds; each hero on it tries once."""
        lst = self.lasting.get(cell, [])
        webs = [c for c in lst if CARDS[c].effect == "web"] + [cid]
        hardest = max(webs, key=lambda w: CARDS[w].target)
        webs.remove(hardest)
        self.discard.extend(webs)
        self.lasting[cell] = [*(c for c in lst if CARDS[c].effect != "web"), hardest]
        for s in hit:
            if self.escape_web(s):
                break

    def webbed(self, seat: int) -> bool:
        """Whether a web holds the hero's cell (MYTH-75)."""
        return any(CARDS[c].effect == "web" for c in self.lasting.get(self.pos[seat], ()))

    def escape_web(self, seat: int) -> bool:
        """One attempt to tear the web; success frees every hero on the cell."""
        cell = self.pos[seat]
        webs = [c for c in self.lasting.get(cell, []) if CARDS[c].effect == "web"]
        if not webs:
            return True
        need = CARDS[webs[0]].target
        r = self.roll(seat, "web")
        if r >= need:
            rest = [c for c in self.lasting[cell] if c not in webs]
            self.discard.extend(webs)
            if rest:
                self.lasting[cell] = rest
            else:
                del self.lasting[cell]
            self.note(f"{self.hero_name(seat)} rolls {r}: tears the web")
            return True
        self.note(f"{self.hero_name(seat)} rolls {r} < {need}: caught in the web")
        return False

    def destroyable(self, seat: int) -> list[str]:
        """Items Fury of Shiver may destroy: never the Tain or the Codex (MYTH-89)."""
        return list(dict.fromkeys(i for i in self.items[seat] if i not in QUEST_ITEMS))

    def explored(self) -> list[Cell]:
        """Every placed tile, in a stable order."""
        return sorted(self.grid, key=lambda c: (c[1], c[0]))

    def nod_targets(self, seat: int) -> list[Cell]:
        """MYTH-76: any explored cell but the hero's own."""
        here = self.pos[seat]
        return [c for c in self.explored() if c != here]

    def start_cell(self) -> Cell:
        """The Avatara's crossroads."""
        return START
