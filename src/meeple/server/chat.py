"""A match's chat (docs/server.md, "Chat"): ``POST /api/matches/{id}/chat``, ``GET
/api/matches/{id}/chat?from=`` and the host's ``POST /api/matches/{id}/chat/mode``.

A seat writes with its token (or the key of the player holding it); a spectator only when the
host opened the chat to everyone (``all``), and then only as a player, so that every message
has a name; the host may also close it (``off``). A message is 1 to ``TEXT_CHARS`` characters
of text — never markup, shown as text — or one of the quick phrases (:data:`PHRASES`), which
each reader sees in their own language. One message a second per writer. Messages are kept
with the match (table ``chat``), numbered from 1; the match's row counts them (``said``), so
every snapshot says how many there are and a new one reaches every page at the table, on
every server, as the push of a snapshot, after which the page reads the new messages.
"""

from __future__ import annotations

import time
import unicodedata
from typing import Annotated, Any, Literal

from pydantic import StringConstraints
from sqlalchemy import func, insert, select, update
from sqlalchemy.exc import IntegrityError
from starlette.requests import Request
from starlette.responses import JSONResponse
from starlette.routing import BaseRoute, Route

from .hub import Server, bearer
from .inputs import Body, parse, whole
from .people import People, key_of
from .players import BIDI
from .quota import client_of
from .refusal import Refused
from .schema import chat, matches
from .store import Store

#: The longest message, in characters after trimming.
TEXT_CHARS = 500
#: The fewest seconds between two messages of one writer.
GAP_SECONDS = 1.0
#: The most messages one read answers.
PAGE = 100
#: The quick phrases a page offers, by key (their words are ``web.chat.phrase.KEY``).
PHRASES = ("your_turn", "good_game", "well_played", "thanks", "hello", "sorry")
#: Who may write: the seats, everyone (spectators as players), nobody.
MODES = ("seats", "all", "off")
TEXT_RULE = (f"a message is 1 to {TEXT_CHARS} characters after trimming spaces, without "
             "control characters (a line break aside) or text-direction overrides")


class Say(Body):
    """``POST /api/matches/{id}/chat``: a text or a quick phrase."""

    text: Annotated[str, StringConstraints(max_length=20_000)] | None = None
    phrase: str | None = None


class Mode(Body):
    """``POST /api/matches/{id}/chat/mode``."""

    mode: Literal["seats", "all", "off"]


def check_text(raw: str) -> str:
    """``raw`` trimmed, or a 422 saying what a message may be (never echoing it)."""
    text = raw.strip()
    if not 1 <= len(text) <= TEXT_CHARS:
        raise Refused(422, f"text: {TEXT_RULE}; this one has {len(text)}")
    for c in text:
        if c != "\n" and (unicodedata.category(c) in ("Cc", "Cs", "Zl", "Zp") or c in BIDI):
            raise Refused(422, f"text: {TEXT_RULE}; this one holds U+{ord(c):04X}")
    return text


def write(store: Store, match: str, seat: int | None, who: str, name: str, text: str,
          phrase: str | None) -> int:
    """Keep a message as the match's next; its number. A 429 when the same writer wrote less
    than ``GAP_SECONDS`` ago; announced to every server holding the match."""
    now = time.time()
    try:
        with store._write() as db:
            last = db.execute(select(func.max(chat.c.at))
                              .where(chat.c.match == match, chat.c.who == who)).scalar()
            if last is not None and now - float(last) < GAP_SECONDS:
                raise Refused(429, f"at most one message a second from each writer; "
                                   f"wait {GAP_SECONDS - (now - float(last)):.1f} s",
                              retry_after=1)
            row = db.execute(select(matches.c.said, matches.c.version)
                             .where(matches.c.id == match)).one()
            n = int(row.said) + 1
            db.execute(insert(chat).values(match=match, n=n, seat=seat, who=who, name=name,
                                           text=text, phrase=phrase, at=now))
            db.execute(update(matches).where(matches.c.id == match).values(said=n))
            store._tell(db, match, int(row.version))
    except IntegrityError:
        raise Refused(409, "another message took this place at the same moment; send it "
                           "again") from None
    return n


