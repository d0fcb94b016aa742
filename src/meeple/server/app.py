"""The HTTP and WebSocket face of ``meeple serve`` (docs/server.md), on Starlette.

Every answer, push and error is built for one seat at send time by :mod:`.tables`; the
referee's state never leaves it. Bot seats are played here, off the event loop (a worker
thread per move), each from its own InfoSet, with a short pause so people see the move.
"""

from __future__ import annotations

import asyncio
import contextlib
import secrets
from collections.abc import AsyncIterator
from dataclasses import dataclass
from typing import Any

from starlette.applications import Starlette
from starlette.requests import HTTPConnection, Request
from starlette.responses import JSONResponse
from starlette.routing import Route, WebSocketRoute
from starlette.websockets import WebSocket, WebSocketDisconnect

from meeple.agents import Agent, agent_seed, info_set, make
from meeple.core import ConfigError, IllegalAction, MeepleError, game_class, game_ids
from meeple.i18n import LANGS
from meeple.lobby import lobby_info

from . import pages
from .tables import NotYourTurn, StaleVersion, Tables, UnknownMatch

HUMAN = "human"


class Refused(Exception):
    """A request the server answers with ``status`` and a sentence."""

    def __init__(self, status: int, reason: str, body: dict[str, Any] | None = None) -> None:
        super().__init__(reason)
        self.status, self.reason, self.body = status, reason, body


@dataclass(eq=False)
class Listener:
    """An open WebSocket: the seat it speaks for and its language."""

    socket: WebSocket
    seat: int | None
    lang: str


class Server:
    """The matches, who listens to each, and the bots that play in them."""

    def __init__(self, tables: Tables, bot_delay: float = 0.4) -> None:
        self.tables = tables
        self.bot_delay = bot_delay
        self.listeners: dict[str, set[Listener]] = {}
        self.agents: dict[tuple[str, int], Agent] = {}
        self.running: dict[str, asyncio.Task[None]] = {}

    def seat(self, conn: HTTPConnection, match: str) -> int | None:
        """The seat the request's token opens (None: a spectator); 401 for a wrong token."""
        token = conn.query_params.get("token")
        auth = conn.headers.get("authorization", "")
        if auth.lower().startswith("bearer "):
            token = auth[7:].strip()
        self.tables.get(match)  # 404 first
        if not token:
            return None
        seat = self.tables.store.seat_of(match, token)
        if seat is None:
            raise Refused(401, "this token opens no seat of this match")
        return seat

    async def changed(self, match: str) -> None:
        """Tell every listener of ``match`` its new snapshot; let the bots move."""
        await self.push(match)
        self.wake(match)

    async def push(self, match: str) -> None:
        """Send every listener of ``match`` its own snapshot, built now."""
        for ear in list(self.listeners.get(match, ())):
            snap = self.tables.snapshot(match, ear.seat, ear.lang)
            with contextlib.suppress(Exception):  # a closed socket is dropped on its own
                await ear.socket.send_json({"type": "snapshot", "snapshot": snap})

    def wake(self, match: str) -> None:
        """Start the bots of ``match`` playing unless they already are."""
        task = self.running.get(match)
        if task is None or task.done():
            self.running[match] = asyncio.get_running_loop().create_task(self.play_bots(match))

    async def play_bots(self, match: str) -> None:
        """While a bot seat is to act, let it choose (in a worker thread) and apply its move."""
        while True:
            live = self.tables.get(match)
            st, kinds = live.state, live.row.kinds
            seat = st.to_act
            if st.is_over or seat is None or kinds[seat] == HUMAN:
                return
            await asyncio.sleep(self.bot_delay)
            agent = self.agent(match, seat, kinds[seat], live.row.seed, live.row.game)
            action = await asyncio.to_thread(agent.choose, info_set(agent, st, seat))
            with contextlib.suppress(StaleVersion):
                self.tables.act(match, seat, action.text, st.n_actions)
            await self.push(match)

    def agent(self, match: str, seat: int, spec: str, seed: int, game: str) -> Agent:
        key = (match, seat)
        if key not in self.agents:
            self.agents[key] = make(spec, agent_seed(seed, seat), game)
        return self.agents[key]


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


def check_seats(seats: Any, game: str) -> list[str]:
    if not isinstance(seats, list) or not seats or not all(isinstance(s, str) for s in seats):
        raise Refused(422, "seats must be a list such as [\"human\", \"mcts:300\"]")
    for s in seats:
        if s != HUMAN:
            try:
                make(s, 0, game)
            except MeepleError as e:
                raise Refused(422, str(e)) from None
    return list(seats)


