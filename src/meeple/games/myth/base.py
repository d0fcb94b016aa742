"""The fields of a Myth state and the small helpers every part of the rules uses.

A state holds only plain data: ids, counters, lists indexed by seat, cells as ``(x, y)``
tuples (``y`` grows southwards, as in :mod:`meeple.components.tilegrid`).
"""

from __future__ import annotations

from collections.abc import Sequence

from meeple.components import tokens
from meeple.components.tilegrid import DELTA, E, N, S, W
from meeple.core import State

from .data import Card, Content, content
from .params import FINAL_TURNS

C: Content = content()
CARDS = C.cards
HEROES = C.heroes
QUESTS = C.quests
OWNERS = ("p0", "p1", "p2", "p3")
RES = "resources"
DIR_NAMES = {N: "north", E: "east", S: "south", W: "west"}
DIR_BY_NAME = {v: k for k, v in DIR_NAMES.items()}
SIDE_ORDER = (N, E, S, W)
OPP = {N: S, E: W, S: N, W: E}
START: tuple[int, int] = (0, 0)
Cell = tuple[int, int]


def cell_text(c: Cell) -> str:
    """A cell's name in action texts: its offset from the start, ``x,y``."""
    return f"{c[0]},{c[1]}"


def mask_text(mask: int) -> str:
    """The open sides of a tile as letters in N, E, S, W order (``"NES"``)."""
    return "".join(ch for ch, side in zip("NESW", SIDE_ORDER, strict=True) if mask & side)


def step_cell(c: Cell, side: int) -> Cell:
    """The neighbouring cell beyond ``side``."""
    dx, dy = DELTA[side]
    return (c[0] + dx, c[1] + dy)


