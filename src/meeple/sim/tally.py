"""Counting finished games into balance figures: the numbers behind ``summary.json``.

A :class:`Tally` takes one record line at a time (``add``) and tallies merge (``merge``), so
workers count their own games and the run only adds tallies up. ``summary`` turns the counts
into rates with 95% Wilson intervals and picks out what looks unbalanced.

Every win rate here is a rate of *seat-games*: one seat in one finished game is one trial, won
when that seat is among the winners. The *even share* is the rate every seat, role or option
would have if none of them mattered: all wins over all seat-games (``1/players`` in a game
with exactly one winner; lower with draws; the team's win rate in a cooperative game). A row
may carry its own ``even`` share: a seat under one value of a varied option is compared with
that value's games only, since draws and shared wins change with the option. A role held by a
team (two seats that win or lose together) is a rate of games, not seat-games
(:mod:`meeple.sim.counts`).

Under each value of a varied option, the tally also keeps how games ended, their length,
score margins and roles (:class:`~meeple.sim.counts.Shape`); :mod:`meeple.sim.findings`
then tests every rate against its even share, with Holm's correction.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field, fields
from typing import Any

from .counts import Roles, Shape, distribution, margin, row, value_order
from .findings import find
from .shape import game_shape

#: How many full action texts the summary keeps (most used first).
TOP_TEXTS = 30
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
    roles: Roles = field(default_factory=Roles)
    #: "name=value" -> games; ("name=value", seat) -> wins of that seat.
    option_games: Counter[str] = field(default_factory=Counter)
    option_wins: Counter[tuple[str, int]] = field(default_factory=Counter)
    #: Position in the turn order, counted from the seat that acted first (0: first player).
    order_games: Counter[int] = field(default_factory=Counter)
    order_wins: Counter[int] = field(default_factory=Counter)
    turns: Counter[int] = field(default_factory=Counter)
    actions: Counter[int] = field(default_factory=Counter)
    endings: Counter[str] = field(default_factory=Counter)
    #: How the finished games without a winner ended (a co-operative game's causes of defeat).
    no_winner_endings: Counter[str] = field(default_factory=Counter)
    #: The seat that took the first action, per finished game.
    first_seats: Counter[int] = field(default_factory=Counter)
    #: The winners' lowest score minus the best other seat's (games with winners and losers).
    margins: Counter[Any] = field(default_factory=Counter)
    #: "name=value" -> what the games under that option value looked like.
    values: dict[str, Shape] = field(default_factory=dict)
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
        opts = [f"{k}={v}" for k, v in sorted((line.get("options") or {}).items())]
        shapes = [self.values.setdefault(key, Shape()) for key in opts]
        for shape in shapes:
            shape.games += 1
        if error or not result:
            why = error or {"type": "Unfinished", "message": "the game has no result"}
            self.failures.append({"index": line.get("index"), "seed": line.get("seed"),
                                  "type": why.get("type"), "message": why.get("message"),
                                  "actions": len(line.get("actions") or ())})
            self.endings[f"error: {why.get('type')}"] += 1
            for shape in shapes:
                shape.endings[f"error: {why.get('type')}"] += 1
            return
        self.finished += 1
        players = int(line["players"])
        winners = set(result["winners"])
        if not winners:
            self.without_winner += 1
            self.no_winner_endings[str(result.get("reason", "?"))] += 1
        seats = line.get("seats") or []
        actors: list[int] = line.get("actors") or []
        texts: list[str] = line.get("actions") or []
        first = actors[0] if actors else 0
        if actors:
            self.first_seats[first] += 1
        roles = role_names(result.get("extra"), players)
        self.roles.add(roles, winners)
        self._add_shapes(shapes, line, result, roles)
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
            if won:
                for key in opts:
                    self.option_wins[key, seat] += 1
        self.turns[int(result.get("turns", 0))] += 1
        self.actions[len(texts)] += 1
        self.endings[str(result.get("reason", "?"))] += 1
        m = margin(result, players)
        if m is not None:
            self.margins[m] += 1
        self._add_actions(actors, texts, winners)

    def _add_actions(self, actors: list[int], texts: list[str], winners: set[int]) -> None:
        """Count the actions of a finished game: uses, and the seats that used each."""
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

    @staticmethod
    def _add_shapes(shapes: list[Shape], line: dict[str, Any], result: dict[str, Any],
                    roles: list[list[str]]) -> None:
        """Count a finished game under each of its option values."""
        players, winners = int(line["players"]), set(result["winners"])
        m = margin(result, players)
        for shape in shapes:
            shape.seat_games += players
            shape.wins += len(winners)
            shape.endings[str(result.get("reason", "?"))] += 1
            shape.turns[int(result.get("turns", 0))] += 1
            shape.actions[len(line.get("actions") or ())] += 1
            if m is not None:
                shape.margins[m] += 1
            shape.roles.add(roles, winners)

    def merge(self, other: Tally) -> None:
        """Add another tally's counts to this one."""
        for f in fields(self):
            mine, theirs = getattr(self, f.name), getattr(other, f.name)
            if isinstance(mine, Roles):
                mine.merge(theirs)
            elif isinstance(mine, dict) and not isinstance(mine, Counter):
                for key, shape in theirs.items():
                    mine.setdefault(key, Shape()).merge(shape)
            elif isinstance(mine, (Counter, list)):
                mine += theirs
            else:
                setattr(self, f.name, mine + theirs)

    @property
    def even_share(self) -> float | None:
        """All wins over all seat-games: each seat's rate if nothing mattered."""
        n = sum(self.seat_games.values())
        return sum(self.seat_wins.values()) / n if n else None

    def summary(self, cooperative: bool = False,
                safety: Iterable[str] = ()) -> dict[str, Any]:
        """Rates with 95% Wilson intervals, distributions, the game's shape (``safety``: the
        game's safety endings) and the suspicious list. In a co-operative game every seat
        wins or loses with the team: one team row stands for the seats and the turn order."""
        even = self.even_share
        seats = [row(f"seat {s}", self.seat_wins[s], self.seat_games[s])
                 for s in sorted(self.seat_games)]
        if cooperative:
            seats = [row("team", self.finished - self.without_winner, self.finished)]
        agents = [row(a, self.agent_wins[a], self.agent_games[a])
                  for a in sorted(self.agent_games)]
        teams = self.roles.teams()
        order = [row(f"{ordinal(k)} to act", self.order_wins[k], self.order_games[k])
                 for k in sorted(self.order_games) if not cooperative]
        texts = sorted(self.text_games, key=lambda t: (-self.text_games[t], t))[:TOP_TEXTS]
        out: dict[str, Any] = {
            "games": {"done": self.games, "finished": self.finished,
                      "failed": self.games - self.finished,
                      "without_winner": self.without_winner},
            "cooperative": cooperative,
            "even_share": even,
            "seats": seats,
            "agents": agents if len(agents) > 1 else [],
            "roles": self.roles.rows(teams),
            "options": self._option_rows(cooperative),
            "values": [self.values[key].summary(key, teams, cooperative, even)
                       for key in self._varied()],
            "turn_order": order,
            "first_player": order[0] if order else None,
            "length": {"turns": distribution(self.turns),
                       "actions": distribution(self.actions)},
            "margin": distribution(self.margins),
            "shape": game_shape(self, cooperative, safety),
            "endings": [{"reason": r, "count": c, "share": c / self.games}
                        for r, c in sorted(self.endings.items(), key=lambda x: (-x[1], x[0]))],
            "action_kinds": [
                {**row(k, self.kind_wins[k], self.kind_games[k]), "uses": self.kind_uses[k]}
                for k in sorted(self.kind_games, key=lambda k: (-self.kind_games[k], k))],
            "action_texts": [
                {**row(t, self.text_wins[t], self.text_games[t]), "uses": self.text_uses[t]}
                for t in texts],
            "failures": sorted(self.failures, key=lambda f: f.get("index") or 0)[:20],
        }
        find(out)
        return out

    def _varied(self) -> list[str]:
        """The "name=value" keys of the options that took several values in the run, in
        order: by name, then numbers in numeric order."""
        names = Counter(key.split("=", 1)[0] for key in self.values)
        return sorted((k for k in self.values if names[k.split("=", 1)[0]] > 1),
                      key=value_order)

    def _option_rows(self, cooperative: bool) -> list[dict[str, Any]]:
        """Win rate under each value of an option that took several values in the run."""
        seats = sorted(self.seat_games)
        rows: list[dict[str, Any]] = []
        for key in self._varied():
            n = self.option_games[key]
            if not n:
                continue  # every game under this value failed
            if cooperative:  # everyone wins or nobody does: one rate for the team
                rows.append(row(key, self.option_wins[key, 0], n))
            else:  # each seat against this value's own even share (ties vary with it)
                even = sum(self.option_wins[key, s] for s in seats) / (n * len(seats))
                rows.extend({**row(f"{key} · seat {s}", self.option_wins[key, s], n),
                             "even": even} for s in seats)
        return rows