async def create_match(request: Request) -> JSONResponse:
    server: Server = request.app.state.server
    data = await body_of(request)
    game = data.get("game")
    if not isinstance(game, str):
        raise Refused(422, "game must be a game id such as \"catacombs\"")
    seats = check_seats(data.get("seats"), game)
    seed = data.get("seed", secrets.randbelow(1 << 31))
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise Refused(422, "seed must be a whole number")
    options = data.get("options") or {}
    if "players" in data and data["players"] != len(seats):
        raise Refused(422, f"players is {data['players']} but {len(seats)} seats were given")
    try:
        match, tokens = server.tables.create(game, seats, options=options, seed=seed,
                                             public=bool(data.get("public", False)))
    except (ConfigError, TypeError) as e:
        raise Refused(422, str(e)) from None
    base = str(request.base_url).rstrip("/")
    out = [{"seat": s, "kind": k, **({"token": tokens[s],
                                      "join_url": f"{base}/match/{match}?token={tokens[s]}"}
                                     if s in tokens else {})} for s, k in enumerate(seats)]
    server.wake(match)
    return JSONResponse({"match": match, "seats": out, "watch_url": f"{base}/match/{match}"},
                        status_code=201)


async def list_matches(request: Request) -> JSONResponse:
    server: Server = request.app.state.server
    rows = [server.tables.store.match(m) for m in server.tables.store.unfinished()]
    return JSONResponse([{"match": r.id, "game": r.game, "players": r.players,
                          "seats": list(r.kinds), "version": r.version}
                         for r in rows if r is not None and r.public])


async def get_match(request: Request) -> JSONResponse:
    server: Server = request.app.state.server
    match = request.path_params["match"]
    seat = server.seat(request, match)
    return JSONResponse(server.tables.snapshot(match, seat, lang_of(request)))


async def act(request: Request) -> JSONResponse:
    server: Server = request.app.state.server
    match = request.path_params["match"]
    seat = server.seat(request, match)
    lang = lang_of(request)
    if seat is None:
        raise Refused(401, "acting needs a seat's token")
    data = await body_of(request)
    action, version = data.get("action"), data.get("version")
    if not isinstance(action, str) or not isinstance(version, int):
        raise Refused(422, "the body must hold action (its text) and version (a number)")
    snap = apply(server, match, seat, action, version, lang)
    await server.changed(match)
    return JSONResponse(snap)


def apply(server: Server, match: str, seat: int, action: str, version: int,
          lang: str) -> dict[str, Any]:
    """Act for ``seat``; the refusals as HTTP statuses."""
    try:
        return server.tables.act(match, seat, action, version, lang)
    except StaleVersion as e:
        raise Refused(409, "the match has moved on", e.snapshot) from None
    except NotYourTurn:
        raise Refused(403, "not your turn") from None
    except IllegalAction as e:
        raise Refused(422, e.reason) from None


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
        seat, lang = server.seat(ws, match), lang_of(ws)
    except (Refused, UnknownMatch):
        await ws.close(code=4401)
        return
    await ws.accept()
    ear = Listener(ws, seat, lang)
    server.listeners.setdefault(match, set()).add(ear)
    try:
        await ws.send_json({"type": "snapshot",
                            "snapshot": server.tables.snapshot(match, seat, lang)})
        while True:
            msg = await ws.receive_json()
            await on_message(server, ear, match, msg)
    except WebSocketDisconnect:
        pass
    finally:
        server.listeners.get(match, set()).discard(ear)


async def on_message(server: Server, ear: Listener, match: str, msg: Any) -> None:
    """A client's ``{type: "act", action, version}``; every refusal is answered."""
    if not isinstance(msg, dict) or msg.get("type") != "act" or ear.seat is None:
        await ear.socket.send_json({"type": "error", "status": 422,
                                    "reason": "send {type: act, action, version} with a seat"})
        return
    try:
        apply(server, match, ear.seat, str(msg.get("action")), int(msg.get("version", -1)),
              ear.lang)
    except Refused as e:
        kind = "resync" if e.status == 409 else "error"
        await ear.socket.send_json({"type": kind, "status": e.status, "reason": e.reason,
                                    "snapshot": server.tables.snapshot(match, ear.seat,
                                                                       ear.lang)})
        return
    await server.changed(match)


async def refused(request: HTTPConnection, exc: Exception) -> JSONResponse:
    if isinstance(exc, UnknownMatch):
        return JSONResponse({"reason": "no match has this id"}, status_code=404)
    assert isinstance(exc, Refused)
    return JSONResponse(exc.body if exc.body is not None else {"reason": exc.reason},
                        status_code=exc.status)


def make_app(tables: Tables, bot_delay: float = 0.4) -> Starlette:
    """The ASGI app over ``tables``; on start it resumes the bots of every unfinished match."""
    server = Server(tables, bot_delay)

    @contextlib.asynccontextmanager
    async def lifespan(app: Starlette) -> AsyncIterator[None]:
        for match in tables.store.unfinished():
            server.wake(match)
        yield

    app = Starlette(routes=[
        Route("/api/games", list_games),
        Route("/api/matches", create_match, methods=["POST"]),
        Route("/api/matches", list_matches, methods=["GET"]),
        Route("/api/matches/{match}", get_match),
        Route("/api/matches/{match}/act", act, methods=["POST"]),
        Route("/api/matches/{match}/record", record),
        WebSocketRoute("/ws/matches/{match}", socket),
        *pages.routes(),
    ], exception_handlers={Refused: refused, UnknownMatch: refused}, lifespan=lifespan)
    app.state.server = server
    return app
