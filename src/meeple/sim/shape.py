"""The game's shape: how games ended, what moving first is worth, how often nobody wins, how
long games last and, on a sample of games, how many choices a decision offers and how the lead
moves.

Everything but the sampled measures is counted from the records as they are tallied
(:class:`~meeple.sim.tally.Tally`), so it costs nothing and is in every summary:

- **completion**: games ended by the rules, against games stopped by a safety limit (a game's
  own ``safety_endings``, such as a round cap, or the run's ``--max-actions``), each with its
  95% Wilson interval; above :data:`WARN_SHARE` the summary carries a warning.
- **first player**: the win rate of the seat that took the first action, against the even
  share, and which seats that was (in some games seat 0 always moves first).
- **no winner**: games that ended without a winner (draws), with interval; a co-operative
  game has instead its team's win rate, overall and by roles and varied options
  (:mod:`meeple.sim.team`), and the causes of defeat (how the lost games ended).
- **duration**: turns and actions, median and 10th–90th percentiles.

The records do not say how many legal actions each decision had, nor how each seat's prospects
moved, so the branching factor, the share of forced decisions (one legal action), the lead
changes, stability, decisiveness and drama (:mod:`meeple.sim.drama`, from every seat's
evaluation at every state) and a co-operative game's margin (:mod:`meeple.sim.team`) are
measured on a sample of games spread over the run (:func:`picks`; by default a tenth of the
games, 5 to 50, :func:`default_size`; ``meeple simulate --shape N``). A sampled game is measured
while it is played, in the process that plays it (:class:`Measuring`), so the measures cost
no replay and scale with the workers; a resumed run replays the sampled games it already holds
(:func:`replayed`). :func:`combine` adds the measures up, and the summary says it sampled.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from meeple.agents.evaluation import values

from . import drama, team
from .counts import distribution, part, share_text
from .stats import score_p, wilson

if TYPE_CHECKING:
    from meeple.core import Game, State

    from .tally import Tally

#: Above this share of games ended on a safety limit, the report warns.
WARN_SHARE = 0.01
#: The ending of a game that did not end within the run's ``--max-actions``.
TOO_LONG = "error: TooLong"
#: How a report names the run's ``--max-actions`` among the safety limits.
ACTION_LIMIT = "the run's action limit"
#: Games measured by ``--shape`` when no number is given, and the most measured by default.
DEFAULT_SAMPLE = 50


def game_shape(tally: Tally, cooperative: bool, safety: Iterable[str]) -> dict[str, Any]:
    """The shape of the tallied games (``shape`` in ``summary.json``)."""
    limits = set(safety) | {TOO_LONG}
    stopped = {r: c for r, c in sorted(tally.endings.items()) if r in limits}
    by_rules = tally.finished - sum(c for r, c in stopped.items() if r != TOO_LONG)
    limited = part(sum(stopped.values()), tally.games)
    out: dict[str, Any] = {
        "games": tally.games,
        "completion": part(by_rules, tally.games),
        "safety_limit": {**limited, "reasons": stopped},
        "failed": tally.games - tally.finished - stopped.get(TOO_LONG, 0),
        "warning": safety_warning(limited, stopped),
        "duration": {"turns": distribution(tally.turns, histogram=False),
                     "actions": distribution(tally.actions, histogram=False)},
        "cooperative": cooperative,
    }
    lost = tally.without_winner
    if cooperative:
        out["team"] = team.team_shape(tally)
        out["defeats"] = [{**part(c, lost), "reason": r} for r, c in
                          sorted(tally.no_winner_endings.items(), key=lambda x: (-x[1], x[0]))]
    else:
        out["no_winner"] = part(lost, tally.finished)
        out["first_player"] = first_player(tally)
    return out


def safety_warning(limited: dict[str, Any], reasons: dict[str, int]) -> str | None:
    """The warning when more than :data:`WARN_SHARE` of the games ended on a safety limit.

    >>> safety_warning(part(3, 4), {"round-limit": 3})
    'Warning: 3 of 4 games (75.0%) ended on a safety limit (round-limit), not by the rules: \
they measure the limit, not the game.'
    >>> safety_warning(part(1, 200), {"round-limit": 1}) is None
    True
    """
    if not limited["n"] or limited["rate"] <= WARN_SHARE:
        return None
    words = ", ".join(ACTION_LIMIT if r == TOO_LONG else r for r in reasons)
    return (f"Warning: {limited['count']:,} of {limited['n']:,} games "
            f"({100 * limited['rate']:.1f}%) ended on a safety limit ({words}), not by the "
            "rules: they measure the limit, not the game.")


def first_player(tally: Tally) -> dict[str, Any] | None:
    """The win rate of the seat that moved first, against the even share; None without games.

    ``seats`` counts the games each seat moved first in; ``always_seat`` is that seat when it
    was the same in every game (the rules give it the first move: its rate is that seat's).
    """
    n, wins, even = tally.order_games[0], tally.order_wins[0], tally.even_share
    if not n or even is None:
        return None
    low, high = wilson(wins, n)
    rate = wins / n
    seats = {str(s): c for s, c in sorted(tally.first_seats.items())}
    return {"n": n, "wins": wins, "rate": rate, "low": low, "high": high, "even": even,
            "advantage": rate - even, "advantage_low": low - even, "advantage_high": high - even,
            "p": score_p(wins, n, even) if 0 < even < 1 else None,
            "seats": seats, "always_seat": int(next(iter(seats))) if len(seats) == 1 else None}


# ------------------------------------------------------------------------ sampled replays
def picks(games: int, size: int) -> list[int]:
    """``size`` game indexes spread evenly over ``0..games-1`` (all of them if fewer).

    >>> picks(10, 4), picks(3, 50)
    ([0, 2, 5, 7], [0, 1, 2])
    """
    if size >= games:
        return list(range(games))
    return sorted({k * games // size for k in range(size)})


def default_size(games: int) -> int:
    """How many of ``games`` are measured when the run does not say: a tenth of them, at least
    5 (or all, when fewer) and at most :data:`DEFAULT_SAMPLE`.

    >>> default_size(3), default_size(40), default_size(200), default_size(10_000)
    (3, 5, 20, 50)
    """
    return min(DEFAULT_SAMPLE, max(min(games, 5), games // 10))


class Measuring:
    """One game's measures, taken while it is played or replayed: :meth:`before` each action
    on the state it is chosen in, :meth:`end` on the finished state. Reading a state's legal
    actions and evaluations leaves it as it was, so a game measured as it is played makes the
    same record as one that is not."""

    def __init__(self) -> None:
        self.legal: Counter[int] = Counter()
        self.states: list[list[float]] = []
        #: The measures once :meth:`end` ran (None for a game that failed or has no result).
        self.out: dict[str, Any] | None = None

    def before(self, state: State) -> None:
        self.legal[len(state.legal_actions())] += 1  # the state keeps what the agent read
        self.states.append(values(state))

    def end(self, state: State, result: dict[str, Any]) -> dict[str, Any]:
        self.states.append(values(state))
        self.out = {"legal": dict(self.legal),
                    "choices": sum(c for k, c in self.legal.items() if k > 1),
                    "lead": drama.measure(self.states, result["winners"],
                                          state.game.cooperative),
                    "result": result}
        return self.out


def replayed(line: dict[str, Any], game: Game[Any]) -> dict[str, Any] | None:
    """The measures of a recorded game (:class:`Measuring`), replayed; None for a game that
    failed or has no result."""
    if line.get("error") or not line.get("result"):
        return None
    measuring = Measuring()
    state = game.new_state(seed=line["seed"])
    for text in line["actions"]:
        measuring.before(state)
        state.apply(text)
    return measuring.end(state, line["result"])


def combine(measures: Iterable[dict[str, Any] | None], cooperative: bool) -> dict[str, Any]:
    """The figures of the measured games, in game order (``sampled`` in the summary's
    ``shape``): choices per decision, forced decisions, the lead and a co-operative game's
    margin."""
    legal: Counter[int] = Counter()
    chosen: Counter[int] = Counter()  # decisions with a choice, per game
    measured: list[dict[str, Any]] = []
    results: list[dict[str, Any]] = []
    for m in measures:
        if m is None:
            continue
        legal.update({int(k): c for k, c in m["legal"].items()})
        chosen[m["choices"]] += 1
        measured.append(m["lead"])
        results.append(m["result"])
    decisions = sum(legal.values())
    out = {"games": len(measured), "decisions": decisions,
           "branching": sum(k * c for k, c in legal.items()) / decisions if decisions else None,
           "branching_with_choice": _mean_above_one(legal),
           "forced": {"count": legal[1], "n": decisions,
                      "rate": legal[1] / decisions if decisions else None},
           "choices": distribution(chosen, histogram=False),
           "lead": drama.summarize(measured, cooperative)}
    if cooperative:
        out["margin"] = team.margins(results)
    return out


def _mean_above_one(legal: Counter[int]) -> float | None:
    """The mean number of legal actions of the decisions that had a choice."""
    n = sum(c for k, c in legal.items() if k > 1)
    return sum(k * c for k, c in legal.items() if k > 1) / n if n else None


# ------------------------------------------------------------------------------- as text
HEAD = ("measure", "value (95% interval)", "note")
DEFEAT_HEAD = ("how lost games ended", "games", "share of lost games (95%)")


def spread_text(d: dict[str, Any]) -> str:
    """``"7 (5–9)"``: the median, and the 10th to 90th percentile."""
    if not d.get("n"):
        return "–"
    return f"{_num(d['median'])} ({_num(d['p10'])}–{_num(d['p90'])})"


SPREAD_NOTE = "median (10th–90th percentile)"


def _num(x: float) -> str:
    return f"{x:,}" if isinstance(x, int) else f"{x:,.1f}"


def rows(shape: dict[str, Any]) -> list[tuple[str, str, str]]:
    """The shape as (measure, value, note) rows, for the terminal and the page."""
    games, limited = shape["games"], shape["safety_limit"]
    out = [("Ended by the rules", share_text(shape["completion"]), f"of {games:,} games"),
           ("Ended on a safety limit", share_text(limited),
            ", ".join(f"{ACTION_LIMIT if r == TOO_LONG else r}: {c:,}"
                      for r, c in limited["reasons"].items()) or "none")]
    if shape["failed"]:
        out.append(("Failed", f"{shape['failed']:,} games", "listed under Failed games"))
    if shape["cooperative"]:
        out += team.rows(shape["team"])
    else:
        fp = shape.get("first_player")
        if fp:
            out.append(("First player wins", share_text(fp), _first_note(fp)))
        out.append(("No winner (draws)", share_text(shape["no_winner"]),
                    f"of {shape['no_winner']['n']:,} finished games"))
    duration = shape["duration"]
    out += [("Turns", spread_text(duration["turns"]), SPREAD_NOTE),
            ("Actions", spread_text(duration["actions"]), SPREAD_NOTE)]
    return out + _sampled_rows(shape.get("sampled"))


def _first_note(fp: dict[str, Any]) -> str:
    """Against what, by how much, and whose rate it is."""
    lead = (f"{100 * fp['advantage']:+.1f} points ({100 * fp['advantage_low']:+.1f} to "
            f"{100 * fp['advantage_high']:+.1f}) against an even share of "
            f"{100 * fp['even']:.1f}%")
    if fp["always_seat"] is not None:
        return f"{lead}; seat {fp['always_seat']} always moved first"
    seats = ", ".join(f"seat {s} in {c:,}" for s, c in fp["seats"].items())
    return f"{lead}; moved first: {seats} games"


def _sampled_rows(sampled: dict[str, Any] | None) -> list[tuple[str, str, str]]:
    if not sampled:
        return [("Choices per decision, lead changes, drama", "not measured",
                 "the run measured no game (meeple simulate --shape N measures N)")]
    if not sampled["decisions"]:
        return [("Choices per decision", "–", "no finished game to replay")]
    note = f"sampled: {sampled['decisions']:,} decisions of {sampled['games']:,} games measured"
    mean, with_choice = sampled["branching"], sampled["branching_with_choice"]
    out = [("Decisions with a choice", spread_text(sampled["choices"]),
            f"per game, {SPREAD_NOTE}; sampled"),
           ("Legal actions per decision", f"{mean:.1f}",
            "mean" + (f"; {with_choice:.1f} where not forced" if with_choice else "")
            + "; sampled"),
           ("Forced decisions", f"{100 * sampled['forced']['rate']:.1f}%",
            f"one legal action; {note}")]
    if "lead" in sampled:  # a run sampled before the lead was measured has none
        out += drama.rows(sampled["lead"], sampled["games"])
    return out + team.margin_rows(sampled.get("margin") or {}, sampled["games"])


def defeat_rows(shape: dict[str, Any]) -> list[tuple[str, str, str]]:
    """A co-operative game's causes of defeat: (ending, games, share of lost games)."""
    return [(d["reason"], f"{d['count']:,}", share_text(d)) for d in shape.get("defeats", [])]
