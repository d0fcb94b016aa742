"""Where matches live: SQLAlchemy Core tables in SQLite (a file by default) or PostgreSQL —
the same statements and the same migrations for both.

A match is a row holding the hash of its host's token; its seats hold the hash of each invited
seat's token, never the token. The match's changes are an append-only log keyed by
``(match, version)``, so two writers of the same version cannot both succeed: a row is an applied
action (kind ``act``) or an undo (kind ``undo``, its text the number of actions the timeline
keeps). The match's version is the number of rows in its log and never goes back. Snapshots
(``State.to_json``, keyed by that version) let a match be restored without replaying it from the
start. A change is committed before anyone is told of it (:meth:`Store.append` and
:meth:`Store.undo` return only after the commit).
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import secrets
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from sqlalchemy import (
    bindparam,
    create_engine,
    delete,
    event,
    func,
    insert,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.exc import IntegrityError, OperationalError

from . import clocks
from .clocks import Clock
from .rows import Listed, LogRow, MatchRow, NewMatch
from .schema import (
    MIGRATION_LOCK,
    MIGRATIONS,
    ForeignDatabase,
    actions,
    foreign_tables,
    leases,
    matches,
    meta,
    players,
    schema,
    seats,
    servers,
    snapshots,
)

__all__ = ["CHANNEL", "ForeignDatabase", "NotStored", "Store", "matches", "seats", "snapshots"]

#: The PostgreSQL channel every change of every match is announced on, as "<match> <version>
#: <server>" (the server that committed it).
CHANNEL = "meeple"


#: The two statements of every move, built once (SQLAlchemy then compiles them once too).
LOG_ACTION = insert(actions)
SET_VERSION = (update(matches).where(matches.c.id == bindparam("id_"))
               .values(version=bindparam("version"), over=bindparam("over")))
#: A person's move also marks the match as played now.
SET_VERSION_ACTIVE = (update(matches).where(matches.c.id == bindparam("id_"))
                      .values(version=bindparam("version"), over=bindparam("over"),
                              active=bindparam("now")))
NOTIFY = text("SELECT pg_notify(:channel, :payload)")


def token_hash(token: str) -> str:
    """The stored form of a seat's token (SHA-256; tokens are long random strings)."""
    return hashlib.sha256(token.encode("utf-8")).hexdigest()


def sqlite_url(path: str) -> str:
    """The SQLAlchemy URL of an SQLite file."""
    return f"sqlite:///{path}"


def engine_url(url: str) -> str:
    """``url`` as SQLAlchemy opens it: ``postgresql://…`` (as PostgreSQL's own tools write it)
    goes through psycopg 3."""
    for plain in ("postgresql://", "postgres://"):
        if url.startswith(plain):
            return "postgresql+psycopg://" + url[len(plain):]
    return url


class NotStored(Exception):
    """The database refused a write (a full disk, a file-size limit, a read-only file, a lost
    connection): nothing of it was committed."""


