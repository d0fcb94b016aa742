"""The HTTP and WebSocket face of ``meeple serve`` (docs/server.md), on Starlette.

Every answer, push and error is built for one seat at send time by :mod:`.tables`; the
referee's state never leaves it. The matches' listeners, pushes and bots are :mod:`.hub`'s;
the host's token hands seats to bots and back.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import AsyncIterator
from typing import Any

from starlette.applications import Starlette
from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from meeple.core import ConfigError, IllegalAction, MeepleError, game_class, game_ids
from meeple.i18n import LANGS, texts
from meeple.lobby import lobby_info

from . import pages
from .hub import Listener, Refused, Server, bearer
from .limits import Limits
from .tables import (
    HUMAN,
    GameOver,
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


def wants_board(conn: HTTPConnection) -> bool:
    """Whether the request asks for the board as text (``?board=text``)."""
    return conn.query_params.get("board") == "text"


def lang_of(conn: HTTPConnection) -> str:
    lang = conn.query_params.get("lang", "en")
    if lang not in LANGS:
        raise Refused(422, f"unknown language {lang!r}; choose one of: {', '.join(LANGS)}")
    return lang


async def body_of(request: Request) -> dict[str, Any]:
    try:
        data = await request.json()
    except ValueError:
        raise Refused(422, "the body is not JSON") from None
    if not isinstance(data, dict):
        raise Refused(422, "the body must be a JSON object")
    return data


async def list_games(request: Request) -> JSONResponse:
    lang = lang_of(request)
    return JSONResponse([{**lobby_info(gid, lang), "catalogue": game_class(gid)().catalogue(lang)}
                         for gid in game_ids()])


def check_seats(seats: Any, game: str, limits: Limits) -> list[str]:
    if not isinstance(seats, list) or not seats or not all(isinstance(s, str) for s in seats):
        raise Refused(422, "seats must be a list such as [\"human\", \"mcts:300\"]")
    for s in seats:
        check_kind(s, game, limits)
    return list(seats)


def check_kind(kind: str, game: str, limits: Limits) -> None:
    """422 unless ``kind`` is ``human`` or a bot spec ``game`` can seat whose thinking stays
    within the server's ceiling."""
    if kind != HUMAN:
        try:
            check_spec(kind, game, limits)
        except MeepleError as e:
            raise Refused(422, str(e)) from None


async def create_match(request: Request) -> JSONResponse:
    server: Server = request.app.state.server
    data = await body_of(request)
    game = data.get("game")
    if not isinstance(game, str):
        raise Refused(422, "game must be a game id such as \"catacombs\"")
    seats = check_seats(data.get("seats"), game, server.limits)
    seed = data.get("seed", secrets.randbelow(1 << 31))
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise Refused(422, "seed must be a whole number")
    options = data.get("options") or {}
    if "players" in data and data["players"] != len(seats):
        raise Refused(422, f"players is {data['players']} but {len(seats)} seats were given")
    try:
        match, tokens, host = await server.off(server.tables.create, game, seats,
                                               options=options, seed=seed,
                                                   public=bool(data.get("public", False)))
    except (ConfigError, TypeError) as e:
        raise Refused(422, str(e)) from None
    page = f"{str(request.base_url).rstrip('/')}/match/{match}"
    out = [{"seat": s, "kind": k, **({"token": tokens[s], "join_url": f"{page}?token={tokens[s]}"}
                                     if s in tokens else {})} for s, k in enumerate(seats)]
    mine = f"token={tokens[min(tokens)]}&" if tokens else ""
    server.wake(match)
    return JSONResponse({"match": match, "seats": out, "watch_url": page, "host": host,
                         "host_url": f"{page}?{mine}host={host}"}, status_code=201)


async def list_matches(request: Request) -> JSONResponse:
    """The public unfinished matches with a person's seat whose link nobody has opened."""
    server: Server = request.app.state.server
    out = []
    for match in server.tables.store.unfinished():
        r = server.tables.store.match(match)
        if r is None or not r.public:
            continue
        free = len(server.tables.store.free_seats(match))
        if free:
            out.append({"match": r.id, "game": r.game, "players": r.players,
                        "seats": list(r.kinds), "free": free, "version": r.version})
    return JSONResponse(out)


async def join(request: Request) -> JSONResponse:
    """Take a free seat of a public match: a fresh token for it and its link."""
    server: Server = request.app.state.server
    match = request.path_params["match"]
    live = server.tables.get(match)
    if not live.row.public:
        raise Refused(403, "this match is not open to everyone; ask its creator for a link")
    if live.state.is_over:
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
    return JSONResponse(server.snapshot(match, seat, lang_of(request), wants_board(request)))


async def seat_move(request: Request, doing: str) -> tuple[Server, str, int, str, Any]:
    """The server, match, seat, language and JSON body of a move by a seat (``doing``: what
    the move is, for the refusal when no seat's token comes with it)."""
    server: Server = request.app.state.server
    match = request.path_params["match"]
    seat = await server.off(server.seat, request, match)
    lang = lang_of(request)
    if seat is None:
        raise Refused(401, f"{doing} needs a seat's token")
    return server, match, seat, lang, await body_of(request)


