"""The HTTP and WebSocket face of ``meeple serve`` (docs/server.md), on Starlette.

Every answer, push and error is built for one seat at send time by :mod:`.tables`; the
referee's state never leaves it. The matches' listeners, pushes and bots are :mod:`.hub`'s;
the host's token hands seats to bots and back.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
import time
from collections.abc import AsyncIterator, Sequence
from typing import Any

from sqlalchemy.exc import OperationalError
from starlette.applications import Starlette
from starlette.exceptions import HTTPException
from starlette.middleware import Middleware
from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from meeple.agents import LEVELS, resolve
from meeple.core import ConfigError, IllegalAction, MeepleError, game_class, game_ids
from meeple.i18n import texts
from meeple.server.lobby import lobby_info
from meeple.tui.howto import has_howto

from . import chat, history, howto, mine, pages, players, rematch, subscribe
from .clocks import DEFAULT_BOT, Rule
from .guard import Guard
from .hub import CLOSED, CLOSED_CLOSE, DAMAGED, DAMAGED_CLOSE, Listener, Server, bearer
from .inputs import Act, B, BodyLimit, NewMatch, SetSeat, Undo, lang_of, parse, too_big, whole
from .limits import Limits
from .mail import Mailer, MailSettings
from .messages import read_message
from .outbox import Abortable
from .quota import client_of
from .refusal import Refused
from .rows import Listed
from .rows import NewMatch as NewMatchRow
from .store import NotStored
from .tables import (
    HUMAN,
    DamagedMatch,
    GameOver,
    MatchClosed,
    NotYourTurn,
    OtherPeople,
    SeatIsBot,
    StaleVersion,
    Tables,
    UndoRefused,
    UnknownMatch,
    UnknownSeat,
)
from .thinking import check_spec

BOT_SEAT = "this seat is played by a bot now; the host can give it back to you"
#: The most matches one page of the lobby's list holds.
LOBBY_PAGE = 100
NO_WRITES = "the database does not take writes"
NOT_STORED = f"{NO_WRITES}: the move was not stored and the match is as it was; try later"


def wants_board(conn: HTTPConnection) -> bool:
    """Whether the request asks for the board as text (``?board=text``)."""
    return conn.query_params.get("board") == "text"


async def body_of(request: Request, model: type[B]) -> B:
    """The request's body as ``model`` (a 413 past the size bound comes from Starlette)."""
    return parse(model, await request.body())


async def list_games(request: Request) -> JSONResponse:
    lang = lang_of(request)
    return JSONResponse([{**lobby_info(gid, lang), "catalogue": game_class(gid)().catalogue(lang),
                          "place_keys": dict(game_class(gid).place_keys),
                          "howto": has_howto(gid)}
                         for gid in game_ids()])


def check_kind(kind: str, game: str, limits: Limits) -> str:
    """What a seat of ``kind`` keeps: ``human``, a level's spec (``strong``: the spec
    levels.toml gives it, whose thinking is held within the server's ceiling as every bot's is),
    or ``kind`` itself; 422 unless it is a bot spec ``game`` can seat whose thinking stays
    within the ceiling."""
    if kind == HUMAN:
        return kind
    if kind.strip() in LEVELS:
        return resolve(kind, game)
    try:
        check_spec(kind, game, limits)
    except MeepleError as e:
        raise Refused(422, str(e)) from None
    return kind


def check_new(body: NewMatch, limits: Limits) -> tuple[int, frozenset[int], list[str]]:
    """The seed, the open seats and the seats' kinds (levels resolved to their specs) of a new
    match, or a 422 saying why not."""
    if body.game not in game_ids(hidden=True):
        raise Refused(422, f"unknown game {body.game[:64]!r}; choose one of: "
                           f"{', '.join(game_ids())}")
    kinds = [check_kind(kind, body.game, limits) for kind in body.seats]
    if body.players is not None and body.players != len(body.seats):
        raise Refused(422, f"players is {body.players} but {len(body.seats)} seats were given")
    people = [s for s, k in enumerate(body.seats) if k == HUMAN]
    if body.seed is not None and len(people) > 1 and not limits.any_seed:
        raise Refused(422, "a seed may be chosen only for a match with at most one person: "
                           "whoever knows it could deal the same game and read every hidden "
                           "card; leave it out and the server deals")
    if body.open is not None and not body.public:
        raise Refused(422, "open seats are for a public match: set public to true")
    opened = frozenset(people[1:] if body.open is None else body.open)
    if not opened <= set(people[1:]):
        raise Refused(422, "open lists the seats strangers may take: person's seats other "
                           f"than the creator's (seat {people[0] if people else 0}); this "
                           f"match's are {', '.join(map(str, people[1:])) or 'none'}")
    seed = secrets.randbits(63) if body.seed is None else body.seed
    return seed, opened if body.public else frozenset(), kinds


