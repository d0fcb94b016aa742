"""Players' e-mail addresses as stored (docs/server.md, "Mail"), on the store's database: the
address a player gave and whether it was confirmed, the codes of the links mailed to it, the
bounds on confirmation mails and the bound of one notice per match an hour.

Every code (the confirmation link's, each mail's unsubscribe link's) is a long random string
put in one mail and kept only as its SHA-256 (:func:`.store.token_hash`), looked up by that
hash like a player's key. The notice bound is one conditional write (an upsert whose update
applies only when the last notice is an hour old): whether it wrote the row says whether
this server sends, so servers sharing one database never both send the same notice.
"""

from __future__ import annotations

import hashlib
import secrets
import time
from typing import Any, NamedTuple

from sqlalchemy import delete, func, insert, or_, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.engine import Connection
from sqlalchemy.exc import IntegrityError

from .people import Player
from .refusal import Refused
from .schema import mail, mail_asks, mail_notices, mail_stops, players, seats
from .store import Store, token_hash

#: How long a confirmation link works, in seconds.
CONFIRM_SECONDS = 24 * 3600
#: Confirmation mails a player may have sent, and an address may receive, per day.
ASKS_PER_PLAYER = 5
ASKS_PER_ADDRESS = 3
#: How long a mail's unsubscribe link works, and how many a player's mails keep working.
STOP_SECONDS = 180 * 24 * 3600
STOPS_KEPT = 500


class Address(NamedTuple):
    """A player's address and whether its owner confirmed it."""

    address: str
    confirmed: bool


class Holder(NamedTuple):
    """A player to be told of their turn, where, and the seats of the match they hold."""

    player: Player
    address: str
    seats: frozenset[int]


def email_of(address: Address | None) -> dict[str, Any] | None:
    """A player's address as ``GET /api/players/me`` shows it (to its player only)."""
    return None if address is None else {"address": address.address,
                                         "confirmed": address.confirmed}


def address_hash(address: str) -> str:
    """What the bound on an address's confirmation mails counts it by (case aside)."""
    return hashlib.sha256(address.lower().encode("utf-8")).hexdigest()


