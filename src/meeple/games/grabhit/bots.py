"""Scripted players offered as agents: ``grabhit:balance``.

The balance bot is the plain greedy player the balance tables of ``docs/rules/grabhit.md`` are
measured with: it takes up an adventurer at random (and is reborn as the same one), keeps the
stronger weapon, buys what it can, blocks with a shield, uses every card and its ability on the
weakest target, now and then bids low or visits a shop, attacks with its strongest weapon and
hits the weakest adventurer. It decides from what its seat knows: the policy reads a world
sampled from its information set (``info.sample``), never the true state.

    meeple simulate grabhit --seats grabhit:balance --players 4 --games 200 --out runs/grabhit
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

from meeple.core import Action, ConfigError, Rng, Verb

from . import cards
from .verbs import (
    Attach,
    Attack,
    Bid,
    Block,
    Buy,
    Cast,
    Choose,
    Discard,
    Done,
    Hit,
    Keep,
    UseAbility,
    Visit,
)

if TYPE_CHECKING:
    from meeple.agents.base import InfoSet

    from .state import GrabHitState

T = TypeVar("T")


class Chance(Protocol):
    """What the policy draws its chance from: ``random.Random`` or ``meeple.core.Rng``."""

    def random(self) -> float: ...

    def choice(self, seq: list[T]) -> T: ...


#: How often the bot bids on a lot or visits a shop when it can (else it passes them by).
BID_CHANCE = 0.5
VISIT_CHANCE = 0.5
#: A pierce is worth this much damage a hit to the bot; the fists count as this much.
PIERCE_VALUE = 2
FISTS_VALUE = 1


def _danger(st: GrabHitState, t: int) -> tuple[int, int]:
    """How hard ``t`` is to kill (the weakest and richest first)."""
    return (st.life[t] + st.armour[t], -st.gold[t])


def _seat(st: GrabHitState, adventurer: int) -> int:
    return st.adventurer.index(adventurer)


def _weapon_value(st: GrabHitState, card: int | None) -> int:
    if card is None:
        return FISTS_VALUE
    w = cards.weapon(st, card)
    return w.damage * w.speed + (PIERCE_VALUE if w.pierce else 0)


def _target_key(st: GrabHitState, a: Action) -> Any:
    """Spells and abilities go to the weakest adventurer they can aim at."""
    verb = a[1]
    if isinstance(verb, Cast | UseAbility) and verb.target is not None:
        return _danger(st, _seat(st, verb.target))
    return (0, 0)


def _first_choice(st: GrabHitState, by: dict[type[Verb], list[Action]], seat: int,
                  rnd: Chance) -> Action | None:
    """The decisions the bot always takes the same way when they are offered."""
    if Choose in by:
        adv = st.adventurer[seat]
        same = [a for a in by[Choose] if a[1].adventurer == adv]
        return same[0] if same else rnd.choice(by[Choose])  # GAH-64: reborn as the same
    if Keep in by:
        return max(by[Keep], key=lambda a: _weapon_value(st, a[1].weapon))
    for taken in (Buy, Block):
        if taken in by:
            return by[taken][0]
    if Discard in by:
        return min(by[Discard], key=lambda a: cards.location(st, a[1].location).income)
    for aimed in (Attach, Cast, UseAbility):
        if aimed in by:
            return min(by[aimed], key=lambda a: _target_key(st, a))
    return None


def policy(st: GrabHitState, seat: int, rnd: Chance) -> Action:
    """The greedy choice among the legal actions of ``st`` for ``seat``."""
    legal = st.legal_actions()
    if len(legal) == 1:
        return legal[0]
    by: dict[type[Verb], list[Action]] = {}
    for a in legal:
        by.setdefault(type(a[1]), []).append(a)
    first = _first_choice(st, by, seat, rnd)
    if first is not None:
        return first
    if Bid in by and rnd.random() < BID_CHANCE:
        cheapest = [a for a in by[Bid]
                    if a[1].coins <= cards.location(st, a[1].location).price - 1]
        if cheapest:
            return cheapest[0]
    if Visit in by and rnd.random() < VISIT_CHANCE:
        return by[Visit][0]
    if Attack in by:
        return max(by[Attack], key=lambda a: _weapon_value(st, a[1].weapon))
    if Hit in by:
        return min(by[Hit], key=lambda a: _danger(st, _seat(st, a[1].target)))
    if Done in by:
        return by[Done][0]
    return rnd.choice(legal)


def rollout(st: GrabHitState, rng: Rng) -> Action:
    """The policy for the seat to act in a state the search owns, its chance drawn from the
    search's ``rng`` alone (``Game.rollout_policy``)."""
    seat = st.to_act
    assert seat is not None
    return policy(st, seat, rng)


class BalanceBot:
    """The greedy balance player as an agent."""

    name = "grabhit:balance"

    def __init__(self, seed: int) -> None:
        self._rnd = random.Random(seed)

    def choose(self, info: InfoSet) -> Action:
        """The policy's choice in a world sampled from what the seat knows."""
        legal = info.legal_actions()
        if len(legal) == 1:
            return legal[0]
        world = info.sample(self._rnd.getrandbits(63))
        pick = policy(world, info.seat, self._rnd)  # type: ignore[arg-type]
        return next(a for a in legal if a[1] == pick[1])


def make_balance(arg: str | None, seed: int) -> BalanceBot:
    """``grabhit:balance`` (no argument)."""
    if arg:
        raise ConfigError(f"grabhit:balance takes no argument, got {arg[:24]!r}")
    return BalanceBot(seed)