class Store:
    """The tables, on one database; every method is one transaction."""

    def __init__(self, url: str, *, pool: int = 16) -> None:
        url = engine_url(url)
        if url.startswith("sqlite"):
            self.engine: Engine = create_engine(url)
            # Looked at before the pragmas: write-ahead-log mode, once set, stays in the file,
            # and another program's database is to be left exactly as it was.
            with self.engine.connect() as db:
                foreign = foreign_tables(db)
            self.engine.dispose()
            if foreign:
                raise ForeignDatabase(foreign)
            event.listen(self.engine, "connect", _sqlite_pragmas)
        else:
            # A fixed pool: connections opened past it at a peak and closed after it would
            # each cost the database a new process. No ping before each use (a round trip per
            # statement): a connection the server lost fails its statement, the pool drops
            # every connection of that age, and the client's retry finds a fresh one.
            self.engine = create_engine(url, pool_size=pool, max_overflow=0,
                                        pool_recycle=1800, pool_timeout=60)
        #: Whether every change is announced to the other servers (PostgreSQL's NOTIFY).
        self.shared = self.engine.dialect.name == "postgresql"
        #: This store's server among those on one database (its announcements and leases).
        self.name = secrets.token_hex(8)
        #: Held by each write transaction on SQLite (:meth:`_write`); PostgreSQL needs none.
        self.writing: contextlib.AbstractContextManager[Any] = (
            contextlib.nullcontext() if self.shared else threading.Lock())
        self.migrate()

    def migrate(self) -> int:
        """Bring the schema up to the newest migration, in one transaction (on PostgreSQL
        under a lock, so servers starting together do it once); the schema version. Raises
        ForeignDatabase, changing nothing, when the database holds tables meeple did not
        make."""
        with self.engine.begin() as db:
            if self.shared:
                db.execute(text("SELECT pg_advisory_xact_lock(:k)"), {"k": MIGRATION_LOCK})
            foreign = foreign_tables(db)
            if foreign:
                raise ForeignDatabase(foreign)
            meta.create_all(db, tables=[schema])
            done = int(db.execute(select(func.max(schema.c.version))).scalar() or 0)
            for number, step in enumerate(MIGRATIONS[done:], done + 1):
                step(db)
                db.execute(insert(schema).values(version=number, applied=time.time()))
        return len(MIGRATIONS)

    @contextmanager
    def _write(self) -> Iterator[Connection]:
        """A transaction that commits on leaving; NotStored, with nothing written, when the
        database refuses it (the caller answers 503 instead of a 500).

        SQLite has one writer at a time, and a writer that finds the file locked sleeps in
        growing steps (up to 100 ms) before it tries again; on the event loop that sleep would
        stall every client. So this server's own writers queue here instead, each waiting
        only for the commit ahead of it."""
        with self.writing:
            try:
                with self.engine.begin() as db:
                    yield db
            except OperationalError as e:
                raise NotStored(str(e.orig).splitlines()[0] if e.orig else str(e)) from e

    def _tell(self, db: Connection, match_id: str, version: int) -> None:
        """Announce the match's change to every server, delivered when ``db`` commits."""
        if self.shared:
            db.execute(NOTIFY, {"channel": CHANNEL,
                                "payload": f"{match_id} {version} {self.name}"})

    def create_match(self, game: str, players: int, options: dict[str, Any],
                     kinds: list[str], seed: int, public: bool = False,
                     state: dict[str, Any] | None = None, *, creator: str | None = None,
                     open_seats: frozenset[int] = frozenset(), pace: str = "live",
                     clock: Clock | None = None) -> NewMatch:
        """A new match: its id, a fresh token for each human seat and the host's token;
        ``state``, its starting state, is kept as its snapshot at version 0 in the same
        commit. The first human seat is the creator's: taken from the start, never free;
        ``open_seats`` are those strangers may take from the public list; ``creator`` is the
        creator's client address (kept hashed); ``pace`` live or turn-based; ``clock`` its
        clock, if any."""
        match_id = secrets.token_urlsafe(9)
        tokens = {s: secrets.token_urlsafe(24) for s, k in enumerate(kinds) if k == "human"}
        host = secrets.token_urlsafe(24)
        now = time.time()
        with self._write() as db:
            db.execute(insert(matches).values(
                id=match_id, game=game, players=players, options=options, seed=seed,
                public=public, created=now, version=0, over=False,
                host_hash=token_hash(host), active=now, closed=False, pace=pace,
                creator=token_hash(creator) if creator else None))
            db.execute(insert(seats), [
                {"match": match_id, "seat": s, "kind": k,
                 "token_hash": token_hash(tokens[s]) if s in tokens else None,
                 "claimed": s == min(tokens, default=-1), "open": s in open_seats}
                for s, k in enumerate(kinds)])
            if state is not None:
                db.execute(insert(snapshots).values(match=match_id, version=0, state=state))
            if clock is not None:
                clocks.made(db, match_id, clock)
        return NewMatch(match_id, tokens, host)

    def match(self, match_id: str) -> MatchRow | None:
        """The match with this id, or None."""
        with self.engine.connect() as db:
            row = db.execute(select(matches).where(matches.c.id == match_id)).first()
            if row is None:
                return None
            rows = db.execute(select(seats.c.kind, seats.c.token_hash, players.c.name,
                                     seats.c.left, seats.c.away)
                              .outerjoin(players, players.c.id == seats.c.player)
                              .where(seats.c.match == match_id).order_by(seats.c.seat)).all()
        return MatchRow(row.id, row.game, row.players, dict(row.options), row.seed,
                        bool(row.public), row.version, bool(row.over),
                        tuple(r.kind for r in rows), tuple(bool(r.token_hash) for r in rows),
                        bool(row.closed), tuple(r.name for r in rows), row.rematch,
                        row.chat, int(row.said), row.pace,
                        Clock.read(row.clock, row.turn, row.since, row.deadline, row.timeout,
                                   tuple(r.left for r in rows), tuple(bool(r.away) for r in rows)))

    def seat_of(self, match_id: str, token: str) -> int | None:
        """The seat ``token`` opens in this match, or None; compared in constant time."""
        wanted = token_hash(token)
        found: int | None = None
        with self.engine.connect() as db:
            rows = db.execute(select(seats.c.seat, seats.c.token_hash)
                              .where(seats.c.match == match_id))
            for row in rows:
                stored = str(row.token_hash or "")
                if hmac.compare_digest(stored.encode(), wanted.encode()) and stored:
                    found = int(row.seat)
        return found

    def is_host(self, match_id: str, token: str) -> bool:
        """Whether ``token`` is the host's of this match; compared in constant time."""
        with self.engine.connect() as db:
            stored = db.execute(select(matches.c.host_hash)
                                .where(matches.c.id == match_id)).scalar()
        return bool(stored) and hmac.compare_digest(str(stored).encode(),
                                                    token_hash(token).encode())

    def set_seat(self, match_id: str, seat: int, kind: str, token: str | None = None,
                 tick: clocks.Tick | None = None) -> None:
        """Give ``seat`` to ``kind`` (``human`` or a bot spec), with what that does to the
        clock; ``token``: a fresh token for it (kept hashed), else its token, if any, is kept.
        A seat given by hand is no longer away."""
        values: dict[str, Any] = {"kind": kind, "away": False}
        if token is not None:
            values["token_hash"] = token_hash(token)
        with self._write() as db:
            db.execute(update(seats).where(seats.c.match == match_id, seats.c.seat == seat)
                       .values(**values))
            clocks.write(db, match_id, tick)
            version = db.execute(select(matches.c.version)
                                 .where(matches.c.id == match_id)).scalar()
            self._tell(db, match_id, int(version or 0))

    def link_rematch(self, old: str, new: str) -> str:
        """Make ``new`` the rematch of ``old`` unless another server made one first, and
        give each seat of ``new`` the player of the seat of ``old`` that sits there (seat
        ``s`` moves to ``s + 1``), announced to ``old``'s servers; the rematch, ``new`` or the
        one made first (then ``new`` is closed unplayed)."""
        with self._write() as db:
            done = db.execute(update(matches).where(matches.c.id == old,
                                                    matches.c.rematch.is_(None))
                              .values(rematch=new)).rowcount
            if done != 1:
                db.execute(update(matches).where(matches.c.id == new).values(closed=True))
                first = db.execute(select(matches.c.rematch)
                                   .where(matches.c.id == old)).scalar()
                return str(first)
            rows = db.execute(select(seats.c.seat, seats.c.player)
                              .where(seats.c.match == old)).all()
            n = len(rows)
            for r in rows:
                if r.player is not None:
                    db.execute(update(seats).where(seats.c.match == new,
                                                   seats.c.seat == (r.seat + 1) % n)
                               .values(player=r.player))
            version = db.execute(select(matches.c.version).where(matches.c.id == old)).scalar()
            self._tell(db, old, int(version or 0))
        return new

    def reissue(self, match_id: str, seat: int) -> str:
        """A fresh token for ``seat`` (kept hashed; the seat is taken): the seat's token
        before it stops working."""
        token = secrets.token_urlsafe(24)
        with self._write() as db:
            db.execute(update(seats).where(seats.c.match == match_id, seats.c.seat == seat)
                       .values(token_hash=token_hash(token), claimed=True))
        return token

    def claim(self, match_id: str, seat: int) -> None:
        """Mark ``seat`` as taken: its link has been opened, so it is no longer free to join."""
        with self._write() as db:
            db.execute(update(seats).where(seats.c.match == match_id, seats.c.seat == seat,
                                           seats.c.claimed.is_(False)).values(claimed=True))

    def free_seats(self, match_id: str) -> list[int]:
        """The person's seats of the match open to strangers whose link nobody has opened
        yet."""
        with self.engine.connect() as db:
            return list(db.execute(select(seats.c.seat).where(
                seats.c.match == match_id, seats.c.kind == "human", seats.c.open.is_(True),
                seats.c.claimed.is_(False)).order_by(seats.c.seat)).scalars())

    def lobby(self, limit: int, offset: int = 0) -> list[Listed]:
        """A page of the public unfinished matches with a free open seat, newest first: one
        statement over the lobby's index."""
        free = (select(seats.c.match, func.count().label("free"))
                .where(seats.c.open.is_(True), seats.c.claimed.is_(False),
                       seats.c.kind == "human").group_by(seats.c.match).subquery())
        page = (select(matches.c.id, matches.c.game, matches.c.players, matches.c.version,
                       matches.c.created, matches.c.options, matches.c.pace,
                       matches.c.clock, free.c.free)
                .join(free, free.c.match == matches.c.id)
                .where(matches.c.public.is_(True), matches.c.over.is_(False),
                       matches.c.closed.is_(False))
                .order_by(matches.c.created.desc(), matches.c.id).limit(limit).offset(offset)
                .subquery())
        with self.engine.connect() as db:
            rows = db.execute(select(page, seats.c.kind, players.c.name)
                              .join(seats, seats.c.match == page.c.id)
                              .outerjoin(players, players.c.id == seats.c.player)
                              .order_by(page.c.created.desc(), page.c.id, seats.c.seat)).all()
        out: dict[str, Listed] = {}
        for r in rows:
            kept = out.get(r.id)
            kinds = (*kept.kinds, r.kind) if kept else (r.kind,)
            named = (*kept.named, r.name) if kept else (r.name,)
            out[r.id] = Listed(r.id, r.game, r.players, r.version, kinds, int(r.free),
                               float(r.created), dict(r.options), named, r.pace, r.clock)
        return list(out.values())

    def unfinished_by(self, creator: str) -> int:
        """How many unfinished matches the client address ``creator`` made."""
        with self.engine.connect() as db:
            return int(db.execute(select(func.count()).select_from(matches).where(
                matches.c.creator == token_hash(creator), matches.c.over.is_(False),
                matches.c.closed.is_(False))).scalar() or 0)

    def close_idle(self, before: float) -> list[str]:
        """Close every unfinished match no person has acted in since ``before``; their ids."""
        with self._write() as db:
            ids: list[str] = list(db.execute(select(matches.c.id).where(
                matches.c.over.is_(False), matches.c.closed.is_(False),
                matches.c.active < before)).scalars())
            if ids:
                db.execute(update(matches).where(matches.c.id.in_(ids)).values(closed=True))
                db.execute(delete(leases).where(leases.c.match.in_(ids)))
        return ids

    def take_free_seat(self, match_id: str) -> tuple[int, str] | None:
        """Give the first free seat a fresh token (its earlier link stops working) and mark it
        taken; the seat and its token, or None when no seat is free. Two callers at once never
        get the same seat: the update only succeeds on a seat still free."""
        for seat in self.free_seats(match_id):
            token = secrets.token_urlsafe(24)
            with self._write() as db:
                done = db.execute(update(seats).where(
                    seats.c.match == match_id, seats.c.seat == seat,
                    seats.c.claimed.is_(False)).values(claimed=True,
                                                       token_hash=token_hash(token)))
            if done.rowcount == 1:
                return seat, token
        return None

    def append(self, match_id: str, version: int, seat: int, action: str, over: bool,
               person: bool = False, tick: clocks.Tick | None = None) -> bool:
        """Log ``action`` as the match's version ``version`` (the one after the current) and
        commit, with what it did to the clock (``tick``); False, with nothing written, when
        another writer took that version first. ``person``: a person acted, so the match is
        being played."""
        now = time.time()
        try:
            with self._write() as db:
                db.execute(LOG_ACTION, {"match": match_id, "version": version, "seat": seat,
                                        "action": action, "at": now, "kind": "act"})
                if person:
                    db.execute(SET_VERSION_ACTIVE, {"id_": match_id, "version": version,
                                                    "over": over, "now": now})
                else:
                    db.execute(SET_VERSION, {"id_": match_id, "version": version, "over": over})
                clocks.write(db, match_id, tick)
                self._tell(db, match_id, version)
        except IntegrityError:
            return False
        return True

    def undo(self, match_id: str, version: int, seat: int, kept: int,
             state: dict[str, Any], tick: clocks.Tick | None = None) -> bool:
        """Log that ``seat`` took the timeline back to its first ``kept`` actions, as version
        ``version``, with ``state`` (``to_json``) as that version's snapshot, in one commit;
        False, with nothing written, when another writer took that version first."""
        try:
            with self._write() as db:
                db.execute(insert(actions).values(match=match_id, version=version, seat=seat,
                                                  action=str(kept), at=time.time(),
                                                  kind="undo"))
                db.execute(insert(snapshots).values(match=match_id, version=version,
                                                    state=state))
                db.execute(update(matches).where(matches.c.id == match_id)
                           .values(version=version, over=False))
                clocks.write(db, match_id, tick)
                self._tell(db, match_id, version)
        except IntegrityError:
            return False
        return True

    def log_after(self, match_id: str, version: int) -> list[LogRow]:
        """The match's log rows after ``version``, oldest first."""
        with self.engine.connect() as db:
            rows = db.execute(select(actions.c.version, actions.c.seat, actions.c.kind,
                                     actions.c.action)
                              .where(actions.c.match == match_id, actions.c.version > version)
                              .order_by(actions.c.version))
            return [LogRow(r.version, r.seat, r.kind, r.action) for r in rows]

    def log_size(self, match_id: str) -> int:
        """How many rows the match's log holds (its version)."""
        with self.engine.connect() as db:
            return int(db.execute(select(func.count()).select_from(actions)
                                  .where(actions.c.match == match_id)).scalar() or 0)

    def save_snapshot(self, match_id: str, version: int, state: dict[str, Any]) -> None:
        """Keep ``state`` (``to_json``) as the match at ``version``; a repeat is ignored, and
        so is a refused write: the move it follows is committed already, and restoring
        replays the log from an older snapshot just as well."""
        try:
            with self._write() as db:
                db.execute(insert(snapshots).values(match=match_id, version=version,
                                                    state=state))
        except (IntegrityError, NotStored):
            pass

    def latest_snapshot(self, match_id: str) -> tuple[int, dict[str, Any]] | None:
        """The newest snapshot of the match: its version and state, or None."""
        with self.engine.connect() as db:
            row = db.execute(select(snapshots.c.version, snapshots.c.state)
                             .where(snapshots.c.match == match_id)
                             .order_by(snapshots.c.version.desc()).limit(1)).first()
        if row is None:
            return None
        # Text is parsed; any other value is handed on for restore to refuse with a reason.
        state = json.loads(row.state) if isinstance(row.state, str | bytes) else row.state
        return row.version, state

    def unfinished(self) -> list[str]:
        """The ids of matches not yet over, oldest first (restored and resumed on start)."""
        with self.engine.connect() as db:
            return list(db.execute(select(matches.c.id).where(matches.c.over.is_(False),
                                                              matches.c.closed.is_(False))
                                   .order_by(matches.c.created)).scalars())


    def lease(self, match_id: str, owner: str, seconds: float) -> bool:
        """Take (or keep) the right to play the match's bots for ``seconds``: True when
        ``owner`` holds it now — it was free, lapsed, or already ``owner``'s."""
        now = time.time()
        with self._write() as db:
            got = db.execute(update(leases).where(
                leases.c.match == match_id,
                (leases.c.owner == owner) | (leases.c.until < now)).values(
                    owner=owner, until=now + seconds)).rowcount
        if got:
            return True
        try:
            with self._write() as db:
                db.execute(insert(leases).values(match=match_id, owner=owner,
                                                 until=now + seconds))
        except IntegrityError:
            return False
        return True

    def announce(self, payload: str) -> None:
        """Say ``payload`` to every server on :data:`CHANNEL` (nothing on SQLite, which has
        one server)."""
        if self.shared:
            with self._write() as db:
                db.execute(NOTIFY, {"channel": CHANNEL, "payload": payload})

    def beat(self, seconds: float) -> set[str]:
        """Record that this server is alive now; the servers seen alive in the last
        ``seconds``, this one included."""
        now = time.time()
        with self._write() as db:
            self._seen(db, now)
            return set(db.execute(select(servers.c.name)
                                  .where(servers.c.seen >= now - seconds)).scalars())

    def probe(self) -> None:
        """Prove the database takes a write: this server's heartbeat row, in a transaction
        of its own; NotStored when it does not."""
        with self._write() as db:
            self._seen(db, time.time())

    def _seen(self, db: Connection, now: float) -> None:
        """This server's heartbeat row says ``now``; rows of servers gone an hour are
        dropped."""
        if not db.execute(update(servers).where(servers.c.name == self.name)
                          .values(seen=now)).rowcount:
            db.execute(insert(servers).values(name=self.name, seen=now))
        db.execute(delete(servers).where(servers.c.seen < now - 3600))

    def held(self, owner: str) -> int:
        """How many matches' bots ``owner`` holds (a query that also proves the database
        answers)."""
        with self.engine.connect() as db:
            return int(db.execute(select(func.count()).select_from(leases)
                                  .where(leases.c.owner == owner)).scalar() or 0)

    def release(self, match_id: str, owner: str) -> None:
        """Give up the match's bots (nobody needs to play them now)."""
        with self._write() as db:
            db.execute(delete(leases).where(leases.c.match == match_id,
                                            leases.c.owner == owner))

    def renew(self, owner: str, seconds: float) -> list[str]:
        """Extend every lease ``owner`` holds by ``seconds`` from now, and say which matches'
        leases have lapsed (their server stopped while their bots had moves to make)."""
        now = time.time()
        with self._write() as db:
            db.execute(update(leases).where(leases.c.owner == owner)
                       .values(until=now + seconds))
            return list(db.execute(select(leases.c.match).where(leases.c.until < now))
                        .scalars())


def _sqlite_pragmas(conn: Any, _record: Any) -> None:
    """A write-ahead log (readers never block the writer) and durable commits."""
    cur = conn.cursor()
    cur.execute("PRAGMA journal_mode=WAL")
    cur.execute("PRAGMA synchronous=FULL")
    cur.execute("PRAGMA foreign_keys=ON")
    cur.close()
