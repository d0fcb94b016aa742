"""Grab and Hit's verbs: every kind of action, typed, and every verb the game could ever offer.

A verb names things by their numbers in the content (``game.content``): an adventurer by its
place among the adventurers, a card by its place among the cards, a deck by its colour, a shop's
service by its place among the services. Copies of a card are one card to whoever acts (the
same name, the same rules), so a verb names a card by its first copy (``content.first``) and
the rules take the copy the seat holds.

>>> import meeple
>>> game = meeple.load("grabhit", players=2)
>>> Hit(AdventurerId(1))
Hit(target=1)
>>> game.action(Cast(CardId(50), target=AdventurerId(1)))
Action('cast Fireball on Violet')
>>> [a.text for a in game.action_universe()[:3]]
['choose Ashir', 'choose Violet', 'choose Victor']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, NewType

from meeple.core import Verb

from .content import AT_ADVENTURER, AT_WEAPON, COLOURS, Location, Scroll, Tables

if TYPE_CHECKING:
    from .game import GrabHit

#: An adventurer: its place in ``content.adventurers``.
AdventurerId = NewType("AdventurerId", int)
#: A card: its place in ``content.cards`` (in a verb, the card's first copy).
CardId = NewType("CardId", int)
#: A deck: 0 blue, 1 green, 2 red (``content.COLOURS``).
Colour = NewType("Colour", int)
#: A shop's service: its place in ``content.services``.
ServiceId = NewType("ServiceId", int)


@dataclass(frozen=True, slots=True)
class Choose(Verb):
    """GAH-2, GAH-64: take up an adventurer."""

    word = "choose"
    adventurer: AdventurerId


@dataclass(frozen=True, slots=True)
class Spin(Verb):
    """GAH-6: spin the wheel in phase 1."""

    word = "spin"


@dataclass(frozen=True, slots=True)
class Draw(Verb):
    """GAH-9, GAH-38: draw from the deck of this colour."""

    word = "draw"
    colour: Colour


@dataclass(frozen=True, slots=True)
class Done(Verb):
    """End the free actions or the hits, or a colour choice with every deck empty."""

    word = "done"


@dataclass(frozen=True, slots=True)
class Accept(Verb):
    """GAH-31: let an effect through without raising a shield."""

    word = "accept"


@dataclass(frozen=True, slots=True)
class Keep(Verb):
    """GAH-12: keep this weapon of the two of one class."""

    word = "keep"
    weapon: CardId


@dataclass(frozen=True, slots=True)
class Buy(Verb):
    """GAH-17: buy the location drawn."""

    word = "buy"
    location: CardId


@dataclass(frozen=True, slots=True)
class Decline(Verb):
    """GAH-17: send the location drawn to auction."""

    word = "decline"
    location: CardId


@dataclass(frozen=True, slots=True)
class Repair(Verb):
    """GAH-8: the wheel's repair symbol mends this weapon."""

    word = "repair"
    weapon: CardId


@dataclass(frozen=True, slots=True)
class Block(Verb):
    """GAH-31: block an effect with this shield."""

    word = "block"
    shield: CardId


@dataclass(frozen=True, slots=True)
class Take(Verb):
    """GAH-63: take this card from the centre."""

    word = "take"
    card: CardId


@dataclass(frozen=True, slots=True)
class Attach(Verb):
    """GAH-13: attach a blueprint from the hand to a weapon held."""

    word = "attach"
    blueprint: CardId
    weapon: CardId


@dataclass(frozen=True, slots=True)
class Bid(Verb):
    """GAH-18: bid this many coins on the lot of a location."""

    word = "bid"
    location: CardId
    coins: int


@dataclass(frozen=True, slots=True)
class Visit(Verb):
    """GAH-23, GAH-24: pay a shop's fee for a service, for a card where it needs one (the
    curse lifted, the weapon repaired)."""

    word = "visit"
    service: ServiceId
    card: CardId | None = None


@dataclass(frozen=True, slots=True)
class Cast(Verb):
    """GAH-25, GAH-28, GAH-43: cast a magic card or a held curse: at an adventurer, on a weapon
    of one's own, or (neither) for oneself."""

    word = "cast"
    card: CardId
    target: AdventurerId | None = None
    weapon: CardId | None = None


@dataclass(frozen=True, slots=True)
class UseAbility(Verb):
    """GAH-44: try the adventurer's ability: at an adventurer, on a weapon or on one's armour,
    or (none of them) for oneself."""

    word = "use"
    target: AdventurerId | None = None
    weapon: CardId | None = None
    armour: bool = False


