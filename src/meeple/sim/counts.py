"""The parts of a tally counted both over a whole run and under each value of an option: roles
(a team counted once per game), endings, length and score margins.

A *team role* is a role that two or more seats hold in one game and that always wins or loses
together (High in the Heavens at four players: two seats per pantheon). Its win rate is one
trial per game, won when the team wins: counting each seat would count every game twice and
make the interval √2 too narrow. A role that seats share without sharing their fate (two
rivals entering by one door) stays one trial per seat.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from .stats import wilson


def row(name: str, wins: int, n: int) -> dict[str, Any]:
    """A win-rate row: its name, trials, wins, rate and 95% Wilson interval."""
    low, high = wilson(wins, n)
    return {"name": name, "n": n, "wins": wins, "rate": wins / n if n else None,
            "low": low, "high": high}


def part(count: int, n: int) -> dict[str, Any]:
    """``count`` of ``n``: the share and its 95% Wilson interval."""
    low, high = wilson(count, n)
    return {"count": count, "n": n, "rate": count / n if n else None, "low": low, "high": high}


def share_text(p: dict[str, Any]) -> str:
    """``"43.1% (40.2–46.0)"``: a share and its 95% Wilson interval."""
    if p.get("rate") is None:
        return "–"
    return f"{100 * p['rate']:.1f}% ({100 * p['low']:.1f}–{100 * p['high']:.1f})"


def distribution(counts: Counter[Any], histogram: bool = True) -> dict[str, Any]:
    """Min, max, mean, quantiles and (unless ``histogram`` is False) the histogram of numbers
    given as counts."""
    total = sum(counts.values())
    if not total:
        return {"n": 0, **({"histogram": []} if histogram else {})}
    values = sorted(counts)

    def quantile(q: float) -> Any:
        target, seen = q * (total - 1), 0
        for v in values:
            seen += counts[v]
            if seen > target:
                return v
        return values[-1]

    out = {"n": total, "min": values[0], "max": values[-1],
           "mean": sum(v * c for v, c in counts.items()) / total,
           "p10": quantile(0.1), "median": quantile(0.5), "p90": quantile(0.9)}
    if histogram:
        out["histogram"] = [[v, counts[v]] for v in values]
    return out


def margin(result: dict[str, Any], players: int) -> float | int | None:
    """The winners' lowest score minus the best other seat's, or None: no winner, everybody
    won (a cooperative game), or scores that are not one number per seat."""
    scores, winners = result.get("scores"), set(result.get("winners") or ())
    if not winners or len(winners) >= players or not isinstance(scores, list) \
            or len(scores) != players \
            or not all(isinstance(x, int | float) and not isinstance(x, bool) for x in scores):
        return None
    m = min(scores[s] for s in winners) - max(scores[s] for s in range(players)
                                              if s not in winners)
    m = round(m, 6)
    return int(m) if m == int(m) else m


def value_order(key: str) -> tuple[str, int, float, str]:
    """Sort key of ``"name=value"``: by name, then numbers in numeric order ("2" < "10"),
    then other values as text."""
    name, _, value = key.partition("=")
    if re.fullmatch(r"[-+]?(\d+(\.\d*)?|\.\d+)([eE][-+]?\d+)?", value.strip()):
        return (name, 0, float(value), value)
    return (name, 1, 0.0, value)


@dataclass
class Roles:
    """Win counts per role, per seat and per game (see the module's doc)."""

    seat_games: Counter[str] = field(default_factory=Counter)
    seat_wins: Counter[str] = field(default_factory=Counter)
    game_games: Counter[str] = field(default_factory=Counter)
    game_wins: Counter[str] = field(default_factory=Counter)
    #: Games where two or more seats held the role; of those, games where their fates split.
    shared: Counter[str] = field(default_factory=Counter)
    split: Counter[str] = field(default_factory=Counter)
    #: Games and wins (by any seat) per set of roles dealt together, in alphabetical order.
    sets: Counter[tuple[str, ...]] = field(default_factory=Counter)
    set_wins: Counter[tuple[str, ...]] = field(default_factory=Counter)

    def add(self, roles: list[list[str]], winners: set[int]) -> None:
        """Count one finished game: the roles of each seat and the seats that won."""
        seats: dict[str, list[int]] = {}
        for seat, names in enumerate(roles):
            for name in names:
                seats.setdefault(name, []).append(seat)
        for name, holders in seats.items():
            won = [s in winners for s in holders]
            self.seat_games[name] += len(holders)
            self.seat_wins[name] += sum(won)
            self.game_games[name] += 1
            self.game_wins[name] += any(won)
            if len(holders) > 1:
                self.shared[name] += 1
                self.split[name] += any(won) and not all(won)
        if seats:
            dealt = tuple(sorted(seats))
            self.sets[dealt] += 1
            self.set_wins[dealt] += bool(winners)

    def merge(self, other: Roles) -> None:
        for name in ("seat_games", "seat_wins", "game_games", "game_wins", "shared", "split",
                     "sets", "set_wins"):
            getattr(self, name).update(getattr(other, name))

    def teams(self) -> set[str]:
        """The roles that several seats held in one game, always winning or losing together."""
        return {r for r, n in self.shared.items() if n and not self.split[r]}

    def rows(self, teams: set[str], even: float | None = None) -> list[dict[str, Any]]:
        """A row per role, most trials first; a team role counts games, not seats."""
        out = []
        for r in self.seat_games:
            team = r in teams
            games, wins = (self.game_games, self.game_wins) if team else \
                (self.seat_games, self.seat_wins)
            out.append({**row(r, wins[r], games[r]), **({"team": True} if team else {}),
                        **({"even": even} if even is not None else {})})
        return sorted(out, key=lambda x: (-x["n"], x["name"]))


@dataclass
class Shape:
    """What the games under one option value looked like: endings, length, margins, roles."""

    games: int = 0
    seat_games: int = 0
    wins: int = 0
    endings: Counter[str] = field(default_factory=Counter)
    turns: Counter[int] = field(default_factory=Counter)
    actions: Counter[int] = field(default_factory=Counter)
    margins: Counter[Any] = field(default_factory=Counter)
    roles: Roles = field(default_factory=Roles)

    def merge(self, other: Shape) -> None:
        self.games += other.games
        self.seat_games += other.seat_games
        self.wins += other.wins
        for name in ("endings", "turns", "actions", "margins"):
            getattr(self, name).update(getattr(other, name))
        self.roles.merge(other.roles)

    def summary(self, key: str, teams: set[str], cooperative: bool,
                even: float | None) -> dict[str, Any]:
        """The figures of this value; its roles against its own even share (a cooperative
        game's against the whole run's, as its value rows are)."""
        name, _, value = key.partition("=")
        own = self.wins / self.seat_games if self.seat_games else None
        return {
            "option": name, "value": value, "name": key, "games": self.games,
            "even_share": own,
            "endings": [_ending(reason, count, self.games)
                        for reason, count in sorted(self.endings.items(),
                                                    key=lambda x: (-x[1], x[0]))],
            "length": {"turns": distribution(self.turns, histogram=False),
                       "actions": distribution(self.actions, histogram=False)},
            "margin": distribution(self.margins, histogram=False),
            "roles": self.roles.rows(teams, even if cooperative else own),
        }


def _ending(reason: str, count: int, games: int) -> dict[str, Any]:
    """How many games ended so, their share and its 95% Wilson interval."""
    low, high = wilson(count, games)
    return {"reason": reason, "count": count, "share": count / games, "low": low, "high": high}
