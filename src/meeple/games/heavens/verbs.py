"""The verbs of High in the Heavens, and every verb a game of given options could ever offer.

A card is its index in the game's card table (``Heavens.ids``: side A's characters and powers,
then side B's), a hex its index on the board (``Board.labels``). An action of the actions phase
costs a token (HVN-31); the choices inside it — a step, a ring, a target — are verbs too.

>>> import meeple
>>> g = meeple.load("heavens")
>>> zeus = CardId(g.ids.index("zeus"))
>>> Summon(zeus, Hex(g.board.index["e1"])) in universe(g)
True
>>> [type(v).__name__ for v in universe(g)[:4]]
['EndActions', 'Done', 'Stop', 'Confirm']
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal, NewType

from meeple.core import Verb

if TYPE_CHECKING:
    from .game import Heavens

#: A card: its index in the game's card table.
CardId = NewType("CardId", int)
#: A hex: its index on the board.
Hex = NewType("Hex", int)
#: The bonus rings a character picks up (HVN-35).
Bonus = Literal["armour", "attack"]


@dataclass(frozen=True, slots=True)
class EndActions(Verb):
    """HVN-38: end the actions phase, whatever tokens are left."""

    word = "end"


@dataclass(frozen=True, slots=True)
class Done(Verb):
    """HVN-38: keep the rest of the hand; HVN-35: take no more rings."""

    word = "done"


@dataclass(frozen=True, slots=True)
class Stop(Verb):
    """HVN-34: the moving character stops here."""

    word = "stop"


@dataclass(frozen=True, slots=True)
class Confirm(Verb):
    """Resolve an ability or a power that needs no target."""

    word = "confirm"


@dataclass(frozen=True, slots=True)
class Take(Verb):
    """HVN-35: one dropped ring onto the acquiring character's stack."""

    word = "take"
    ring: Bonus


@dataclass(frozen=True, slots=True)
class Summon(Verb):
    """HVN-32: a character from hand onto a summoning hex (or, as the target of a power that
    summons, onto a central hex)."""

    word = "summon"
    card: CardId
    hex: Hex


@dataclass(frozen=True, slots=True)
class Attack(Verb):
    """HVN-33: a character strikes an enemy character."""

    word = "attack"
    card: CardId
    target: CardId


@dataclass(frozen=True, slots=True)
class AttackBase(Verb):
    """HVN-33: a character strikes the enemy base."""

    word = "attack"
    card: CardId


@dataclass(frozen=True, slots=True)
class AttackTrap(Verb):
    """HVN-5: a character strikes a trap."""

    word = "attack"
    card: CardId
    hex: Hex


@dataclass(frozen=True, slots=True)
class AttackArchitecture(Verb):
    """HVN-10: a character strikes architecture."""

    word = "attack"
    card: CardId
    hex: Hex


@dataclass(frozen=True, slots=True)
class Move(Verb):
    """HVN-34: a character begins to move."""

    word = "move"
    card: CardId


@dataclass(frozen=True, slots=True)
class Step(Verb):
    """HVN-34: the moving character's next hex."""

    word = "step"
    hex: Hex


@dataclass(frozen=True, slots=True)
class Acquire(Verb):
    """HVN-35: a character picks up the bonus rings dropped on an adjacent hex."""

    word = "acquire"
    card: CardId
    hex: Hex


@dataclass(frozen=True, slots=True)
class UseAbility(Verb):
    """A character uses its special ability."""

    word = "ability"
    card: CardId


@dataclass(frozen=True, slots=True)
class Play(Verb):
    """HVN-24: a divine power from hand."""

    word = "play"
    card: CardId


@dataclass(frozen=True, slots=True)
class TargetCharacter(Verb):
    """The character an ability or a power acts on."""

    word = "target"
    card: CardId


@dataclass(frozen=True, slots=True)
class TargetHex(Verb):
    """The hex an ability or a power acts on."""

    word = "target"
    hex: Hex


@dataclass(frozen=True, slots=True)
class Discard(Verb):
    """HVN-38: a card from hand to the discard pile in the cleanup phase."""

    word = "discard"
    card: CardId


def universe(game: Heavens) -> tuple[Verb, ...]:
    """Every verb of a game with these pantheons and this layout, by verb class, then in card
    order, then in hex order."""
    cards = [CardId(c) for c in range(len(game.ids))]
    chars = [c for c in cards if game.is_character[c]]
    hexes = [Hex(h) for h in game.board.every]
    out: list[Verb] = [EndActions(), Done(), Stop(), Confirm(), Take("armour"), Take("attack")]
    out += [Summon(c, h) for c in chars for h in summoning(game, c)]
    out += [Attack(c, t) for c in chars for t in chars
            if game.card_side[t] != game.card_side[c]]
    out += [AttackBase(c) for c in chars]
    out += [AttackTrap(c, h) for c in chars for h in hexes]
    out += [AttackArchitecture(c, h) for c in chars for h in hexes]
    out += [Move(c) for c in chars]
    out += [Step(h) for h in hexes]
    out += [Acquire(c, h) for c in chars for h in hexes]
    out += [UseAbility(c) for c in chars]
    out += [Play(c) for c in cards if c in game.power]
    out += [TargetCharacter(c) for c in chars]
    out += [TargetHex(h) for h in hexes]
    out += [Discard(c) for c in cards]
    return tuple(out)


def summoning(game: Heavens, c: int) -> tuple[Hex, ...]:
    """The hexes character ``c`` may ever be summoned onto: its side's summoning hexes
    (HVN-32) and, when a power of its side summons there, the central hexes."""
    side = game.card_side[c]
    hexes = list(game.board.summon[side])
    if any(p.target == "central" for k, p in game.power.items() if game.card_side[k] == side):
        hexes += sorted(game.board.central)
    return tuple(Hex(h) for h in dict.fromkeys(hexes))
