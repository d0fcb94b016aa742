"""The balance bot of High in the Heavens: a greedy player that looks one decision ahead.

``heavens:balance`` tries every legal action on a world its seat cannot tell from the true one
(``info.sample``) and keeps the one whose position scores best for its side: bases, health
and rings on the Heavens, how close its characters stand to the enemy base, characters still to
come. A divine power is scored by its best target. Equal bots on both sides measure how fair
the pantheon pairings and the first move are
(docs/rules/heavens.md, HVN-54)::

    meeple simulate heavens --seats heavens:balance --games 200 --jobs 1 --out runs/heavens
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, cast

from meeple.core import Action, ConfigError

from .rings import ARMOUR, ATTACK, FALLEN, HEALTH, HEX, POISON, STUN
from .verbs import Acquire, Play

if TYPE_CHECKING:
    from meeple.agents.base import InfoSet

    from .state import HeavensState

#: The score of a won (or lost) position: more than any unfinished one.
WON = 1e6
#: Two scores closer than this are a tie, broken at random.
TIE = 1e-9
#: The actions whose worth shows only once their target is chosen: a divine power played is a
#: card gone and nothing yet done, so the bot scores it by its best target (scored as played,
#: no power was ever used: two trapped gods stood for ever while the side to act held a poison
#: that would have won the game); an acquisition, by the rings it takes. Abilities are left
#: out: they come back every turn, and scored by their best target a healer undid every turn
#: what an enemy archer struck (two games of 64 went on for ever so).
AIMED = (Play, Acquire)


def score(st: HeavensState, side: int) -> float:
    """How good the position is for ``side`` (the bot's own measure, not ``evaluate``)."""
    if st.is_over:
        w = st.winner
        return 0.0 if w is None else (WON if w == side else -WON)
    g, b = st.game, st.game.board
    total = 6.0 * (st.base_health[side] - st.base_health[1 - side])
    card_side, base, dist, traps = g.card_side, b.base, b.dist, st.traps
    for c, u in st.units.items():
        if u[FALLEN]:
            continue
        own = card_side[c]
        sign = 1.0 if own == side else -1.0
        value = (8.0 + 2.0 * u[HEALTH] + 3.0 * u[ARMOUR] + 3.0 * u[ATTACK] - 2.5 * u[POISON]
                 - (4.0 if u[STUN] >= 0 else 0.0) - (4.0 if u[HEX] in traps else 0.0)
                 - 0.8 * dist[u[HEX]][base[1 - own]])
        total += sign * value
    character = g.is_character.__getitem__
    for s in (0, 1):
        sign = 1.0 if s == side else -1.0
        waiting = sum(map(character, st.deck[s]))  # characters still to come (True counts 1)
        held = 0
        for seat in g.team[s]:
            hand = st.hands[seat]
            waiting += sum(map(character, hand))
            held += len(hand)
        total += sign * (3.0 * waiting + 1.0 * held)
    return total


class BalanceBot:
    """Greedy one-step look-ahead on a sampled world; ties broken by the bot's own generator."""

    name = "heavens:balance"

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def choose(self, info: InfoSet) -> Action:
        legal = info.legal_actions()
        if len(legal) == 1:
            return legal[0]
        world = cast("HeavensState", info.sample(self._rng.getrandbits(63)))
        side = world.game.side_of[info.seat]
        world.legal_actions()  # listed once here, the clones below check against it
        best: list[Action] = []
        top = -float("inf")
        for a in legal:
            v = worth(world, a, side)
            if v > top + TIE:
                top, best = v, [a]
            elif v > top - TIE:
                best.append(a)
        return self._rng.choice(best)


def worth(world: HeavensState, action: Action, side: int) -> float:
    """The score of ``action`` for ``side``: of the position it leads to, or for an aimed
    action (:data:`AIMED`) of its best target."""
    nxt = world.clone()
    nxt.apply(action)
    if not isinstance(action[1], AIMED) or not nxt.decisions or nxt.to_act != world.to_act:
        return score(nxt, side)
    best = -float("inf")
    for b in nxt.legal_actions():
        then = nxt.clone()
        then.apply(b)
        best = max(best, score(then, side))
    return best


def make_balance(arg: str | None, seed: int) -> BalanceBot:
    """``heavens:balance`` (it takes no argument)."""
    if arg:
        raise ConfigError(f"heavens:balance takes no argument, got {arg[:24]!r}")
    return BalanceBot(seed)
