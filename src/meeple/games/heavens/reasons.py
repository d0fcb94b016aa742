"""Why an action a player would expect is not offered (docs/contract.md, ``Game.why_not``).

Read from the seat's own view only, so a reason never tells what the seat may not know. The
actions named are those a look at the board suggests and the rules forbid:

* a god held on the summoning hexes (HVN-43): a move that has no summoning hex to go to, and,
  while it moves, each step off the summoning hexes;
* a step out of the mover's zones with four players (HVN-51);
* a god that cannot act: incapacitated (HVN-3) or trapped (HVN-5);
* an enemy god or base just out of reach: too far, a god that fights only in melee, no chain of
  empty hexes to it (HVN-16, HVN-33);
* an ability aimed at an enemy god with no enemy god within its reach;
* a summon when every summoning hex of the side is occupied (HVN-13), or of a god the box
  has too few health rings for (HVN-2).

Every action named is illegal at that moment (``tests/games/test_why_not.py``).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

from meeple.core import Action, Verb
from meeple.i18n import Texts

from .attack import MIN_RANGED
from .lookup import ability_name, base_name, card_name, words
from .verbs import Attack, AttackBase, CardId, Hex, Move, Step, Summon, UseAbility

if TYPE_CHECKING:
    from .game import Heavens
    from .view import UnitView, View

#: A target this many hexes beyond a god's reach is not a near miss: nobody expects to hit it.
NEAR = 2


def blocking(game: Heavens, v: View) -> set[int]:
    """HVN-12: the hexes that block movement and fire, as the view shows them."""
    idx = game.board.index
    out = {idx[u["hex"]] for u in v["units"] if not u["fallen"]}
    out.update(idx[h] for h in v["traps"])
    out.update(idx[h] for h in v["architecture"])
    out.update(idx[h] for h in v["dropped"])
    out.update(game.board.bases)
    return out


def held_here(game: Heavens, v: View, side: int, hex_label: str) -> bool:
    """HVN-43: a god of ``side`` on ``hex_label`` may not leave the summoning hexes yet."""
    s = v["sides"][side]
    return s["held"] and hex_label in s["summoning"]


class Reasons:
    """The reasons found in one view, in one language."""

    def __init__(self, game: Heavens, v: View, lang: str) -> None:
        self.game, self.v, self.lang = game, v, lang
        self.t: Texts = words(lang)
        seat = v["seat"]
        assert seat is not None
        self.seat = seat
        self.side = game.side_of[seat]
        self.blk = blocking(game, v)
        self.out: list[tuple[Action, str]] = []
        self.ids = {cid: i for i, cid in enumerate(game.ids)}

    def say(self, verb: Verb, key: str, count: int | None = None, **fields: Any) -> None:
        """Name the forbidden action with its reason (words counting ``count`` when given)."""
        words = self.t(key, **fields) if count is None else self.t.count(key, count, **fields)
        self.out.append((self.game.action(verb), words))

    def name(self, cid: str) -> str:
        return card_name(cid, self.lang)

    # ------------------------------------------------------------------ while a god moves
    def steps(self, cid: str) -> None:
        """HVN-43, HVN-51: the free hexes next to the mover that the rules keep it from."""
        g, b = self.game, self.game.board
        mover = next((u for u in self.v["units"] if u["card"] == cid and not u["fallen"]), None)
        if mover is None:
            return
        here = b.index[mover["hex"]]
        held = held_here(g, self.v, self.side, mover["hex"])
        home = {b.index[h] for h in self.v["sides"][self.side]["summoning"]}
        zones = self.v["map"]["zones"][self.seat]
        for n in b.nbrs[here]:
            if n in self.blk:
                continue
            if held and n not in home:
                self.say(Step(Hex(n)), "why.held.step", card=self.name(cid))
            elif zones is not None and b.zone[n] not in zones:
                self.say(Step(Hex(n)), "why.zone", card=self.name(cid), hex=b.labels[n])

    # ------------------------------------------------------------------ choosing an action
    def gods(self) -> None:
        """Moves and attacks of the seat's own gods that the board suggests."""
        for u in self.v["units"]:
            if u["side"] != self.side or u["fallen"]:
                continue
            c = CardId(self.ids[u["card"]])
            if u["incapacitated"]:
                self.say(Move(c), "why.incapacitated", card=self.name(u["card"]))
            elif u["trapped"]:
                self.say(Move(c), "why.trapped", card=self.name(u["card"]), n=u["trapped"])
            else:
                self._held(c, u)
                self._reach(c, u)
                self._ability(c, u)

    def _held(self, c: CardId, u: UnitView) -> None:
        """HVN-43: a held god with no free summoning hex next to it cannot move at all."""
        b = self.game.board
        if not held_here(self.game, self.v, self.side, u["hex"]):
            return
        home = {b.index[h] for h in self.v["sides"][self.side]["summoning"]}
        if not any(n in home and n not in self.blk for n in b.nbrs[b.index[u["hex"]]]):
            self.say(Move(c), "why.held.move", card=self.name(u["card"]))

    def _reach(self, c: CardId, u: UnitView) -> None:
        """HVN-16, HVN-33: enemy gods and the enemy base just out of this god's reach."""
        g, b = self.game, self.game.board
        here = b.index[u["hex"]]
        shot: int | None = None
        targets: list[tuple[Verb, int, str]] = [
            (Attack(c, CardId(self.ids[e["card"]])), b.index[e["hex"]], self.name(e["card"]))
            for e in self.v["units"] if e["side"] != self.side and not e["fallen"]]
        enemy = 1 - self.side
        base = base_name(self.v["sides"][enemy]["pantheon"], self.lang)
        targets.append((AttackBase(c), b.index[self.v["sides"][enemy]["base"]],
                        self.t("why.base", base=base)))
        reach, power = g.range[c], g.ranged[c] + u["attack"]
        shoots = reach >= MIN_RANGED and power > 0
        for verb, there, target in targets:
            d = b.dist[here][there]
            if d <= 1:
                continue  # a neighbour is fought in melee
            fields: dict[str, Any] = {"card": self.name(u["card"]), "target": target, "n": d}
            if not shoots:
                if d <= 1 + NEAR:
                    self.say(verb, "why.melee_only", **fields)
            elif d > reach:
                if d <= reach + NEAR:
                    self.say(verb, "why.range", range=reach, **fields)
            else:
                if shot is None:
                    shot = b.line_of_fire(here, reach, self.blk)
                if not shot & b.bit[there]:
                    self.say(verb, "why.no_line", **fields)

    def _ability(self, c: CardId, u: UnitView) -> None:
        """An ability aimed at an enemy god within its reach, with none there."""
        g, b = self.game, self.game.board
        ab = g.ability[c]
        if ab.target != "enemy" or ab.cost > self.v["tokens"]:
            return
        dist = b.dist[b.index[u["hex"]]]
        near = (dist[b.index[e["hex"]]] for e in self.v["units"]
                if e["side"] != self.side and not e["fallen"])
        if all(d > ab.range for d in near):
            self.say(UseAbility(c), "why.ability.enemy", ab.range, card=self.name(u["card"]),
                     ability=ability_name(u["card"], self.lang))

    def summons(self) -> None:
        """HVN-13, HVN-2: summons when every summoning hex is occupied (one occupied hex is
        plain to see), or of a god the box lacks the health rings for."""
        g, b = self.game, self.game.board
        hand = next((h["cards"] for h in self.v["hands"] if h["seat"] == self.seat), None)
        red = self.v["box"].get("red", 0)
        home = self.v["sides"][self.side]["summoning"]
        full = all(b.index[label] in self.blk for label in home)
        for cid in hand or ():
            c = self.ids[cid]
            if not g.is_character[c]:
                continue
            for label in home:
                verb = Summon(CardId(c), Hex(b.index[label]))
                if full:
                    self.say(verb, "why.summon.occupied")
                elif g.health[c] > red and b.index[label] not in self.blk:
                    self.say(verb, "why.summon.rings", card=self.name(cid), n=red,
                             health=g.health[c])


def why_not(game: Heavens, view: Mapping[str, Any], lang: str = "en"
            ) -> list[tuple[Action, str]]:
    """The actions the seat to act would expect now that the rules forbid, each with why."""
    v = cast("View", view)
    seat = v["seat"]
    if seat is None or v["to_act"] != seat or v["phase"] != "actions":
        return []
    r = Reasons(game, v, lang)
    pending = v["pending"]
    if pending is None:
        if v["tokens"] > 0:
            r.gods()
            r.summons()
    elif pending["kind"] == "move":
        r.steps(pending["card"])
    return r.out
