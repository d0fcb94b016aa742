"""How the lead moves in a game: lead changes, stability, decisiveness and drama, after Browne's
measures of a game's quality (C. Browne, *Automatic Generation and Evaluation of Recombination
Games*, 2008; Ludii's ``metrics``), read from every seat's evaluation at every state of a
sampled game.

A game's states are the one it starts in and the one after each action (``T`` actions give
``T + 1`` states, the last one finished); at each, every seat has its evaluation in [0, 1]
(:func:`meeple.agents.evaluation.values`: the game's heuristic, and 1 won, 0 lost, 0.5 drawn
once it is over). A *step* is one action. Per game:

- **sides**: seats whose evaluations are equal at every state of the game are one side
  (teammates; every seat of a co-operative game; both seats of a draw nobody ever led).
- **leader**: the side with the highest evaluation. When two sides share the highest, the
  leader is the one before (nobody leads until one side is ahead alone).
- **lead changes**: the steps after which a side other than the leader before leads, over
  ``T`` (becoming the first leader is no change): 2 changes in 10 actions is 0.2.
- **stability**: the mean over steps and seats of the squared change of a seat's evaluation,
  ``Σ_t Σ_s (v_t[s] − v_{t−1}[s])² / (T · seats)``: 0 when nothing ever moves, low is stable.
- **decisiveness**: the share of the game played when the eventual winners took the lead for
  good: ``t* / T``, ``t*`` the first state from which the best-evaluated winning seat is
  strictly ahead of every other seat at every later state. 0: the winner led all game; 1: it
  went ahead only with the last action.
- **drama**: over the states where the winner was behind (another seat strictly higher), the
  mean of how far behind the leader it was, ``max_other − max_winner``; no value when the
  winner was never behind (``behind`` says whether it was).

Decisiveness, drama and ``behind`` need winners and losers: a draw, a game everybody won and a
co-operative game have none of them. Over the sampled games each measure is a mean with its
95% Student's t interval (the games are independent, their steps are not), kept inside [0, 1].
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from itertools import pairwise
from typing import Any

from .stats import student_quantile, wilson

Evaluations = Sequence[Sequence[float]]


def sides(states: Evaluations) -> list[int]:
    """Each seat's side: the first seat whose evaluations equal its own at every state.

    >>> sides([[0.5, 0.5, 0.2], [0.7, 0.7, 0.1], [1.0, 1.0, 0.0]])
    [0, 0, 2]
    """
    seats = len(states[0]) if states else 0
    out = list(range(seats))
    for s in range(seats):
        for first in range(s):
            if out[first] == first and all(v[first] == v[s] for v in states):
                out[s] = first
                break
    return out


def leaders(states: Evaluations, side: Sequence[int]) -> list[int | None]:
    """The leading side at each state (None before any side leads alone).

    >>> leaders([[0.5, 0.5], [0.6, 0.4], [0.5, 0.5], [0.3, 0.7]], [0, 1])
    [None, 0, 0, 1]
    """
    out: list[int | None] = []
    leader: int | None = None
    for v in states:
        best: dict[int, float] = {}
        for s, x in enumerate(v):
            best[side[s]] = max(best.get(side[s], x), x)
        top = max(best.values())
        ahead = [k for k, x in best.items() if x == top]
        if len(ahead) == 1:
            leader = ahead[0]
        out.append(leader)
    return out


def lead_changes(states: Evaluations) -> float | None:
    """The share of steps after which another side leads; None without a step.

    >>> lead_changes([[0.5, 0.5], [0.6, 0.4], [0.4, 0.6], [0.4, 0.6], [1.0, 0.0]])
    0.5
    """
    if len(states) < 2:
        return None
    led = leaders(states, sides(states))
    changes = sum(1 for a, b in pairwise(led) if a is not None and b != a)
    return changes / (len(states) - 1)


def stability(states: Evaluations) -> float | None:
    """The mean squared change of a seat's evaluation per step; None without a step.

    >>> stability([[0.5, 0.5], [0.7, 0.3], [1.0, 0.0]])
    0.065
    """
    if len(states) < 2 or not states[0]:
        return None
    total = sum((b - a) ** 2 for before, after in pairwise(states)
                for a, b in zip(before, after, strict=True))
    return round(total / ((len(states) - 1) * len(states[0])), 12)


def standing(states: Evaluations, winners: Iterable[int]) -> list[float] | None:
    """At each state, the best winner's evaluation minus the best other seat's (negative: the
    winner was behind); None without both winners and losers."""
    won = set(winners)
    seats = len(states[0]) if states else 0
    lost = [s for s in range(seats) if s not in won]
    if not won or not lost:
        return None
    return [max(v[s] for s in won) - max(v[s] for s in lost) for v in states]


def decisiveness(states: Evaluations, winners: Iterable[int]) -> float | None:
    """The share of the game played when the winners went ahead for good (see the module).

    >>> decisiveness([[0.5, 0.5], [0.6, 0.4], [0.4, 0.6], [0.7, 0.3], [1.0, 0.0]], {0})
    0.75
    """
    gaps = standing(states, winners)
    if gaps is None or len(gaps) < 2 or gaps[-1] <= 0:
        return None
    last_not_ahead = max((t for t, g in enumerate(gaps) if g <= 0), default=-1)
    return (last_not_ahead + 1) / (len(gaps) - 1)


def drama(states: Evaluations, winners: Iterable[int]) -> float | None:
    """The winner's mean gap to the leader over the states where it was behind; None when it
    never was, or without winners and losers.

    >>> drama([[0.5, 0.5], [0.4, 0.6], [0.2, 0.5], [1.0, 0.0]], {0})
    0.25
    """
    gaps = standing(states, winners)
    behind = [-g for g in gaps or () if g < 0]
    return round(sum(behind) / len(behind), 12) if behind else None


def measure(states: Evaluations, winners: Iterable[int], cooperative: bool) -> dict[str, Any]:
    """One game's measures (``None`` where they do not apply); a co-operative game has only
    its stability."""
    won = set(winners)
    out: dict[str, Any] = {"stability": stability(states)}
    if cooperative:
        return out
    gaps = standing(states, won)
    return {**out, "lead_changes": lead_changes(states),
            "decisiveness": decisiveness(states, won), "drama": drama(states, won),
            "behind": None if gaps is None else any(g < 0 for g in gaps)}


#: The measures averaged over games, in the order a report shows them.
MEASURES = ("lead_changes", "stability", "decisiveness", "drama")


def mean_interval(xs: Sequence[float]) -> dict[str, Any]:
    """The mean of ``xs`` with its 95% Student's t interval, kept inside [0, 1] (no interval
    from fewer than 2 values).

    >>> m = mean_interval([0.1, 0.2, 0.3])
    >>> m["n"], round(m["mean"], 6), round(m["low"], 4), round(m["high"], 4)
    (3, 0.2, 0.0, 0.4484)
    >>> mean_interval([])
    {'n': 0, 'mean': None, 'low': None, 'high': None}
    """
    n = len(xs)
    if not n:
        return {"n": 0, "mean": None, "low": None, "high": None}
    mean = sum(xs) / n
    if n < 2:
        return {"n": n, "mean": mean, "low": None, "high": None}
    sd = math.sqrt(sum((x - mean) ** 2 for x in xs) / (n - 1))
    half = student_quantile(n - 1) * sd / math.sqrt(n)
    return {"n": n, "mean": mean, "low": max(0.0, mean - half), "high": min(1.0, mean + half)}


def summarize(games: Sequence[dict[str, Any]], cooperative: bool) -> dict[str, Any]:
    """The measures of the sampled games: each one's mean and interval, and how often the
    winner was ever behind (with its Wilson interval)."""
    out: dict[str, Any] = {}
    for key in MEASURES if not cooperative else ("stability",):
        out[key] = mean_interval([g[key] for g in games if g.get(key) is not None])
    if not cooperative:
        decided = [g["behind"] for g in games if g.get("behind") is not None]
        low, high = wilson(sum(decided), len(decided))
        out["behind"] = {"count": sum(decided), "n": len(decided),
                         "rate": sum(decided) / len(decided) if decided else None,
                         "low": low, "high": high}
    return out


# ------------------------------------------------------------------------------- as text
def _value(m: dict[str, Any], percent: bool) -> str:
    """``"12.3% (10.1–14.5)"``, or a small number to two significant digits:
    ``"0.00012 (0.00009–0.00015)"``.

    >>> _value({"mean": 0.00012, "low": 0.00009, "high": 0.00015}, False)
    '0.00012 (0.00009–0.00015)'
    """
    mean = m.get("mean")
    if mean is None:
        return "–"
    places = 1 if percent else \
        min(8, max(3, 1 - math.floor(math.log10(mean)))) if mean > 0 else 3

    def show(x: float) -> str:
        return f"{100 * x:.{places}f}" if percent else f"{x:.{places}f}"

    unit = "%" if percent else ""
    if m["low"] is None:
        return show(mean) + unit
    return f"{show(mean)}{unit} ({show(m['low'])}–{show(m['high'])})"


def rows(lead: dict[str, Any], games: int) -> list[tuple[str, str, str]]:
    """The measures as (measure, value, note) rows of the shape's table."""
    sampled = f"mean (95% t interval) of {games:,} sampled games"
    out = []
    if "lead_changes" in lead:
        out.append(("Lead changes", _value(lead["lead_changes"], True),
                    f"share of actions after which another seat leads; {sampled}"))
    out.append(("Stability", _value(lead["stability"], False),
                "mean squared change of a seat's evaluation per action (low: stable"
                + ("; the team's evaluation)" if "lead_changes" not in lead else ")")
                + f"; {sampled}"))
    if "decisiveness" in lead:
        d, behind = lead["decisiveness"], lead["behind"]
        out.append(("Decisiveness", _value(d, True),
                    "share of the game played when the winner went ahead for good; "
                    f"mean of {d['n']:,} sampled games with winners and losers"))
        share = "–" if behind["rate"] is None else \
            f"{100 * behind['rate']:.1f}% ({100 * behind['low']:.1f}–{100 * behind['high']:.1f})"
        out.append(("Drama", _value(lead["drama"], False),
                    "the winner's mean gap to the leader while behind; the winner was behind "
                    f"in {behind['count']:,} of {behind['n']:,} games: {share}"))
    return out