def read(store: Store, match: str, first: int) -> list[dict[str, Any]]:
    """Messages ``first`` onwards (at most ``PAGE``): number, seat, name (a player's; empty
    for a seat no player holds, which the reader names by the seat), text or phrase."""
    with store.engine.connect() as db:
        rows = db.execute(select(chat.c.n, chat.c.seat, chat.c.name, chat.c.text,
                                 chat.c.phrase, chat.c.at)
                          .where(chat.c.match == match, chat.c.n >= first)
                          .order_by(chat.c.n).limit(PAGE)).all()
    return [{"n": int(r.n), "seat": r.seat, "name": r.name, "at": float(r.at),
             **({"phrase": r.phrase} if r.phrase else {"text": r.text})} for r in rows]


async def writer(server: Server, request: Request, match: str) -> tuple[int | None, str, str]:
    """Who writes: (seat or None, rate key, name shown), or the refusal saying who may."""
    live = server.tables.get(match)
    mode = live.row.chat
    if mode == "off":
        raise Refused(403, "the host has closed this match's chat")
    seat = await server.off(server.seat, request, match)
    if seat is not None:  # named by its player, else by the seat's name in each reader's words
        named = live.row.named[seat] if seat < len(live.row.named) else None
        return seat, f"seat:{seat}", named or ""
    if mode != "all":
        raise Refused(403, "only the match's seats write in its chat (send the seat's token, "
                           "or the key of the player holding it); the host may open it to "
                           "spectators who are players")
    key = key_of(request)
    player = None if key is None else await server.off(People(server.tables.store).by_key, key)
    if player is None:
        raise Refused(403, "a spectator writes in this chat as a player: send a player's key "
                           "(Authorization: Player KEY)")
    return None, f"player:{player.id}", player.name


async def say(request: Request) -> JSONResponse:
    server: Server = request.app.state.server
    server.quota.take("actions", client_of(request))  # first: the cheapest refusal of a flood
    match = request.path_params["match"]
    body = parse(Say, await request.body())
    if (body.text is None) == (body.phrase is None):
        raise Refused(422, "send either text (your own words) or phrase (one of "
                           f"{', '.join(PHRASES)})")
    if body.phrase is not None and body.phrase not in PHRASES:
        raise Refused(422, f"phrase: one of {', '.join(PHRASES)}")
    text = "" if body.text is None else check_text(body.text)
    seat, who, name = await writer(server, request, match)
    n = await server.off(write, server.tables.store, match, seat, who, name, text, body.phrase)
    await server.off(server.tables.reread, match)
    server.push(match)
    return JSONResponse({"n": n}, status_code=201)


async def messages(request: Request) -> JSONResponse:
    server: Server = request.app.state.server
    match = request.path_params["match"]
    server.tables.get(match)  # 404 / 410 first
    first = whole(request, "from", 1, 1, 10**9)
    return JSONResponse({"messages": await server.off(read, server.tables.store, match, first),
                         "phrases": list(PHRASES)})


async def set_mode(request: Request) -> JSONResponse:
    server: Server = request.app.state.server
    match = request.path_params["match"]
    server.tables.get(match)
    host = bearer(request, "host")
    if not host or not await server.off(server.tables.store.is_host, match, host):
        raise Refused(401, "the chat's mode is the host's to set: send the host's token "
                           "(host= of the host link)")
    mode = parse(Mode, await request.body()).mode
    await server.off(set_chat, server.tables.store, match, mode)
    await server.off(server.tables.reread, match)
    server.push(match)
    return JSONResponse({"mode": mode})


def set_chat(store: Store, match: str, mode: str) -> None:
    with store._write() as db:
        db.execute(update(matches).where(matches.c.id == match).values(chat=mode))
        version = db.execute(select(matches.c.version).where(matches.c.id == match)).scalar()
        store._tell(db, match, int(version or 0))


def routes() -> list[BaseRoute]:
    return [Route("/api/matches/{match}/chat", say, methods=["POST"]),
            Route("/api/matches/{match}/chat", messages, methods=["GET"]),
            Route("/api/matches/{match}/chat/mode", set_mode, methods=["POST"])]
