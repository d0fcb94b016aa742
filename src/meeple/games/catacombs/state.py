"""The state of a catacombs game and its turn flow: set-up, movement, events, battle, building.

Free actions of a dwarf's own turn (equipment, shop, potions, artifacts, brewing, trade) live in
``economy.py``; the dead-end test in ``reach.py``; the view in ``view.py``.

The board is a list of cells indexed ``y * size + x``. Per cell: ``card`` (event card index or
-1), ``up`` (card face up), ``tile`` (passage mask, -1 while unexplored), ``tcard`` (the tile
card lying there, -1 for none or an entrance) and ``caul`` (cauldron index or -1). Per seat:
plain lists of ints. Money is kept in half coins so that every remainder is exact (CAT-18).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from meeple.components import deck
from meeple.components.dice import d6
from meeple.core import Action, Result, Rng, State

from . import economy, reach, view
from .actions import DIRS, SIDE_BITS
from .content import SLOTS

if TYPE_CHECKING:
    from .rules import Catacombs

OPP = (2, 3, 0, 1)  # index of the opposite side
HEAL_ON_LEVEL = 3


class CatacombsState(State):
    """One moment of a catacombs game."""

    game: Catacombs
    _mutable = ("card", "up", "tile", "tcard", "caul", "pile", "faceup_tiles", "order", "pos",
                "health", "strength", "armour", "exp", "money", "kills", "level", "alive",
                "came", "no_retreat", "screen", "pack", "trade")
    _LISTS = ("card", "up", "tile", "tcard", "caul", "pile", "faceup_tiles", "order", "pos",
              "health", "strength", "armour", "exp", "money", "kills", "level", "alive",
              "came", "no_retreat")

    card: list[int]
    up: list[bool]
    tile: list[int]
    tcard: list[int]
    caul: list[int]
    pile: list[int]
    faceup_tiles: list[int]
    order: list[int]
    pos: list[int]
    health: list[int]
    strength: list[int]
    armour: list[int]
    exp: list[int]
    money: list[int]
    kills: list[int]
    level: list[int]
    alive: list[bool]
    came: list[int]
    no_retreat: list[bool]
    screen: list[list[int]]
    pack: list[list[int]]
    trade: list[Any] | None
    resume: str  # the step an open trade interrupted ("" when none)
    turn: int
    phase: str
    step: str
    setup_k: int
    entered: tuple[int, ...]
    walk_left: int
    roll: int
    bonus: int
    attacked: bool
    offers: int
    free_used: int
    extra: int
    levels: int
    sneaking: bool
    via_wall: bool
    build_cell: int
    build_side: int
    held: int
    veins: int
    taken: int
    turns: int
    ended: str

    # ------------------------------------------------------------------ clone
    def _clone_fields(self, fields: dict[str, Any]) -> None:
        for name in self._LISTS:
            fields[name] = fields[name][:]
        fields["screen"] = [s[:] for s in fields["screen"]]
        fields["pack"] = [p[:] for p in fields["pack"]]
        t = fields["trade"]
        if t is not None:
            fields["trade"] = [t[0], t[1][:], t[2][:], t[3], t[4]]

    # ------------------------------------------------------------------ set-up
    def _setup(self) -> None:
        g, cat, cfg = self.game, self.game.cat, self.game.config
        n = self.players
        cells = g.ncells
        self.tile = [-1] * cells
        self.tcard = [-1] * cells
        self.caul = [-1] * cells
        self.card = [-1] * cells
        self.up = [False] * cells
        for cell, mask in g.entrance_masks.items():  # CAT-2: entrances start explored
            self.tile[cell] = mask
        cards = list(range(len(cat.cards)))
        deck.shuffle(cards, self.rng)  # CAT-3
        for cell, c in zip(g.inner_cells, cards, strict=True):
            self.card[cell] = c
        self.pile = list(range(len(cat.tiles)))
        deck.shuffle(self.pile, self.rng)  # CAT-4
        self.faceup_tiles = []
        self.order = self._roll_order()  # CAT-5
        self.pos = [-1] * n
        self.health = [cfg["health"]] * n  # CAT-7
        self.strength = [cfg["strength"]] * n
        self.armour = [cfg["armour"]] * n
        self.exp = [0] * n
        self.money = [2 * cfg["money"]] * n
        self.kills = [0] * n
        self.level = [0] * n
        self.alive = [True] * n
        self.came = [-1] * n
        self.no_retreat = [False] * n
        self.screen = [[-1] * len(SLOTS) for _ in range(n)]
        self.pack = [[] for _ in range(n)]
        self.trade = None
        self.resume = ""
        self.turn = -1
        self.phase, self.step = "setup", "entrance"
        self.setup_k = 0
        self.entered = (-1,) * n  # entrance index each seat began from (for balance reports)
        self._reset_turn()
        self.extra = 0
        self.levels = 0
        self.veins = 0
        self.taken = 0
        self.turns = 0
        self.ended = ""
        self.to_act = self.order[0]

    def _roll_order(self) -> list[int]:
        """CAT-5: highest d6 starts; only the players tied for highest roll again."""
        rolling = list(range(self.players))
        while len(rolling) > 1:
            rolls = [d6(self.rng) for _ in rolling]
            self._emit("order_roll", seats=list(rolling), rolls=rolls)
            top = max(rolls)
            rolling = [s for s, r in zip(rolling, rolls, strict=True) if r == top]
        first = rolling[0]
        return [(first + k) % self.players for k in range(self.players)]

    def _reset_turn(self) -> None:
        self.walk_left = 0
        self.roll = 0
        self.bonus = 0
        self.attacked = False
        self.offers = 0
        self.free_used = 0
        self.sneaking = False
        self.via_wall = False
        self.build_cell = -1
        self.build_side = 0
        self.held = -1

    # ------------------------------------------------------------------ helpers
    def monster_at(self, cell: int) -> int:
        """The monster index whose face-up card lies on ``cell`` (-1 if none)."""
        c = self.card[cell]
        if c < 0 or not self.up[cell]:
            return -1
        card = self.game.cat.cards[c]
        return card.ref if card.kind == "monster" else -1

    def connected(self, cell: int, d: int) -> int:
        """The explored neighbour beyond side ``d`` joined by a passage, else -1 (CAT-28)."""
        n = self.game.nb[cell][d]
        if n < 0 or self.tile[n] < 0:
            return -1
        if self.tile[cell] & SIDE_BITS[d] and self.tile[n] & SIDE_BITS[OPP[d]]:
            return n
        return -1

    def armour_of(self, s: int) -> int:
        """CAT-15: permanent armour plus one worn item per slot."""
        items = self.game.cat.items
        return self.armour[s] + sum(items[i].armour for i in self.screen[s] if i >= 0)

    def gain(self, s: int, n: int) -> None:
        """Change experience; each newly reached multiple of 5 rewards once (CAT-9, CAT-10)."""
        self.exp[s] += n
        while self.exp[s] >= 5 * (self.level[s] + 1):
            self.level[s] += 1
            self.levels += 1
            self.extra += 1
            self._emit("threshold", seat=s, experience=5 * self.level[s])

    def has(self, s: int, item: int) -> bool:
        return item in self.pack[s]

    def take_item(self, s: int, item: int) -> None:
        self.pack[s].remove(item)

    def add_item(self, s: int, item: int) -> None:
        p = self.pack[s]
        p.append(item)
        p.sort()

    # ------------------------------------------------------------------ legality
    def _legal_actions(self) -> list[Action]:
        A = self.game.acts
        if self.levels:
            return list(A.raise_stat)
        st = self.step
        if st == "main":
            if self.phase == "move":
                return self._move_actions() + economy.free_actions(self)
            return [*economy.free_actions(self), A.end_turn]
        if st in ("trade", "respond"):
            return economy.trade_actions(self)
        if st == "entrance":  # CAT-6
            taken = set(self.pos)
            return [a for a, e in zip(A.enter, self.game.cat.entrances, strict=True)
                    if e[3] not in taken]
        return self._step_actions(st) + economy.anytime_actions(self)  # CAT-19, CAT-20

    def _step_actions(self, st: str) -> list[Action]:
        """The decision of a step inside the turn, before what may be done at any moment."""
        A = self.game.acts
        if st == "walk":
            return self._walk_actions()
        if st == "monster":
            return [A.fight, A.retreat]
        if st == "battle":
            return economy.battle_actions(self)
        if st == "build":
            out = [A.draw_tile] if self.pile else []
            kinds = sorted({self.game.cat.tiles[t][0] for t in self.faceup_tiles})
            return out + [A.take_tile[k] for k in kinds]
        if st == "place":
            mask = self.game.cat.tiles[self.held][3]
            out = [A.place[m] for m in self.game.rots[mask] if m & self.build_side]
            return out + ([A.refuse_tile] if self.pile else [])
        # spin (CAT-48)
        cell = self.pos[self.turn]
        mask = self.game.cat.tiles[self.tcard[cell]][3]
        return [A.turn_tile[m] for m in self.game.rots[mask]]

    def _move_actions(self) -> list[Action]:
        A, g = self.game.acts, self.game
        s = self.turn
        cur = self.pos[s]
        if self.monster_at(cur) >= 0:  # CAT-55: fight on or retreat
            return [A.attack] if self.no_retreat[s] else [A.attack, A.retreat]
        items = g.cat.items
        destroy = any(items[i].effect == "destruction" for i in self.pack[s])
        out: list[Action] = []
        can_walk = False
        for d in range(4):
            n = g.nb[cur][d]
            if n < 0:
                continue
            open_here = self.tile[cur] & SIDE_BITS[d]
            if self.tile[n] < 0:
                if open_here:
                    out.append(A.explore[d])  # CAT-26
                elif destroy:
                    out.append(A.break_wall[d])  # CAT-43
            elif open_here and self.tile[n] & SIDE_BITS[OPP[d]]:
                can_walk = True
            elif destroy:
                out.append(A.break_wall[d])
        if can_walk:
            out.append(A.walk)  # CAT-27
        if any(items[i].effect == "speed" for i in self.pack[s]):  # CAT-41
            if can_walk:
                out.append(A.speed_walk)
            if cur in g.entrance_index:
                out += [A.speed_to[k] for k, e in enumerate(g.cat.entrances) if e[3] != cur]
        out.append(A.stay)
        return out

    def _walk_actions(self) -> list[Action]:
        A, g = self.game.acts, self.game
        s = self.turn
        cur = self.pos[s]
        invisible = any(g.cat.items[i].effect == "invisibility" for i in self.pack[s])
        out: list[Action] = []
        for d in range(4):
            n = self.connected(cur, d)
            if n < 0:
                continue
            if self.monster_at(n) >= 0:  # CAT-30: stepping on means a battle
                if not self.sneaking:
                    out.append(A.step[d])
                    if invisible and (self.walk_left < 0 or self.walk_left >= 2):
                        out.append(A.sneak[d])  # CAT-42
            else:
                out.append(A.step[d])
        if not self.sneaking:
            out.append(A.stop)
        return out

    # ------------------------------------------------------------------ applying
    def _apply(self, action: Action) -> None:
        verb, arg = action[1]
        if verb == "raise":
            self._raise(arg)
            return
        handler = _HANDLERS.get(verb)
        if handler is not None:
            handler(self, arg)
        else:
            if self.step == "main" or verb in economy.ANYTIME:  # CAT-25: counted, capped
                self.free_used += 1
            economy.apply_free(self, verb, arg)

    def _raise(self, which: int) -> None:
        s = self.turn
        if which == 0:
            self.strength[s] += 1
        elif which == 1:
            self.armour[s] += 1
        else:
            self.health[s] += HEAL_ON_LEVEL
        self.levels -= 1
        self._emit("raise", seat=s, stat=("strength", "armour", "health")[which])

    def _enter(self, e: int) -> None:
        s = self.order[self.setup_k]
        cell = self.game.cat.entrances[e][3]
        self.pos[s] = cell
        self.came[s] = cell
        self._emit("enter", seat=s, entrance=self.game.cat.entrances[e][0])
        self.entered = (*self.entered[:s], e, *self.entered[s + 1:])
        self.setup_k += 1
        if self.setup_k < self.players:
            self.to_act = self.order[self.setup_k]
        else:
            self._start_turn(self.order[0])

    def _start_turn(self, s: int) -> None:
        self.turn = s
        self._reset_turn()
        self.phase, self.step = "move", "main"
        self.to_act = s
        self._emit("turn", seat=s)

    def to_end_phase(self) -> None:
        self.phase, self.step = "end", "main"
        self.walk_left = 0
        self.sneaking = False

    def _explore(self, d: int) -> None:
        s = self.turn
        cur = self.pos[s]
        n = self.game.nb[cur][d]
        self.came[s] = cur
        self.pos[s] = n
        self.via_wall = False
        self._reveal(n, d)

    def _break(self, d: int) -> None:
        """CAT-43: the destruction potion takes the dwarf through one wall."""
        s = self.turn
        economy.spend_effect(self, s, "destruction")
        cur = self.pos[s]
        n = self.game.nb[cur][d]
        self.came[s] = cur
        self.pos[s] = n
        self.via_wall = True
        self._emit("break_wall", seat=s, cell=self.game.xy(n), side=DIRS[d])
        if self.tile[n] < 0:
            self._reveal(n, d)
        elif self.monster_at(n) >= 0:
            self.phase, self.step = "event", "monster"
        else:
            self.to_end_phase()

    def _reveal(self, cell: int, d: int) -> None:
        """CAT-31: turn the event card face up and resolve it."""
        s = self.turn
        g = self.game
        self.build_cell = cell
        self.build_side = SIDE_BITS[OPP[d]]
        c = self.card[cell]
        self.up[cell] = True
        if c < 0:
            self._to_build()
            return
        card = g.cat.cards[c]
        self._emit("reveal", seat=s, cell=g.xy(cell), card=card.label)
        if card.kind == "monster":
            self.phase, self.step = "event", "monster"  # CAT-51
            return
        self.card[cell] = -1
        self.up[cell] = False
        self.taken += 1
        if card.kind == "vein":  # CAT-45
            self.veins += 1
            self.gain(s, 2)
            if self.veins >= g.config["veins_to_end"]:  # CAT-23
                self._finish("tenth-vein")
                return
        elif card.kind == "cauldron":  # CAT-36
            self.caul[cell] = card.ref
        else:  # CAT-32..35, CAT-46: the finder takes the card
            self.add_item(s, card.ref)
        self._to_build()

    def _to_build(self) -> None:
        if self.pile or self.faceup_tiles:
            self.phase, self.step = "build", "build"
        else:
            self.to_end_phase()

    def after_battle(self) -> None:
        if self.ended or not self.alive[self.turn]:
            return
        if self.build_cell >= 0 and self.tile[self.build_cell] < 0:
            self._to_build()
        else:
            self.to_end_phase()

    def _fight(self, _: int) -> None:
        if self.via_wall:  # CAT-43: through a wall, no retreat until one of them falls
            self.no_retreat[self.turn] = True
        self.step = "battle"

    def _retreat(self, _: int) -> None:
        """CAT-51/CAT-55: back to the cell the dwarf came from; the monster stays face up."""
        s = self.turn
        self._emit("retreat", seat=s, cell=self.game.xy(self.came[s]))
        self.pos[s] = self.came[s]
        self.after_battle()

    def _attack(self, _: int) -> None:
        if self.step == "battle":
            economy.attack(self)
        else:  # CAT-55: a dwarf already on a monster's cell fights on
            self.phase, self.step = "event", "battle"

    def _walk(self, _: int) -> None:
        self.roll = d6(self.rng)
        self.walk_left = self.roll
        self._emit("roll", seat=self.turn, purpose="walk", value=self.roll)
        self.step = "walk"

    def _speed_walk(self, _: int) -> None:
        economy.spend_effect(self, self.turn, "speed")
        self.walk_left = -1
        self.step = "walk"

    def _speed_to(self, e: int) -> None:
        s = self.turn
        economy.spend_effect(self, s, "speed")
        self.came[s] = self.pos[s]
        self.pos[s] = self.game.cat.entrances[e][3]
        self._emit("speed_jump", seat=s, entrance=self.game.cat.entrances[e][0])
        self.to_end_phase()

    def _step(self, d: int, sneak: bool = False) -> None:
        s = self.turn
        cur = self.pos[s]
        n = self.game.nb[cur][d]
        self.came[s] = cur
        self.pos[s] = n
        if self.walk_left > 0:
            self.walk_left -= 1
        if sneak:
            economy.spend_effect(self, s, "invisibility")
            self.sneaking = True
            return
        self.sneaking = False
        if self.monster_at(n) >= 0:
            self.phase, self.step = "event", "battle"
            return
        if self.walk_left == 0:
            self.to_end_phase()

    def _sneak(self, d: int) -> None:
        self._step(d, sneak=True)

    def _draw_tile(self, _: int) -> None:
        self.held = self.pile.pop()
        self.step = "place"

    def _take_tile(self, kind: str) -> None:
        """CAT-59: a face-up tile may be taken instead of drawing."""
        tiles = self.game.cat.tiles
        for i, t in enumerate(self.faceup_tiles):
            if tiles[t][0] == kind:
                self.held = self.faceup_tiles.pop(i)
                break
        self.step = "place"

    def _place(self, mask: int) -> None:
        """CAT-57: lay the tile with a passage towards the side the dwarf came from."""
        cell = self.build_cell
        self.tile[cell] = mask
        self.tcard[cell] = self.held
        self._emit("place", seat=self.turn, cell=self.game.xy(cell), mask=mask,
                  tile=self.game.cat.tiles[self.held][0])
        self.held = -1
        self.to_end_phase()

    def _refuse_tile(self, _: int) -> None:
        """CAT-58: the refused tile lies face up; another is drawn; -1 experience."""
        self.faceup_tiles.append(self.held)
        self._emit("refuse_tile", seat=self.turn, tile=self.game.cat.tiles[self.held][0])
        self.gain(self.turn, -1)
        self.held = self.pile.pop()

    def _turn_tile(self, mask: int) -> None:
        cell = self.pos[self.turn]
        self.tile[cell] = mask
        self._emit("turn_tile", seat=self.turn, cell=self.game.xy(cell), mask=mask)
        self.step = "main"

    def _stop(self, _: int) -> None:
        self.to_end_phase()

    def _stay(self, _: int) -> None:
        self.to_end_phase()

    def _end_turn(self, _: int) -> None:
        self.end_turn()

    def end_turn(self) -> None:
        """Pass to the next living dwarf, or give the same dwarf its extra turn (CAT-9)."""
        self.turns += 1
        s = self.turn
        if self.turns >= self.game.config["max_rounds"] * self.players:
            self._finish("round-limit")
            return
        if not reach.any_way_forward(self):  # CAT-24
            self._finish("dead-end")
            return
        if self.alive[s] and self.extra > 0:
            self.extra -= 1
            self._start_turn(s)
            return
        self.extra = 0
        k = self.order.index(s)
        for j in range(1, self.players + 1):
            nxt = self.order[(k + j) % self.players]
            if self.alive[nxt]:
                self._start_turn(nxt)
                return
        self._finish("all-fallen")

    def damage(self, s: int, amount: int) -> None:
        self.health[s] -= amount
        if self.health[s] <= 0:
            self.die(s)

    def die(self, s: int) -> None:
        """CAT-11: -4 experience and out of the game, with everything the dwarf carried."""
        self.alive[s] = False
        self.exp[s] -= 4
        self._emit("death", seat=s, cell=self.game.xy(self.pos[s]))
        self.pos[s] = -1
        self.pack[s] = []
        self.screen[s] = [-1] * len(SLOTS)
        self.levels = 0
        self.extra = 0
        if not any(self.alive):
            self._finish("all-fallen")
            return
        if sum(self.alive) == 1 and not self.game.config["play_on_alone"]:
            self._finish("last-dwarf")  # CAT-11: the one left has won; alone, play stops
            return
        self.end_turn()

    def _finish(self, reason: str) -> None:
        self.ended = reason
        self.to_act = None
        self.levels = 0
        self._emit("game_over", reason=reason)

    # ------------------------------------------------------------------ outcome
    def _result(self) -> Result:
        """CAT-22: most experience wins, then most kills; the fallen cannot win."""
        pool = [s for s in range(self.players) if self.alive[s]] or list(range(self.players))
        best = max((self.exp[s], self.kills[s]) for s in pool)
        winners = tuple(s for s in pool if (self.exp[s], self.kills[s]) == best)
        detail = {
            "tenth-vein": "The last mithril vein was found.",
            "dead-end": "No dwarf can reach unexplored ground any more.",
            "round-limit": "The safety limit of rounds was reached.",
            "all-fallen": "Every dwarf has fallen.",
            "last-dwarf": "Every other dwarf has fallen.",
        }.get(self.ended, "")
        return Result(winners, tuple(float(e) for e in self.exp), self.turns, self.ended,
                      detail, {"kills": list(self.kills), "veins": self.veins,
                               "roles": [self.game.cat.entrances[e][0] if e >= 0 else ""
                                         for e in self.entered]})

    def _view(self, seat: int | None) -> dict[str, Any]:
        return view.build(self, seat)

    def _evaluate(self, seat: int) -> float:
        """For bots: experience against the best rival, plus what will earn experience later.

        Kills and health count a little; so does fighting power (the wielded weapon's column in
        the battle table, armour, strength) and money and goods worth buying it with, which a
        heuristic blind to them would let a search throw away.
        """
        if not self.alive[seat]:
            return 0.0
        items = self.game.cat.items
        column_of = self.game.column_of

        def worth(s: int) -> float:
            weapon = self.screen[s][economy.RIGHT]
            goods = sum(items[i].price or items[i].value for i in self.pack[s])
            return (self.exp[s] + 0.1 * self.kills[s] + 0.1 * max(0, self.health[s])
                    + 0.3 * (column_of[weapon] if weapon >= 0 else 0)
                    + 0.4 * self.armour_of(s) + 0.3 * self.strength[s]
                    + (self.money[s] / 2 + goods / 2) / 200)

        rivals = [worth(s) for s in range(self.players) if s != seat and self.alive[s]]
        lead = worth(seat) - max(rivals, default=0.0)
        return max(0.0, min(1.0, 0.5 + lead / 30))

    def _determinize(self, seat: int, rng: Rng) -> None:
        """CAT-61: re-deal the face-down event cards among their cells; reshuffle the tiles."""
        hidden = [c for c in range(self.game.ncells) if self.card[c] >= 0 and not self.up[c]]
        cards = [self.card[c] for c in hidden]
        deck.reshuffle(cards, rng)
        for c, k in zip(hidden, cards, strict=True):
            self.card[c] = k
        deck.reshuffle(self.pile, rng)

    def _validate(self) -> None:
        from meeple.core.validate import in_range, one_of, per_seat, refuse

        g, cat, n = self.game, self.game.cat, self.players
        cells = g.ncells
        for name in ("card", "up", "tile", "tcard", "caul"):
            if len(getattr(self, name)) != cells:
                refuse(name, f"holds {len(getattr(self, name))} cells, the board has {cells}")
        per_seat(self, "order", "pos", "health", "strength", "armour", "exp", "money", "kills",
                 "level", "alive", "came", "no_retreat", "screen", "pack", "entered")
        if sorted(self.order) != list(range(n)):
            refuse("order", f"{self.order} is not an order of the seats 0..{n - 1}")
        in_range(self, "card", -1, len(cat.cards) - 1)
        in_range(self, "tile", -1, 15)
        in_range(self, "tcard", -1, len(cat.tiles) - 1)
        in_range(self, "caul", -1, len(cat.cauldrons) - 1)
        in_range(self, "pile", 0, len(cat.tiles) - 1)
        in_range(self, "faceup_tiles", 0, len(cat.tiles) - 1)
        for name in ("pos", "came", "build_cell"):
            in_range(self, name, -1, cells - 1)
        in_range(self, "entered", -1, cells)
        in_range(self, "screen", -1, len(cat.items) - 1)
        in_range(self, "pack", 0, len(cat.items) - 1)
        for name in ("health", "strength", "armour", "exp", "money", "kills", "level", "turn",
                     "setup_k", "walk_left", "roll", "bonus", "offers", "free_used", "extra",
                     "levels", "veins", "taken", "turns"):
            in_range(self, name, -100_000 if name in ("exp", "health", "turn") else 0, 100_000)
        # CAT-6, CAT-11: a dwarf is on the board from his entrance until his death.
        for k, s in enumerate(self.order):
            on_board = k < self.setup_k if self.phase == "setup" else self.alive[s]
            if (self.pos[s] >= 0) != on_board:
                where = "set up yet" if self.phase == "setup" else "alive"
                refuse(f"pos[{s}]", f"{self.pos[s]} for a dwarf who is {'' if on_board else 'not '}"
                       f"{where}")
            if self.phase == "setup" and (self.entered[s] >= 0) != on_board:
                refuse(f"entered[{s}]", f"{self.entered[s]} for a dwarf who has "
                       f"{'' if on_board else 'not '}entered")
        if any(len(s) != len(self.screen[0]) for s in self.screen):
            refuse("screen", "every dwarf has the same slots")
        worn = [(s, i) for s, slots in enumerate(self.screen) for i in slots
                if i >= 0 and i not in g.acts.unequip]
        if worn:
            refuse(f"screen[{worn[0][0]}]", f"{worn[0][1]} is not a weapon or armour to wear")
        in_range(self, "build_side", 0, 15)  # a side bit
        in_range(self, "held", -1, len(cat.tiles) - 1)
        one_of(self, "phase", {"setup", "move", "event", "build", "end"})
        steps = {"entrance", "main", "monster", "battle", "walk", "place", "build", "spin",
                 "respond", "trade", "end"}
        one_of(self, "step", steps)
        one_of(self, "resume", steps | {""})
        t = self.trade
        if t is not None and not (
                len(t) == 5 and type(t[0]) is int and 0 <= t[0] < n
                and all(type(x) is list for x in t[1:3]) and all(type(x) is int for x in t[3:])):
            refuse("trade", f"{t!r} is not [partner, items given, items asked, coins, coins]")
        if t is not None:
            in_range(self, "trade[1]", 0, len(cat.items) - 1, value=t[1:3])
            in_range(self, "trade[3]", 0, 100_000, value=t[3:])


_HANDLERS: dict[str, Callable[[CatacombsState, Any], None]] = {
    "enter": CatacombsState._enter,
    "explore": CatacombsState._explore,
    "break": CatacombsState._break,
    "walk": CatacombsState._walk,
    "speed_walk": CatacombsState._speed_walk,
    "speed_to": CatacombsState._speed_to,
    "step": CatacombsState._step,
    "sneak": CatacombsState._sneak,
    "stop": CatacombsState._stop,
    "stay": CatacombsState._stay,
    "fight": CatacombsState._fight,
    "retreat": CatacombsState._retreat,
    "attack": CatacombsState._attack,
    "draw_tile": CatacombsState._draw_tile,
    "take_tile": CatacombsState._take_tile,
    "place": CatacombsState._place,
    "refuse_tile": CatacombsState._refuse_tile,
    "turn_tile": CatacombsState._turn_tile,
    "end_turn": CatacombsState._end_turn,
}
