"""How bots score a position: the game's own heuristic, or a generic fallback from its scores.

A finished game is scored exactly by ``State.evaluate`` (1 won, 0 lost, 0.5 drawn). An
unfinished one is scored by the game's ``_evaluate`` hook when the game writes one. A game that
does not gets the generic fallback: the per-seat scores its result would report if it ended now
(experience, gold...), turned into each seat's rank among the others and squeezed into
[0.25, 0.75], because a lead is not yet a win. When even that is unavailable (the result cannot
be computed mid-game, or every score is equal) the fallback has no opinion: 0.5.

Values are always read on the state a bot searches, which is a determinization.
"""

from __future__ import annotations

from meeple.core import State

#: How far a mid-game lead may move the fallback value from 0.5.
FALLBACK_SPREAD = 0.25


def has_heuristic(state: State) -> bool:
    """True when the game writes its own ``_evaluate``."""
    return type(state)._evaluate is not State._evaluate


def values(state: State) -> list[float]:
    """Every seat's value of ``state`` (see the module docs): a finished game's result is read
    once, a heuristic through ``_evaluate_all`` (one pass for every seat)."""
    n = state.players
    if state.to_act is None:
        winners = state._result().winners
        if not winners:
            return [0.0 if state.game.cooperative else 0.5] * n
        return [1.0 if s in winners else 0.0 for s in range(n)]
    if has_heuristic(state):
        return state._evaluate_all()
    return score_ranks(state)


def value(state: State, seat: int) -> float:
    """``seat``'s value of ``state`` (see the module docs)."""
    if state.to_act is None or has_heuristic(state):
        return state.evaluate(seat)
    return score_ranks(state)[seat]


def score_ranks(state: State) -> list[float]:
    """The generic fallback: each seat's rank by the scores the game would report now."""
    n = state.players
    try:
        scores = state._result().scores  # games compute it only at the end; it may fail now
    except Exception:
        return [0.5] * n
    if len(scores) != n or n < 2:
        return [0.5] * n
    out = []
    for s in range(n):
        mine = scores[s]
        rank = sum(1.0 if o < mine else 0.5 if o == mine else 0.0
                   for i, o in enumerate(scores) if i != s) / (n - 1)
        out.append(0.5 + FALLBACK_SPREAD * (2 * rank - 1))
    return out
