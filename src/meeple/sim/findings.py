"""Which rates of a summary are off their even share, once the number of rates tested is
accounted for.

Every win-rate row with enough trials is tested against its even share with the score test
(the test the Wilson interval inverts), and the p-values are corrected with Holm's method
within each of two lists:

- **balance rows**: seats, turn order (when it is not the seats again), roles, option values,
  roles under each option value. A listed row says the rules favour or hinder it.
- **action rows**: action kinds and texts, rated by the seats that used them at least once.
  Correlation, not cause: a winning seat affords more, so these point at what to look at.

Each tested row gets ``p`` (its own p-value) and ``p_adjusted`` (Holm's); a row is listed when
``p_adjusted`` is below :data:`LEVEL`, smallest first. Bot strength (the agent rows) is never
tested.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .stats import holm, score_p

#: Trials below this are too few to test.
MIN_TRIALS = 10
#: The chance that any fair row of a list is listed.
LEVEL = 0.05
#: The sections of the balance list and the action list, each with the word a row is listed
#: under.
BALANCE = (("seats", "seat"), ("turn_order", "turn order"), ("roles", "role"),
           ("options", "option"))
ACTIONS = (("action_kinds", "action"), ("action_texts", "action text"))


def find(summary: dict[str, Any]) -> None:
    """Test the rows of ``summary`` in place and add the lists ``suspicious`` (balance rows),
    ``suspicious_actions`` and ``tests`` (how many rows each list tested, the method)."""
    even = summary.get("even_share")
    balance = list(_balance_rows(summary))
    actions = [(label, r) for section, label in ACTIONS for r in summary.get(section, [])]
    summary["suspicious"] = _listed(balance, even)
    summary["suspicious_actions"] = _listed(actions, even)
    summary["tests"] = {"method": "Holm", "level": LEVEL,
                        "balance_rows": sum(1 for _, r in balance if "p" in r),
                        "action_rows": sum(1 for _, r in actions if "p" in r)}


def _balance_rows(summary: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    same_order = [(r["n"], r["wins"]) for r in summary.get("turn_order", [])] == \
        [(r["n"], r["wins"]) for r in summary.get("seats", [])]
    for section, label in BALANCE:
        if section == "turn_order" and same_order:
            continue  # seat 0 always acts first: the seat rows already say it
        for r in summary.get(section, []):
            yield label, r
    for value in summary.get("values", []):
        for r in value["roles"]:
            yield f"role at {value['name']}", r


def _listed(rows: list[tuple[str, dict[str, Any]]], even: float | None
            ) -> list[dict[str, Any]]:
    """Test ``rows`` (adding ``p`` and ``p_adjusted`` to each one tested); those below
    :data:`LEVEL` after Holm's correction, smallest p-value first."""
    tested: list[tuple[str, dict[str, Any], float]] = [
        (label, r, share) for label, r in rows
        if r["n"] >= MIN_TRIALS and (share := r.get("even", even)) is not None
        and 0 < share < 1]
    ps = [score_p(r["wins"], r["n"], share) for _, r, share in tested]
    for (_, r, _), p, adjusted in zip(tested, ps, holm(ps), strict=True):
        r["p"], r["p_adjusted"] = p, adjusted
    found = [{"category": label, **r, "verdict": "above" if r["rate"] > share else "below"}
             for label, r, share in tested if r["p_adjusted"] < LEVEL]
    found.sort(key=lambda r: (r["p"], r["category"], r["name"]))
    return found


def verdict(row: dict[str, Any], even: float | None) -> str:
    """``"above"``/``"below"`` when the row is listed (off its even share after Holm's
    correction), ``"interval"`` when only its own 95% interval excludes the even share, ``""``
    otherwise."""
    share = row.get("even", even)
    if share is None or row.get("rate") is None:
        return ""
    if row.get("p_adjusted", 1.0) < LEVEL:
        return "above" if row["rate"] > share else "below"
    return "interval" if row["low"] > share or row["high"] < share else ""
