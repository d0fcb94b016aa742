"""Counting finished games into balance figures: the numbers behind ``summary.json``.

A :class:`Tally` takes one record line at a time (``add``) and tallies merge (``merge``), so
workers count their own games and the run only adds tallies up. ``summary`` turns the counts
into rates with 95% Wilson intervals and picks out what looks unbalanced.

Every win rate here is a rate of *seat-games*: one seat in one finished game is one trial, won
when that seat is among the winners. The *even share* is the rate every seat, role or option
would have if none of them mattered: all wins over all seat-games (``1/players`` in a game
with exactly one winner; lower with draws; the team's win rate in a cooperative game). A row
may carry its own ``even`` share: a seat under one value of a varied option is compared with
that value's games only, since draws and shared wins change with the option.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field, fields
from typing import Any

from .stats import excludes, wilson

#: How many full action texts the summary keeps (most used first).
TOP_TEXTS = 30
#: Trials below this are too few to call anything suspicious.
MIN_TRIALS = 10
#: The suspicious list stays short: the clearest cases first.
MAX_SUSPICIOUS = 12
ORDINALS = ("1st", "2nd", "3rd")


def ordinal(k: int) -> str:
    """``0 -> "1st"``, ``3 -> "4th"``."""
    return ORDINALS[k] if k < len(ORDINALS) else f"{k + 1}th"


def role_names(extra: Any, players: int) -> list[list[str]]:
    """Role names per seat from ``Result.extra["roles"]``; empty lists when absent or odd.

    Accepted shapes: one name per seat (``["Warrior", "Mage"]``), several per seat
    (``[["Warrior", "Zeus"], ...]``), or names per kind of role
    (``{"hero": ["Warrior", "Mage"], "pantheon": [...]}`` gives ``"hero: Warrior"``).
    """
    out: list[list[str]] = [[] for _ in range(players)]
    roles = extra.get("roles") if isinstance(extra, dict) else None
    if isinstance(roles, dict):
        for kind, per_seat in roles.items():
            if isinstance(per_seat, list) and len(per_seat) == players:
                for seat, name in enumerate(per_seat):
                    if name is not None:
                        out[seat].append(f"{kind}: {name}")
    elif isinstance(roles, list) and len(roles) == players:
        for seat, names in enumerate(roles):
            if isinstance(names, (list, tuple)):
                out[seat].extend(str(n) for n in names if n is not None)
            elif names is not None:
                out[seat].append(str(names))
    return out


@dataclass
class Tally:
    """Counts over finished games (and a list of the failed ones)."""

    games: int = 0
    finished: int = 0
    #: Finished games nobody won: draws, or a cooperative game lost.
    without_winner: int = 0
    seat_games: Counter[int] = field(default_factory=Counter)
    seat_wins: Counter[int] = field(default_factory=Counter)
    agent_games: Counter[str] = field(default_factory=Counter)
    agent_wins: Counter[str] = field(default_factory=Counter)
    role_games: Counter[str] = field(default_factory=Counter)
    role_wins: Counter[str] = field(default_factory=Counter)
    #: "name=value" -> games; ("name=value", seat) -> wins of that seat.
    option_games: Counter[str] = field(default_factory=Counter)
    option_wins: Counter[tuple[str, int]] = field(default_factory=Counter)
    #: Position in the turn order, counted from the seat that acted first (0: first player).
    order_games: Counter[int] = field(default_factory=Counter)
    order_wins: Counter[int] = field(default_factory=Counter)
    turns: Counter[int] = field(default_factory=Counter)
    actions: Counter[int] = field(default_factory=Counter)
    endings: Counter[str] = field(default_factory=Counter)
    #: Per action kind (first word) and per full text: uses, seat-games using it, their wins.
    kind_uses: Counter[str] = field(default_factory=Counter)
    kind_games: Counter[str] = field(default_factory=Counter)
    kind_wins: Counter[str] = field(default_factory=Counter)
    text_uses: Counter[str] = field(default_factory=Counter)
    text_games: Counter[str] = field(default_factory=Counter)
    text_wins: Counter[str] = field(default_factory=Counter)
    failures: list[dict[str, Any]] = field(default_factory=list)

    def add(self, line: dict[str, Any]) -> None:
        """Count one record line of a run (finished, or failed with an ``error``)."""
        self.games += 1
        error = line.get("error")
        result = line.get("result")
        if error or not result:
            why = error or {"type": "Unfinished", "message": "the game has no result"}
            self.failures.append({"index": line.get("index"), "seed": line.get("seed"),
                                  "type": why.get("type"), "message": why.get("message"),
                                  "actions": len(line.get("actions") or ())})
            self.endings[f"error: {why.get('type')}"] += 1
            return
        self.finished += 1
        players = int(line["players"])
        winners = set(result["winners"])
        if not winners:
            self.without_winner += 1
        seats = line.get("seats") or []
        actors: list[int] = line.get("actors") or []
        texts: list[str] = line.get("actions") or []
        first = actors[0] if actors else 0
        roles = role_names(result.get("extra"), players)
        opts = [f"{k}={v}" for k, v in sorted((line.get("options") or {}).items())]
        for key in opts:
            self.option_games[key] += 1
        for seat in range(players):
            won = seat in winners
            self.seat_games[seat] += 1
            self.seat_wins[seat] += won
            order = (seat - first) % players
            self.order_games[order] += 1
            self.order_wins[order] += won
            if seat < len(seats):
                self.agent_games[seats[seat]] += 1
                self.agent_wins[seats[seat]] += won
            for role in roles[seat]:
                self.role_games[role] += 1
                self.role_wins[role] += won
            if won:
                for key in opts:
                    self.option_wins[key, seat] += 1
        self.turns[int(result.get("turns", 0))] += 1
        self.actions[len(texts)] += 1
        self.endings[str(result.get("reason", "?"))] += 1
        used_kinds: set[tuple[int, str]] = set()
        used_texts: set[tuple[int, str]] = set()
        for seat, text in zip(actors, texts, strict=False):
            kind = text.split(" ", 1)[0]
            self.kind_uses[kind] += 1
            used_kinds.add((seat, kind))
            if " " in text:  # "pass" and "done" say nothing beyond their kind
                self.text_uses[text] += 1
                used_texts.add((seat, text))
        for seat, kind in used_kinds:
            self.kind_games[kind] += 1
            self.kind_wins[kind] += seat in winners
        for seat, text in used_texts:
            self.text_games[text] += 1
            self.text_wins[text] += seat in winners

    def merge(self, other: Tally) -> None:
        """Add another tally's counts to this one."""
        for f in fields(self):
            mine, theirs = getattr(self, f.name), getattr(other, f.name)
            if isinstance(mine, (Counter, list)):
                mine += theirs
            else:
                setattr(self, f.name, mine + theirs)

    @property
    def even_share(self) -> float | None:
        """All wins over all seat-games: each seat's rate if nothing mattered."""
        n = sum(self.seat_games.values())
        return sum(self.seat_wins.values()) / n if n else None

    def summary(self, cooperative: bool = False) -> dict[str, Any]:
        """Rates with 95% Wilson intervals, distributions and the suspicious list."""
        even = self.even_share
        seats = [_row(f"seat {s}", self.seat_wins[s], self.seat_games[s])
                 for s in sorted(self.seat_games)]
        agents = [_row(a, self.agent_wins[a], self.agent_games[a])
                  for a in sorted(self.agent_games)]
        roles = [_row(r, self.role_wins[r], self.role_games[r])
                 for r in sorted(self.role_games, key=lambda r: (-self.role_games[r], r))]
        order = [_row(f"{ordinal(k)} to act", self.order_wins[k], self.order_games[k])
                 for k in sorted(self.order_games)]
        texts = sorted(self.text_games, key=lambda t: (-self.text_games[t], t))[:TOP_TEXTS]
        out: dict[str, Any] = {
            "games": {"done": self.games, "finished": self.finished,
                      "failed": self.games - self.finished,
                      "without_winner": self.without_winner},
            "cooperative": cooperative,
            "even_share": even,
            "seats": seats,
            "agents": agents if len(agents) > 1 else [],
            "roles": roles,
            "options": self._option_rows(cooperative),
            "turn_order": order,
            "first_player": order[0] if order else None,
            "length": {"turns": distribution(self.turns),
                       "actions": distribution(self.actions)},
            "endings": [{"reason": r, "count": c, "share": c / self.games}
                        for r, c in sorted(self.endings.items(), key=lambda x: (-x[1], x[0]))],
            "action_kinds": [
                {**_row(k, self.kind_wins[k], self.kind_games[k]), "uses": self.kind_uses[k]}
                for k in sorted(self.kind_games, key=lambda k: (-self.kind_games[k], k))],
            "action_texts": [
                {**_row(t, self.text_wins[t], self.text_games[t]), "uses": self.text_uses[t]}
                for t in texts],
            "failures": sorted(self.failures, key=lambda f: f.get("index") or 0)[:20],
        }
        out["suspicious"] = suspicious(out, even)
        return out

    def _option_rows(self, cooperative: bool) -> list[dict[str, Any]]:
        """Win rate under each value of an option that took several values in the run."""
        names: dict[str, list[str]] = {}
        for key in self.option_games:
            names.setdefault(key.split("=", 1)[0], []).append(key)
        seats = sorted(self.seat_games)
        rows: list[dict[str, Any]] = []
        for name in sorted(names):
            if len(names[name]) < 2:
                continue  # a fixed option says nothing about balance
            for key in sorted(names[name]):
                n = self.option_games[key]
                if cooperative:  # everyone wins or nobody does: one rate for the team
                    rows.append(_row(key, self.option_wins[key, 0], n))
                else:  # each seat against this value's own even share (ties vary with it)
                    even = sum(self.option_wins[key, s] for s in seats) / (n * len(seats))
                    rows.extend({**_row(f"{key} · seat {s}", self.option_wins[key, s], n),
                                 "even": even} for s in seats)
        return rows