class Addresses:
    """The addresses of one store's players; every method is one transaction."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def of(self, player: Player) -> Address | None:
        """The address ``player`` gave, or None."""
        with self.store.engine.connect() as db:
            row = db.execute(select(mail.c.address, mail.c.confirmed)
                             .where(mail.c.player == player.id)).first()
        return None if row is None else Address(row.address, bool(row.confirmed))

    def give(self, player: Player, address: str) -> tuple[str, str] | None:
        """Keep ``address`` as ``player``'s, unconfirmed: the codes of the confirmation link and
        of the unsubscribe link to mail it; None when it is the player's confirmed address
        already (nothing to send). A 429 past the day's confirmation mails of the player or
        of the address."""
        try:
            return self._give(player, address)
        except IntegrityError:  # the same player's other request, at the same moment
            raise Refused(409, "another request changed this player's address at the same "
                               "moment; send it again") from None

    def _give(self, player: Player, address: str) -> tuple[str, str] | None:
        now = time.time()
        confirm, stop = secrets.token_urlsafe(24), secrets.token_urlsafe(24)
        with self.store._write() as db:
            have = db.execute(select(mail.c.address, mail.c.confirmed)
                              .where(mail.c.player == player.id)).first()
            if have is not None and have.confirmed and have.address == address:
                return None
            db.execute(delete(mail_asks).where(mail_asks.c.at < now - 24 * 3600))
            bounded(db, mail_asks.c.player == player.id, ASKS_PER_PLAYER, now,
                    "this player was sent")
            bounded(db, mail_asks.c.address_hash == address_hash(address), ASKS_PER_ADDRESS,
                    now, "this address was sent")
            db.execute(delete(mail).where(mail.c.player == player.id))
            db.execute(delete(mail_stops).where(mail_stops.c.player == player.id))
            db.execute(insert(mail).values(player=player.id, address=address, confirmed=False,
                                           code_hash=token_hash(confirm), asked=now))
            db.execute(insert(mail_stops).values(code_hash=token_hash(stop), player=player.id,
                                                 made=now))
            db.execute(insert(mail_asks).values(player=player.id,
                                                address_hash=address_hash(address), at=now))
        return confirm, stop

    def remove(self, player: Player) -> bool:
        """Forget ``player``'s address and its mails' links; whether there was one."""
        with self.store._write() as db:
            db.execute(delete(mail_stops).where(mail_stops.c.player == player.id))
            return bool(db.execute(delete(mail).where(mail.c.player == player.id)).rowcount)

    def pending(self, code: str) -> tuple[Player, Address] | None:
        """The player and address a confirmation link's ``code`` is for (None: unknown, or
        lapsed unconfirmed)."""
        with self.store.engine.connect() as db:
            row = db.execute(select(players.c.id, players.c.name, players.c.lang,
                                    mail.c.address, mail.c.confirmed)
                             .join(players, players.c.id == mail.c.player)
                             .where(mail.c.code_hash == token_hash(code), fresh())).first()
        return None if row is None else (Player(row.id, row.name, row.lang),
                                         Address(row.address, bool(row.confirmed)))

    def confirm(self, code: str) -> tuple[Player, Address] | None:
        """Confirm the address a confirmation link's ``code`` is for; as :meth:`pending`."""
        with self.store._write() as db:
            done = db.execute(update(mail).where(mail.c.code_hash == token_hash(code), fresh())
                              .values(confirmed=True)).rowcount
        return self.pending(code) if done else None

    def stopper(self, code: str) -> Player | None:
        """The player an unsubscribe link's ``code`` stops the mails of (None: unknown)."""
        with self.store.engine.connect() as db:
            row = db.execute(select(players.c.id, players.c.name, players.c.lang)
                             .join(mail_stops, mail_stops.c.player == players.c.id)
                             .where(mail_stops.c.code_hash == token_hash(code),
                                    mail_stops.c.made >= time.time() - STOP_SECONDS)).first()
        return None if row is None else Player(row.id, row.name, row.lang)

    def stop(self, code: str) -> Player | None:
        """Unsubscribe: forget the address of the player an unsubscribe link's ``code`` is
        for; that player, or None for a code unknown or lapsed."""
        player = self.stopper(code)
        if player is not None:
            self.remove(player)
        return player

    def holder(self, match: str, seat: int) -> Holder | None:
        """The player holding ``seat`` of ``match`` if it has a confirmed address, with it and
        every seat of the match the player holds."""
        with self.store.engine.connect() as db:
            row = db.execute(select(players.c.id, players.c.name, players.c.lang,
                                    mail.c.address)
                             .join(players, players.c.id == seats.c.player)
                             .join(mail, mail.c.player == players.c.id)
                             .where(seats.c.match == match, seats.c.seat == seat,
                                    mail.c.confirmed.is_(True))).first()
            if row is None:
                return None
            held = db.execute(select(seats.c.seat).where(seats.c.match == match,
                                                          seats.c.player == row.id)).all()
            return Holder(Player(row.id, row.name, row.lang), row.address,
                          frozenset(int(r.seat) for r in held))

    def claim(self, match: str, player: Player, gap: float) -> bool:
        """Whether this server is the one to tell ``player`` of their turn in ``match`` now:
        true when no notice of that match reached them within ``gap`` seconds, and then this
        notice is recorded, in the same statement, so that no other server sends it."""
        now = time.time()
        with self.store._write() as db:
            upsert = _insert(db).values(match=match, player=player.id, at=now)
            # The row written comes back; none when the last notice is too recent (psycopg
            # counts no rows for an upsert, so its row count cannot say it).
            return db.execute(upsert.on_conflict_do_update(
                index_elements=[mail_notices.c.match, mail_notices.c.player],
                set_={"at": now}, where=mail_notices.c.at <= now - gap)
                .returning(mail_notices.c.at)).first() is not None

    def new_stop(self, player: Player) -> str:
        """A fresh unsubscribe code for one more mail to ``player`` (the oldest codes past
        :data:`STOPS_KEPT`, and those older than :data:`STOP_SECONDS`, stop working)."""
        code, now = secrets.token_urlsafe(24), time.time()
        with self.store._write() as db:
            db.execute(insert(mail_stops).values(code_hash=token_hash(code), player=player.id,
                                                 made=now))
            oldest_kept = (select(mail_stops.c.made).where(mail_stops.c.player == player.id)
                           .order_by(mail_stops.c.made.desc()).offset(STOPS_KEPT - 1).limit(1)
                           .scalar_subquery())
            db.execute(delete(mail_stops).where(
                mail_stops.c.player == player.id,
                or_(mail_stops.c.made < now - STOP_SECONDS, mail_stops.c.made < oldest_kept)))
        return code


def fresh() -> Any:
    """A confirmation code still good: its address confirmed, or asked within a day."""
    return or_(mail.c.confirmed.is_(True), mail.c.asked >= time.time() - CONFIRM_SECONDS)


def bounded(db: Connection, who: Any, most: int, now: float, said: str) -> None:
    """A 429 when the confirmation mails ``who`` picks out, within a day, number ``most``."""
    row = db.execute(select(func.count(), func.min(mail_asks.c.at)).where(who)).one()
    if int(row[0]) >= most:
        wait = max(1, int(float(row[1]) + 24 * 3600 - now) + 1)
        raise Refused(429, f"{said} {most} confirmation mails within a day, the most it may "
                           f"be; try again in {wait} s", retry_after=wait)


def _insert(db: Connection) -> Any:
    """An INSERT that may say ON CONFLICT, in ``db``'s dialect (both speak it alike)."""
    return (postgresql.insert if db.dialect.name == "postgresql" else sqlite.insert)(
        mail_notices)
