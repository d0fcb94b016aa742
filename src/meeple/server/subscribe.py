"""Giving an e-mail address for "your turn" notices, confirming it and unsubscribing
(docs/server.md, "Mail"): ``PUT`` and ``DELETE /api/players/me/email`` with a player's key, and
the pages the mails' links open, ``/mail/confirm?code=`` and ``/mail/unsubscribe?code=``.

A link's page changes nothing when it is opened (``GET``): mail scanners and link previews
open every link of a mail, and one that confirmed an address would let anyone have a
stranger mailed. The page asks, and its button posts (``POST``, as a plain form, which the
guard lets through for these two addresses only: the code is the proof, not the browser).
RFC 8058's one-click unsubscribe is that same ``POST``, sent by the mail program.
"""

from __future__ import annotations

import asyncio
import html
from typing import Annotated

from pydantic import StringConstraints
from starlette.requests import Request
from starlette.responses import HTMLResponse, JSONResponse
from starlette.routing import BaseRoute, Route

from meeple.i18n import LANGS, texts

from .addresses import Address, Addresses, email_of
from .hub import Server
from .inputs import Body, parse
from .mail import ADDRESS_RULE, Mailer, confirmation, valid_address
from .people import Player
from .players import me_of
from .refusal import Refused

#: The longest code a link carries (the server's are 32 characters).
CODE_CHARS = 200


class GiveAddress(Body):
    """``PUT /api/players/me/email``."""

    address: Annotated[str, StringConstraints(max_length=10_000)]


def check_address(raw: str) -> str:
    """``raw`` trimmed, or a 422 saying what an address may be (never echoing it)."""
    address = raw.strip()
    if not valid_address(address):
        raise Refused(422, f"address: {ADDRESS_RULE}; this one has {len(address)} characters "
                           "and is not one")
    return address


def mailer_of(server: Server) -> Mailer:
    """The server's mail, or a 501 saying it sends none."""
    if server.mail is None:
        raise Refused(501, "this server sends no e-mail (it was started without --smtp), so "
                           "it keeps no address; notices of your turn come only to an open "
                           "page")
    return server.mail


def addresses(server: Server) -> Addresses:
    return Addresses(server.tables.store)


async def give(request: Request) -> JSONResponse:
    """Keep the address sent as the player's, unconfirmed, and mail it its confirmation
    link; its owner's confirmed address again is no change and sends nothing."""
    server: Server = request.app.state.server
    player = await me_of(request)
    mailer = mailer_of(server)
    address = check_address(parse(GiveAddress, await request.body()).address)
    codes = await server.off(addresses(server).give, player, address)
    if codes is not None:
        message = confirmation(mailer.settings, player, address, *codes)
        try:
            await asyncio.wrap_future(mailer.send(message, "a confirmation mail"))
        except Exception:  # logged by the mailer; what failed stays in the server's log
            raise Refused(502, "the mail server did not take the confirmation mail; the "
                               "address is kept unconfirmed: give it again later") from None
    found = await server.off(addresses(server).of, player)
    return JSONResponse({"email": email_of(found), "sent": codes is not None})


async def remove(request: Request) -> JSONResponse:
    """Forget the player's address (also on a server that sends no mail)."""
    server: Server = request.app.state.server
    player = await me_of(request)
    return JSONResponse({"email": None,
                         "removed": await server.off(addresses(server).remove, player)})


def code_of(request: Request) -> str:
    """The link's ``?code=`` (empty when missing or too long: no code's)."""
    code = request.query_params.get("code", "")
    return code if len(code) <= CODE_CHARS else ""


