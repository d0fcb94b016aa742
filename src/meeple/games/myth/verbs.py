"""Myth's verbs: every kind of action a seat takes, typed by what it is about, and
:func:`universe`, every verb the game could ever offer for its options, in a fixed order.

A verb names content by id (a card, a hero, a quest) and the dungeon by its own numbers (a
tile's side as its bit, a cell as its offset from the Avatara's crossroads); the notation
(:mod:`.notation`) writes them as the action's text.

>>> Play(CardId("trow"))
Play(card='trow')
>>> from .game import Myth
>>> verbs = universe(Myth(players=3))
>>> verbs[0], verbs[-1]
(Draw(count=0), EndTurn())
>>> len(verbs) == len(set(verbs))
True
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, NewType

from meeple.components.tilegrid import SIDES
from meeple.core import Verb

from .content import ARTIFACTS, ITEM_EFFECTS
from .params import MAX_EXTENT

if TYPE_CHECKING:
    from .game import Myth

#: An event or monster card of the event deck, by its id in ``events.toml``/``monsters.toml``.
CardId = NewType("CardId", str)
#: A hero card, by its id in ``heroes.toml``.
HeroId = NewType("HeroId", str)
#: A quest card, by its id in ``quests.toml``.
QuestId = NewType("QuestId", str)
#: A side of a tile as its bit (meeple.components.tilegrid: N=1, E=2, S=4, W=8).
Side = NewType("Side", int)
#: The open sides of a laid tile: a sum of :data:`Side` bits, 1..15.
Passages = NewType("Passages", int)
#: A cell of the dungeon: its ``(x, y)`` offset from the crossroads, ``y`` growing southwards.
Cell = tuple[int, int]


# ------------------------------------------------------------------ step 1: draw
@dataclass(frozen=True, slots=True)
class Draw(Verb):
    """MYTH-30..32: draw ``count`` event cards, those past the hand size paid for."""

    word = "draw"
    count: int


# ------------------------------------------------------------------ step 2: move or explore
@dataclass(frozen=True, slots=True)
class Move(Verb):
    """MYTH-33: walk through an open passage onto an explored cell."""

    word = "move"
    side: Side


@dataclass(frozen=True, slots=True)
class Explore(Verb):
    """MYTH-34: step towards an empty neighbour and draw a tile to lay there."""

    word = "explore"
    side: Side


@dataclass(frozen=True, slots=True)
class Stay(Verb):
    """MYTH-33: stay on the cell (its events and battle follow)."""

    word = "stay"


@dataclass(frozen=True, slots=True)
class Place(Verb):
    """MYTH-36: lay the drawn tile with these passages open."""

    word = "place"
    passages: Passages


@dataclass(frozen=True, slots=True)
class Redraw(Verb):
    """MYTH-35: pay to discard the drawn tile and draw another."""

    word = "redraw"


# ------------------------------------------------------------------ step 3: events
@dataclass(frozen=True, slots=True)
class DreamOrder(Verb):
    """MYTH-93: the dream's master allows the dreamer's cards, or forbids them."""

    word = "order:"
    allow: bool


@dataclass(frozen=True, slots=True)
class Play(Verb):
    """MYTH-44, MYTH-45: pay for a card of the hand and lay it face down."""

    word = "play"
    card: CardId


@dataclass(frozen=True, slots=True)
class Pass(Verb):
    """MYTH-45: play no card."""

    word = "pass"


@dataclass(frozen=True, slots=True)
class Resolve(Verb):
    """MYTH-46: of the revealed cards tied to resolve next, this one first."""

    word = "resolve"
    card: CardId


# ------------------------------------------------------------------ the choices cards ask
@dataclass(frozen=True, slots=True)
class NodTo(Verb):
    """MYTH-76: Nod's Touch sends the hero to this explored cell."""

    word = "nod"
    cell: Cell


@dataclass(frozen=True, slots=True)
class StayPut(Verb):
    """MYTH-76: the hero touched by Nod stays where he is."""

    word = "stay"


@dataclass(frozen=True, slots=True)
class DiscardCard(Verb):
    """MYTH-87: Shiver's Magic: discard this card of the hand."""

    word = "discard"
    card: CardId


@dataclass(frozen=True, slots=True)
class DestroyItem(Verb):
    """MYTH-89: Fury of Shiver: this item of the hero's is destroyed."""

    word = "destroy"
    card: CardId


