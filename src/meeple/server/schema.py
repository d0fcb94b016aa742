"""The tables of ``meeple serve``'s database and the numbered migrations that bring a database
up to them (docs/server.md, "Storage"): SQLAlchemy Core, the same for SQLite and PostgreSQL."""

from __future__ import annotations

import json
from collections.abc import Callable

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Index,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    delete,
    false,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.engine import Connection

from meeple.core import MeepleError, game_class

meta = MetaData()
matches = Table(
    "matches", meta,
    Column("id", String(32), primary_key=True),
    Column("game", String(64), nullable=False),
    Column("players", Integer, nullable=False),
    Column("options", JSON, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("public", Boolean, nullable=False, default=False),
    Column("created", Float, nullable=False),
    Column("version", Integer, nullable=False, default=0),
    Column("over", Boolean, nullable=False, default=False),
    Column("host_hash", String(64)),
    # The hash of the creator's client address (its unfinished matches are bounded).
    Column("creator", String(64)),
    # When a person last acted in it (or it was made): a match left alone is closed.
    Column("active", Float),
    # Closed unfinished, after nobody played it for a long time.
    Column("closed", Boolean, nullable=False, default=False),
    # The match made as this one's rematch, once a seat proposed it.
    Column("rematch", String(32)),
    # Who may write in its chat ("seats", "all" or "off") and how many messages it holds.
    Column("chat", String(8), nullable=False, default="seats", server_default="seats"),
    Column("said", Integer, nullable=False, default=0, server_default="0"),
    # Live (played in one sitting) or turn-based (over days), and its clock, if any
    # (docs/server.md, "Clocks"): the rule as given, the seat whose time runs, since when,
    # and when that seat's time runs out; the seat that lost on time, when the rule says so.
    Column("pace", String(8), nullable=False, default="live", server_default="live"),
    Column("clock", JSON),
    Column("turn", Integer),
    Column("since", Float),
    Column("deadline", Float),
    Column("timeout", Integer),
)
#: The lobby's list (public unfinished matches, newest first) and a creator's count read these.
LOBBY_INDEX = Index("ix_matches_lobby", matches.c.public, matches.c.over, matches.c.closed,
                    matches.c.created)
CREATOR_INDEX = Index("ix_matches_creator", matches.c.creator, matches.c.over)
#: The clocks that run out soonest are found by it.
DEADLINE_INDEX = Index("ix_matches_deadline", matches.c.deadline)
seats = Table(
    "seats", meta,
    Column("match", String(32), ForeignKey("matches.id"), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("kind", String(64), nullable=False),
    Column("token_hash", String(64)),
    Column("claimed", Boolean, nullable=False, default=False),
    # Strangers may take it from the public list (the creator said so).
    Column("open", Boolean, nullable=False, default=False),
    # The player (``players.id``) whose seat it is, once its token's holder attached it.
    Column("player", String(32)),
    # The seconds left in its clock's bank (a clock with a bank only).
    Column("left", Float),
    # A bot plays it because its time ran out; its player takes it back by coming back.
    Column("away", Boolean, nullable=False, default=False, server_default=false()),
)
#: The seats a player holds (a renamed player's matches are told by it).
PLAYER_SEATS_INDEX = Index("ix_seats_player", seats.c.player)
actions = Table(
    "actions", meta,
    Column("match", String(32), ForeignKey("matches.id"), primary_key=True),
    Column("version", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("action", Text, nullable=False),
    Column("at", Float, nullable=False),
    Column("kind", String(8), nullable=False, default="act", server_default="act"),
)
snapshots = Table(
    "snapshots", meta,
    Column("match", String(32), ForeignKey("matches.id"), primary_key=True),
    Column("version", Integer, primary_key=True),
    Column("state", JSON, nullable=False),
)
leases = Table(
    "leases", meta,
    Column("match", String(32), ForeignKey("matches.id"), primary_key=True),
    Column("owner", String(64), nullable=False),
    Column("until", Float, nullable=False),
)
servers = Table(
    "servers", meta,
    Column("name", String(64), primary_key=True),
    Column("seen", Float, nullable=False),
)
players = Table(
    "players", meta,
    Column("id", String(32), primary_key=True),
    Column("name", String(32), nullable=False),
    Column("lang", String(8), nullable=False),
    Column("created", Float, nullable=False),
)
#: A player's keys, one per device, each kept only as its SHA-256.
player_keys = Table(
    "player_keys", meta,
    Column("key_hash", String(64), primary_key=True),
    Column("player", String(32), ForeignKey("players.id"), nullable=False, index=True),
    Column("created", Float, nullable=False),
)
#: A player's device links: each code (kept as its SHA-256) gives one more device a key, once,
#: until it lapses or is revoked.
player_links = Table(
    "player_links", meta,
    Column("code_hash", String(64), primary_key=True),
    Column("player", String(32), ForeignKey("players.id"), nullable=False, index=True),
    Column("until", Float, nullable=False),
)
#: A match's chat: message ``n`` (1, 2, …) said by a seat (None: a spectator) under a name.
#: ``who`` says who wrote it for the rate bound (a seat, or a player) and never leaves the
#: server; ``phrase`` is a quick phrase's key, shown in each reader's language.
chat = Table(
    "chat", meta,
    Column("match", String(32), ForeignKey("matches.id"), primary_key=True),
    Column("n", Integer, primary_key=True),
    Column("seat", Integer),
    Column("who", String(48), nullable=False),
    Column("name", String(64), nullable=False),
    Column("text", Text, nullable=False),
    Column("phrase", String(16)),
    Column("at", Float, nullable=False),
)
#: A player's e-mail address for "your turn" notices (docs/server.md, "Mail"): confirmed once
#: the link sent to it was followed; ``code_hash`` is the SHA-256 of that link's code and
#: ``asked`` when it was sent (the link lapses a day later).
mail = Table(
    "mail", meta,
    Column("player", String(32), ForeignKey("players.id"), primary_key=True),
    Column("address", String(254), nullable=False),
    Column("confirmed", Boolean, nullable=False, default=False),
    Column("code_hash", String(64), nullable=False, index=True),
    Column("asked", Float, nullable=False),
)
#: The unsubscribe codes of the mails sent to a player's address, each kept as its SHA-256
#: (every mail carries a fresh one; the oldest are dropped).
mail_stops = Table(
    "mail_stops", meta,
    Column("code_hash", String(64), primary_key=True),
    Column("player", String(32), ForeignKey("players.id"), nullable=False, index=True),
    Column("made", Float, nullable=False),
)
#: Each confirmation mail sent, by player and by the SHA-256 of the address (the bounds on
#: how many an address and a player get a day); rows older than a day are dropped, so the
#: table stays small enough to be read without an index.
mail_asks = Table(
    "mail_asks", meta,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("player", String(32), nullable=False),
    Column("address_hash", String(64), nullable=False),
    Column("at", Float, nullable=False),
)
#: When a player was last sent a notice for a match: a server sends one only if its
#: conditional write of this row changed it, so two servers never both send.
mail_notices = Table(
    "mail_notices", meta,
    Column("match", String(32), ForeignKey("matches.id"), primary_key=True),
    Column("player", String(32), ForeignKey("players.id"), primary_key=True),
    Column("at", Float, nullable=False),
)
schema = Table(
    "schema_version", meta,
    Column("version", Integer, primary_key=True),
    Column("applied", Float, nullable=False),
)
#: Columns the first databases lacked, and their SQL, added to such a database by migration 1.
ADDED = {("matches", "host_hash"): "VARCHAR(64)",
         ("actions", "kind"): "VARCHAR(8) NOT NULL DEFAULT 'act'",
         ("seats", "claimed"): "BOOLEAN NOT NULL DEFAULT FALSE"}
#: Columns migration 4 adds: the creator, activity and closing of a match, open seats.
ADDED_4 = {("matches", "creator"): "VARCHAR(64)",
           ("matches", "active"): "FLOAT",
           ("matches", "closed"): "BOOLEAN NOT NULL DEFAULT FALSE",
           ("seats", "open"): "BOOLEAN NOT NULL DEFAULT FALSE"}
#: Columns migration 6 adds: the player a seat belongs to.
ADDED_6 = {("seats", "player"): "VARCHAR(32)"}
#: Columns migration 7 adds: a finished match's rematch.
ADDED_7 = {("matches", "rematch"): "VARCHAR(32)"}
#: Columns migration 8 adds: who may chat in a match, and how many messages it holds.
ADDED_8 = {("matches", "chat"): "VARCHAR(8) NOT NULL DEFAULT 'seats'",
           ("matches", "said"): "INTEGER NOT NULL DEFAULT 0"}

#: Columns migration 9 adds: live or turn-based, the clock and its state, time left per seat.
ADDED_9 = {("matches", "pace"): "VARCHAR(8) NOT NULL DEFAULT 'live'",
           ("matches", "clock"): "JSON",
           ("matches", "turn"): "INTEGER",
           ("matches", "since"): "FLOAT",
           ("matches", "deadline"): "FLOAT",
           ("matches", "timeout"): "INTEGER",
           ("seats", "left"): "FLOAT",
           ("seats", "away"): "BOOLEAN NOT NULL DEFAULT FALSE"}


def _add_columns(db: Connection, added: dict[tuple[str, str], str]) -> None:
    """Add each of ``added``'s columns its table lacks."""
    have = inspect(db)
    for (table, column), sql in added.items():
        if column not in {c["name"] for c in have.get_columns(table)}:
            db.execute(text(f"ALTER TABLE {table} ADD COLUMN {column} {sql}"))


def _migrate_1(db: Connection) -> None:
    """The tables of the first release, and the columns it lacked."""
    meta.create_all(db, tables=[matches, seats, actions, snapshots])
    _add_columns(db, ADDED)


def _migrate_2(db: Connection) -> None:
    """Leases: which server plays a match's bots, until when."""
    meta.create_all(db, tables=[leases])


def _migrate_3(db: Connection) -> None:
    """Servers: when each server sharing the database was last seen alive."""
    meta.create_all(db, tables=[servers])


def _migrate_4(db: Connection) -> None:
    """Seeds of 64 bits (PostgreSQL's column was 32); a match's creator, last activity and
    closing; open seats; the lobby's and the creators' indexes."""
    _add_columns(db, ADDED_4)
    if db.dialect.name == "postgresql":
        db.execute(text("ALTER TABLE matches ALTER COLUMN seed TYPE BIGINT"))
    db.execute(update(matches).where(matches.c.active.is_(None))
               .values(active=matches.c.created))
    LOBBY_INDEX.create(db, checkfirst=True)
    CREATOR_INDEX.create(db, checkfirst=True)


def _migrate_5(db: Connection) -> None:
    """Snapshots made by an older version of their game (whose fields may have other names):
    deleted, so that each such match is replayed from its log when it is next loaded and then
    snapshotted anew. The log holds action texts, which every version of a game keeps."""
    stale = []
    for row in db.execute(select(snapshots.c.match, snapshots.c.version, snapshots.c.state)):
        try:
            data = json.loads(row.state) if isinstance(row.state, str | bytes) else row.state
            if str(data["version"]) != game_class(str(data["game"])).version:
                stale.append((row.match, row.version))
        except Exception:  # a damaged snapshot is left for the loader to report
            continue
    for match, version in stale:
        db.execute(delete(snapshots).where(snapshots.c.match == match,
                                           snapshots.c.version == version))


def _migrate_6(db: Connection) -> None:
    """Players with names: the players, their keys (one per device) and device links; the
    player a seat belongs to, and the index that finds a player's seats."""
    meta.create_all(db, tables=[players, player_keys, player_links])
    _add_columns(db, ADDED_6)
    PLAYER_SEATS_INDEX.create(db, checkfirst=True)


def _migrate_7(db: Connection) -> None:
    """Rematches: the match made as a finished one's rematch."""
    _add_columns(db, ADDED_7)


def _migrate_8(db: Connection) -> None:
    """The table chat: its messages, who may write, how many there are."""
    meta.create_all(db, tables=[chat])
    _add_columns(db, ADDED_8)


def _migrate_9(db: Connection) -> None:
    """Live and turn-based tables and their clocks: the rule, whose time runs and until when,
    the time left in each seat's bank, seats a bot plays while their player is away."""
    _add_columns(db, ADDED_9)
    DEADLINE_INDEX.create(db, checkfirst=True)


def _migrate_10(db: Connection) -> None:
    """E-mail notices: players' addresses, their unsubscribe codes, the confirmation mails
    sent (for their bounds) and when each player was last told of each match."""
    meta.create_all(db, tables=[mail, mail_stops, mail_asks, mail_notices])


class ForeignDatabase(MeepleError):
    """The database holds tables meeple did not make: it belongs to another program, which
    meeple's tables would be added to."""

    def __init__(self, tables: list[str]) -> None:
        shown = ", ".join(tables[:10]) + (f" and {len(tables) - 10} more" if len(tables) > 10
                                          else "")
        super().__init__(f"it holds tables meeple did not make ({shown}), so it belongs to "
                         "another program and was left unchanged; point --db at an empty "
                         "database or one meeple made")
        self.tables = tables


def foreign_tables(db: Connection) -> list[str]:
    """The tables of the database that are not meeple's (every table of :data:`meta`, those
    of later migrations included)."""
    return sorted(set(inspect(db).get_table_names()) - set(meta.tables))


#: The schema's migrations, in order; a database records the newest it has had. A release that
#: changes the schema appends one, and never edits an earlier one.
MIGRATIONS: tuple[Callable[[Connection], None], ...] = (_migrate_1, _migrate_2, _migrate_3,
                                                         _migrate_4, _migrate_5, _migrate_6,
                                                         _migrate_7, _migrate_8, _migrate_9,
                                                         _migrate_10)
#: Taken (PostgreSQL) while migrating, so that servers starting together migrate once.
MIGRATION_LOCK = 0x6D65_6570


