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
from typing import TYPE_CHECKING, Any

from meeple.core import Action, ConfigError

from . import cards, weapons

if TYPE_CHECKING:
    from meeple.agents.base import InfoSet

    from .state import GrabHitState

#: How often the bot bids on a lot or visits a shop when it can (else it passes them by).
BID_CHANCE = 0.5
VISIT_CHANCE = 0.5
#: A pierce is worth this much damage a hit to the bot; the fists count as this much.
PIERCE_VALUE = 2
FISTS_VALUE = 1


def _danger(st: GrabHitState, t: int) -> tuple[int, int]:
    """How hard ``t`` is to kill (the weakest and richest first)."""
    return (st.life[t] + st.armour[t], -st.gold[t])


def _weapon_value(st: GrabHitState, card: int) -> int:
    if card == weapons.FISTS:
        return FISTS_VALUE
    w = cards.weapon(st, card)
    return w.damage * w.speed + (PIERCE_VALUE if w.pierce else 0)


def _target_key(st: GrabHitState, a: Action) -> Any:
    arg = a.data[-1]
    if isinstance(arg, tuple) and arg[0] == "seat":
        return _danger(st, arg[1])
    return (0, 0)


def _first_choice(st: GrabHitState, by: dict[str, list[Action]], seat: int,
                  rnd: random.Random) -> Action | None:
    """The decisions the bot always takes the same way when they are offered."""
    if "choose" in by:
        adv = st.adv[seat]
        same = [a for a in by["choose"] if a.data[1] == adv]
        return same[0] if same else rnd.choice(by["choose"])  # GAH-64: reborn as the same
    if "keep" in by:
        return max(by["keep"], key=lambda a: _weapon_value(st, a.data[1]))
    for tag in ("buy", "block"):
        if tag in by:
            return by[tag][0]
    if "discard" in by:
        return min(by["discard"], key=lambda a: cards.location(st, a.data[1]).income)
    for tag in ("attach", "cast", "ability"):
        if tag in by:
            return min(by[tag], key=lambda a: _target_key(st, a))
    return None


def policy(st: GrabHitState, seat: int, rnd: random.Random) -> Action:
    """The greedy choice among the legal actions of ``st`` for ``seat``."""
    legal = st.legal_actions()
    if len(legal) == 1:
        return legal[0]
    by: dict[str, list[Action]] = {}
    for a in legal:
        by.setdefault(a.data[0], []).append(a)
    first = _first_choice(st, by, seat, rnd)
    if first is not None:
        return first
    if "bid" in by and rnd.random() < BID_CHANCE:
        cheapest = [a for a in by["bid"] if a.data[2] <= cards.location(st, a.data[1]).price - 1]
        if cheapest:
            return cheapest[0]
    if "visit" in by and rnd.random() < VISIT_CHANCE:
        return by["visit"][0]
    if "weapon" in by:
        return max(by["weapon"], key=lambda a: _weapon_value(st, a.data[1]))
    if "hit" in by:
        return min(by["hit"], key=lambda a: _danger(st, a.data[1]))
    if "done" in by:
        return by["done"][0]
    return rnd.choice(legal)


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
        return next(a for a in legal if a.text == pick.text)


def make_balance(arg: str | None, seed: int) -> BalanceBot:
    """``grabhit:balance`` (no argument)."""
    if arg:
        raise ConfigError(f"grabhit:balance takes no argument, got {arg[:24]!r}")
    return BalanceBot(seed)
