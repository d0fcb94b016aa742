"""Why an action a dwarf would expect to take is not offered (``Game.why_not``,
docs/contract.md): a step into a wall or onto unexplored ground during a walk, a thing the purse
cannot pay for, a weapon too heavy, a speed jump away from the dwarf's own entrance, a tile laid
without the passage it came in by, a recipe short of an ingredient, a retreat barred after a
wall was broken, a stop on a monster's cell while unseen, a sneak without the points for it.

Everything is read from the acting seat's view and the game's public content, never from the
state, so a reason tells nothing the seat may not know. Every action returned is illegal at
that moment (``tests/games/test_why_not.py``); words come from ``locale/<lang>.po``
(``why.*``).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, cast

from meeple.core import Action, Verb

from .board import DIRS, OPP, SIDE_BITS
from .lookup import join, money, name, sides, words
from .verbs import (
    Brew,
    Buy,
    BuyExperience,
    BuyTurn,
    EntranceId,
    Equip,
    Explore,
    ItemId,
    Place,
    RefuseTile,
    Retreat,
    Sides,
    Sneak,
    SpeedTo,
    Step,
    Stop,
    Use,
)
from .verbs import Dir as DirId

if TYPE_CHECKING:
    from meeple.i18n import Texts

    from .game import Catacombs
    from .view import DwarfView, View

#: Where each side leads, as ``(dx, dy)`` (``DIRS`` order).
STEPS = ((0, -1), (1, 0), (0, 1), (-1, 0))
#: CAT-42: walk points a sneak needs: the step onto the monster and one to walk on.
SNEAK_POINTS = 2
#: The steps a decision interrupts (no shopping or moving while they are open).
DECISIONS = frozenset({"level", "trade", "respond"})


class _Ctx:
    """What every reason reads: the game, the view, the acting dwarf, the words."""

    def __init__(self, game: Catacombs, view: View, me: DwarfView, t: Texts) -> None:
        self.game, self.view, self.me, self.t, self.lang = game, view, me, t, t.lang
        self.out: list[tuple[Action, str]] = []
        size = view["size"]
        cell = me["cell"]
        self.here = None if cell is None else cell[1] * size + cell[0]

    def say(self, verb: Verb, key: str, **kw: Any) -> None:
        self.out.append((self.game.action(verb), self.t(f"why.{key}", **kw)))

    def neighbour(self, d: int) -> int | None:
        """The cell beyond side ``d`` of the dwarf's cell, None off the board."""
        cell, size = self.me["cell"], self.view["size"]
        assert cell is not None
        x, y = cell[0] + STEPS[d][0], cell[1] + STEPS[d][1]
        return y * size + x if 0 <= x < size and 0 <= y < size else None

    def monster(self, c: int) -> bool:
        return (self.view["cards"][c] or "").startswith("monster:")

    def carries(self, effect: str) -> bool:
        items = self.game.content.items
        index = self.game.content.item_index
        return any(items[index[i]].effect == effect for i in self.me["backpack"])

    def at_entrance(self) -> bool:
        return self.me["cell"] in self.view["entrances"].values()


def why_not(game: Catacombs, view: Mapping[str, Any], lang: str = "en") -> list[tuple[Action, str]]:
    """The actions the seat whose ``view`` this is would expect to take now that the rules
    forbid, each with the rule's reason in ``lang``."""
    v = cast("View", view)
    seat = v["to_act"]
    if seat is None or v["phase"] == "setup" or v["step"] in DECISIONS:
        return []
    me = v["dwarves"][seat]
    if not me["alive"] or me["cell"] is None:
        return []
    ctx = _Ctx(game, v, me, words(lang))
    step = v["step"]
    if step == "main":
        if v["phase"] == "move":
            _moves(ctx)
        _shop(ctx)
        _gear(ctx)
        _brewing(ctx)
    elif step == "walk":
        _walk(ctx)
    elif step == "place":
        _place(ctx)
    _purchases(ctx)
    return ctx.out


def _moves(c: _Ctx) -> None:
    """CAT-26, CAT-28, CAT-41, CAT-43: walls, the speed jump, no retreat through a broken
    wall."""
    assert c.here is not None
    tile = c.view["tiles"][c.here]
    if c.monster(c.here):  # CAT-55: fight on or retreat, nothing else
        if c.me["fight_to_the_end"]:
            c.say(Retreat(), "no_retreat")
        return
    if tile is not None:
        for d in range(4):
            n = c.neighbour(d)
            if n is None or c.view["tiles"][n] is not None or tile & SIDE_BITS[d]:
                continue
            c.say(Explore(DirId(d)), "wall", to=c.t(f"to.{DIRS[d]}"))
    if c.carries("speed"):
        _speed(c)