def check_clock(body: NewMatch, limits: Limits) -> Rule | None:
    """The new match's clock rule, or a 422 saying what a clock may be."""
    clock = body.clock
    if clock is None:
        return None
    if (clock.bank is None) == (clock.per_move is None):
        raise Refused(422, "clock: give a bank per seat (bank, with an optional increment per "
                           "turn) or a fixed time per turn (per_move), in seconds, not both")
    if clock.per_move is not None and clock.increment:
        raise Refused(422, "clock: an increment goes with a bank, not with per_move")
    try:
        bot = DEFAULT_BOT if clock.bot is None else check_kind(clock.bot, body.game, limits)
    except Refused as e:
        raise Refused(422, f"clock: bot: {e.reason}") from None
    if bot == HUMAN:
        raise Refused(422, "clock: bot names the bot that plays a seat whose time ran out")
    return Rule(None if clock.bank is None else float(clock.bank), float(clock.increment),
                None if clock.per_move is None else float(clock.per_move),
                clock.on_timeout, bot)


async def create_match(request: Request) -> JSONResponse:
    server: Server = request.app.state.server
    client = client_of(request)
    server.quota.take("new_matches", client)  # first: the cheapest refusal of a flood
    body = await body_of(request, NewMatch)
    seed, opened, kinds = check_new(body, server.limits)
    clock = check_clock(body, server.limits)
    if await server.off(server.tables.store.unfinished_by, client) >= \
            server.limits.unfinished_per_client:
        raise Refused(429, f"your address has {server.limits.unfinished_per_client} unfinished "
                           "matches on this server, the most it keeps; finish some first "
                           f"(a match nobody plays is closed after "
                           f"{server.limits.abandoned_days:g} days)")
    try:  # dealing and storing a game takes milliseconds: never on the event loop
        made = await asyncio.to_thread(server.tables.create, body.game, kinds,
                                       options=dict(body.options), seed=seed,
                                       public=body.public, creator=client, open_seats=opened,
                                       pace=body.pace, clock=clock)
    except ConfigError as e:
        raise Refused(422, str(e)) from None
    server.wake(made.match)
    return JSONResponse(created(request, made, kinds, opened), status_code=201)


def created(request: Request, made: NewMatchRow, kinds: Sequence[str],
            opened: frozenset[int]) -> dict[str, Any]:
    """The answer to a new match: each seat's kind, and each person's seat's token, link and
    whether strangers may take it; the watching link; the host's token and link."""
    match, tokens, host = made
    page = f"{str(request.base_url).rstrip('/')}/match/{match}"
    seats = [{"seat": s, "kind": k, **({"token": tokens[s], "join_url": f"{page}?token={tokens[s]}",
                                        "open": s in opened} if s in tokens else {})}
             for s, k in enumerate(kinds)]
    mine = f"token={tokens[min(tokens)]}&" if tokens else ""
    return {"match": match, "seats": seats, "watch_url": page, "host": host,
            "host_url": f"{page}?{mine}host={host}"}


async def list_matches(request: Request) -> JSONResponse:
    """A page of the public unfinished matches with an open seat nobody has taken, newest
    first (``?limit=`` up to 100, ``?offset=``)."""
    server: Server = request.app.state.server
    limit = whole(request, "limit", 50, 1, LOBBY_PAGE)
    offset = whole(request, "offset", 0, 0, 10_000)
    rows = await server.off(server.tables.store.lobby, limit, offset)
    now = time.time()
    return JSONResponse([{"match": r.id, "game": r.game, "players": r.players,
                          "seats": list(r.kinds), "free": r.free, "version": r.version,
                          "names": list(r.named), "creator": creator_name(r),
                          "options": r.options, "pace": r.pace, "clock": r.clock,
                          "created": r.created,
                          "age": max(0.0, now - r.created)}
                         for r in rows if r.id not in server.tables.damaged])