def page(lang: str, title: str, lines: list[str], button: tuple[str, str] | None = None,
         status: int = 200) -> HTMLResponse:
    """A small page in ``lang``: a title, sentences (put in as text), perhaps a button posting
    to the address it names, and the way to the player's page."""
    words = texts(__package__, lang)
    form = ("" if button is None else
            f'<form method="post" action="{html.escape(button[0])}">'
            f'<button type="submit">{html.escape(button[1])}</button></form>\n')
    body = "".join(f"<p>{html.escape(line)}</p>\n" for line in lines)
    return HTMLResponse(
        f'<!doctype html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{html.escape(title)} — meeple</title>\n"
        '<link rel="icon" href="/static/meeple.svg" type="image/svg+xml">\n'
        '<link rel="stylesheet" href="/static/meeple.css">\n</head>\n<body>\n'
        '<header class="top"><a class="brand" href="/"><img src="/static/meeple.svg" alt="" '
        'width="28" height="28"> meeple</a></header>\n'
        f'<main class="me"><section class="panel mail-page"><h1>{html.escape(title)}</h1>\n'
        f'{body}{form}<p><a href="/me">{html.escape(words("web.match.to_me"))}</a></p>\n'
        "</section></main>\n</body>\n</html>\n", status_code=status)


def lang_asked(request: Request) -> str:
    """The page's language for a code no player has: ``?lang=`` if spoken, else English."""
    lang = request.query_params.get("lang", LANGS[0])
    return lang if lang in LANGS else LANGS[0]


def bad_link(request: Request, key: str) -> HTMLResponse:
    words = texts(__package__, lang_asked(request))
    return page(words.lang, words("mail.page.bad_title"), [words(key)], status=404)


def confirmed(player: Player, address: Address) -> HTMLResponse:
    words = texts(__package__, player.lang)
    return page(player.lang, words("mail.page.confirmed_title"),
                [words("mail.page.confirmed", name=player.name, address=address.address)])


async def ask_confirm(request: Request) -> HTMLResponse:
    """``GET /mail/confirm?code=``: whose address it confirms, and a button doing it."""
    server: Server = request.app.state.server
    code = code_of(request)
    found = await server.off(addresses(server).pending, code) if code else None
    if found is None:
        return bad_link(request, "mail.page.bad_confirm")
    player, address = found
    if address.confirmed:
        return confirmed(player, address)
    words = texts(__package__, player.lang)
    return page(player.lang, words("mail.page.confirm_title"),
                [words("mail.page.confirm_ask", name=player.name, address=address.address)],
                (f"/mail/confirm?code={code}", words("mail.page.confirm_button")))


async def do_confirm(request: Request) -> HTMLResponse:
    """``POST /mail/confirm?code=``: the address confirmed."""
    server: Server = request.app.state.server
    code = code_of(request)
    found = await server.off(addresses(server).confirm, code) if code else None
    return bad_link(request, "mail.page.bad_confirm") if found is None else confirmed(*found)


async def ask_stop(request: Request) -> HTMLResponse:
    """``GET /mail/unsubscribe?code=``: whose mails it stops, and a button doing it."""
    server: Server = request.app.state.server
    code = code_of(request)
    player = await server.off(addresses(server).stopper, code) if code else None
    if player is None:
        return bad_link(request, "mail.page.bad_stop")
    words = texts(__package__, player.lang)
    return page(player.lang, words("mail.page.stop_title"),
                [words("mail.page.stop_ask", name=player.name)],
                (f"/mail/unsubscribe?code={code}", words("mail.page.stop_button")))


async def do_stop(request: Request) -> HTMLResponse:
    """``POST /mail/unsubscribe?code=`` (the page's button, or a mail program's one-click
    unsubscribe, whose body says ``List-Unsubscribe=One-Click``): the address forgotten."""
    server: Server = request.app.state.server
    code = code_of(request)
    player = await server.off(addresses(server).stop, code) if code else None
    if player is None:
        return bad_link(request, "mail.page.bad_stop")
    words = texts(__package__, player.lang)
    return page(player.lang, words("mail.page.stopped_title"),
                [words("mail.page.stopped", name=player.name)])


def routes() -> list[BaseRoute]:
    return [Route("/api/players/me/email", give, methods=["PUT"]),
            Route("/api/players/me/email", remove, methods=["DELETE"]),
            Route("/mail/confirm", ask_confirm, methods=["GET"]),
            Route("/mail/confirm", do_confirm, methods=["POST"]),
            Route("/mail/unsubscribe", ask_stop, methods=["GET"]),
            Route("/mail/unsubscribe", do_stop, methods=["POST"])]
