"""What ``meeple tune`` aims at: targets such as ``balance``, ``length=40..60`` and
``first<=2``, each a penalty computed from a run's summary (docs/simulate.md, "Tuning").

A target's penalty is 0 when the run meets it, and grows with how far the run misses it, in
the target's own unit (points of win rate, turns). A target list joined with ``,`` scores the
sum of its penalties, the objective the search minimises.

>>> ts = parse_targets("balance, length=5..8, first<=2")
>>> [str(t) for t in ts]
['balance', 'length=5..8', 'first<=2']
>>> summary = {"cooperative": False, "even_share": 0.5,
...            "seats": [{"name": "seat 0", "rate": 0.56, "low": 0.5, "high": 0.62},
...                      {"name": "seat 1", "rate": 0.44, "low": 0.38, "high": 0.5}],
...            "roles": [], "length": {"turns": {"median": 10, "p10": 7, "p90": 14}},
...            "shape": {"first_player": {"advantage": 0.06, "advantage_low": 0.0,
...                                       "advantage_high": 0.12}}}
>>> [round(t.score(summary)["penalty"], 6) for t in ts]
[6.0, 2.0, 4.0]
"""

from __future__ import annotations

import math
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from meeple.core import ConfigError

#: The penalty of a target a run cannot measure (no game finished, no first player).
UNMEASURED = 1000.0

TARGETS_HELP = ("balance (the largest distance of any seat's or role's win rate from its "
                "even share, in points), balance<=K (beyond K points), length=LO..HI (the "
                "median turns outside LO..HI, in turns), first<=K (the first player's "
                "advantage, or disadvantage, beyond K points); join several with a comma: "
                "their penalties add up")

_NUMBER = r"-?\d+(?:\.\d+)?"
_FORMS = {
    "balance": re.compile(rf"balance(?:\s*<=\s*(?P<k>{_NUMBER}))?"),
    "length": re.compile(rf"length\s*=\s*(?P<lo>{_NUMBER})\s*\.\.\s*(?P<hi>{_NUMBER})"),
    "first": re.compile(rf"first\s*<=\s*(?P<k>{_NUMBER})"),
}


@dataclass(frozen=True)
class Target:
    """One target: ``kind`` is balance, length or first; ``low``/``high`` its band (the
    tolerance K of balance and first is ``high``, with ``low`` 0)."""

    kind: str
    low: float = 0.0
    high: float = 0.0

    def __str__(self) -> str:
        if self.kind == "length":
            return f"length={_num(self.low)}..{_num(self.high)}"
        if self.kind == "balance":
            return "balance" if not self.high else f"balance<={_num(self.high)}"
        return f"first<={_num(self.high)}"

    def score(self, summary: Mapping[str, Any]) -> dict[str, Any]:
        """The penalty of a run's summary, with what it was computed from (its interval)."""
        if self.kind == "balance":
            out = _balance(summary)
            out["penalty"] = max(0.0, out["distance"] - self.high)
        elif self.kind == "length":
            out = _length(summary, self.low, self.high)
        else:
            out = _first(summary)
            if out.get("advantage") is not None:
                out["penalty"] = max(0.0, abs(out["advantage"]) - self.high)
        return {"target": str(self), **out}


def _num(x: float) -> str:
    return f"{x:g}"


def parse_targets(text: str, cooperative: bool = False) -> tuple[Target, ...]:
    """The targets of a ``--target`` text; ConfigError saying what is allowed otherwise."""
    out: list[Target] = []
    for part in (p.strip() for p in text.split(",")):
        target = _parse_one(part)
        if target is None:
            raise ConfigError(f"--target {text!r}: {part!r} is not a target; targets are "
                              f"{TARGETS_HELP}")
        if target.kind == "length" and target.low > target.high:
            raise ConfigError(f"--target {part}: the band's low end is above its high end "
                              f"(write length=LO..HI with LO <= HI)")
        if target.kind == "first" and cooperative:
            raise ConfigError(f"--target {part}: a co-operative game has no first player; "
                              "use balance or length=LO..HI")
        if any(t.kind == target.kind for t in out):
            raise ConfigError(f"--target {text!r}: {target.kind} is given twice; give each "
                              "target once")
        out.append(target)
    return tuple(out)