def creator_name(row: Listed) -> str | None:
    """The name of the player holding the creator's seat (the first person's), if any."""
    first = next((s for s, k in enumerate(row.kinds) if k == HUMAN), None)
    return None if first is None or first >= len(row.named) else row.named[first]


async def join(request: Request) -> JSONResponse:
    """Take a free seat of a public match: a fresh token for it and its link."""
    server: Server = request.app.state.server
    match = request.path_params["match"]
    live = server.tables.get(match)
    if not live.row.public:
        raise Refused(403, "this match is not open to everyone; ask its creator for a link")
    if live.over:
        raise Refused(409, "the game is over")
    taken = server.tables.store.take_free_seat(match)
    if taken is None:
        raise Refused(409, "no seat of this match is free")
    seat, token = taken
    server.claimed.add((match, seat))
    page = f"{str(request.base_url).rstrip('/')}/match/{match}"
    return JSONResponse({"seat": seat, "token": token, "join_url": f"{page}?token={token}"})


async def get_match(request: Request) -> JSONResponse:
    server: Server = request.app.state.server
    match = request.path_params["match"]
    seat = await server.off(server.seat, request, match)
    await server.back(match, seat)
    return JSONResponse(server.snapshot(match, seat, lang_of(request), wants_board(request)))


async def seat_move(request: Request, doing: str) -> tuple[Server, str, int, str]:
    """The server, match, seat and language of a move by a seat (``doing``: what the move
    is, for the refusal when no seat's token comes with it)."""
    server: Server = request.app.state.server
    match = request.path_params["match"]
    seat = await server.off(server.seat, request, match)
    lang = lang_of(request)
    if seat is None:
        raise Refused(401, f"{doing} needs a seat's token")
    await server.back(match, seat)
    return server, match, seat, lang


async def act(request: Request) -> JSONResponse:
    server, match, seat, lang = await seat_move(request, "acting")
    body = await body_of(request, Act)
    server.quota.take("actions", client_of(request))
    await acting(server, match, seat, body.action, body.version, lang)
    server.changed(match)  # queued for the listeners: the answer waits for none of them
    return JSONResponse(server.snapshot(match, seat, lang, wants_board(request)))


async def acting(server: Server, match: str, seat: int, action: str, version: int,
                 lang: str) -> None:
    """:func:`apply`, off the event loop on PostgreSQL (:meth:`Server.off`)."""
    await server.off(apply, server, match, seat, action, version, lang)


def apply(server: Server, match: str, seat: int, action: str, version: int,
          lang: str) -> dict[str, Any]:
    """Act for ``seat``; the refusals as HTTP statuses."""
    try:
        return server.tables.act(match, seat, action, version, lang)
    except StaleVersion as e:
        raise Refused(409, "the match has moved on", e.snapshot) from None
    except SeatIsBot:
        raise Refused(403, BOT_SEAT) from None
    except NotYourTurn:
        raise Refused(403, "not your turn") from None
    except GameOver:
        raise Refused(409, "the game is over") from None
    except IllegalAction as e:
        raise Refused(422, e.reason) from None
    except NotStored:
        raise Refused(503, NOT_STORED) from None


async def undo(request: Request) -> JSONResponse:
    server, match, seat, lang = await seat_move(request, "undoing")
    version = (await body_of(request, Undo)).version
    server.quota.take("undos", client_of(request))
    await asyncio.to_thread(take_back, server, match, seat, version, lang)
    server.changed(match)
    return JSONResponse(server.snapshot(match, seat, lang, wants_board(request)))


def take_back(server: Server, match: str, seat: int, version: int,
              lang: str) -> dict[str, Any]:
    """Undo ``seat``'s latest action (replaying and testing the policy: a worker thread's
    job); the refusals as HTTP statuses, the policy's in ``lang`` with its code."""
    try:
        return server.tables.undo(match, seat, version, lang)
    except StaleVersion as e:
        raise Refused(409, "the match has moved on", e.snapshot) from None
    except SeatIsBot:
        raise Refused(403, BOT_SEAT) from None
    except OtherPeople:
        raise Refused(403, "another person plays at this table; undo is only for a table "
                           "where every other seat is a bot") from None
    except UndoRefused as e:
        raise Refused(422, texts("meeple", lang)(f"ui.undo_{e.code}"), code=e.code) from None
    except NotStored:
        raise Refused(503, NOT_STORED) from None


