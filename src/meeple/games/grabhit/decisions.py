"""The decisions Grab and Hit pushes on its stack (``meeple.core.decisions``).

Each interrupts the turn (or another decision) and is taken by its ``seat``: an adventurer to
choose, a colour to draw, a weapon to keep, a location to buy, a weapon to repair, a shield to
raise against an effect, a card to take from the centre. The top one is the decision being
taken; when the stack is empty the seat on turn takes its phase's own choice.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from meeple.core.decisions import Decision

from .content import EffectKind

#: What shields an effect: GAH-31, a shield blocks some of curses, magic and abilities.
Tag = Literal["curse", "magic", "ability"]


@dataclass(frozen=True, slots=True)
class Effect:
    """An effect aimed at an adventurer (GAH-26, GAH-31, GAH-43, GAH-44): what it does, how
    much, who sent it (None: a card drawn), the card that carries it (None: an ability), what
    shields it (``tag``) and whether it pierces armour."""

    effect: EffectKind
    amount: int
    source: int | None
    card: int | None
    tag: Tag
    pierce: bool


@dataclass(frozen=True, slots=True)
class ChooseAdventurer(Decision):
    """GAH-2, GAH-64: take up an adventurer (at the start, or reborn)."""

    kind = "adventurer"


@dataclass(frozen=True, slots=True)
class ChooseColour(Decision):
    """GAH-9, GAH-38: which of these decks (colour indices) to draw from."""

    kind = "colour"
    colours: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class KeepWeapon(Decision):
    """GAH-12: a second weapon of a class arrived; keep the new one or the old one."""

    kind = "keep"
    new: int
    old: int


@dataclass(frozen=True, slots=True)
class BuyLocation(Decision):
    """GAH-17: buy the drawn location at its price, or send it to auction."""

    kind = "buy"
    card: int


@dataclass(frozen=True, slots=True)
class RepairWeapon(Decision):
    """GAH-8: the wheel's repair symbol; which worn weapon gets ``amount`` points."""

    kind = "repair"
    amount: int


@dataclass(frozen=True, slots=True)
class ShieldCheck(Decision):
    """GAH-31: an effect meets a fitting shield; block it with one, or accept it."""

    kind = "shield"
    effect: EffectKind
    amount: int
    source: int | None
    card: int | None
    tag: Tag
    pierce: bool

    @classmethod
    def against(cls, seat: int, eff: Effect) -> ShieldCheck:
        """The check ``seat`` takes against ``eff``."""
        return cls(seat, eff.effect, eff.amount, eff.source, eff.card, eff.tag, eff.pierce)

    def aimed(self) -> Effect:
        """The effect waiting on this check."""
        return Effect(self.effect, self.amount, self.source, self.card, self.tag, self.pierce)


@dataclass(frozen=True, slots=True)
class CentrePick(Decision):
    """GAH-63: take one card from the centre after a death."""

    kind = "centre"


GrabHitDecision = (ChooseAdventurer | ChooseColour | KeepWeapon | BuyLocation | RepairWeapon
                   | ShieldCheck | CentrePick)