class MythBase(State):
    """Fields and helpers shared by the turn, resolution and battle code."""

    _mutable = (
        "hero", "level", "life", "alive", "pos", "hand", "quests", "shown", "trophies",
        "items", "tok", "deck", "discard", "grid", "enemies", "lasting", "skip", "extra",
        "dream", "pending",
    )
    # Rarely changed piles (tiles, quests, tile names, the log lines) and the short queues of a
    # turn are immutable tuples (or dicts) rebuilt on change, so a clone shares them.
    _private_actions = True

    # seats
    hero: list[str]
    level: list[int]
    life: list[int]
    alive: list[bool]
    pos: list[Cell]
    hand: list[list[str]]
    quests: list[list[str]]
    shown: list[list[str]]
    trophies: list[list[str]]
    items: list[list[str]]
    skip: list[int]
    extra: list[int]
    dream: list[int]
    tok: dict[str, dict[str, int]]
    tain_load: int
    # piles
    deck: list[str]
    discard: list[str]
    quest_pile: tuple[str, ...]
    quest_discard: tuple[str, ...]
    tiles: tuple[str, ...]
    tile_discard: tuple[str, ...]
    # dungeon
    grid: dict[Cell, int]
    tile_of: dict[Cell, str]  # rebuilt, never changed in place
    enemies: dict[Cell, list[str]]
    begun: tuple[Cell, ...]
    lasting: dict[Cell, list[str]]
    # turn
    cur: int
    turn: int
    step: str
    phase: str
    dreaming: bool
    forbid_cards: int  # 0 no order yet, 1 forbidden, 2 allowed (MYTH-93)
    bought_extra: bool
    drawn_tile: str
    explore_side: int
    new_ground: bool
    moved: bool
    final_left: int
    # event round
    table: tuple[tuple[str, int, int], ...]  # (card, seat who played it or -1 for the deck, paid)
    offer_queue: tuple[int, ...]
    offer_double: bool
    other_played: bool
    pending: list[str]
    subq: tuple[tuple[str, int, int], ...]  # (kind, seat, count)
    affected_cell: Cell
    # battle
    bq: tuple[str, ...]
    rolls: tuple[str, ...]
    # end
    over_reason: str
    detail: str
    winners: tuple[int, ...]

    # ------------------------------------------------------------ seats
    def res(self, seat: int) -> int:
        """Resources held by ``seat``."""
        return self.tok[OWNERS[seat]][RES]

    @property
    def bank(self) -> int:
        """Resources left in the bank."""
        return self.tok["bank"][RES]

    def gain(self, seat: int, n: int) -> int:
        """Take up to ``n`` resources from the bank (MYTH-6: the bank is finite)."""
        n = min(n, self.tok["bank"][RES])
        if n > 0:
            tokens.transfer(self.tok, RES, "bank", OWNERS[seat], n)
        return n

    def pay(self, seat: int, n: int, to: str = "bank") -> None:
        """Pay ``n`` resources to the bank (or to the face-down cards on the table)."""
        if n:
            tokens.transfer(self.tok, RES, OWNERS[seat], to, n)

    def give(self, src: int, dst: int, n: int) -> int:
        """Move up to ``n`` resources from one seat to another."""
        n = min(n, self.res(src))
        if n > 0:
            tokens.transfer(self.tok, RES, OWNERS[src], OWNERS[dst], n)
        return n

    def living(self) -> list[int]:
        """Living seats in seat order."""
        return [s for s in range(self.players) if self.alive[s]]

    def clockwise_from(self, seat: int) -> list[int]:
        """Living seats clockwise, starting with ``seat`` (if alive)."""
        n = self.players
        return [(seat + i) % n for i in range(n) if self.alive[(seat + i) % n]]

    def right_of(self, seat: int) -> int:
        """The living seat on ``seat``'s right (the one before it in turn order)."""
        n = self.players
        for i in range(1, n):
            s = (seat - i) % n
            if self.alive[s]:
                return s
        return seat

    def left_of(self, seat: int) -> int:
        """The living seat on ``seat``'s left (the next one in turn order)."""
        n = self.players
        for i in range(1, n):
            s = (seat + i) % n
            if self.alive[s]:
                return s
        return seat

    def heroes_on(self, cell: Cell, first: int) -> list[int]:
        """Living heroes standing on ``cell``, clockwise from ``first``."""
        return [s for s in self.clockwise_from(first) if self.pos[s] == cell]

    def hero_name(self, seat: int) -> str:
        """The English name of ``seat``'s hero."""
        return HEROES[self.hero[seat]].name

    def max_life(self, seat: int) -> int:
        """Life maximum at the hero's level (MYTH-10)."""
        return HEROES[self.hero[seat]].life[min(self.level[seat], 3) - 1]

    def heal(self, seat: int, n: int) -> int:
        """Restore up to ``n`` life, never above the level's maximum (MYTH-10)."""
        n = max(0, min(n, self.max_life(seat) - self.life[seat]))
        self.life[seat] += n
        return n

    def attack_of(self, seat: int) -> int:
        """Attack at the current level plus the hero's own bound weapons (MYTH-43)."""
        h = HEROES[self.hero[seat]]
        a = h.attack[min(self.level[seat], 3) - 1]
        for it in self.items[seat]:
            c = CARDS[it]
            if c.effect == "weapon" and c.hero == h.id:
                a += c.value
        return a

    def defence_of(self, seat: int) -> int:
        """Defence at the current level plus every Standard carried (MYTH-40)."""
        d = HEROES[self.hero[seat]].defence[min(self.level[seat], 3) - 1]
        for it in self.items[seat]:
            c = CARDS[it]
            if c.effect == "standard":
                d += c.value
        return d

    def attacks_of(self, seat: int) -> int:
        """Attacks a round at the current level (MYTH-11, MYTH-12)."""
        return HEROES[self.hero[seat]].attacks[min(self.level[seat], 3) - 1]

    # ------------------------------------------------------------ cards
    def card(self, cid: str) -> Card:
        """The content of a card id."""
        return CARDS[cid]

    def play_cost(self, seat: int, cid: str, double: bool) -> int:
        """What ``seat`` pays to play ``cid``: Codex -1 (never below 1), doubled off new ground."""
        cost = CARDS[cid].cost
        if cost > 0 and "codex" in self.items[seat]:
            cost = max(1, cost - 1)  # MYTH-42
        return cost * 2 if double else cost  # MYTH-47

    def draw_event(self) -> str | None:
        """The top card of the event deck; starts the last two turns when the deck runs out."""
        if not self.deck:
            return None
        cid = self.deck.pop()
        if not self.deck and self.final_left < 0:
            self.final_left = FINAL_TURNS  # MYTH-24
            self._emit("deck_exhausted", seat=self.cur)
        return cid

    def roll(self, who: int, what: str) -> int:
        """A d100 from two d10 rolled by ``who``; the roll is an event and a line in the log."""
        tens, units = self.rng.below(10), self.rng.below(10)
        v = tens * 10 + units or 100
        self._emit("roll", seat=who, value=v, tens=tens, units=units, purpose=what)
        return v

    def note(self, line: str) -> None:
        """A line for the battle and event log of this turn (shown by the terminal)."""
        self.rolls = (*self.rolls[-11:], line)

    # ------------------------------------------------------------ quests
    def quest_done(self, seat: int, qid: str, trophies: Sequence[str] | None = None) -> bool:
        """Whether the proof of ``qid`` is at hand now (MYTH-16); ``trophies`` stands in for
        the hero's own when given (the bots' look past a battle)."""
        q = QUESTS[qid]
        if q.kind == "kill":
            held = self.trophies[seat] if trophies is None else trophies
            return held.count(q.monster) >= q.count
        return q.item in self.items[seat] and self.pos[seat] == START

    def wants_trophy(self, seat: int, monster: str,
                     trophies: Sequence[str] | None = None) -> bool:
        """True when an unshown quest still needs another kill of this kind (MYTH-15);
        ``trophies`` as in :meth:`quest_done`."""
        need = sum(QUESTS[q].count for q in self.quests[seat]
                   if QUESTS[q].kind == "kill" and QUESTS[q].monster == monster)
        held = self.trophies[seat] if trophies is None else trophies
        return need > held.count(monster)

    # ------------------------------------------------------------ death and the end
    def kill_hero(self, seat: int, why: str) -> None:
        """MYTH-65: a dead hero's cards and items are discarded and the player leaves."""
        if not self.alive[seat]:
            return
        self.alive[seat] = False
        self.life[seat] = min(self.life[seat], 0)
        self.discard.extend(self.hand[seat])
        self.hand[seat] = []
        for it in self.items[seat]:
            if it == "tain":
                self.tain_load = 0
            self.discard.append(it)
        self.items[seat] = []
        self.discard.extend(self.trophies[seat])
        self.trophies[seat] = []
        self.quest_discard = (*self.quest_discard, *self.quests[seat])
        self.quests[seat] = []
        self.pay(seat, self.res(seat))
        self._emit("hero_died", seat=seat, hero=self.hero[seat], cause=why)
        self.note(f"{self.hero_name(seat)} dies ({why})")
        self.end_deserted_battles()
        alive = self.living()
        if len(alive) == 1:
            self.finish((alive[0],), "last-hero", f"{self.hero_name(alive[0])} is the last "
                        "hero alive.")
        elif not alive:
            self.finish((), "all-dead", "Every hero has fallen.")

    def hurt(self, seat: int, n: int, why: str) -> None:
        """Take ``n`` life; at 0 or less the hero dies (MYTH-10)."""
        self.life[seat] -= n
        self._emit("wound", seat=seat, amount=n, life=self.life[seat], cause=why)
        if self.life[seat] <= 0:
            self.kill_hero(seat, why)

    def finish(self, winners: tuple[int, ...], reason: str, detail: str) -> None:
        """End the game now."""
        if self.over_reason:
            return
        self.winners = winners
        self.over_reason = reason
        self.detail = detail
        self.to_act = None
        self._emit("game_over", winners=list(winners), reason=reason)

    def finish_by_score(self, reason: str, detail: str) -> None:
        """MYTH-23, MYTH-24: most quests done; ties broken by life + resources."""
        alive = self.living()
        best = max(len(self.shown[s]) for s in alive)
        top = [s for s in alive if len(self.shown[s]) == best]
        if len(top) > 1:
            tb = max(self.life[s] + self.res(s) for s in top)
            top = [s for s in top if self.life[s] + self.res(s) == tb]
        self.finish(tuple(top), reason, detail)

    @property
    def over(self) -> bool:
        """True once the game has ended."""
        return bool(self.over_reason)

    # ------------------------------------------------------------ flow (defined by the state)
    def ask(self, step: str, seat: int) -> None:
        """Wait for ``seat`` to decide at ``step``."""
        raise NotImplementedError

    def end_turn(self) -> None:
        """Close the turn and start the next one."""
        raise NotImplementedError

    def to_end(self) -> None:
        """Go to the end-of-turn step."""
        raise NotImplementedError

    def to_battle(self) -> None:
        """Go to the battle step."""
        raise NotImplementedError

    def end_deserted_battles(self) -> None:
        """End the battles no living hero stands in any more."""
        raise NotImplementedError

    def resolve_loop(self) -> None:
        """Resolve revealed event cards until a choice is needed."""
        raise NotImplementedError
