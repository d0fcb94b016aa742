"""Andor's verbs: what a hero may do, as typed values, and every verb the game could offer.

A verb names its things by id: a region by its number, a creature by its kind, an article by
its id (``shield:worn`` for its worn side), another hero by his seat, a die by the face it
shows. ``key`` is the verb's word in the catalogues (``label.<key>``, ``event.free.<key>``).

>>> Move(Region(17))
Move(region=17, wineskin=False)
>>> Attack(Kind("gor"), Region(8)).key
'fight'
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, ClassVar, NewType

from meeple.core import Verb

from .params import BLACK_DIE, TWO_SIDED

if TYPE_CHECKING:
    from .game import Andor

#: A region of the map, by its number.
Region = NewType("Region", int)
#: A hero, by the seat that plays him.
Seat = NewType("Seat", int)
#: A creature kind (``gor``, ``herb_gor``).
Kind = NewType("Kind", str)
#: An article or token a hero can hold, by id; ``<id>:worn`` is its worn side.
Item = NewType("Item", str)
#: The face a die shows (a black die shows 6 to 12).
Face = NewType("Face", int)

#: The faces of the six-sided hero dice.
WHITE_FACES = (1, 2, 3, 4, 5, 6)
#: The faces of the black die of a rune set (AND-80), each once.
BLACK_FACES = tuple(sorted(set(BLACK_DIE)))


@dataclass(frozen=True, slots=True)
class AndorVerb(Verb):
    """A verb of Andor, with its word in the catalogues."""

    key: ClassVar[str] = ""


# ---------------------------------------------------------------------- the hero's turn
@dataclass(frozen=True, slots=True)
class Move(AndorVerb):
    """AND-46/39: one step to a neighbouring region, by an hour or with the wineskin."""

    key = "move"
    region: Region
    wineskin: bool = False


@dataclass(frozen=True, slots=True)
class Stop(AndorVerb):
    """AND-48: the move ends where the hero stands."""

    key = "stop"


@dataclass(frozen=True, slots=True)
class Done(AndorVerb):
    """AND-62: no more free actions after the move."""

    key = "done"


@dataclass(frozen=True, slots=True)
class Pass(AndorVerb):
    """AND-45: the hero spends an hour doing nothing."""

    key = "pass"


@dataclass(frozen=True, slots=True)
class EndDay(AndorVerb):
    """AND-21: the hero's marker goes to the sunrise box."""

    key = "end_day"


@dataclass(frozen=True, slots=True)
class Attack(AndorVerb):
    """AND-50: the hero attacks the creature on a region."""

    key = "fight"
    creature: Kind
    region: Region


# ---------------------------------------------------------------------- free actions
@dataclass(frozen=True, slots=True)
class Drink(AndorVerb):
    """AND-67: the hero drinks from the full well he stands on."""

    key = "drink"


@dataclass(frozen=True, slots=True)
class BuyStrength(AndorVerb):
    """AND-36: one strength from a merchant or the mine."""

    key = "buy_sp"


@dataclass(frozen=True, slots=True)
class Buy(AndorVerb):
    """AND-36: an article of the equipment board."""

    key = "buy"
    article: Item


@dataclass(frozen=True, slots=True)
class BuyBrew(AndorVerb):
    """AND-37: the witch's brew, from the witch."""

    key = "buy_brew"


@dataclass(frozen=True, slots=True)
class PickFarmer(AndorVerb):
    """AND-72: the hero takes a farmer along."""

    key = "pick_farmer"


@dataclass(frozen=True, slots=True)
class DropFarmer(AndorVerb):
    """AND-72: the hero leaves a farmer where he stands."""

    key = "drop_farmer"


@dataclass(frozen=True, slots=True)
class PickUp(AndorVerb):
    """The hero takes an article lying where he stands."""

    key = "pick"
    item: Item


@dataclass(frozen=True, slots=True)
class HerbWillpower(AndorVerb):
    """AND-81: the herb gives willpower."""

    key = "herb_wp"


@dataclass(frozen=True, slots=True)
class HerbWalk(AndorVerb):
    """AND-81: the herb carries the hero some steps."""

    key = "herb_walk"


@dataclass(frozen=True, slots=True)
class Telescope(AndorVerb):
    """AND-78: the hero looks at the fog tokens next to him."""

    key = "telescope"


@dataclass(frozen=True, slots=True)
class SendFalcon(AndorVerb):
    """AND-77: the falcon carries gifts to a hero elsewhere."""

    key = "falcon"
    hero: Seat


@dataclass(frozen=True, slots=True)
class GiveGold(AndorVerb):
    """AND-83: one gold to another hero; while a reward is shared (AND-53), from the reward."""

    key = "give_gold"
    hero: Seat


@dataclass(frozen=True, slots=True)
class Give(AndorVerb):
    """AND-83: an article to another hero."""

    key = "give"
    item: Item
    hero: Seat


# ---------------------------------------------------------------------- event cards
@dataclass(frozen=True, slots=True)
class BlockCard(AndorVerb):
    """AND-74: a shield blocks the event card just drawn."""

    key = "block"


@dataclass(frozen=True, slots=True)
class LetHappen(AndorVerb):
    """AND-74: the shield holder lets the event happen."""

    key = "allow"


# ---------------------------------------------------------------------- fights
@dataclass(frozen=True, slots=True)
class Begin(AndorVerb):
    """AND-56: the attacker begins the fight with the heroes gathered."""

    key = "begin"


@dataclass(frozen=True, slots=True)
class InviteHero(AndorVerb):
    """AND-56: the attacker invites a hero in reach."""

    key = "invite"
    hero: Seat