async def act(request: Request) -> JSONResponse:
    server, match, seat, lang, data = await seat_move(request, "acting")
    action, version = data.get("action"), data.get("version")
    if not isinstance(action, str) or not isinstance(version, int):
        raise Refused(422, "the body must hold action (its text) and version (a number)")
    await acting(server, match, seat, action, version, lang)
    await server.changed(match)
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
    except IllegalAction as e:
        raise Refused(422, e.reason) from None


async def undo(request: Request) -> JSONResponse:
    server, match, seat, lang, data = await seat_move(request, "undoing")
    version = data.get("version")
    if isinstance(version, bool) or not isinstance(version, int):
        raise Refused(422, "the body must hold version (a number)")
    await asyncio.to_thread(take_back, server, match, seat, version, lang)
    await server.changed(match)
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
    kind = (await body_of(request)).get("kind")
    if not isinstance(kind, str):
        raise Refused(422, "the body must hold kind: \"human\" or a bot such as \"greedy\"")
    check_kind(kind, live.row.game, server.limits)
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
    await server.changed(match)
    return JSONResponse(out)


async def health(request: Request) -> JSONResponse:
    """For a load balancer and monitoring: 200 while the database answers, 503 when it does
    not; what this server holds (matches in memory, open sockets, bot leases)."""
    server: Server = request.app.state.server
    try:
        leases = await asyncio.to_thread(server.tables.store.held, server.name)
    except Exception:  # whatever the failure, the server cannot serve; its details stay here
        return JSONResponse({"ok": False, "reason": "the database does not answer"},
                            status_code=503)
    return JSONResponse({"ok": True, "server": server.name,
                         "database": server.tables.store.engine.dialect.name,
                         "matches": len(server.tables.live),
                         "sockets": sum(len(e) for e in server.listeners.values()),
                         "leases": leases})


async def record(request: Request) -> JSONResponse:
    server: Server = request.app.state.server
    live = server.tables.get(request.path_params["match"])
    if not live.state.is_over:
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
    await ws.accept()
    ear = Listener(ws, seat, lang, wants_board(ws))
    before = server.here(match)
    server.listeners.setdefault(match, set()).add(ear)
    try:
        await ws.send_json({"type": "snapshot",
                            "snapshot": server.snapshot(match, seat, lang, ear.board)})
        await server.moved(match, before, skip=ear)  # the others see the seat come in
        while True:
            msg = await ws.receive_json()
            await on_message(server, ear, match, msg)
    except WebSocketDisconnect:
        pass
    finally:
        before = server.here(match)
        server.listeners.get(match, set()).discard(ear)
        server.forget_if_done(match)  # before any wait: a closing socket's task may be ended
        await server.moved(match, before)  # ... and go


async def on_message(server: Server, ear: Listener, match: str, msg: Any) -> None:
    """A client's ``{type: "act", action, version}`` or ``{type: "undo", version}``; every
    refusal is answered."""
    kind = msg.get("type") if isinstance(msg, dict) else None
    version = msg.get("version") if isinstance(msg, dict) else None
    if (kind not in ("act", "undo") or ear.seat is None or isinstance(version, bool)
            or not isinstance(version, int)):
        await ear.socket.send_json({"type": "error", "status": 422,
                                    "reason": "send {type: act, action, version} or "
                                              "{type: undo, version} with a seat's token"})
        return
    try:
        if kind == "act":
            await acting(server, match, ear.seat, str(msg.get("action")), version, ear.lang)
        else:
            await asyncio.to_thread(take_back, server, match, ear.seat, version, ear.lang)
    except Refused as e:
        await ear.socket.send_json({
            "type": "resync" if e.status == 409 else "error", "status": e.status,
            "reason": e.reason, **({"code": e.code} if e.code else {}),
            "snapshot": server.snapshot(match, ear.seat, ear.lang, ear.board)})
        return
    await server.changed(match)


async def refused(request: HTTPConnection, exc: Exception) -> JSONResponse:
    if isinstance(exc, UnknownMatch):
        return JSONResponse({"reason": "no match has this id"}, status_code=404)
    assert isinstance(exc, Refused)
    body = exc.body if exc.body is not None else {
        "reason": exc.reason, **({"code": exc.code} if exc.code else {})}
    return JSONResponse(body, status_code=exc.status)


def make_app(tables: Tables, bot_delay: float = 0.4, limits: Limits | None = None) -> Starlette:
    """The ASGI app over ``tables``, within ``limits``; on start it resumes the bots of every
    unfinished match."""
    server = Server(tables, bot_delay, limits or Limits())

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        await server.start()
        yield
        server.stop()

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
        *pages.routes(),
    ], exception_handlers={Refused: refused, UnknownMatch: refused}, lifespan=lifespan)
    app.state.server = server
    return app