@dataclass(frozen=True, slots=True)
class Discard(Verb):
    """GAH-21: discard a location of one's six."""

    word = "discard"
    location: CardId


@dataclass(frozen=True, slots=True)
class Attack(Verb):
    """GAH-47, GAH-48: attack with this weapon in phase 5 (None: with bare fists)."""

    word = "attack"
    weapon: CardId | None


@dataclass(frozen=True, slots=True)
class Hit(Verb):
    """GAH-46, GAH-49: hit this adventurer."""

    word = "hit"
    target: AdventurerId


GrabHitVerb = (Choose | Spin | Draw | Done | Accept | Keep | Buy | Decline | Repair | Block
               | Take | Attach | Bid | Visit | Cast | UseAbility | Discard | Attack | Hit)


def _firsts(c: Tables, *kinds: str) -> list[CardId]:
    """The first copy of every card of these kinds, in card order."""
    return [CardId(card.id) for card in c.cards
            if card.kind in kinds and c.first[card.id] == card.id]


def most_coins(c: Tables, gold_target: int) -> int:
    """The most gold a seat can hold while the game goes on: below the target (GAH-65), or a
    capital above it."""
    return max(gold_target - 1, *(a.capital for a in c.adventurers))


def _bids(c: Tables, gold_target: int) -> list[Bid]:
    """GAH-18: from the opening (at least a coin) up to the most a seat can hold."""
    out = []
    for loc in _firsts(c, "location"):
        entry = c.cards[loc].entry
        assert isinstance(entry, Location)
        low = max(1, entry.auction)
        out += [Bid(loc, v) for v in range(low, most_coins(c, gold_target) + 1)]
    return out


def _visits(c: Tables) -> list[Visit]:
    out: list[Visit] = []
    for i, sv in enumerate(c.services):
        if sv.kind == "lift_curse":  # GAH-27: only the lasting curses stay to be lifted
            out += [Visit(ServiceId(i), k) for k in _firsts(c, "curse")
                    if isinstance(e := c.cards[k].entry, Scroll) and e.lasting]
        elif sv.kind == "repair_weapon":
            out += [Visit(ServiceId(i), w) for w in _firsts(c, "weapon")]
        else:
            out.append(Visit(ServiceId(i)))
    return out


def _casts(c: Tables) -> list[Cast]:
    """GAH-43: magic aimed at others, on a weapon or for oneself; GAH-28: curses at others."""
    out: list[Cast] = []
    advs = [AdventurerId(i) for i in range(len(c.adventurers))]
    for k in _firsts(c, "magic", "curse"):
        e = c.cards[k].entry
        assert isinstance(e, Scroll)
        if e.kind == "curse" or e.effect in AT_ADVENTURER:
            out += [Cast(k, target=a) for a in advs]
        elif e.effect in AT_WEAPON:
            out += [Cast(k, weapon=w) for w in _firsts(c, "weapon")]
        else:
            out.append(Cast(k))
    return out


def _attaches(c: Tables) -> list[Attach]:
    """GAH-13: a blueprint on a weapon of a class it fits."""
    out = []
    for b in _firsts(c, "blueprint"):
        classes = getattr(c.cards[b].entry, "classes", ())
        out += [Attach(b, w) for w in _firsts(c, "weapon")
                if getattr(c.cards[w].entry, "weapon_class", "") in classes]
    return out


def universe(game: GrabHit) -> tuple[GrabHitVerb, ...]:
    """Every verb the game could ever offer with its options, by verb, then in content order."""
    c = game.content
    advs = [AdventurerId(i) for i in range(len(c.adventurers))]
    weapons, locations = _firsts(c, "weapon"), _firsts(c, "location")
    return (
        *(Choose(a) for a in advs), Spin(), *(Draw(Colour(i)) for i in range(len(COLOURS))),
        Done(), Accept(), *(Keep(w) for w in weapons), *(Buy(x) for x in locations),
        *(Decline(x) for x in locations), *(Repair(w) for w in weapons),
        *(Block(s) for s in _firsts(c, "shield")),
        *(Take(k) for k in _firsts(c, "blueprint", "magic", "curse")),
        *_attaches(c), *_bids(c, game.config["gold_target"]), *_visits(c), *_casts(c),
        UseAbility(), *(UseAbility(target=a) for a in advs), UseAbility(armour=True),
        *(UseAbility(weapon=w) for w in weapons), *(Discard(x) for x in locations),
        *(Attack(w) for w in weapons), Attack(None), *(Hit(a) for a in advs),
    )