async def set_seat(request: Request) -> JSONResponse:
    """The host gives a seat to a bot (``{kind: "greedy"}``) or to a person (``{kind:
    "human"}``)."""
    server: Server = request.app.state.server
    match, seat = request.path_params["match"], request.path_params["seat"]
    live = server.tables.get(match)  # 404 first
    host = bearer(request, "host")
    if not host or not server.tables.store.is_host(match, host):
        raise Refused(401, "changing a seat needs the host's token (host= of the host link)")
    if not 0 <= seat < len(live.row.kinds):
        raise Refused(404, f"this match has no seat {seat}; its seats are 0 to "
                           f"{len(live.row.kinds) - 1}")
    kind = check_kind((await body_of(request, SetSeat)).kind, live.row.game, server.limits)
    try:
        token = server.tables.set_seat(match, seat, kind)
    except GameOver:
        raise Refused(409, "the game is over; its seats no longer change hands") from None
    except UnknownSeat:
        raise Refused(404, f"this match has no seat {seat}") from None
    out: dict[str, Any] = {"seat": seat, "kind": kind}
    if token is not None:
        out.update(token=token,
                   join_url=f"{str(request.base_url).rstrip('/')}/match/{match}?token={token}")
    server.changed(match)
    return JSONResponse(out)


async def health(request: Request) -> JSONResponse:
    """For a load balancer and monitoring: 200 while the database answers and takes a
    write, 503 when it does not; what this server holds (matches in memory, open sockets,
    bot leases)."""
    server: Server = request.app.state.server
    try:
        leases = await asyncio.to_thread(server.tables.store.held, server.name)
    except Exception:  # whatever the failure, the server cannot serve; its details stay here
        return JSONResponse({"ok": False, "reason": "the database does not answer"},
                            status_code=503)
    if not await server.writable():
        return JSONResponse({"ok": False, "reason": NO_WRITES}, status_code=503)
    return JSONResponse({"ok": True, "server": server.name,
                         "database": server.tables.store.engine.dialect.name,
                         "matches": len(server.tables.live),
                         "sockets": sum(len(e) for e in server.listeners.values()),
                         "leases": leases})


async def record(request: Request) -> JSONResponse:
    server: Server = request.app.state.server
    live = server.tables.get(request.path_params["match"])
    if not live.over:
        raise Refused(409, "the record is shown once the game is over")
    return JSONResponse(live.state.record())


async def socket(ws: WebSocket) -> None:
    server: Server = ws.app.state.server
    match = ws.path_params["match"]
    try:
        seat, lang = await server.off(server.seat, ws, match), lang_of(ws)
    except (Refused, UnknownMatch):
        await ws.close(code=4401)
        return
    except DamagedMatch:  # accepted first: a close before it reaches nobody with its reason
        await ws.accept()
        await ws.close(code=DAMAGED_CLOSE, reason=DAMAGED)
        return
    except MatchClosed:
        await ws.accept()
        await ws.close(code=CLOSED_CLOSE, reason=CLOSED)
        return
    await ws.accept()
    with contextlib.suppress(Exception):  # giving a seat back waits for the next chance
        await server.back(match, seat)
    before = server.here(match)
    ear = server.listen(match, ws, seat, lang, wants_board(ws))
    try:
        await server.moved(match, before, skip=ear)  # the others see the seat come in
        while True:
            message = await ws.receive()
            if message["type"] == "websocket.disconnect":
                break
            try:
                msg = read_message(message, server.limits)
            except Refused as e:
                ear.outbox.put({"type": "error", "status": e.status, "reason": e.reason})
                continue
            await on_message(server, ear, match, msg)
    except WebSocketDisconnect:
        pass
    except DamagedMatch:
        await server.close_damaged(match)
    finally:
        await server.leave(match, ear)  # ... and go