def _row(name: str, wins: int, n: int) -> dict[str, Any]:
    low, high = wilson(wins, n)
    return {"name": name, "n": n, "wins": wins, "rate": wins / n if n else None,
            "low": low, "high": high}


def distribution(counts: Counter[int]) -> dict[str, Any]:
    """Min, max, mean, quantiles and the histogram of integer values given as counts."""
    total = sum(counts.values())
    if not total:
        return {"n": 0, "histogram": []}
    values = sorted(counts)

    def quantile(q: float) -> int:
        target, seen = q * (total - 1), 0
        for v in values:
            seen += counts[v]
            if seen > target:
                return v
        return values[-1]

    return {"n": total, "min": values[0], "max": values[-1],
            "mean": sum(v * c for v, c in counts.items()) / total,
            "p10": quantile(0.1), "median": quantile(0.5), "p90": quantile(0.9),
            "histogram": [[v, counts[v]] for v in values]}


#: The sections of a summary searched for suspicious rates, with their names in the list.
SUSPECT_SECTIONS = (("seats", "seat"), ("turn_order", "turn order"), ("roles", "role"),
                    ("options", "option"), ("action_kinds", "action"),
                    ("action_texts", "action text"))


def suspicious(summary: dict[str, Any], even: float | None) -> list[dict[str, Any]]:
    """Rows whose 95% interval excludes the even share, clearest first, at most a dozen."""
    if even is None:
        return []
    found: list[tuple[float, dict[str, Any]]] = []
    same_order = [(r["n"], r["wins"]) for r in summary.get("turn_order", [])] == \
        [(r["n"], r["wins"]) for r in summary.get("seats", [])]
    for section, label in SUSPECT_SECTIONS:
        if section == "turn_order" and same_order:
            continue  # seat 0 always acts first: the seat rows already say it
        for row in summary.get(section, []):
            share = row.get("even", even)
            if row["n"] < MIN_TRIALS or not excludes((row["low"], row["high"]), share):
                continue
            strong = row["low"] > share
            margin = row["low"] - share if strong else share - row["high"]
            found.append((margin, {"category": label, **row,
                                   "verdict": "above" if strong else "below"}))
    found.sort(key=lambda x: (-x[0], x[1]["category"], x[1]["name"]))
    return [row for _, row in found[:MAX_SUSPICIOUS]]
