"""Match clocks (docs/server.md, "Clocks"): a bank of seconds per seat plus an increment per
turn, or a fixed time per turn, and what happens when a seat's time runs out — a bot plays the
seat until its player comes back (``bot``), or the seat loses and the match ends (``lose``).

Nothing here is a timer. The store keeps the rule, the seat whose time runs, since when, and
the moment it runs out (``deadline``); every server looks for deadlines passed, and the one
whose conditional update takes the deadline away applies the rule, so a clock survives a
restart and several servers apply it once.

A *turn*, for a clock, is a seat's stretch of decisions: the time runs from when a person's
seat comes to act until another seat does, so a turn of many actions is one move; the
increment is added and a fixed time per move starts again only when the turn passes. Only
a person's seat is timed: a bot's turn stops every clock.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, NamedTuple

from sqlalchemy import select, update
from sqlalchemy.engine import Connection

from .schema import matches, seats

#: Who plays a seat whose time ran out, unless the rule names a bot.
DEFAULT_BOT = "greedy"
#: A player who comes back to a seat a bot took on time finds at least this share of the bank
#: (or the increment, if more) to play with, so they are not timed out again at once.
RETURN_SHARE = 0.1
HUMAN = "human"


@dataclass(frozen=True)
class Rule:
    """The clock as the match was made with it: ``bank`` and ``increment`` seconds, or
    ``per_move`` seconds; ``on_timeout`` ``bot`` or ``lose``; the bot that plays a seat whose
    time ran out."""

    bank: float | None
    increment: float
    per_move: float | None
    on_timeout: str
    bot: str

    def to_json(self) -> dict[str, Any]:
        """The rule as stored and as the snapshot and lobby tell it."""
        return dataclasses.asdict(self)

    @classmethod
    def from_json(cls, raw: dict[str, Any]) -> Rule:
        """The inverse of :meth:`to_json`."""
        return cls(raw.get("bank"), float(raw.get("increment") or 0), raw.get("per_move"),
                   str(raw.get("on_timeout", "bot")), str(raw.get("bot") or DEFAULT_BOT))

    def limit(self, left: float | None) -> float:
        """The seconds a seat has for a turn that starts with ``left`` in its bank."""
        if self.per_move is not None:
            return float(self.per_move)
        return max(0.0, left or 0.0)


class Tick(NamedTuple):
    """What a change does to a clock, as stored: whose time runs, since when and until when,
    and the seat whose bank is settled with its seconds left (None: none)."""

    turn: int | None
    since: float | None
    deadline: float | None
    settled: tuple[int, float] | None


@dataclass(frozen=True)
class Clock:
    """A match's clock now: its rule, whose time runs (``turn``) since when and until when,
    each seat's bank (``left``; None in a fixed-time clock), the seats a bot plays on time
    (``away``) and the seat that lost on time (``timeout``), if any."""

    rule: Rule
    turn: int | None
    since: float | None
    deadline: float | None
    timeout: int | None
    left: tuple[float | None, ...]
    away: tuple[bool, ...]

    @classmethod
    def read(cls, raw: Any, turn: int | None, since: float | None, deadline: float | None,
             timeout: int | None, left: tuple[float | None, ...],
             away: tuple[bool, ...]) -> Clock | None:
        """The clock of a stored match (None: it has none)."""
        if not isinstance(raw, dict):
            return None
        return cls(Rule.from_json(raw), turn, since, deadline, timeout, left, away)

    def after(self, tick: Tick) -> Clock:
        """This clock once ``tick`` is stored."""
        left = list(self.left)
        if tick.settled is not None:
            left[tick.settled[0]] = tick.settled[1]
        return dataclasses.replace(self, turn=tick.turn, since=tick.since,
                                   deadline=tick.deadline, left=tuple(left))

    def shown(self, now: float) -> dict[str, Any]:
        """The clock as every seat's snapshot carries it (all of it is public): the rule,
        whose time runs, each seat's seconds left now, who is away and who lost on time."""
        if self.rule.per_move is not None:
            left: list[float | None] = [None] * len(self.away)
        else:
            left = [None if x is None else round(x, 1) for x in self.left]
        if self.turn is not None and self.deadline is not None:
            left[self.turn] = round(max(0.0, self.deadline - now), 1)
        return {**self.rule.to_json(), "running": self.turn, "left": left,
                "away": list(self.away), "lost": self.timeout}


def start(rule: Rule, to_act: int | None, kinds: Sequence[str], now: float) -> Clock:
    """The clock of a match just made: every bank full, the first person's time running."""
    bank = None if rule.per_move is not None else rule.bank
    clock = Clock(rule, None, None, None, None, (bank,) * len(kinds), (False,) * len(kinds))
    tick = ticked(clock, to_act, kinds, False, now)
    return clock if tick is None else clock.after(tick)