async def on_message(server: Server, ear: Listener, match: str, msg: Any) -> None:
    """A client's ``{type: "act", action, version}`` or ``{type: "undo", version}``; every
    refusal is answered."""
    kind = msg.get("type") if isinstance(msg, dict) else None
    version = msg.get("version") if isinstance(msg, dict) else None
    if (kind not in ("act", "undo") or ear.seat is None or isinstance(version, bool)
            or not isinstance(version, int)):
        ear.outbox.put({"type": "error", "status": 422,
                        "reason": "send {type: act, action, version} or "
                                  "{type: undo, version} with a seat's token"})
        return
    try:
        server.quota.take("actions" if kind == "act" else "undos", client_of(ear.socket))
        if kind == "act":
            await acting(server, match, ear.seat, str(msg.get("action")), version, ear.lang)
        else:
            await asyncio.to_thread(take_back, server, match, ear.seat, version, ear.lang)
    except Refused as e:
        ear.outbox.put({"type": "resync" if e.status == 409 else "error", "status": e.status,
                        "reason": e.reason, **({"code": e.code} if e.code else {}),
                        **({"retry_after": e.retry_after} if e.retry_after else {}),
                        "snapshot": server.snapshot(match, ear.seat, ear.lang, ear.board)})
        return
    server.changed(match)  # this socket's own snapshot is its answer


async def refused(request: HTTPConnection, exc: Exception) -> JSONResponse:
    """The answer to a refusal, an unknown or damaged match, or a database that failed."""
    if isinstance(exc, UnknownMatch):
        return JSONResponse({"reason": "no match has this id"}, status_code=404)
    if isinstance(exc, MatchClosed):
        return JSONResponse({"reason": CLOSED}, status_code=410)
    if isinstance(exc, HTTPException):  # Starlette's own: a body past the bound, a bad path
        reason = (too_big(request.app.state.server.limits.body_bytes)
                  if exc.status_code == 413 else str(exc.detail))
        return JSONResponse({"reason": reason}, status_code=exc.status_code)
    if isinstance(exc, DamagedMatch):  # what failed is in the server's log, said once
        return JSONResponse({"reason": DAMAGED, "match": exc.match,
                             "help": "the server's log says what failed; nothing of this "
                                     "match can be played until it is repaired"},
                            status_code=410)
    if isinstance(exc, NotStored):
        return JSONResponse({"reason": f"{NO_WRITES}; nothing was changed, try later"},
                            status_code=503)
    if isinstance(exc, OperationalError):
        return JSONResponse({"reason": "the database does not answer; try later"},
                            status_code=503)
    assert isinstance(exc, Refused)
    body = exc.body if exc.body is not None else {
        "reason": exc.reason, **({"code": exc.code} if exc.code else {})}
    headers = {"Retry-After": str(exc.retry_after)} if exc.retry_after else None
    return JSONResponse(body, status_code=exc.status, headers=headers)


def make_app(tables: Tables, bot_delay: float = 0.4, limits: Limits | None = None,
             mail: MailSettings | None = None) -> Starlette:
    """The ASGI app over ``tables``, within ``limits``, sending mail as ``mail`` says (None:
    none); on start it resumes the bots of every unfinished match."""
    server = Server(tables, bot_delay, limits or Limits())
    server.mail = None if mail is None else Mailer(mail, tables.store)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await server.start()
        yield
        server.stop()
        if server.mail is not None:
            server.mail.stop()

    app = Starlette(routes=[
        Route("/api/health", health),
        Route("/api/games", list_games),
        Route("/api/matches", create_match, methods=["POST"]),
        Route("/api/matches", list_matches, methods=["GET"]),
        Route("/api/matches/{match}", get_match),
        Route("/api/matches/{match}/act", act, methods=["POST"]),
        Route("/api/matches/{match}/join", join, methods=["POST"]),
        Route("/api/matches/{match}/undo", undo, methods=["POST"]),
        Route("/api/matches/{match}/seats/{seat:int}", set_seat, methods=["POST"]),
        Route("/api/matches/{match}/record", record),
        WebSocketRoute("/ws/matches/{match}", socket),
        Route("/rules/{game}", howto.rules),
        *history.routes(),
        *players.routes(),
        *mine.routes(),
        *rematch.routes(),
        *chat.routes(),
        *subscribe.routes(),
        *pages.routes(),
    ], exception_handlers={
        Refused: refused, UnknownMatch: refused, MatchClosed: refused, HTTPException: refused,
        DamagedMatch: refused, NotStored: refused, OperationalError: refused},
        middleware=[Middleware(Guard, allowed_hosts=server.limits.allowed_hosts),
                    Middleware(Abortable), Middleware(BodyLimit, limit=server.limits.body_bytes)],
        lifespan=lifespan)
    app.state.server = server
    app.state.replays = history.Replays()
    return app
