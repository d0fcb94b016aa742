"""The verbs of the catacombs: every kind of action a dwarf takes, its fields typed with the
game's ids, and :func:`universe`, every verb a game could ever offer, in a fixed order.

Ids are indexes into the content tables (``ItemId`` into ``content.items``, ``EntranceId``
into ``content.entrances``), a side of a cell is a ``Dir`` (``board.DIRS`` order) and a
passage mask ``Sides`` (``board.SIDE_BITS``); a tile kind is its content id.

>>> Explore(Dir(1))
Explore(direction=1)
>>> Brew(ItemId(19), cristall=True)
Brew(potion=19, cristall=True)
>>> import meeple
>>> verbs = universe(meeple.load("catacombs", players=2))
>>> verbs[0], verbs[-1], OfferTrade(Seat(2)) in verbs
(Enter(entrance=0), EndTurn(), False)
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, NewType

from meeple.core import Verb

from .content import DRINKABLE

if TYPE_CHECKING:
    from .content import Catalog
    from .game import Catacombs

#: A side of a cell: 0 north, 1 east, 2 south, 3 west (``board.DIRS``).
Dir = NewType("Dir", int)
#: A passage mask: the open sides of a tile, ``board.SIDE_BITS`` added up (1..15).
Sides = NewType("Sides", int)
#: An entrance, by its index in ``content.entrances``.
EntranceId = NewType("EntranceId", int)
#: An item (weapon, armour, potion, treasure, artifact, ingredient) by its index in
#: ``content.items``.
ItemId = NewType("ItemId", int)
#: A kind of tile by its content id (``cross``, ``tee``...).
TileId = NewType("TileId", str)
#: A seat at the table.
Seat = NewType("Seat", int)
#: CAT-9: what a threshold's reward raises.
Stat = Literal["strength", "armour", "health"]
#: CAT-9: the rewards, in the order the game offers them.
RAISES: tuple[Stat, ...] = ("strength", "armour", "health")
#: CAT-20: the coins one ``give``/``ask`` coins action adds to an offer.
COIN_STEPS = (10, 100)
#: Every side, in ``Dir`` order.
SIDES = tuple(Dir(d) for d in range(4))
#: Every passage mask a tile can show.
MASKS = tuple(Sides(m) for m in range(1, 16))


# ---------------------------------------------------------------- set-up and moves
@dataclass(frozen=True, slots=True)
class Enter(Verb):
    """CAT-6: the dwarf to set up stands on a free entrance."""

    word = "enter"
    entrance: EntranceId


@dataclass(frozen=True, slots=True)
class Explore(Verb):
    """CAT-26: one step onto unexplored ground through an open side."""

    word = "explore"
    direction: Dir


@dataclass(frozen=True, slots=True)
class Step(Verb):
    """CAT-27, CAT-30: one cell of a walk."""

    word = "step"
    direction: Dir


@dataclass(frozen=True, slots=True)
class Sneak(Verb):
    """CAT-42: invisible, onto a monster's cell without a fight."""

    word = "sneak"
    direction: Dir


@dataclass(frozen=True, slots=True)
class BreakWall(Verb):
    """CAT-43: the destruction potion takes the dwarf through a wall."""

    word = "break"
    direction: Dir


@dataclass(frozen=True, slots=True)
class Walk(Verb):
    """CAT-27: roll a d6 for a walk over explored ground."""

    word = "walk"


@dataclass(frozen=True, slots=True)
class SpeedWalk(Verb):
    """CAT-41: a walk of any length."""

    word = "speed"


@dataclass(frozen=True, slots=True)
class SpeedTo(Verb):
    """CAT-41: a jump from an entrance to another."""

    word = "speed"
    entrance: EntranceId


@dataclass(frozen=True, slots=True)
class Stay(Verb):
    """CAT-25: no move this turn."""

    word = "stay"


@dataclass(frozen=True, slots=True)
class Stop(Verb):
    """CAT-27: the walk ends here."""

    word = "stop"