@dataclass(frozen=True, slots=True)
class DeceiveHero(Verb):
    """MYTH-86: Deceiver's Magic: two cards of this hero's player join the resolution."""

    word = "deceive"
    hero: HeroId


# ------------------------------------------------------------------ step 4: battle
@dataclass(frozen=True, slots=True)
class Remove(Verb):
    """MYTH-60: pay a monster away into the deck before the battle."""

    word = "remove"
    monster: CardId


@dataclass(frozen=True, slots=True)
class Imprison(Verb):
    """MYTH-41: shut a monster in the Tain before the battle."""

    word = "imprison"
    monster: CardId


@dataclass(frozen=True, slots=True)
class Fight(Verb):
    """MYTH-60: begin the battle."""

    word = "fight"


@dataclass(frozen=True, slots=True)
class Attack(Verb):
    """MYTH-56: the hero's attack strikes a monster of this kind."""

    word = "attack"
    monster: CardId


@dataclass(frozen=True, slots=True)
class TargetHero(Verb):
    """MYTH-57: the monster's attack strikes this hero of the cell."""

    word = "target"
    hero: HeroId


# ------------------------------------------------------------------ the turn's choices
@dataclass(frozen=True, slots=True)
class Show(Verb):
    """MYTH-17: show a fulfilled quest and rise a level."""

    word = "show"
    quest: QuestId


@dataclass(frozen=True, slots=True)
class Swap(Verb):
    """MYTH-19: pay to swap an unfulfilled quest for the top of the quest pile."""

    word = "swap"
    quest: QuestId


@dataclass(frozen=True, slots=True)
class Heal(Verb):
    """MYTH-13: a healer pays for one use of his heal rate."""

    word = "heal"


@dataclass(frozen=True, slots=True)
class AvataraHeal(Verb):
    """MYTH-71: the Avatara heals a hero on the start square for resources."""

    word = "avatara"


@dataclass(frozen=True, slots=True)
class ExtraTurn(Verb):
    """MYTH-70: buy an extra turn."""

    word = "extra"


@dataclass(frozen=True, slots=True)
class EndTurn(Verb):
    """MYTH-27: end the turn."""

    word = "end"


# ------------------------------------------------------------------ the universe
def most_drawn(hand_size: int, bank: int) -> int:
    """The most cards a draw can ever take: the free ones up to the hand size, then as many
    paid ones (2, 4, 8 … resources, MYTH-31) as every resource of the game could buy."""
    paid, price, spent = 0, 2, 0
    while spent + price <= bank:
        spent += price
        price *= 2
        paid += 1
    return hand_size + paid


def cells() -> list[Cell]:
    """Every cell a dungeon within its extent (MYTH-37) could reach, row by row."""
    reach = range(1 - MAX_EXTENT, MAX_EXTENT)
    return [(x, y) for y in reach for x in reach]


def universe(game: Myth) -> tuple[Verb, ...]:
    """Every verb Myth could offer with ``game``'s options, by verb then in content order."""
    c = game.content
    cards = [CardId(k) for k in c.cards]
    monsters = [CardId(k) for k, card in c.cards.items() if card.monster]
    items = [CardId(k) for k, card in c.cards.items()
             if card.effect in ITEM_EFFECTS and k not in ARTIFACTS]
    heroes = [HeroId(h) for h in c.heroes]
    quests = [QuestId(q) for q in c.quests]
    sides = [Side(s) for s in SIDES]
    cfg = game.config
    return (
        *(Draw(n) for n in range(most_drawn(cfg["hand_size"], cfg["bank"]) + 1)),
        *(Move(s) for s in sides), *(Explore(s) for s in sides), Stay(),
        *(Place(Passages(m)) for m in range(1, 16)), Redraw(),
        DreamOrder(False), DreamOrder(True), *(Play(k) for k in cards), Pass(),
        *(Resolve(k) for k in cards),
        *(NodTo(cell) for cell in cells()), StayPut(),
        *(DiscardCard(k) for k in cards), *(DestroyItem(k) for k in items),
        *(DeceiveHero(h) for h in heroes),
        *(Remove(m) for m in monsters), *(Imprison(m) for m in monsters), Fight(),
        *(Attack(m) for m in monsters), *(TargetHero(h) for h in heroes),
        *(Show(q) for q in quests), *(Swap(q) for q in quests),
        Heal(), AvataraHeal(), ExtraTurn(), EndTurn(),
    )
