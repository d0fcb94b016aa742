"""Players as stored (docs/server.md, "Players"): a person's name and language, the keys of
their devices and their device links, and the seats they hold, on the store's database.

A key and a link's code are long random strings shown once and kept only as their SHA-256
(:func:`.store.token_hash`), like seats' tokens; a key is looked up by its hash, which is the
table's primary key, so nothing compares secrets byte by byte. Every change to a player's name
is announced to the matches whose seats the player holds, so their snapshots show it.
"""

from __future__ import annotations

import secrets
import time
from typing import NamedTuple

from sqlalchemy import delete, insert, select, update
from starlette.requests import HTTPConnection

from .schema import matches, player_keys, player_links, players, seats
from .store import Store, token_hash


def key_of(conn: HTTPConnection) -> str | None:
    """The player's key a request carries (``Authorization: Player KEY``), or a WebSocket (whose
    browser sends no header: ``?player=KEY``); None without one."""
    auth = conn.headers.get("authorization", "")
    if auth[:7].lower() == "player ":
        return auth[7:].strip() or None
    if conn.scope["type"] == "websocket":
        return conn.query_params.get("player") or None
    return None


class Player(NamedTuple):
    """A player: its id (public, in no snapshot), name and language."""

    id: str
    name: str
    lang: str


class People:
    """The players of one store's database; every method is one transaction."""

    def __init__(self, store: Store) -> None:
        self.store = store

    def create(self, name: str, lang: str) -> tuple[Player, str]:
        """A new player and its first key (shown once, kept hashed)."""
        player = Player(secrets.token_urlsafe(12), name, lang)
        key = secrets.token_urlsafe(32)
        now = time.time()
        with self.store._write() as db:
            db.execute(insert(players).values(id=player.id, name=name, lang=lang, created=now))
            db.execute(insert(player_keys).values(key_hash=token_hash(key), player=player.id,
                                                  created=now))
        return player, key

    def by_key(self, key: str) -> Player | None:
        """The player ``key`` belongs to, or None."""
        with self.store.engine.connect() as db:
            row = db.execute(select(players.c.id, players.c.name, players.c.lang)
                             .join(player_keys, player_keys.c.player == players.c.id)
                             .where(player_keys.c.key_hash == token_hash(key))).first()
        return None if row is None else Player(row.id, row.name, row.lang)

    def change(self, player: Player, name: str | None, lang: str | None) -> tuple[Player,
                                                                                  list[str]]:
        """The player with its new name and language, and the unfinished matches whose seats
        it holds (told of the new name in the same commit)."""
        new = Player(player.id, player.name if name is None else name,
                     player.lang if lang is None else lang)
        with self.store._write() as db:
            db.execute(update(players).where(players.c.id == player.id)
                       .values(name=new.name, lang=new.lang))
            held = db.execute(select(matches.c.id, matches.c.version).distinct()
                              .join(seats, seats.c.match == matches.c.id)
                              .where(seats.c.player == player.id, matches.c.over.is_(False),
                                     matches.c.closed.is_(False))).all()
            if new.name != player.name:
                for row in held:
                    self.store._tell(db, row.id, int(row.version))
        return new, [row.id for row in held] if new.name != player.name else []

    def attach(self, player: Player, match_id: str, seat: int) -> None:
        """Make ``seat`` of the match ``player``'s (announced to the match's servers); its
        token was shown, so the seat is taken: a public match no longer offers it to
        strangers, whose fresh token would play under the player's name."""
        with self.store._write() as db:
            db.execute(update(seats).where(seats.c.match == match_id, seats.c.seat == seat)
                       .values(player=player.id, claimed=True))
            version = db.execute(select(matches.c.version)
                                 .where(matches.c.id == match_id)).scalar()
            self.store._tell(db, match_id, int(version or 0))

    def seat_in(self, match_id: str, key: str) -> int | None:
        """The first seat of the match that the player of ``key`` holds, or None."""
        with self.store.engine.connect() as db:
            found = db.execute(select(seats.c.seat)
                               .join(player_keys, player_keys.c.player == seats.c.player)
                               .where(player_keys.c.key_hash == token_hash(key),
                                      seats.c.match == match_id)
                               .order_by(seats.c.seat).limit(1)).scalar()
        return None if found is None else int(found)

    def held(self, player: Player) -> list[tuple[str, int, str, bool]]:
        """The seats ``player`` holds, newest match first: match, seat, game, over."""
        with self.store.engine.connect() as db:
            rows = db.execute(select(seats.c.match, seats.c.seat, matches.c.game,
                                     matches.c.over)
                              .join(matches, matches.c.id == seats.c.match)
                              .where(seats.c.player == player.id, matches.c.closed.is_(False))
                              .order_by(matches.c.created.desc(), seats.c.seat)
                              .limit(100)).all()
        return [(r.match, int(r.seat), r.game, bool(r.over)) for r in rows]

    def new_link(self, player: Player, seconds: float) -> str:
        """A device link's code for ``player``, good once within ``seconds``."""
        code = secrets.token_urlsafe(24)
        now = time.time()
        with self.store._write() as db:
            db.execute(delete(player_links).where(player_links.c.until < now))
            db.execute(insert(player_links).values(code_hash=token_hash(code),
                                                   player=player.id, until=now + seconds))
        return code

    def use_link(self, code: str) -> tuple[Player, str] | None:
        """The player a device link's ``code`` is for, with a fresh key for the new device;
        the code is spent. None for a code unknown, spent, lapsed or revoked."""
        now = time.time()
        key = secrets.token_urlsafe(32)
        with self.store._write() as db:
            row = db.execute(select(player_links.c.player).where(
                player_links.c.code_hash == token_hash(code),
                player_links.c.until >= now)).first()
            if row is None:
                return None
            spent = db.execute(delete(player_links).where(
                player_links.c.code_hash == token_hash(code))).rowcount
            if spent != 1:  # another device spent it in the meantime
                return None
            db.execute(insert(player_keys).values(key_hash=token_hash(key), player=row.player,
                                                  created=now))
            found = db.execute(select(players.c.id, players.c.name, players.c.lang)
                               .where(players.c.id == row.player)).one()
        return Player(found.id, found.name, found.lang), key

    def revoke_links(self, player: Player) -> int:
        """Revoke every unspent device link of ``player``; how many there were."""
        with self.store._write() as db:
            return int(db.execute(delete(player_links)
                                  .where(player_links.c.player == player.id)).rowcount)