# ---------------------------------------------------------------- battle
@dataclass(frozen=True, slots=True)
class Fight(Verb):
    """CAT-51: take the revealed monster on."""

    word = "fight"


@dataclass(frozen=True, slots=True)
class Retreat(Verb):
    """CAT-51, CAT-55: back to the cell the dwarf came from."""

    word = "retreat"


@dataclass(frozen=True, slots=True)
class Attack(Verb):
    """CAT-52, CAT-55: roll the attack (or, on a monster's cell, begin the battle)."""

    word = "attack"


@dataclass(frozen=True, slots=True)
class Sacrifice(Verb):
    """CAT-44: a potion poured out for +1 to the turn's rolls."""

    word = "sacrifice"
    item: ItemId


# ---------------------------------------------------------------- building
@dataclass(frozen=True, slots=True)
class DrawTile(Verb):
    """CAT-57: draw a tile from the pile."""

    word = "draw"


@dataclass(frozen=True, slots=True)
class TakeTile(Verb):
    """CAT-59: take a face-up tile of this kind instead."""

    word = "take"
    tile: TileId


@dataclass(frozen=True, slots=True)
class Place(Verb):
    """CAT-57: lay the tile in hand turned to show these sides."""

    word = "place"
    sides: Sides


@dataclass(frozen=True, slots=True)
class RefuseTile(Verb):
    """CAT-58: the tile in hand is put face up and another drawn."""

    word = "refuse"


@dataclass(frozen=True, slots=True)
class TurnTile(Verb):
    """CAT-48: the Spinner turns the tile of the dwarf's cell to show these sides."""

    word = "turn"
    sides: Sides


# ---------------------------------------------------------------- a dwarf's sheet
@dataclass(frozen=True, slots=True)
class Raise(Verb):
    """CAT-9: a threshold's reward."""

    word = "raise"
    stat: Stat


@dataclass(frozen=True, slots=True)
class Equip(Verb):
    """CAT-12..15: put a weapon or armour from the backpack on the screen."""

    word = "equip"
    item: ItemId


@dataclass(frozen=True, slots=True)
class Unequip(Verb):
    """CAT-12: a worn item back into the backpack."""

    word = "unequip"
    item: ItemId


@dataclass(frozen=True, slots=True)
class Buy(Verb):
    """CAT-16, CAT-17: buy from the shop."""

    word = "buy"
    item: ItemId


@dataclass(frozen=True, slots=True)
class Sell(Verb):
    """CAT-16, CAT-17: sell to the shop."""

    word = "sell"
    item: ItemId


@dataclass(frozen=True, slots=True)
class BuyTurn(Verb):
    """CAT-19: an extra turn after this one."""

    word = "buy"


@dataclass(frozen=True, slots=True)
class BuyExperience(Verb):
    """CAT-19: one experience."""

    word = "buy"


@dataclass(frozen=True, slots=True)
class Drink(Verb):
    """CAT-38..40: a healing, protection or strength potion."""

    word = "drink"
    item: ItemId


@dataclass(frozen=True, slots=True)
class Use(Verb):
    """CAT-46..49: use an artifact."""

    word = "use"
    item: ItemId


@dataclass(frozen=True, slots=True)
class Redraw(Verb):
    """CAT-48: the Spinner's variant: the cell's tile back into the box, a new one drawn."""

    word = "use"


@dataclass(frozen=True, slots=True)
class Brew(Verb):
    """CAT-37, CAT-50: brew a potion in a cauldron (the Cristall standing in for two
    ingredients when ``cristall``)."""

    word = "brew"
    potion: ItemId
    cristall: bool = False


# ---------------------------------------------------------------- trade and the turn's end
@dataclass(frozen=True, slots=True)
class OfferTrade(Verb):
    """CAT-20: open an offer to another dwarf."""

    word = "offer"
    partner: Seat