def ticked(clock: Clock, to_act: int | None, kinds: Sequence[str], over: bool,
           now: float) -> Tick | None:
    """What a change that leaves ``to_act`` to act (``kinds`` the seats' kinds after it)
    does to ``clock``; None when the same turn goes on."""
    timed = None if over or to_act is None or kinds[to_act] != HUMAN else to_act
    if timed == clock.turn and timed is not None:
        return None  # the same seat goes on deciding: one turn, one move
    settled = None
    left = list(clock.left)
    if clock.turn is not None and clock.rule.per_move is None:
        spent = now - (now if clock.since is None else clock.since)
        left[clock.turn] = max(0.0, (left[clock.turn] or 0.0) - spent) + clock.rule.increment
        settled = (clock.turn, left[clock.turn] or 0.0)
    if timed is None:
        if clock.turn is None:
            return None
        return Tick(None, None, None, settled)
    return Tick(timed, now, now + clock.rule.limit(left[timed]), settled)


def write(db: Connection, match_id: str, tick: Tick | None) -> None:
    """Store ``tick`` in the commit ``db`` is making (nothing for None)."""
    if tick is None:
        return
    db.execute(update(matches).where(matches.c.id == match_id)
               .values(turn=tick.turn, since=tick.since, deadline=tick.deadline))
    if tick.settled is not None:
        seat, left = tick.settled
        db.execute(update(seats).where(seats.c.match == match_id, seats.c.seat == seat)
                   .values(left=left))


def made(db: Connection, match_id: str, clock: Clock) -> None:
    """Store a new match's clock in the commit ``db`` is making."""
    db.execute(update(matches).where(matches.c.id == match_id)
               .values(clock=clock.rule.to_json(), turn=clock.turn, since=clock.since,
                       deadline=clock.deadline))
    for seat, left in enumerate(clock.left):
        db.execute(update(seats).where(seats.c.match == match_id, seats.c.seat == seat)
                   .values(left=left))


class Expired(NamedTuple):
    """A clock whose time ran out: the match, the seat and the deadline it passed."""

    match: str
    seat: int
    deadline: float


def expired(db: Connection, now: float, limit: int = 50) -> list[Expired]:
    """The clocks whose deadline passed, soonest first (at most ``limit``)."""
    rows = db.execute(select(matches.c.id, matches.c.turn, matches.c.deadline)
                      .where(matches.c.deadline.is_not(None), matches.c.deadline <= now,
                             matches.c.over.is_(False), matches.c.closed.is_(False))
                      .order_by(matches.c.deadline).limit(limit))
    return [Expired(r.id, int(r.turn), float(r.deadline)) for r in rows if r.turn is not None]


def time_out(db: Connection, gone: Expired, clock: Clock) -> bool:
    """Apply the clock's rule to the seat whose time ran out, in the commit ``db`` is
    making: a bot takes the seat (it is marked away) or the seat loses and the match is over.
    False, with nothing written, when another server did it first or the turn moved on."""
    lose = clock.rule.on_timeout == "lose"
    done = db.execute(update(matches).where(matches.c.id == gone.match,
                                            matches.c.turn == gone.seat,
                                            matches.c.deadline == gone.deadline)
                      .values(turn=None, since=None, deadline=None,
                              **({"timeout": gone.seat, "over": True} if lose else {})))
    if done.rowcount != 1:
        return False
    seat = update(seats).where(seats.c.match == gone.match, seats.c.seat == gone.seat)
    if lose:
        db.execute(seat.values(left=0.0 if clock.rule.per_move is None else None))
    else:
        db.execute(seat.values(kind=clock.rule.bot, away=True,
                               left=0.0 if clock.rule.per_move is None else None))
    return True


def come_back(db: Connection, match_id: str, seat: int, clock: Clock) -> Clock | None:
    """Give a seat a bot took on time back to its player, with at least
    :data:`RETURN_SHARE` of the bank (or the increment) to play with, in the commit ``db``
    is making: the clock after it, or None when the seat was not away (another server gave
    it back first)."""
    rule = clock.rule
    left = None
    if rule.per_move is None:
        left = max(clock.left[seat] or 0.0, rule.increment, RETURN_SHARE * (rule.bank or 0.0))
    done = db.execute(update(seats).where(seats.c.match == match_id, seats.c.seat == seat,
                                          seats.c.away.is_(True))
                      .values(kind=HUMAN, away=False, left=left))
    if done.rowcount != 1:
        return None
    lefts, away = list(clock.left), list(clock.away)
    lefts[seat], away[seat] = left, False
    return dataclasses.replace(clock, left=tuple(lefts), away=tuple(away))
