"""Players with names (docs/server.md, "Players"): a person's name and language, kept across
matches and devices without a password.

``POST /api/players`` makes a player and answers its key, a long random secret kept only hashed
that the browser keeps and sends as ``Authorization: Player KEY``. A seat's token holder attaches
the seat to the player (``POST /api/players/me/seats``): the snapshot then names the player
beside the seat, for everyone at the table. A device link (``POST /api/players/me/links``) gives
one more device a key of its own, once; the player's page ``/me`` shows it as a QR code.
"""

from __future__ import annotations

import io
import unicodedata
from typing import Annotated, Any

import segno
from pydantic import StringConstraints
from starlette.requests import HTTPConnection, Request
from starlette.responses import FileResponse, JSONResponse
from starlette.routing import BaseRoute, Route

from meeple.i18n import LANGS

from .addresses import Addresses, email_of
from .hub import Server
from .inputs import Body, parse
from .pages import STATIC
from .people import People, Player, key_of
from .quota import client_of
from .refusal import Refused

#: The longest display name, in characters after trimming.
NAME_CHARS = 32
#: Characters that turn the direction of the text around them (embeddings, overrides and
#: isolates): a name holding one could make its neighbours read backwards.
BIDI = frozenset(chr(c) for c in (*range(0x202A, 0x202F), *range(0x2066, 0x206A)))
#: What a name may be, as a refusal says it.
NAME_RULE = (f"a name is 1 to {NAME_CHARS} characters after trimming spaces, without control "
             "characters, line breaks or text-direction overrides (U+202A-202E, U+2066-2069)")
#: How long a device link stays good, in seconds.
LINK_SECONDS = 24 * 3600
#: A secret as a request carries it (a key, a token, a link's code).
Secret = Annotated[str, StringConstraints(min_length=1, max_length=200)]
#: A name as sent, before it is checked (the body's size bounds it first).
RawName = Annotated[str, StringConstraints(max_length=10_000)]
#: A match's id as sent.
MatchId = Annotated[str, StringConstraints(min_length=1, max_length=64)]


class NewPlayer(Body):
    """``POST /api/players``."""

    name: RawName
    lang: str = "en"


class ChangePlayer(Body):
    """``PATCH /api/players/me``."""

    name: RawName | None = None
    lang: str | None = None


class Attach(Body):
    """``POST /api/players/me/seats``."""

    match: MatchId
    token: Secret


class UseLink(Body):
    """``POST /api/players/link``."""

    code: Secret


def check_name(raw: str) -> str:
    """``raw`` trimmed, or a 422 saying what a name may be (never echoing it)."""
    name = raw.strip()
    if not 1 <= len(name) <= NAME_CHARS:
        raise Refused(422, f"name: {NAME_RULE}; this one has {len(name)}")
    for c in name:
        if unicodedata.category(c) in ("Cc", "Cs", "Zl", "Zp") or c in BIDI:
            raise Refused(422, f"name: {NAME_RULE}; this one holds U+{ord(c):04X}")
    return name


def check_lang(lang: str) -> str:
    """``lang`` if the server speaks it, else a 422 naming those it does."""
    if lang not in LANGS:
        raise Refused(422, f"lang: one of {', '.join(LANGS)}")
    return lang


def people(conn: HTTPConnection) -> People:
    server: Server = conn.app.state.server
    return People(server.tables.store)


async def me_of(request: Request) -> Player:
    """The player whose key the request carries, or a 401 saying how to send one."""
    key = key_of(request)
    server: Server = request.app.state.server
    found = None if key is None else await server.off(people(request).by_key, key)
    if found is None:
        raise Refused(401, "this needs a player's key, sent as Authorization: Player KEY (the "
                           "key POST /api/players answered); this one is missing or unknown")
    return found


async def shown(request: Request, player: Player) -> dict[str, Any]:
    """What the player's own page shows of it: name, language, its e-mail address (and
    whether this server sends mail), and seats held."""
    server: Server = request.app.state.server
    base = str(request.base_url).rstrip("/")
    held = await server.off(people(request).held, player)
    email = await server.off(Addresses(server.tables.store).of, player)
    return {"name": player.name, "lang": player.lang, "mail": server.mail is not None,
            "email": email_of(email),
            "seats": [{"match": m, "seat": s, "game": g, "over": over,
                       "url": f"{base}/match/{m}"} for m, s, g, over in held]}