@dataclass(frozen=True, slots=True)
class Give(Verb):
    """CAT-20: add an item of one's own to the offer."""

    word = "give"
    item: ItemId


@dataclass(frozen=True, slots=True)
class Ask(Verb):
    """CAT-20: ask for an item of the partner's."""

    word = "ask"
    item: ItemId


@dataclass(frozen=True, slots=True)
class GiveCoins(Verb):
    """CAT-20: add coins of one's own to the offer."""

    word = "give"
    coins: int


@dataclass(frozen=True, slots=True)
class AskCoins(Verb):
    """CAT-20: ask for coins of the partner's."""

    word = "ask"
    coins: int


@dataclass(frozen=True, slots=True)
class Propose(Verb):
    """CAT-20: the offer goes to the partner."""

    word = "propose"


@dataclass(frozen=True, slots=True)
class CancelTrade(Verb):
    """CAT-20: the offer is dropped."""

    word = "cancel"


@dataclass(frozen=True, slots=True)
class Accept(Verb):
    """CAT-20: the partner accepts the offer."""

    word = "accept"


@dataclass(frozen=True, slots=True)
class Decline(Verb):
    """CAT-20: the partner declines the offer."""

    word = "decline"


@dataclass(frozen=True, slots=True)
class EndTurn(Verb):
    """CAT-25: the turn passes on."""

    word = "end"


#: The verbs about one item, written as their word and the item's name.
ItemVerb = Sacrifice | Equip | Unequip | Buy | Sell | Drink | Use | Give | Ask
ITEM_VERBS: tuple[type[ItemVerb], ...] = (Sacrifice, Equip, Unequip, Buy, Sell, Drink, Use,
                                          Give, Ask)


def _items(content: Catalog, *kinds: str) -> list[ItemId]:
    return [ItemId(it.index) for it in content.items if it.kind in kinds]


def universe(game: Catacombs) -> tuple[Verb, ...]:
    """Every verb a game with ``game``'s seats could ever offer: by verb, then in content
    order (entrances, sides, items, masks as the tables list them)."""
    content = game.content
    entrances = [EntranceId(i) for i in range(len(content.entrances))]
    items = content.items
    wearable = _items(content, "weapon", "armour")
    potions = _items(content, "potion")
    artifacts = _items(content, "artifact")
    every = [ItemId(it.index) for it in items]
    out: list[Verb] = [Enter(e) for e in entrances]
    out += [v(d) for v in (Explore, Step, Sneak, BreakWall) for d in SIDES]
    out += [Walk(), SpeedWalk(), *(SpeedTo(e) for e in entrances), Stay(), Stop()]
    out += [Fight(), Retreat(), Attack(), *(Sacrifice(i) for i in potions)]
    out += [DrawTile(), *(TakeTile(TileId(t)) for t in dict.fromkeys(t.id for t in content.tiles))]
    out += [*(Place(m) for m in MASKS), RefuseTile(), *(TurnTile(m) for m in MASKS)]
    out += [Raise(r) for r in RAISES]
    out += [*(Equip(i) for i in wearable), *(Unequip(i) for i in wearable)]
    out += [Buy(ItemId(i)) for i in content.shop]
    out += [Sell(ItemId(it.index)) for it in items if it.value]
    out += [BuyTurn(), BuyExperience()]
    out += [Drink(i) for i in potions if items[i].effect in DRINKABLE]
    out += [*(Use(i) for i in artifacts), Redraw()]
    out += [Brew(ItemId(p), cristall) for cristall in (False, True) for p, _ in content.recipes]
    out += [OfferTrade(Seat(s)) for s in range(game.players)]
    out += [*(Give(i) for i in every), *(Ask(i) for i in every)]
    out += [*(GiveCoins(k) for k in COIN_STEPS), *(AskCoins(k) for k in COIN_STEPS)]
    out += [Propose(), CancelTrade(), Accept(), Decline(), EndTurn()]
    return tuple(out)
