"""The state of High in the Heavens and the flow of a turn (HVN rule ids in comments).

Sides: side 0 (pantheon A) is seat 0, or seats 0 and 1 as a team; side 1 (pantheon B) is
seat 1, or the last seats. Cards are global indexes into the game's card table; a summoned
character is a *unit* record ``(hex, health, armour, attack, poison, stun_turn, fallen)`` keyed
by its card. Hexes are indexes into the shared :class:`~.board.Board`.

Only three small flat dicts change on most actions (the units, who stands where, the box of
rings) and ``clone`` copies just those. Everything else that changes is an immutable value
rebuilt on change (tuples, and dicts never changed in place), so clones share it.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from meeple.components import deck, dice
from meeple.components.tokens import NotEnoughTokens
from meeple.core import Action, Result, Rng, State

from .actions import apply as apply_action
from .actions import legal
from .effects import ARM, ATK, FALLEN, HEX, HP, PSN, STUN

if TYPE_CHECKING:
    from .board import Board
    from .rules import Heavens

NO_WINNER = -2
DRAW = -1

#: A unit record: (hex, health, armour, attack, poison, stun_turn, fallen).
Unit = tuple[int, ...]
#: A follow-up decision: ("move", card, steps_left, visited_hexes, steps_taken),
#: ("acquire", card, hex, rings_taken) or ("target", source_card_or_-1, card).
Pending = tuple[Any, ...]
Piles = tuple[tuple[int, ...], ...]


class HeavensState(State):
    """Both pantheons' cards, the units and rings on the Heavens, and whose decision it is."""

    _mutable = ("units", "at", "box")
    game: Heavens
    units: dict[int, Unit]  # every unit on the Heavens, standing or fallen
    at: dict[int, int]  # hex -> standing character
    box: dict[str, int]  # HVN-1: rings in the box; the rest lie on the Heavens
    # Shared by clones: rebuilt on change, never changed in place.
    deck: Piles  # per side, top card last
    hands: Piles  # per seat
    discard: Piles  # per side, in the order the cards went there
    fallen_at: Mapping[int, int]  # hex -> fallen character
    trap: Mapping[int, int]  # hex -> black rings
    arch: Mapping[int, int]  # hex -> white rings
    drop: Mapping[int, tuple[int, int]]  # hex -> dropped (armour, attack) rings
    base_hp: tuple[int, int]
    summons: tuple[int, int]  # characters each side has summoned so far (HVN-43)
    pending: tuple[Pending, ...]  # the stack of follow-up decisions, top last
    phase: str
    active: int
    order_pos: int
    start_pos: int
    turn: int
    rounds: int
    tokens: int
    winner: int
    reason: str

    @property
    def board(self) -> Board:
        """The shared map."""
        return self.game.board

    # ------------------------------------------------------------------ set-up
    def _setup(self) -> None:
        g = self.game
        self.box = dict(g.ring_counts)  # HVN-1
        self.units, self.at, self.fallen_at = {}, {}, {}
        self.trap, self.arch, self.drop = {}, {}, {}
        self.base_hp = (g.config["base_health"],) * 2  # HVN-18, HVN-27
        self.summons = (0, 0)
        self.pending = ()
        self.turn = 0
        self.rounds = 0
        self.winner = NO_WINNER
        self.reason = ""
        piles = [list(g.side_cards[0]), list(g.side_cards[1])]
        hands: list[tuple[int, ...]] = [()] * self.players
        for side in (0, 1):
            deck.shuffle(piles[side], self.rng)  # HVN-27
            for seat in g.team[side]:
                hands[seat] = tuple(self._deal_opening(seat, piles[side]))
        self.deck = tuple(map(tuple, piles))
        self.hands = tuple(hands)
        self.discard = ((), ())
        self.order_pos = self.rng.below(len(g.order))  # HVN-28: first player by chance
        self.start_pos = self.order_pos
        self._emit("first_player", seat=g.order[self.order_pos])
        self._start_turn()

    def _deal_opening(self, seat: int, pile: list[int]) -> list[int]:
        """HVN-29: deal a hand; re-deal, shown to all, until it holds a character."""
        g = self.game
        side = g.side_of[seat]
        if g.config["omnipotence"]:  # HVN-44: the whole deck in hand (shared out by a team)
            mates = g.team[side]
            share = len(pile) // len(mates) + (1 if mates.index(seat) < len(pile) % len(mates)
                                               else 0)
            hand = deck.draw(pile, share if seat != mates[-1] else len(pile))
            self._emit_draw(seat, hand)
            return hand
        while True:
            hand = deck.draw(pile, g.hand_size[side])
            if any(g.is_char[c] for c in hand) or not any(g.is_char[c] for c in pile):
                break
            self._emit("redeal", seat=seat, shown=[g.ids[c] for c in hand])
            deck.put(pile, hand)
            deck.shuffle(pile, self.rng)
        self._emit_draw(seat, hand)
        return hand

    # ------------------------------------------------- piles (rebuilt on change)
    def set_hand(self, seat: int, cards: Iterable[int]) -> None:
        """Replace a seat's hand."""
        hands = list(self.hands)
        hands[seat] = tuple(cards)
        self.hands = tuple(hands)

    def set_deck(self, side: int, cards: Iterable[int]) -> None:
        """Replace a side's draw pile (top card last)."""
        piles = list(self.deck)
        piles[side] = tuple(cards)
        self.deck = tuple(piles)

    def from_hand(self, seat: int, c: int) -> None:
        """Take one card out of a seat's hand."""
        hand = list(self.hands[seat])
        hand.remove(c)
        self.set_hand(seat, hand)

    def to_discard(self, side: int, c: int) -> None:
        """HVN-20: a card goes on top of its side's discard pile."""
        piles = list(self.discard)
        piles[side] = (*piles[side], c)
        self.discard = tuple(piles)

    def push(self, p: Pending) -> None:
        """A follow-up decision goes on top of the pending stack."""
        self.pending = (*self.pending, p)

    def pop(self) -> Pending:
        """The top follow-up decision, taken off the stack."""
        top = self.pending[-1]
        self.pending = self.pending[:-1]
        return top

    def set_unit(self, c: int, slot: int, value: int) -> None:
        """Change one field of a unit record."""
        u = self.units[c]
        self.units[c] = (*u[:slot], value, *u[slot + 1:])

    def _emit_draw(self, seat: int, cards: list[int]) -> None:
        if cards:
            g = self.game
            self._emit("drew", to=g.team[g.side_of[seat]],
                      others={"seat": seat, "count": len(cards)},
                      seat=seat, count=len(cards), cards=[g.ids[c] for c in cards])

    # -------------------------------------------------------------- turn flow
    def _start_turn(self) -> None:
        g = self.game
        seat = g.order[self.order_pos]
        side = g.side_of[seat]
        self.active = seat
        self.turn += 1
        # HVN-28, HVN-49: the very first turn of the game has one token fewer
        self.tokens = g.tokens[side] - (1 if self.turn == 1 else 0)
        self.phase = "actions"
        self.to_act = seat
        self._emit("turn", seat=seat, turn=self.turn, round=self.rounds + 1, tokens=self.tokens)
        for c in sorted(self.at.values()):  # HVN-6: poison bites as the controller's turn begins
            u = self.units[c]
            if g.card_side[c] == side and u[PSN]:
                self._emit("poison", card=g.ids[c], amount=u[PSN])
                self._lose_health(c, u[PSN])
        self._settle()

    def _end_actions(self) -> None:
        """HVN-38: cleanup begins; the side's fallen leave and stuns wear off."""
        g = self.game
        side = g.side_of[self.active]
        self.phase = "cleanup"
        self.pending = ()
        for _h, c in sorted(self.fallen_at.items()):
            if g.card_side[c] == side:
                self._remove_fallen(c, "perished")
        for c in sorted(self.at.values()):  # HVN-3: incapacity lasts about one round
            u = self.units[c]
            if g.card_side[c] == side and 0 <= u[STUN] < self.turn:
                self.set_unit(c, STUN, -1)
                self._give_back("black", 1)
        self._settle()
        if self.to_act is not None and not self.hands[self.active]:
            self._end_turn()

    def _end_turn(self) -> None:
        """HVN-39, HVN-40: draw back up to the hand size, then the next seat's turn."""
        g = self.game
        seat = self.active
        side = g.side_of[seat]
        if not g.config["omnipotence"]:
            want = g.hand_size[side] - len(self.hands[seat])
            pile = list(self.deck[side])
            got = deck.draw(pile, want)
            if got:
                self.set_deck(side, pile)
                self.set_hand(seat, (*self.hands[seat], *got))
            self._emit_draw(seat, got)
        self.order_pos = (self.order_pos + 1) % len(g.order)
        if self.order_pos == self.start_pos:
            self.rounds += 1
            limit = g.config["max_rounds"]
            if limit and self.rounds >= limit:  # HVN-53
                self._finish(DRAW, "round-limit")
                return
        self._start_turn()

    def _settle(self) -> None:
        """HVN-25, HVN-26: check both victory conditions after every step."""
        if self.winner != NO_WINNER:
            return
        standing = {self.game.card_side[c] for c in self.at.values()}
        if len(standing) == 2 and self.base_hp[0] > 0 and self.base_hp[1] > 0:
            return  # the usual case: nothing to check further
        lost = [self.base_hp[s] <= 0 or self.wiped(s) for s in (0, 1)]
        if lost[0] and lost[1]:
            self._finish(DRAW, "mutual-destruction")
        elif lost[0] or lost[1]:
            loser = 0 if lost[0] else 1
            self._finish(1 - loser, "base-destroyed" if self.base_hp[loser] <= 0
                         else "pantheon-destroyed")

    def _finish(self, winner: int, reason: str) -> None:
        self.winner = winner
        self.reason = reason
        self.to_act = None
        self.phase = "over"
        self.pending = ()
        self._emit("game_over", winner=winner, reason=reason)

    def wiped(self, side: int) -> bool:
        """HVN-25: no character standing and none left to summon from hand or deck."""
        g = self.game
        if any(g.card_side[c] == side for c in self.at.values()):
            return False
        if any(g.is_char[c] for c in self.deck[side]):
            return False
        return not any(g.is_char[c] for s in g.team[side] for c in self.hands[s])

    # ----------------------------------------------------------- map queries
    def blocked(self, h: int) -> bool:
        """HVN-12: an occupied hex blocks movement and the line of fire."""
        return (h in self.at or h in self.trap or h in self.arch or h in self.drop
                or h in self.board.base_side)

    def obstacles(self) -> set[int]:
        """HVN-12: every hex that blocks movement and the line of fire, at once."""
        return {*self.at, *self.trap, *self.arch, *self.drop, *self.board.bases}

    def locked(self, side: int) -> bool:
        """HVN-43: until two characters were summoned none may leave the summoning hexes.

        The lock also lifts when the pantheon has no character left to summon, or a lone
        character would be held on its summoning hex for the rest of the game.
        """
        if self.summons[side] >= 2:
            return False
        g = self.game
        return any(g.is_char[c] for c in self.deck[side]) or any(
            g.is_char[c] for s in g.team[side] for c in self.hands[s])

    def may_enter(self, seat: int, card: int, frm: int, to: int) -> bool:
        """Movement limits: the summoning-hex lock and the four-player zones."""
        g, b = self.game, self.board
        side = g.side_of[seat]
        zones = g.zones[seat]
        if zones is not None and (b.zone[frm] not in zones or b.zone[to] not in zones):
            return False  # HVN-51
        return not (self.locked(side) and frm in b.summon[side] and to not in b.summon[side])

    def enemies_near(self, side: int, h: int, reach: int) -> bool:
        """True when an enemy character stands within ``reach`` of hex ``h``."""
        g, d = self.game, self.board.dist[h]
        return any(g.card_side[c] != side and d[self.units[c][HEX]] <= reach
                   for c in self.at.values())

    def can_act(self, c: int) -> bool:
        """HVN-3, HVN-5: incapacitated or trapped characters take no actions."""
        u = self.units[c]
        return u[STUN] < 0 and u[HEX] not in self.trap

    # ------------------------------------------------------------ ring moves
    def _take(self, colour: str, n: int) -> None:
        """HVN-1: rings leave the box for the Heavens; never more than the box holds."""
        have = self.box[colour]
        if n < 0 or have < n:
            raise NotEnoughTokens(f"the box has {have} {colour}, not {n}")
        self.box[colour] = have - n

    def _give_back(self, colour: str, n: int) -> None:
        """HVN-1: rings go back from the Heavens into the box."""
        self.box[colour] += n

    def add_rings(self, c: int, slot: int, colour: str, n: int) -> None:
        """Put ``n`` rings of a colour on a character's stack."""
        if n > 0:
            self._take(colour, n)
            self.set_unit(c, slot, self.units[c][slot] + n)
            self._emit("rings", card=self.game.ids[c], colour=colour, amount=n)

    def heal(self, c: int, n: int) -> None:
        """HVN-9: health never rises above the card's value."""
        n = min(n, self.game.health[c] - self.units[c][HP])
        if n > 0:
            self._take("red", n)
            self.set_unit(c, HP, self.units[c][HP] + n)
            self._emit("healed", card=self.game.ids[c], amount=n)

    def cure(self, c: int) -> None:
        """Every poison ring leaves the character."""
        u = self.units[c]
        if u[PSN]:
            self._give_back("green", u[PSN])
            self._emit("cured", card=self.game.ids[c], amount=u[PSN])
            self.set_unit(c, PSN, 0)

    def stun(self, c: int) -> None:
        """HVN-3: one black ring on top of the stack."""
        u = self.units[c]
        if u[STUN] < 0:
            self._take("black", 1)
            self.set_unit(c, STUN, self.turn)
            self._emit("incapacitated", card=self.game.ids[c])

    def set_trap(self, h: int, n: int) -> None:
        """HVN-4: a trap of ``n`` black rings under a stack or on an empty hex."""
        self._take("black", n)
        self.trap = {**self.trap, h: self.trap.get(h, 0) + n}
        self._emit("trap_set", hex=self.board.labels[h], strength=n)

    def damage_trap(self, h: int, n: int) -> None:
        """HVN-5: damage removes black rings from a trap."""
        n = min(n, self.trap.get(h, 0))
        if n > 0:
            self._give_back("black", n)
            self.trap = _less(self.trap, h, n)
            self._emit("trap_damaged", hex=self.board.labels[h], amount=n,
                      left=self.trap.get(h, 0))

    def build(self, h: int, n: int) -> None:
        """HVN-10: architecture of ``n`` white rings."""
        self._take("white", n)
        self.arch = {**self.arch, h: n}
        self._emit("built", hex=self.board.labels[h], strength=n)

    def damage_arch(self, h: int, n: int) -> None:
        """HVN-10: damage removes white rings from architecture."""
        n = min(n, self.arch.get(h, 0))
        if n > 0:
            self._give_back("white", n)
            self.arch = _less(self.arch, h, n)
            self._emit("architecture_damaged", hex=self.board.labels[h], amount=n,
                      left=self.arch.get(h, 0))

    def hurt_base(self, side: int, n: int) -> None:
        """HVN-26: base damage."""
        left = max(0, self.base_hp[side] - n)
        self.base_hp = (left, self.base_hp[1]) if side == 0 else (self.base_hp[0], left)
        self._emit("base_damaged", side=side, amount=n, left=left)

    def hurt(self, c: int, n: int, pierce: bool = False) -> int:
        """HVN-7: armour absorbs one damage per ring unless the attack pierces it."""
        if not pierce:
            n -= self.units[c][ARM]
        if n <= 0:
            self._emit("absorbed", card=self.game.ids[c])
            return 0
        self._emit("damaged", card=self.game.ids[c], amount=n)
        return self._lose_health(c, n)

    def _lose_health(self, c: int, n: int) -> int:
        u = self.units[c]
        n = min(n, u[HP])
        self._give_back("red", n)
        if n < u[HP]:
            self.set_unit(c, HP, u[HP] - n)
        else:
            self._fall(c)
        return n

    def _fall(self, c: int) -> None:
        """HVN-41: the character falls; bonus rings drop where it lies."""
        u = self.units[c]
        h = u[HEX]
        del self.at[h]
        if u[PSN]:
            self._give_back("green", u[PSN])
        if u[STUN] >= 0:
            self._give_back("black", 1)
        if u[ARM] or u[ATK]:
            arm, atk = self.drop.get(h, (0, 0))
            self.drop = {**self.drop, h: (arm + u[ARM], atk + u[ATK])}
        self.units[c] = (h, 0, 0, 0, 0, -1, 1)
        self.fallen_at = {**self.fallen_at, h: c}
        self._emit("fallen", card=self.game.ids[c], hex=self.board.labels[h])

    def _remove_fallen(self, c: int, how: str) -> None:
        """HVN-38, HVN-42: a fallen character leaves the Heavens; its card is discarded."""
        g = self.game
        h = self.units.pop(c)[HEX]
        self.fallen_at = {k: v for k, v in self.fallen_at.items() if k != h}
        self.to_discard(g.card_side[c], c)
        self._emit(how, card=g.ids[c], hex=self.board.labels[h])

    def _arrive(self, c: int, h: int) -> None:
        """A character enters a hex; a fallen one lying there is defeated (HVN-42)."""
        f = self.fallen_at.get(h)
        if f is not None:
            self._remove_fallen(f, "defeated")
        self.set_unit(c, HEX, h)
        self.at[h] = c

    def relocate(self, c: int, h: int) -> None:
        """Move a standing character straight to ``h`` (a leap)."""
        del self.at[self.units[c][HEX]]
        self._arrive(c, h)
        self._emit("moved", card=self.game.ids[c], hex=self.board.labels[h])

    def summon(self, seat: int, c: int, h: int) -> None:
        """HVN-32: the character enters with as many health rings as its card shows."""
        g = self.game
        side = g.side_of[seat]
        self._take("red", g.health[c])
        self.units[c] = (h, g.health[c], 0, 0, 0, -1, 0)
        self._arrive(c, h)
        self.summons = (self.summons[0] + 1, self.summons[1]) if side == 0 else (
            self.summons[0], self.summons[1] + 1)
        self._emit("summoned", card=g.ids[c], hex=self.board.labels[h], seat=seat)

    # --------------------------------------------------------- engine hooks
    def _legal_actions(self) -> list[Action]:
        return legal(self)

    def _apply(self, action: Action) -> None:
        apply_action(self, action)
        self._settle()

    def _result(self) -> Result:
        g = self.game
        w = self.winner
        if w in (0, 1):
            winners = g.team[w]
            scores = tuple(1.0 if g.side_of[s] == w else 0.0 for s in range(self.players))
            loser = 1 - w
            detail = (f"The base of the {g.pantheon_names[loser]} fell."
                      if self.reason == "base-destroyed" else
                      f"Every character of the {g.pantheon_names[loser]} is destroyed.")
        else:
            winners = ()
            scores = (0.5,) * self.players
            detail = ("The round limit was reached." if self.reason == "round-limit"
                      else "Both pantheons fell together.")
        return Result(tuple(winners), scores, self.turn, self.reason, detail, extra={
            "rounds": self.rounds, "base_health": list(self.base_hp),
            "roles": [g.pantheon_ids[g.side_of[s]] for s in range(self.players)]})

    def strength(self, side: int) -> float:
        """A heuristic for bots: base health, standing characters, cards still to play."""
        g = self.game
        total = float(self.base_hp[side])
        for c, u in self.units.items():
            if g.card_side[c] == side and not u[FALLEN]:
                power = max(g.melee[c], g.ranged[c]) + u[ATK]
                total += u[HP] + u[ARM] + power - u[PSN] - (1 if u[STUN] >= 0 else 0)
        cards = len(self.deck[side]) + sum(len(self.hands[s]) for s in g.team[side])
        return max(0.0, total + 2.0 * cards)

    def _evaluate(self, seat: int) -> float:
        """The seat's side's share of both sides' strength: 0.5 for an even position."""
        side = self.game.side_of[seat]
        mine, theirs = self.strength(side), self.strength(1 - side)
        return 0.5 if mine + theirs <= 0 else mine / (mine + theirs)

    def _view(self, seat: int | None) -> dict[str, Any]:
        from .view import view

        return view(self, seat)

    def _determinize(self, seat: int, rng: Rng) -> None:
        g = self.game
        side = g.side_of[seat]
        own = list(self.deck[side])
        deck.reshuffle(own, rng)  # the order of one's own deck is unknown
        self.set_deck(side, own)
        other = 1 - side
        hidden = [list(self.deck[other]), *(list(self.hands[s]) for s in g.team[other])]
        deck.resample(hidden, rng)
        self.set_deck(other, hidden[0])
        for s, hand in zip(g.team[other], hidden[1:], strict=True):
            self.set_hand(s, hand)

    def roll_hits(self) -> bool:
        """HVN-45: with Rolling Runes an attack hits on 3-6 of a d6."""
        if not self.game.config["rolling_runes"]:
            return True
        r = dice.d6(self.rng)
        self._emit("rune_roll", roll=r, hit=r >= 3)
        return r >= 3

    def spend(self, n: int = 1) -> None:
        """HVN-31: pay action tokens before the action is carried out."""
        self.tokens -= n

    def _validate(self) -> None:
        from meeple.core.validate import in_range, one_of, refuse

        g, n = self.game, self.players
        cards, hexes = len(g.ids) - 1, len(g.board.coords) - 1
        if len(self.deck) != 2 or len(self.discard) != 2 or len(self.hands) != n:
            refuse("hands", "two decks, two discard piles and a hand per seat")
        for name in ("deck", "hands", "discard", "units"):
            in_range(self, name, 0, cards, keys=True, value=getattr(self, name)
                     if name != "units" else tuple(self.units))
        for c, u in self.units.items():
            if len(u) != 7 or not 0 <= u[0] <= hexes or not all(-1000 <= x <= 1000 for x in u):
                refuse(f"units[{c}]", f"{u!r} is not (hex, health, armour, attack, poison, "
                       "stun turn, fallen)")
        for name in ("at", "fallen_at"):
            for h, c in getattr(self, name).items():
                if not 0 <= h <= hexes or c not in self.units or self.units[c][0] != h:
                    refuse(f"{name}[{h}]", f"no unit {c} stands on hex {h}")
        for c, u in self.units.items():  # each unit stands or lies on its hex, once
            if (self.at.get(u[0]) == c) == (self.fallen_at.get(u[0]) == c):
                refuse(f"units[{c}]", f"is on hex {u[0]}, but neither at nor fallen_at "
                       "holds it there once")
        for name in ("trap", "arch", "drop"):
            in_range(self, name, 0, hexes, keys=True, value=tuple(getattr(self, name)))
            in_range(self, name, 0, 1000, value=tuple(getattr(self, name).values()))
        if set(self.box) != set(g.ring_counts):
            refuse("box", f"the rings are {', '.join(g.ring_counts)}")
        in_range(self, "box", 0, 1000)
        in_range(self, "base_hp", -1000, 1000)
        in_range(self, "summons", 0, 1000)
        in_range(self, "order_pos", 0, len(g.order) - 1)
        in_range(self, "start_pos", 0, len(g.order) - 1)
        in_range(self, "active", 0, n - 1)
        in_range(self, "winner", NO_WINNER, 1)
        for name in ("turn", "rounds", "tokens"):
            in_range(self, name, 0, 100_000)
        one_of(self, "phase", {"actions", "cleanup", "over"})
        shapes = {"move": (int, int, tuple, int), "acquire": (int, int, int),
                  "target": (int, int)}
        for i, p in enumerate(self.pending):
            if not p or p[0] not in shapes or len(p) != len(shapes[p[0]]) + 1 \
                    or [type(x) for x in p[1:]] != list(shapes[p[0]]):
                refuse(f"pending[{i}]", f"{p!r} is not a decision of heavens")
            in_range(self, f"pending[{i}]", -1, max(cards, hexes, 1000), value=p[1:])
            if not 0 <= p[2 if p[0] == "target" else 1] <= cards:
                refuse(f"pending[{i}]", f"{p!r} names no card of this game")


def _less(m: Mapping[int, int], h: int, n: int) -> dict[int, int]:
    """A copy of ``m`` with ``n`` fewer at ``h``; an entry that reaches nothing is gone."""
    out = dict(m)
    out[h] -= n
    if not out[h]:
        del out[h]
    return out
