"""The referee of every match: the only place actions are applied and undone, and the per-seat
snapshot, the only thing that leaves it.

A snapshot is built for one seat at the moment it is sent, from ``view(seat)``,
``events(seat)`` told in words and that seat's own legal actions with their labels, with the
seats' public facts (who plays them, whether a person was invited, who is connected); nothing
else of the state goes out. An action is checked (the version the client saw, the seat whose
turn it is and who plays it, legality), applied to a copy, committed to the store, and only then
becomes the match's state. The match's version counts its log rows (actions and undos), so it
never goes back even when an undo shortens the timeline.
"""

from __future__ import annotations

import contextlib
import dataclasses
import logging
import secrets
import threading
import time
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy.exc import SQLAlchemyError

from meeple.core import Game, State, game_class, restore

from . import clocks
from .clocks import Rule
from .pages import board_text
from .recap import Mine, Plan, latest, plan_undo, replay, since
from .rows import LogRow, MatchRow, NewMatch
from .snapshots import Told, build_snapshot, shown, timed
from .store import Store
from .weighed import Weighed, keep, told

#: A snapshot of the whole state is kept every this many versions (restore replays the rest).
SNAPSHOT_EVERY = 20
#: The kind of a seat a person plays; any other kind is a bot spec.
HUMAN = "human"
log = logging.getLogger("meeple.server")


class UnknownMatch(LookupError):
    """No match has this id."""


class MatchClosed(Exception):
    """The match was closed unfinished: no person acted in it for a long time."""


class DamagedMatch(Exception):
    """The match's stored record cannot be restored (``what`` says which row and how it
    fails); it is refused until the server starts again."""

    def __init__(self, match_id: str, what: str) -> None:
        super().__init__(f"match {match_id}: {what}")
        self.match, self.what = match_id, what


class UnknownSeat(LookupError):
    """The match has no such seat."""


class NotYourTurn(Exception):
    """The seat is not the one to act (nothing more is said)."""


class SeatIsBot(Exception):
    """A person's token was used for a seat a bot plays now."""


class OtherPeople(Exception):
    """Undo asked at a table where another seat is played by a person."""


class GameOver(Exception):
    """The game is over; its seats no longer change hands."""


class UndoRefused(Exception):
    """Undo refused by the policy; ``code`` says why: ``none`` (nothing to undo), ``over``,
    ``chance``, ``reveal`` or ``human`` (:mod:`meeple.undo`)."""

    def __init__(self, code: str) -> None:
        super().__init__(code)
        self.code = code


class StaleVersion(Exception):
    """The client acted on a version that is no longer current; ``snapshot`` is the current
    one, built for that seat."""

    def __init__(self, snapshot: dict[str, Any]) -> None:
        super().__init__("the match has moved on")
        self.snapshot = snapshot




#: Undo refusals that more actions after the undo point never lift.
LASTING = frozenset({"chance", "human", "reveal"})


@dataclass
class Live:
    """A match being played: its stored row, game, current state and version (its log's
    length, which an undo increases too)."""

    row: MatchRow
    game: Game[Any]
    state: State
    version: int
    lock: threading.Lock = field(default_factory=threading.Lock)
    #: The events already told in words, by (seat, language, names), for this timeline.
    told: dict[Told, list[dict[str, Any]]] = field(default_factory=dict)
    #: The newest snapshot built for each (seat, language), with what it was built from.
    built: dict[tuple[int | None, str], tuple[Any, dict[str, Any]]] = field(
        default_factory=dict)
    #: The newest board text for each (seat, language), with its version.
    boards: dict[tuple[int | None, str], tuple[int, str | None]] = field(default_factory=dict)
    #: Each person's latest action in this timeline (None: none yet), once known.
    mine: dict[int, Mine | None] = field(default_factory=dict)
    #: Each person's undo plan at the version it was made for.
    plans: dict[int, Plan] = field(default_factory=dict)
    #: What the bots weighed in their decisions since a person last acted (:mod:`.weighed`).
    weighed: list[Weighed] = field(default_factory=list)

    @property
    def over(self) -> bool:
        """Whether the match is over: its game ended, or a seat lost on time."""
        clock = self.row.clock
        return self.state.is_over or (clock is not None and clock.timeout is not None)

    def tick(self, st: State, kinds: Sequence[str], now: float) -> clocks.Tick | None:
        """What leaving ``st`` to be played with seats ``kinds`` does to the clock."""
        clock = self.row.clock
        if clock is None:
            return None
        return clocks.ticked(clock, st.to_act, kinds, st.is_over, now)

    def ticked(self, tick: clocks.Tick | None) -> None:
        """Keep the clock as ``tick``, just stored, made it."""
        if tick is not None and self.row.clock is not None:
            self.row = dataclasses.replace(self.row, clock=self.row.clock.after(tick))

    def latest(self, seat: int) -> Mine | None:
        """The seat's latest action, found by replaying the log the first time it is asked."""
        if seat not in self.mine:
            self.mine[seat] = latest(self.game, self.row.seed, self.state, seat)
        return self.mine[seat]

    def plan(self, seat: int) -> Plan:
        """The seat's undo plan at this version (made once per version)."""
        kept = self.plans.get(seat)
        if kept is not None and kept.version == self.version:
            return kept
        mine = self.latest(seat)
        if (kept is not None and mine is not None and kept.index == mine.index
                and kept.refusal in LASTING):
            # Chance drawn, another person's decision or a reveal stays in the timeline as
            # it grows: the plan stands without replaying the worlds again.
            kept = dataclasses.replace(kept, version=self.version)
        else:
            kept = plan_undo(self.state, seat, mine, self.version)
        self.plans[seat] = kept
        return kept

    def new_timeline(self) -> None:
        """Forget what was told and remembered of the old timeline (after an undo)."""
        self.told.clear()
        self.mine.clear()
        self.plans.clear()