def _parse_one(part: str) -> Target | None:
    for kind, form in _FORMS.items():
        m = form.fullmatch(part)
        if m is None:
            continue
        found = {k: float(v) for k, v in m.groupdict().items() if v is not None}
        if found.get("k", 0.0) < 0:
            return None
        if kind == "length":
            return Target(kind, found["lo"], found["hi"])
        return Target(kind, 0.0, found.get("k", 0.0))
    return None


def objective(targets: Sequence[Target], summary: Mapping[str, Any]) -> dict[str, Any]:
    """The sum of the targets' penalties (``penalty``) and each target's (``parts``)."""
    parts = [t.score(summary) for t in targets]
    return {"penalty": sum(p["penalty"] for p in parts), "parts": parts}


def _balance(summary: Mapping[str, Any]) -> dict[str, Any]:
    """The row (seat or role) whose win rate is furthest from the even share, in points.
    A co-operative game's one team row is the even share itself: its roles are compared."""
    even = summary.get("even_share")
    rows = [] if summary.get("cooperative") else list(summary.get("seats") or [])
    rows += list(summary.get("roles") or [])
    rows = [r for r in rows if r.get("n") != 0 and r.get("rate") is not None]
    if even is None or not rows:
        return {"distance": UNMEASURED, "row": None, "note": "no finished game"}
    worst = max(rows, key=lambda r: abs(r["rate"] - even))
    return {"distance": 100 * abs(worst["rate"] - even), "row": worst["name"],
            "rate": 100 * worst["rate"], "low": 100 * worst["low"],
            "high": 100 * worst["high"], "even": 100 * even}


def _length(summary: Mapping[str, Any], low: float, high: float) -> dict[str, Any]:
    """How far the median length in turns is outside ``low..high``."""
    turns = (summary.get("length") or {}).get("turns") or {}
    median = turns.get("median")
    if median is None or (isinstance(median, float) and math.isnan(median)):
        return {"penalty": UNMEASURED, "median": None, "note": "no finished game"}
    return {"penalty": float(max(0.0, low - median, median - high)), "median": median,
            "p10": turns.get("p10"), "p90": turns.get("p90")}


def _first(summary: Mapping[str, Any]) -> dict[str, Any]:
    """The first player's advantage over the even share, in points, with its interval."""
    first = (summary.get("shape") or {}).get("first_player") or {}
    if first.get("advantage") is None:
        return {"penalty": UNMEASURED, "advantage": None, "note": "no first player measured"}
    return {"advantage": 100 * first["advantage"], "low": 100 * first["advantage_low"],
            "high": 100 * first["advantage_high"]}


def describe(part: Mapping[str, Any]) -> str:
    """One line for a target's score: ``balance: 6.0 (seat 0 56.0% (50.0–62.0), even 50.0%)``."""
    head = f"{part['target']}: penalty {part['penalty']:.2f}"
    if part.get("note"):
        return f"{head} ({part['note']})"
    if "distance" in part:
        return (f"{head} (furthest: {part['row']} {part['rate']:.1f}% "
                f"({part['low']:.1f}–{part['high']:.1f}), even share {part['even']:.1f}%)")
    if "median" in part:
        return f"{head} (median {part['median']} turns, 10–90%: {part['p10']}–{part['p90']})"
    return (f"{head} (first player {part['advantage']:+.1f} points "
            f"({part['low']:+.1f} to {part['high']:+.1f}))")


__all__ = ["TARGETS_HELP", "UNMEASURED", "Target", "describe", "objective", "parse_targets"]