async def create_player(request: Request) -> JSONResponse:
    server: Server = request.app.state.server
    server.quota.take("new_players", client_of(request))  # first: the cheapest refusal
    body = parse(NewPlayer, await request.body())
    name, lang = check_name(body.name), check_lang(body.lang)
    player, key = await server.off(people(request).create, name, lang)
    return JSONResponse({"player": {"name": player.name, "lang": player.lang}, "key": key},
                        status_code=201)


async def get_me(request: Request) -> JSONResponse:
    return JSONResponse(await shown(request, await me_of(request)))


async def change_me(request: Request) -> JSONResponse:
    server: Server = request.app.state.server
    player = await me_of(request)
    body = parse(ChangePlayer, await request.body())
    name = None if body.name is None else check_name(body.name)
    lang = None if body.lang is None else check_lang(body.lang)
    player, told = await server.off(people(request).change, player, name, lang)
    for match in told:
        await renamed(server, match)
    return JSONResponse(await shown(request, player))


async def renamed(server: Server, match: str) -> None:
    """Show the match's listeners on this server its seats' new players."""
    await server.off(server.tables.reread, match)
    server.push(match)


async def attach_seat(request: Request) -> JSONResponse:
    """The seat whose token is sent becomes the player's."""
    server: Server = request.app.state.server
    player = await me_of(request)
    body = parse(Attach, await request.body())
    server.tables.get(body.match)  # 404 (410 closed or damaged) first
    seat = await server.off(server.tables.store.seat_of, body.match, body.token)
    if seat is None:
        raise Refused(403, "this token opens no seat of this match: send the token= of the "
                           "seat's own link for this match")
    await server.off(people(request).attach, player, body.match, seat)
    await renamed(server, body.match)
    return JSONResponse({"match": body.match, "seat": seat, "player": player.name})


async def new_link(request: Request) -> JSONResponse:
    """A device link: its code, its address and the address as a QR code (SVG)."""
    server: Server = request.app.state.server
    player = await me_of(request)
    code = await server.off(people(request).new_link, player, LINK_SECONDS)
    url = f"{str(request.base_url).rstrip('/')}/me/link/{code}"
    return JSONResponse({"code": code, "url": url, "seconds": LINK_SECONDS, "qr": qr_svg(url)},
                        status_code=201)


def qr_svg(text: str) -> str:
    """``text`` as a QR code, an SVG document (drawn by segno)."""
    out = io.BytesIO()
    segno.make(text, error="m").save(out, kind="svg", scale=4, border=4, xmldecl=False,
                                     svgclass="qr", lineclass=None, omitsize=True, dark="#000",
                                     light="#fff")
    return out.getvalue().decode("utf-8")


async def revoke_links(request: Request) -> JSONResponse:
    server: Server = request.app.state.server
    player = await me_of(request)
    return JSONResponse({"revoked": await server.off(people(request).revoke_links, player)})


async def use_link(request: Request) -> JSONResponse:
    """A device link's code spent: the player and a key of its own for this device."""
    server: Server = request.app.state.server
    server.quota.take("new_players", client_of(request))  # guessing codes is bounded too
    body = parse(UseLink, await request.body())
    found = await server.off(people(request).use_link, body.code)
    if found is None:
        raise Refused(404, "this device link is unknown, used already, revoked or more than "
                           "a day old; make a new one on the player's page of a device that "
                           "has the player")
    player, key = found
    return JSONResponse({"player": {"name": player.name, "lang": player.lang}, "key": key},
                        status_code=201)


async def me_page(request: Request) -> FileResponse:
    return FileResponse(str(STATIC.joinpath("me.html")), media_type="text/html")


def routes() -> list[BaseRoute]:
    return [Route("/api/players", create_player, methods=["POST"]),
            Route("/api/players/me", get_me, methods=["GET"]),
            Route("/api/players/me", change_me, methods=["PATCH"]),
            Route("/api/players/me/seats", attach_seat, methods=["POST"]),
            Route("/api/players/me/links", new_link, methods=["POST"]),
            Route("/api/players/me/links", revoke_links, methods=["DELETE"]),
            Route("/api/players/link", use_link, methods=["POST"]),
            Route("/me", me_page),
            Route("/me/link/{code}", me_page)]