def current(game: Game[Any], data: Any) -> bool:
    """Whether a stored snapshot was made by this version of its game. One made by another
    version (fields renamed, say) is never restored: the match is replayed from its log, whose
    action texts every version keeps."""
    return not isinstance(data, dict) or str(data.get("version")) == game.version


class Tables:
    """Every match of one store, kept in memory once loaded. ``presence`` tells which seats of
    a match have someone connected (the server that holds the sockets sets it)."""

    def __init__(self, store: Store,
                 presence: Callable[[str], Collection[int]] | None = None) -> None:
        self.store = store
        self.presence: Callable[[str], Collection[int]] = presence or (lambda match: ())
        self.live: dict[str, Live] = {}
        #: The matches whose record cannot be restored, with what failed (kept until the
        #: server restarts, so that a repaired row is read again then, and not before).
        self.damaged: dict[str, str] = {}
        self._lock = threading.Lock()

    def create(self, game_id: str, kinds: list[str], *, options: dict[str, Any] | None = None,
               seed: int = 0, public: bool = False, creator: str | None = None,
               open_seats: frozenset[int] = frozenset(), pace: str = "live",
               clock: Rule | None = None) -> NewMatch:
        """A new match (the game and options are checked first): its id, the human seats'
        tokens and the host's token; the first human seat is the creator's, ``open_seats``
        those strangers may take; ``pace`` live or turn-based; ``clock`` its clock's rule."""
        game = game_class(game_id)(players=len(kinds), options=options)
        state = game.new_state(seed=seed)
        timed = (None if clock is None
                 else clocks.start(clock, state.to_act, kinds, time.time()))
        made = self.store.create_match(game_id, len(kinds), dict(game.config), kinds, seed,
                                       public, state=state.to_json(), creator=creator,
                                       open_seats=open_seats, pace=pace, clock=timed)
        row = self.store.match(made.match)
        assert row is not None
        with self._lock:
            self.live[made.match] = Live(row, game, state, 0)
        return made

    def forget(self, match_id: str) -> None:
        """Drop a match from memory (a finished one nobody watches); it is read again from
        the store if asked for."""
        with self._lock:
            self.live.pop(match_id, None)

    def get(self, match_id: str) -> Live:
        """The match, restored from its newest snapshot and the log after it if needed.
        Raises UnknownMatch, or DamagedMatch when its record cannot be restored."""
        with self._lock:
            live = self.live.get(match_id)
            if live is not None:
                return live
            if match_id in self.damaged:
                raise DamagedMatch(match_id, self.damaged[match_id])
            where = "its row or seats"
            try:
                row = self.store.match(match_id)
                if row is None:
                    raise UnknownMatch(match_id)
                if row.closed:
                    raise MatchClosed(match_id)
                where = "its set-up"
                game = game_class(row.game)(players=row.players, options=row.options)
                where = "its newest snapshot"
                snap = self.store.latest_snapshot(match_id)
                if snap is not None and not current(game, snap[1]):
                    snap = None  # made by another version of the game: replay the log instead
                if snap is None:
                    state, version = game.new_state(seed=row.seed), 0
                else:
                    version, data = snap
                    where = f"its snapshot at version {version}"
                    state = restore(data)
                    if (state.game.id, state.players) != (row.game, row.players):
                        raise ValueError(f"it is a {state.players}-player {state.game.id} "
                                         f"state in a {row.players}-player {row.game} match")
                where = f"its log after version {version}"
                state, version = self._replay(game, row, state, version,
                                              self.store.log_after(match_id, version))
                if version < row.version:
                    where = "its log"
                    raise ValueError(f"it ends at version {version}, the match is at "
                                     f"{row.version}")
            except (SQLAlchemyError, UnknownMatch, MatchClosed):
                raise  # the database failed, not the record: ask again later
            except DamagedMatch as e:
                raise self._damaged(match_id, f"{where}: {e.what}") from None
            except Exception as e:  # whatever a damaged row makes the restore meet
                raise self._damaged(match_id, f"{where}: {type(e).__name__}: {e}") from None
            live = self.live[match_id] = Live(row, game, state, version)
            return live

    @staticmethod
    def _replay(game: Game[Any], row: MatchRow, state: State, version: int,
                rows: Sequence[LogRow]) -> tuple[State, int]:
        """``state`` at ``version`` after the log ``rows`` (a copy when there are any): the
        new state and version. Raises DamagedMatch for a row that cannot be applied."""
        if rows:
            state = state.clone()
        for entry in rows:
            if entry.version != version + 1:
                raise DamagedMatch(row.id, f"version {version + 1} is missing")
            try:
                if entry.kind == "undo":
                    kept = list(state.actions_taken())[:int(entry.action)]
                    state = replay(game, row.seed, kept)
                else:
                    state.apply(entry.action, seat=entry.seat)
            except Exception as e:
                raise DamagedMatch(row.id, f"the row of version {entry.version} "
                                           f"({entry.kind} {entry.action[:40]!r}) fails: "
                                           f"{type(e).__name__}: {e}") from None
            version = entry.version
        return state, version

    def _damaged(self, match_id: str, what: str) -> DamagedMatch:
        """Remember (and log, once) that the match's record cannot be restored: it is refused
        without reading it again until the server starts again."""
        with contextlib.suppress(KeyError):
            del self.live[match_id]
        self.damaged[match_id] = what = " ".join(what.split())[:300]
        log.error("match %s is damaged and refused until the server restarts: %s",
                  match_id, what)
        return DamagedMatch(match_id, what)

    def catch_up(self, match_id: str, version: int | None = None) -> bool:
        """Read what another server committed to a match held here: the log rows after the
        version held and, unless ``version`` (the one announced) is newer than that — a move,
        which leaves the seats as they were — the seats too; whether anything changed. A
        match not held is left to be read when asked for. Raises DamagedMatch when a row read
        cannot be applied."""
        live = self.live.get(match_id)
        if live is None:
            return False
        with live.lock:
            # A move leaves the seats as they were, but moves a clock on.
            moved = (version is not None and version > live.version
                     and live.row.clock is None)
            row = live.row if moved else self.store.match(match_id)
            rows = self.store.log_after(match_id, live.version)
            if row is None or (not rows and row.kinds == live.row.kinds
                               and row.invited == live.row.invited
                               and row.named == live.row.named
                               and row.rematch == live.row.rematch
                               and row.clock == live.row.clock
                               and (row.chat, row.said) == (live.row.chat, live.row.said)):
                return False
            try:
                state, new = self._replay(live.game, row, live.state, live.version, rows)
            except DamagedMatch as e:
                with self._lock:
                    raise self._damaged(match_id, f"its log after version {live.version}: "
                                                  f"{e.what}") from None
            if any(entry.kind == "undo" for entry in rows):
                live.new_timeline()
            for entry in rows:
                live.mine.pop(entry.seat, None)  # acted elsewhere: found again when asked
            live.state, live.row, live.version = state, row, new
            live.weighed = []
            return True

    def reread(self, match_id: str) -> None:
        """Read the match's row again (its seats' players changed, or its rematch was made); a
        match not held is read when asked for."""
        live = self.live.get(match_id)
        if live is None:
            return
        with live.lock:
            row = self.store.match(match_id)
            if row is not None:
                live.row = dataclasses.replace(live.row, named=row.named, rematch=row.rematch,
                                               chat=row.chat, said=row.said)

    def close_idle(self, days: float) -> list[str]:
        """Close and unload every unfinished match no person has acted in for ``days``."""
        closed = self.store.close_idle(time.time() - days * 86_400)
        for match_id in closed:
            self.forget(match_id)
        return closed

    def version(self, match_id: str) -> int:
        """The match's version: how many actions and undos it has had."""
        return self.get(match_id).version

    def board(self, match_id: str, seat: int | None, lang: str = "en") -> str | None:
        """The seat's board as the terminal draws it, once per version (:func:`board_text`;
        None for a game the page draws). Laying it out costs milliseconds, so only the
        listeners that show it ask."""
        live = self.get(match_id)
        key, version = (seat, lang), live.version
        kept = live.boards.get(key)
        if kept is None or kept[0] != version:
            kept = live.boards[key] = (version, board_text(live.game, live.state.view(seat),
                                                           seat, lang))
        return kept[1]

    def snapshot(self, match_id: str, seat: int | None, lang: str = "en") -> dict[str, Any]:
        """What ``seat`` (None: a spectator) may know of the match now, in ``lang``."""
        return self._snapshot(self.get(match_id), seat, lang)

    def _snapshot(self, live: Live, seat: int | None, lang: str) -> dict[str, Any]:
        """The seat's snapshot, built once per version, seats and presence (the answer to an
        action and the push to the same seat share it; nobody changes a snapshot)."""
        present = set(self.presence(live.row.id))
        row, st = live.row, live.state
        lost = None if row.clock is None else row.clock.timeout
        basis = (live.version, id(st), row.kinds, row.invited, row.named, row.rematch,
                 row.chat, row.said, lost, frozenset(present))
        kept = live.built.get((seat, lang))
        if kept is not None and kept[0] == basis:
            return timed(kept[1], row)
        seats = [(k, row.invited[s], s in present) for s, k in enumerate(row.kinds)]
        person = seat is not None and row.kinds[seat] == HUMAN
        undo = (seat is not None and person and not live.over and _alone(row, seat)
                and live.plan(seat).refusal is None)
        snap = build_snapshot(row.id, live.game, st, seat, lang, version=live.version,
                              seats=seats, undo=undo, told=live.told, players=row.named,
                              lost=lost)
        snap["chat"] = {"mode": row.chat, "said": row.said}
        snap["pace"] = row.pace
        if live.over:
            snap["rematch"] = row.rematch
        if seat is not None and person and st.to_act == seat and not live.over:
            snap["since"] = since(live.game, st, seat, live.latest(seat), lang,
                                  shown(snap["names"], row.named))
        if seat is not None and live.weighed:
            snap["weighed"] = told(live.game, live.weighed, seat, lang, snap["names"])
        live.built[(seat, lang)] = (basis, snap)
        return timed(snap, row)

    def act(self, match_id: str, seat: int, action: str, version: int,
            lang: str = "en", *, bot: bool = False,
            weighed: Weighed | None = None) -> dict[str, Any]:
        """Apply ``action`` for ``seat`` if ``version`` is current and it is that seat's turn;
        the seat's new snapshot. ``bot``: the server's bot acts, so the seat must still be a
        bot's; ``weighed``: what it weighed. Raises StaleVersion, SeatIsBot, NotYourTurn or
        IllegalAction, with the match unchanged."""
        live = self.get(match_id)
        with live.lock:
            st = live.state
            if version != live.version:
                raise StaleVersion(self._snapshot(live, seat, lang))
            if live.over:
                raise GameOver()
            if (live.row.kinds[seat] == HUMAN) == bot:
                if bot:
                    raise NotYourTurn()
                raise SeatIsBot()
            if st.to_act != seat:
                raise NotYourTurn()
            legal = st.parse(action, seat=seat)  # IllegalAction with the reason if not
            nxt = st.clone()
            nxt.apply(legal, seat=seat)
            new = live.version + 1
            tick = live.tick(nxt, live.row.kinds, time.time())
            if not self.store.append(match_id, new, seat, legal.text, nxt.is_over,
                                     person=not bot, tick=tick):
                self.live.pop(match_id, None)  # another server wrote first: read it again
                raise StaleVersion(self.snapshot(match_id, seat, lang))
            live.state, live.version = nxt, new
            live.ticked(tick)
            if bot:
                live.mine.pop(seat, None)  # found again if a person takes the seat back
                if weighed is not None:
                    keep(live.weighed, weighed)
            else:
                live.mine[seat] = Mine(st.n_actions, st, nxt.view(seat))
                live.weighed = []
            if new % SNAPSHOT_EVERY == 0 or nxt.is_over:
                self.store.save_snapshot(match_id, new, nxt.to_json())
            return self._snapshot(live, seat, lang)

    def undo(self, match_id: str, seat: int, version: int, lang: str = "en") -> dict[str, Any]:
        """Take the timeline back to just before ``seat``'s latest action, if every other seat
        is a bot's and :func:`meeple.undo.undo_allowed` agrees; the seat's new snapshot.
        Raises StaleVersion, SeatIsBot, OtherPeople or UndoRefused, with the match unchanged.

        The plan is the one the seat's snapshot offered the undo from (:mod:`.recap`), so an
        undo offered is an undo that succeeds; the version is checked again to commit."""
        live = self.get(match_id)
        with live.lock:
            row = live.row
            if version != live.version:
                raise StaleVersion(self._snapshot(live, seat, lang))
            if row.kinds[seat] != HUMAN:
                raise SeatIsBot()
            if not _alone(row, seat):
                raise OtherPeople()
            plan = live.plan(seat)
        if plan.refusal is not None or plan.before is None:
            raise UndoRefused(plan.refusal or "none")
        before, kept = plan.before, plan.index
        with live.lock:
            if live.version != version or live.row.kinds != row.kinds:
                raise StaleVersion(self._snapshot(live, seat, lang))
            new = version + 1
            tick = live.tick(before, row.kinds, time.time())
            if not self.store.undo(match_id, new, seat, kept, before.to_json(), tick=tick):
                self.live.pop(match_id, None)
                raise StaleVersion(self.snapshot(match_id, seat, lang))
            live.state, live.version = before.clone(), new
            live.weighed = []
            live.ticked(tick)
            live.new_timeline()  # its events are told afresh, its latest actions found again
            return self._snapshot(live, seat, lang)

    def set_seat(self, match_id: str, seat: int, kind: str) -> str | None:
        """Give ``seat`` to a bot (``kind`` its spec, already checked) or back to a person
        (``human``). A person's token is kept while a bot plays; a seat no person was invited
        to gets a fresh token, returned (else None). Raises UnknownSeat or GameOver."""
        live = self.get(match_id)
        with live.lock:
            row = live.row
            if not 0 <= seat < len(row.kinds):
                raise UnknownSeat(seat)
            if live.over:
                raise GameOver()
            token = (secrets.token_urlsafe(24)
                     if kind == HUMAN and not row.invited[seat] else None)
            kinds, invited = list(row.kinds), list(row.invited)
            kinds[seat], invited[seat] = kind, invited[seat] or token is not None
            tick = live.tick(live.state, kinds, time.time())
            self.store.set_seat(match_id, seat, kind, token, tick=tick)
            clock = row.clock
            if clock is not None:
                away = list(clock.away)
                away[seat] = False
                clock = dataclasses.replace(clock, away=tuple(away))
            live.row = dataclasses.replace(row, kinds=tuple(kinds), invited=tuple(invited),
                                           clock=clock)
            live.ticked(tick)
            return token

    def time_out(self, gone: clocks.Expired) -> bool:
        """Apply the clock's rule to a seat whose time ran out (a bot takes it, or it loses
        and the match is over), announced to every server; whether this call did it (False:
        another server did first, or the turn had moved on)."""
        live = self.get(gone.match)
        with live.lock:
            clock = live.row.clock
            if clock is None:
                return False
            with self.store._write() as db:
                done = clocks.time_out(db, gone, clock)
                if done:
                    self.store._tell(db, gone.match, live.version)
            if done:
                self._reread(live)
            return done

    def come_back(self, match_id: str, seat: int) -> bool:
        """Give a seat a bot took on time back to its player, who came back (opened the
        seat), its time running again if it is to act; whether it was away."""
        live = self.get(match_id)
        with live.lock:
            clock = live.row.clock
            if clock is None or not clock.away[seat] or live.over:
                return False
            kinds = list(live.row.kinds)
            kinds[seat] = HUMAN
            with self.store._write() as db:
                back = clocks.come_back(db, match_id, seat, clock)
                if back is not None:
                    clocks.write(db, match_id, clocks.ticked(back, live.state.to_act, kinds,
                                                             live.state.is_over, time.time()))
                    self.store._tell(db, match_id, live.version)
            self._reread(live)
            return back is not None

    def _reread(self, live: Live) -> None:
        """Read the match's row again after a change to its seats or clock made here."""
        row = self.store.match(live.row.id)
        if row is not None:
            live.row = row


def _alone(row: MatchRow, seat: int) -> bool:
    """Whether ``seat`` is a person's and every other seat a bot's."""
    return all((k == HUMAN) == (s == seat) for s, k in enumerate(row.kinds))
