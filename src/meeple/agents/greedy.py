"""The greedy bot: one step of look-ahead over the game's evaluation, on a determinization.

For each legal action it applies the action to a sampled state (never the true one) and reads
its value (:mod:`meeple.agents.evaluation`): 1 for a won game, 0 for a lost one, else the
game's heuristic, or a generic fallback from the scores. With
``greedy:K`` it averages over K determinizations, which smooths out dice and unseen cards.
Ties are broken by its own seeded generator, so a seed fixes every choice.

>>> import meeple
>>> from meeple.agents import InfoSet
>>> st = meeple.load("tictactoe").new_state()
>>> for cell in ("a1", "a2", "b1", "b2"):
...     st.apply(f"mark {cell}")
>>> str(GreedyAgent(seed=1).choose(InfoSet(st, st.to_act)))  # takes the win at once
'mark c1'
"""

from __future__ import annotations

import importlib
import math
import re
import time
from collections.abc import Callable

from meeple.core import Action, ConfigError, Rng, State

from .base import InfoSet, Reason, shorten
from .evaluation import value

#: A game's filter of the moves a bot weighs: ``moves(state, legal)`` -> part of ``legal``.
Moves = Callable[[State, list[Action]], list[Action]]
_MOVES: dict[str, Moves] = {}


def weighed(info: InfoSet, legal: list[Action], rng: Rng) -> list[Action]:
    """The moves worth weighing: ``legal`` as the game's ``search_moves`` narrows it on one
    determinization drawn with a seed from ``rng`` (the seat to act has the same moves in
    every world); ``legal`` itself when the game narrows nothing."""
    moves = named_moves(info.search_moves)
    if moves is None or len(legal) == 1:
        return legal
    return moves(info.sample(rng.next64()), legal) or legal


def named_moves(name: str) -> Moves | None:
    """The filter a game names as its ``search_moves`` (``"module:function"``); None for
    none."""
    if not name:
        return None
    moves = _MOVES.get(name)
    if moves is None:
        module, _, attr = name.partition(":")
        moves = _MOVES[name] = getattr(importlib.import_module(module), attr)
    return moves


def action_values(state: State, seat: int, legal: list[Action]) -> list[float]:
    """``seat``'s value after each legal action, each applied to its own clone of ``state``."""
    out: list[float] = []
    for a in legal:
        child = state.clone()
        child.apply(a)
        out.append(value(child, seat))
    return out


def sampled_values(info: InfoSet, actions: list[Action], samples: int, rng: Rng,
                   seconds: float | None = None) -> list[float]:
    """The seat's value after each of ``actions``, averaged over ``samples`` determinizations
    drawn from ``info`` with seeds from ``rng`` (fewer, but at least one, once ``seconds``
    have passed)."""
    totals = [0.0] * len(actions)
    deadline = None if seconds is None else time.perf_counter() + seconds
    done = 0
    while done < samples and not (done and deadline and time.perf_counter() >= deadline):
        det = info.sample(rng.next64())
        for i, v in enumerate(action_values(det, info.seat, actions)):
            totals[i] += v
        done += 1
    return [t / done for t in totals]


def best_index(values: list[float], rng: Rng) -> int:
    """The index of the highest value; equal best values are broken uniformly by ``rng``."""
    top = max(values)
    best = [i for i, v in enumerate(values) if v >= top - 1e-12]
    return best[0] if len(best) == 1 else best[rng.below(len(best))]


def greedy_action(state: State, rng: Rng) -> Action:
    """The action of ``state.to_act`` that looks best one step ahead in ``state`` itself.

    Used as a rollout policy inside search, where ``state`` is already a determinization.
    """
    seat = state.to_act
    assert seat is not None
    legal = state.legal_actions()
    if len(legal) == 1:
        return legal[0]
    return legal[best_index(action_values(state, seat, legal), rng)]


def greedy_step(state: State, rng: Rng, legal: list[Action] | None = None) -> State:
    """The state after the action :func:`greedy_action` would choose in ``state``: the clone
    it valued that action on (``state`` itself, advanced, when only one action is legal).

    The same choice and the same generator draws as ``greedy_action``, without applying the
    chosen action a second time: a search's greedy rollouts step by it. ``legal``, when given,
    is the part of the legal actions to choose among (a restricted seat's, :mod:`.restrict`).
    """
    seat = state.to_act
    assert seat is not None
    legal = state.legal_actions() if legal is None else legal
    if len(legal) == 1:
        state.apply(legal[0])
        return state
    children: list[State] = []
    vals: list[float] = []
    for a in legal:
        child = state.clone()
        child.apply(a)
        children.append(child)
        vals.append(value(child, seat))
    return children[best_index(vals, rng)]


class GreedyAgent:
    """One-step look-ahead over ``State.evaluate`` on sampled states; seeded tie-breaking."""

    name = "greedy"

    def __init__(self, seed: int = 0, samples: int = 1, seconds: float | None = None) -> None:
        if samples < 1:
            raise ConfigError(f"greedy needs at least one sample, got {samples}")
        self.rng = Rng(seed)
        self.samples = samples
        #: Stop sampling after this long (None: never); a server's ceiling sets it.
        self.seconds = seconds
        self._last: list[tuple[Action, float]] = []
        self._only: Action | None = None

    def choose(self, info: InfoSet) -> Action:
        """The legal action with the best mean evaluation over ``samples`` determinizations."""
        legal = info.legal_actions()
        if len(legal) == 1:
            self._last = []
            self._only = legal[0]
            return legal[0]
        legal = weighed(info, legal, self.rng)
        if len(legal) == 1:  # the game names the step (``Game.search_moves``)
            self._last = [(legal[0], math.nan)]
            self._only = None
            return legal[0]
        means = sampled_values(info, legal, self.samples, self.rng, self.seconds)
        best = best_index(means, self.rng)
        self._only = None
        self._last = sorted(((a, v) for a, v in zip(legal, means, strict=True)),
                            key=lambda p: (-p[1], p[0] != legal[best]))  # played one first
        return legal[best]

    def explain_last(self) -> list[tuple[Action, str]]:
        """The best-looking actions of the last decision with their evaluations (keyed by the
        Action: an interface chooses the text each seat may read)."""
        if self._only is not None:
            return [(self._only, Reason("the only legal action", "why.only"))]
        if len(self._last) == 1 and math.isnan(self._last[0][1]):
            return [(self._last[0][0],
                     Reason("the move the game names here; the others are not weighed",
                            "why.named"))]
        return [(a, Reason(f"chances one move ahead {100 * v:.0f}%", "why.evaluation",
                           value=f"{100 * v:.0f}"))
                for a, v in self._last[:5]]


def make_greedy(arg: str | None, seed: int) -> GreedyAgent:
    """``greedy`` or ``greedy:K`` (average over K determinizations)."""
    if not arg:
        return GreedyAgent(seed)
    if not re.fullmatch(r"[0-9]{1,9}", arg):
        raise ConfigError(f"greedy takes a number of samples (greedy:4), not {shorten(arg)!r}")
    k = int(arg)
    return GreedyAgent(seed, samples=k)