@dataclass(frozen=True, slots=True)
class Join(AndorVerb):
    """AND-56: the invited hero joins the fight."""

    key = "join"


@dataclass(frozen=True, slots=True)
class Decline(AndorVerb):
    """AND-56: the invited hero stays out."""

    key = "decline"


@dataclass(frozen=True, slots=True)
class RollAgain(AndorVerb):
    """AND-64: a hero rolling singly rolls his next die."""

    key = "again"


@dataclass(frozen=True, slots=True)
class KeepDie(AndorVerb):
    """AND-64: a hero rolling singly keeps the die just rolled."""

    key = "keep"
    face: Face


@dataclass(frozen=True, slots=True)
class NoFlip(AndorVerb):
    """AND-65: the wizard leaves the roll as it is."""

    key = "noflip"


@dataclass(frozen=True, slots=True)
class FlipDie(AndorVerb):
    """AND-65: the wizard turns a die of a hero's roll to its opposite face."""

    key = "flip"
    face: Face
    black: bool
    hero: Seat


@dataclass(frozen=True, slots=True)
class AcceptRoll(AndorVerb):
    """AND-79/81: neither the brew nor the herb."""

    key = "accept"


@dataclass(frozen=True, slots=True)
class DoubleDie(AndorVerb):
    """AND-79: the witch's brew doubles a die."""

    key = "brew"
    face: Face
    black: bool


@dataclass(frozen=True, slots=True)
class AddHerb(AndorVerb):
    """AND-81: the herb adds to the battle value."""

    key = "herb"


@dataclass(frozen=True, slots=True)
class BlockLoss(AndorVerb):
    """AND-74: the shield blocks the round's loss."""

    key = "shield"


@dataclass(frozen=True, slots=True)
class TakeLoss(AndorVerb):
    """AND-58: the hero loses the round's willpower."""

    key = "take"


@dataclass(frozen=True, slots=True)
class KeepFighting(AndorVerb):
    """AND-52: one more round."""

    key = "on"


@dataclass(frozen=True, slots=True)
class Withdraw(AndorVerb):
    """AND-60: the hero leaves the fight."""

    key = "withdraw"


@dataclass(frozen=True, slots=True)
class GiveWillpower(AndorVerb):
    """AND-53/59: one willpower of the reward to a hero of the fight."""

    key = "give_wp"
    hero: Seat


# ---------------------------------------------------------------------- every verb
STOP, DONE, PASS, END_DAY = Stop(), Done(), Pass(), EndDay()
DRINK, BUY_STRENGTH, BUY_BREW = Drink(), BuyStrength(), BuyBrew()
PICK_FARMER, DROP_FARMER = PickFarmer(), DropFarmer()
HERB_WILLPOWER, HERB_WALK, TELESCOPE = HerbWillpower(), HerbWalk(), Telescope()
BLOCK_CARD, LET_HAPPEN = BlockCard(), LetHappen()
BEGIN, JOIN, DECLINE, ROLL_AGAIN, NO_FLIP = Begin(), Join(), Decline(), RollAgain(), NoFlip()
ACCEPT_ROLL, ADD_HERB, BLOCK_LOSS, TAKE_LOSS = AcceptRoll(), AddHerb(), BlockLoss(), TakeLoss()
KEEP_FIGHTING, WITHDRAW = KeepFighting(), Withdraw()


def held_items(game: Andor) -> tuple[Item, ...]:
    """Every item a hero can hold: each article, and the worn side of a two-sided one."""
    out = []
    for a in game.content.articles.values():
        out.append(Item(a.id))
        if a.uses == TWO_SIDED:
            out.append(Item(f"{a.id}:worn"))
    return tuple(out)


def universe(game: Andor) -> Iterator[AndorVerb]:
    """Every verb ``game`` could offer, by verb class, then regions, kinds, articles and
    seats in content order, then faces from low to high."""
    c = game.content
    regions = [Region(r.id) for r in c.regions]
    seats = [Seat(s) for s in range(game.players)]
    articles = [Item(a.id) for a in c.articles.values()]
    yield from (Move(r) for r in regions)
    yield from (Move(r, True) for r in regions)
    yield from (STOP, DONE, PASS, END_DAY)
    yield from (Attack(Kind(k), r) for k in c.creatures for r in regions)
    yield from (DRINK, BUY_STRENGTH)
    yield from (Buy(Item(a)) for a in game.sold)
    yield from (BUY_BREW, PICK_FARMER, DROP_FARMER)
    yield from (PickUp(a) for a in articles)
    yield from (HERB_WILLPOWER, HERB_WALK, TELESCOPE)
    yield from (SendFalcon(s) for s in seats)
    yield from (GiveGold(s) for s in seats)
    yield from (Give(it, s) for it in held_items(game) for s in seats)
    yield from (BLOCK_CARD, LET_HAPPEN, BEGIN)
    yield from (InviteHero(s) for s in seats)
    yield from (JOIN, DECLINE, ROLL_AGAIN)
    yield from (KeepDie(Face(v)) for v in sorted({*WHITE_FACES, *BLACK_FACES}))
    yield NO_FLIP
    yield from (FlipDie(Face(v), black, s) for s in seats for black, faces in
                ((False, WHITE_FACES), (True, BLACK_FACES)) for v in faces)
    yield ACCEPT_ROLL
    yield from (DoubleDie(Face(v), black) for black, faces in
                ((False, WHITE_FACES), (True, BLACK_FACES)) for v in faces)
    yield from (ADD_HERB, BLOCK_LOSS, TAKE_LOSS, KEEP_FIGHTING, WITHDRAW)
    yield from (GiveWillpower(s) for s in seats)