def _speed(c: _Ctx) -> None:
    """CAT-41: the jump leaves from the dwarf's own entrance only."""
    own = c.me["entrance"]
    entrances = c.game.content.entrances
    cells = c.view["entrances"]
    if own is None or cells[own] == c.me["cell"]:
        return
    where = name(own, c.lang)
    for k, e in enumerate(entrances):
        if cells[e.id] != c.me["cell"]:
            c.say(SpeedTo(EntranceId(k)), "speed_own", entrance=where)


def _walk(c: _Ctx) -> None:
    """CAT-27, CAT-28, CAT-42: a walk goes through passages over explored ground; a dwarf
    unseen on a monster's cell walks on; a sneak needs its points."""
    assert c.here is not None
    tiles = c.view["tiles"]
    tile = tiles[c.here]
    if c.monster(c.here):  # only a sneak stands on a monster's cell during a walk
        c.say(Stop(), "sneaking", monster=_monster_name(c, c.here))
    left = c.view["walk_left"]
    short = left is not None and left < SNEAK_POINTS and c.carries("invisibility")
    for d in range(4):
        n = c.neighbour(d)
        if n is None or tile is None:
            continue
        to = c.t(f"to.{DIRS[d]}")
        there = tiles[n]
        if there is None:
            c.say(Step(DirId(d)), "unexplored", to=to)
        elif not (tile & SIDE_BITS[d] and there & SIDE_BITS[OPP[d]]):
            c.say(Step(DirId(d)), "wall_between", to=to)
        elif short and c.monster(n):
            c.say(Sneak(DirId(d)), "sneak_points", n=SNEAK_POINTS)


def _monster_name(c: _Ctx, cell: int) -> str:
    return name((c.view["cards"][cell] or "").partition(":")[2], c.lang)


def _place(c: _Ctx) -> None:
    """CAT-57: the tile keeps a passage towards the side the dwarf came in by; CAT-58: a tile
    is refused only for another from the box."""
    v = c.view
    held, build = v["held_tile"], v["build_cell"]
    if v["tile_pile"] == 0:
        c.say(RefuseTile(), "pile_empty")
    if held is None or build is None:
        return
    came = c.me["cell"] if c.me["cell"] != build else c.me["came_from"]
    if came is None:
        return
    step = (came[0] - build[0], came[1] - build[1])
    if step not in STEPS:
        return
    d = STEPS.index(step)
    for m in c.game.rotations[v["tile_shapes"][held]]:
        if not m & SIDE_BITS[d]:
            c.say(Place(Sides(m)), "place_side", sides=sides(m, c.lang),
                  side=c.t(f"side.{DIRS[d]}"))


def _shop(c: _Ctx) -> None:
    """CAT-16, CAT-17: the shop's price where the dwarf stands, against its purse."""
    content = c.game.content
    factor = 1.0 if c.at_entrance() else content.markup
    purse = c.me["money"]
    for i in content.shop:
        it = content.items[i]
        price = it.price * factor
        if price > purse:
            c.say(Buy(ItemId(i)), "afford", item=name(it.id, c.lang),
                  price=money(price, c.lang), purse=money(purse, c.lang))


def _purchases(c: _Ctx) -> None:
    """CAT-19: an extra turn or an experience costs 200 coins at any moment of the turn."""
    content = c.game.content
    purse = c.me["money"]
    if c.view["step"] == "entrance":
        return
    if content.extra_turn_price > purse:
        c.say(BuyTurn(), "afford_turn", price=money(content.extra_turn_price, c.lang),
              purse=money(purse, c.lang))
    if content.experience_price > purse:
        c.say(BuyExperience(), "afford_exp", price=money(content.experience_price, c.lang),
              purse=money(purse, c.lang))


def _gear(c: _Ctx) -> None:
    """CAT-14: a weapon needs its strength; CAT-48: the Spinner turns a laid tile, and an
    entrance has none."""
    content = c.game.content
    index = content.item_index
    strength = c.me["strength"]
    for iid in dict.fromkeys(c.me["backpack"]):
        it = content.items[index[iid]]
        if it.kind == "weapon" and it.strength > strength:
            c.say(Equip(ItemId(it.index)), "strength", item=name(it.id, c.lang), n=it.strength,
                  mine=strength)
        elif it.kind == "artifact" and it.effect == "spinner" and c.at_entrance():
            c.say(Use(ItemId(it.index)), "spinner_entrance")


def _brewing(c: _Ctx) -> None:
    """CAT-37: on a cauldron's cell, a recipe needs all its ingredients (the Cristall's way is
    its own action)."""
    assert c.here is not None
    if c.view["cauldrons"][c.here] is None:
        return
    content = c.game.content
    have = Counter(c.me["backpack"])
    for potion, ings in content.recipes:
        need = Counter(content.items[i].id for i in ings)
        missing = [name(i, c.lang) for i, k in need.items() for _ in range(k - have[i])]
        if missing:
            c.say(Brew(ItemId(potion)), "ingredients",
                  potion=name(content.items[potion].id, c.lang),
                  missing=join(missing, c.lang))
