"""The state of High in the Heavens and the flow of a turn (HVN rule ids in comments).

Sides: side 0 (pantheon A) is seat 0, or seats 0 and 1 as a team; side 1 (pantheon B) is
seat 1, or the last seats. Cards are global indexes into the game's card table; a summoned
character is a *unit* record ``[hex, health, armour, attack, poison, stun_turn, fallen]`` keyed
by its card. Hexes are indexes into the shared :class:`~.board.Board`.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING, Any

from meeple.components import deck, dice
from meeple.components.tokens import new_holdings, transfer
from meeple.core import Action, Result, Rng, State

from .effects import ARM, ATK, FALLEN, HEX, HP, PSN, STUN

if TYPE_CHECKING:
    from .board import Board
    from .rules import Heavens

END = Action("end actions", ("end",))
DONE = Action("done", ("done",))
STOP = Action("stop", ("stop",))
TAKE_ARMOUR = Action("take armour", ("take", ARM))
TAKE_ATTACK = Action("take attack", ("take", ATK))
NO_WINNER = -2
DRAW = -1
#: A score lead this large reads as about 73% for bots (a character is worth 20 to 40).
EVALUATION_SCALE = 15.0


class HeavensState(State):
    """Both pantheons' cards, the units and rings on the Heavens, and whose decision it is."""

    _mutable = ("deck", "hands", "discard", "units", "at", "fallen_at", "trap", "arch", "drop",
                "rings", "base_hp", "summons", "pending")
    game: Heavens
    deck: list[list[int]]
    hands: list[list[int]]
    discard: list[list[int]]
    units: dict[int, list[int]]
    at: dict[int, int]
    fallen_at: dict[int, int]
    trap: dict[int, int]
    arch: dict[int, int]
    drop: dict[int, list[int]]
    rings: dict[str, dict[str, int]]
    base_hp: list[int]
    summons: list[int]
    pending: list[tuple[Any, ...]]
    phase: str
    active: int
    order_pos: int
    start_pos: int
    turn: int
    rounds: int
    tokens: int
    opening: bool
    winner: int
    reason: str

    @property
    def board(self) -> Board:
        """The shared map."""
        return self.game.board

    # ------------------------------------------------------------------ set-up
    def _setup(self) -> None:
        g = self.game
        self.rings = new_holdings(["heavens"], g.ring_counts, bank_name="box")  # HVN-1
        self.deck = [list(g.side_cards[0]), list(g.side_cards[1])]
        self.hands = [[] for _ in range(self.players)]
        self.discard = [[], []]
        self.units, self.at, self.fallen_at = {}, {}, {}
        self.trap, self.arch, self.drop = {}, {}, {}
        self.base_hp = [g.config["base_health"]] * 2  # HVN-18, HVN-27
        self.summons = [0, 0]
        self.pending = []
        self.turn = 0
        self.rounds = 0
        self.winner = NO_WINNER
        self.reason = ""
        for side in (0, 1):
            deck.shuffle(self.deck[side], self.rng)  # HVN-27
            for seat in g.team[side]:
                self._deal_opening(seat)
        self.order_pos = self.rng.below(len(g.order))  # HVN-28: first player by chance
        self.start_pos = self.order_pos
        self.emit("first_player", seat=g.order[self.order_pos])
        self.opening = True
        self._start_turn()

    def _deal_opening(self, seat: int) -> None:
        """HVN-29: deal a hand; re-deal, shown to all, until it holds a character."""
        g = self.game
        side = g.side_of[seat]
        pile = self.deck[side]
        if g.config["omnipotence"]:  # HVN-44: the whole deck in hand (shared out by a team)
            mates = g.team[side]
            share = len(pile) // len(mates) + (1 if mates.index(seat) < len(pile) % len(mates)
                                               else 0)
            self.hands[seat] = deck.draw(pile, share if seat != mates[-1] else len(pile))
            self._emit_draw(seat, self.hands[seat])
            return
        while True:
            hand = deck.draw(pile, g.hand_size[side])
            if any(g.is_char[c] for c in hand) or not any(g.is_char[c] for c in pile):
                break
            self.emit("redeal", seat=seat, shown=[g.ids[c] for c in hand])
            deck.put(pile, hand)
            deck.shuffle(pile, self.rng)
        self.hands[seat] = hand
        self._emit_draw(seat, hand)

    def _emit_draw(self, seat: int, cards: list[int]) -> None:
        if cards:
            g = self.game
            self.emit("drew", to=g.team[g.side_of[seat]],
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
        self.tokens = g.tokens[side] - (1 if self.opening else 0)
        self.opening = False
        self.phase = "actions"
        self.to_act = seat
        self.emit("turn", seat=seat, turn=self.turn, round=self.rounds + 1, tokens=self.tokens)
        for c in sorted(self.at.values()):  # HVN-6: poison bites as the controller's turn begins
            u = self.units[c]
            if g.card_side[c] == side and u[PSN]:
                self.emit("poison", card=g.ids[c], amount=u[PSN])
                self._lose_health(c, u[PSN])
        self._settle()

    def _end_actions(self) -> None:
        """HVN-38: cleanup begins; the side's fallen leave and stuns wear off."""
        g = self.game
        side = g.side_of[self.active]
        self.phase = "cleanup"
        self.pending = []
        for _h, c in sorted(self.fallen_at.items()):
            if g.card_side[c] == side:
                self._remove_fallen(c, "perished")
        for c in sorted(self.at.values()):  # HVN-3: incapacity lasts about one round
            u = self.units[c]
            if g.card_side[c] == side and 0 <= u[STUN] < self.turn:
                u[STUN] = -1
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
            got = deck.draw(self.deck[side], want)
            self.hands[seat].extend(got)
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
        self.pending = []
        self.emit("game_over", winner=winner, reason=reason)

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

    def is_bare(self, h: int) -> bool:
        """Nothing at all on the hex, not even a fallen character."""
        return not self.blocked(h) and h not in self.fallen_at

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
        transfer(self.rings, colour, "box", "heavens", n)

    def _give_back(self, colour: str, n: int) -> None:
        transfer(self.rings, colour, "heavens", "box", n)

    def add_rings(self, c: int, slot: int, colour: str, n: int) -> None:
        """Put ``n`` rings of a colour on a character's stack."""
        if n > 0:
            self._take(colour, n)
            self.units[c][slot] += n
            self.emit("rings", card=self.game.ids[c], colour=colour, amount=n)

    def heal(self, c: int, n: int) -> None:
        """HVN-9: health never rises above the card's value."""
        n = min(n, self.game.health[c] - self.units[c][HP])
        if n > 0:
            self._take("red", n)
            self.units[c][HP] += n
            self.emit("healed", card=self.game.ids[c], amount=n)

    def cure(self, c: int) -> None:
        """Every poison ring leaves the character."""
        u = self.units[c]
        if u[PSN]:
            self._give_back("green", u[PSN])
            self.emit("cured", card=self.game.ids[c], amount=u[PSN])
            u[PSN] = 0

    def stun(self, c: int) -> None:
        """HVN-3: one black ring on top of the stack."""
        u = self.units[c]
        if u[STUN] < 0:
            self._take("black", 1)
            u[STUN] = self.turn
            self.emit("incapacitated", card=self.game.ids[c])

    def set_trap(self, h: int, n: int) -> None:
        """HVN-4: a trap of ``n`` black rings under a stack or on an empty hex."""
        self._take("black", n)
        self.trap[h] = self.trap.get(h, 0) + n
        self.emit("trap_set", hex=self.board.labels[h], strength=n)

    def damage_trap(self, h: int, n: int) -> None:
        """HVN-5: damage removes black rings from a trap."""
        n = min(n, self.trap.get(h, 0))
        if n > 0:
            self._give_back("black", n)
            self.trap[h] -= n
            if not self.trap[h]:
                del self.trap[h]
            self.emit("trap_damaged", hex=self.board.labels[h], amount=n,
                      left=self.trap.get(h, 0))

    def build(self, h: int, n: int) -> None:
        """HVN-10: architecture of ``n`` white rings."""
        self._take("white", n)
        self.arch[h] = n
        self.emit("built", hex=self.board.labels[h], strength=n)

    def damage_arch(self, h: int, n: int) -> None:
        """HVN-10: damage removes white rings from architecture."""
        n = min(n, self.arch.get(h, 0))
        if n > 0:
            self._give_back("white", n)
            self.arch[h] -= n
            if not self.arch[h]:
                del self.arch[h]
            self.emit("architecture_damaged", hex=self.board.labels[h], amount=n,
                      left=self.arch.get(h, 0))

    def hurt_base(self, side: int, n: int) -> None:
        """HVN-26: base damage."""
        self.base_hp[side] = max(0, self.base_hp[side] - n)
        self.emit("base_damaged", side=side, amount=n, left=self.base_hp[side])

    def hurt(self, c: int, n: int, pierce: bool = False) -> int:
        """HVN-7: armour absorbs one damage per ring unless the attack pierces it."""
        if not pierce:
            n -= self.units[c][ARM]
        if n <= 0:
            self.emit("absorbed", card=self.game.ids[c])
            return 0
        self.emit("damaged", card=self.game.ids[c], amount=n)
        return self._lose_health(c, n)

    def _lose_health(self, c: int, n: int) -> int:
        u = self.units[c]
        n = min(n, u[HP])
        self._give_back("red", n)
        u[HP] -= n
        if u[HP] == 0:
            self._fall(c)
        return n

    def _fall(self, c: int) -> None:
        """HVN-41: the character falls; bonus rings drop where it lies."""
        u = self.units[c]
        h = u[HEX]
        del self.at[h]
        u[FALLEN] = 1
        if u[PSN]:
            self._give_back("green", u[PSN])
        if u[STUN] >= 0:
            self._give_back("black", 1)
        u[PSN], u[STUN] = 0, -1
        if u[ARM] or u[ATK]:
            d = self.drop.setdefault(h, [0, 0])
            d[0] += u[ARM]
            d[1] += u[ATK]
        u[ARM] = u[ATK] = 0
        self.fallen_at[h] = c
        self.emit("fallen", card=self.game.ids[c], hex=self.board.labels[h])

    def _remove_fallen(self, c: int, how: str) -> None:
        """HVN-38, HVN-42: a fallen character leaves the Heavens; its card is discarded."""
        g = self.game
        h = self.units.pop(c)[HEX]
        del self.fallen_at[h]
        self.discard[g.card_side[c]].append(c)
        self.emit(how, card=g.ids[c], hex=self.board.labels[h])

    def _arrive(self, c: int, h: int) -> None:
        """A character enters a hex; a fallen one lying there is defeated (HVN-42)."""
        f = self.fallen_at.get(h)
        if f is not None:
            self._remove_fallen(f, "defeated")
        self.units[c][HEX] = h
        self.at[h] = c

    def relocate(self, c: int, h: int) -> None:
        """Move a standing character straight to ``h`` (a leap)."""
        del self.at[self.units[c][HEX]]
        self._arrive(c, h)
        self.emit("moved", card=self.game.ids[c], hex=self.board.labels[h])

    def summon(self, seat: int, c: int, h: int) -> None:
        """HVN-32: the character enters with as many health rings as its card shows."""
        g = self.game
        side = g.side_of[seat]
        self._take("red", g.health[c])
        self.units[c] = [h, g.health[c], 0, 0, 0, -1, 0]
        self._arrive(c, h)
        self.summons[side] += 1
        self.emit("summoned", card=g.ids[c], hex=self.board.labels[h], seat=seat)

    # --------------------------------------------------------- engine hooks
    def _legal_actions(self) -> list[Action]:
        from .actions import legal

        return legal(self)

    def _apply(self, action: Action) -> None:
        from .actions import apply

        apply(self, action)
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
        return Result(tuple(winners), scores, self.turn, self.reason, detail,
                      extra={"rounds": self.rounds, "base_health": list(self.base_hp)})

    def _evaluate(self, seat: int) -> float:
        """The balance player's score for ``seat``'s side, squashed into (0, 1) for bots."""
        from .balance import score  # balance imports this module

        x = score(self, self.game.side_of[seat]) / EVALUATION_SCALE
        return 1.0 / (1.0 + math.exp(-max(-30.0, min(30.0, x))))

    def _view(self, seat: int | None) -> dict[str, Any]:
        from .view import view

        return view(self, seat)

    def _determinize(self, seat: int, rng: Rng) -> None:
        g = self.game
        side = g.side_of[seat]
        rng.shuffle(self.deck[side])  # the order of one's own deck is unknown
        other = 1 - side
        deck.resample([self.deck[other], *(self.hands[s] for s in g.team[other])], rng)

    def roll_hits(self) -> bool:
        """HVN-45: with Rolling Runes an attack hits on 3-6 of a d6."""
        if not self.game.config["rolling_runes"]:
            return True
        r = dice.d6(self.rng)
        self.emit("rune_roll", roll=r, hit=r >= 3)
        return r >= 3

    def spend(self, n: int = 1) -> None:
        """HVN-31: pay action tokens before the action is carried out."""
        self.tokens -= n
