"""A game's how-to as a web page, ``GET /rules/<game>?lang=`` (docs/server.md): the game's own
how-to Markdown (``games/<id>/howto/<lang>.md``, read by :func:`meeple.tui.howto.read`) laid
out on the server, each example position drawn in the browser by the game's own board module
from a snapshot built here for the example's seat, as a match would send it.

The page is built once per game and language and kept (the how-to files are the package's
own, so they change only with it). Nothing in it runs inline: the snapshots travel in a
``<script type="application/json">`` block (data, not code) that ``/static/js/rules.js`` reads,
and the style is the page's own sheet. ``?embed=1`` leaves out the page's header: the match
page shows the rules in a frame beside the table, the one page the server lets its own pages
frame (:data:`FRAMED_HEADERS`).
"""

from __future__ import annotations

import functools
import html
import json
import re
from typing import Any

from markdown_it import MarkdownIt
from starlette.requests import Request
from starlette.responses import HTMLResponse

from meeple.core import ContentError, game_class, game_ids
from meeple.i18n import LANGS, language_name, texts
from meeple.server.lobby import lobby_info
from meeple.tui.howto import Example, has_howto, read

from .guard import CSP
from .pages import board_folder, board_text
from .refusal import Refused
from .snapshots import build_snapshot

#: The rules page may be framed by the server's own pages (the match page's rules panel), and by
#: nothing else; every other answer keeps ``frame-ancestors 'none'``.
FRAMED_CSP = CSP.replace("frame-ancestors 'none'", "frame-ancestors 'self'")
FRAMED_HEADERS = {"Content-Security-Policy": FRAMED_CSP, "X-Frame-Options": "SAMEORIGIN"}
#: How many pages (games times languages times embedded or not) are kept built.
KEPT_PAGES = 64

#: An anchor alone in its paragraph, as the Markdown puts it: left as a bare anchor.
_ANCHOR_PARAGRAPH = re.compile(r'<p>(<a id="[A-Za-z0-9_-]+"></a>)</p>')
#: CommonMark with tables; HTML passes through (the anchors), since the files are the package's.
_MARKDOWN = MarkdownIt("commonmark", {"html": True}).enable("table")


def check_game(game: str) -> None:
    """404 unless ``game`` is a game with a how-to page."""
    if game not in game_ids(hidden=True):
        raise Refused(404, f"unknown game {game[:64]!r}; choose one of: {', '.join(game_ids())}")
    if not has_howto(game):
        raise Refused(404, f"the game {game} has no how-to page yet; its rules are in "
                           f"docs/rules/{game}.md")


def check_lang(request: Request) -> str:
    lang = request.query_params.get("lang", LANGS[0])
    if lang not in LANGS:
        raise Refused(422, f"unknown language {lang[:16]!r}; choose one of: {', '.join(LANGS)}")
    return lang


def example_snapshot(example: Example, index: int, lang: str) -> dict[str, Any]:
    """The snapshot of the example's position as its seat would receive it in a match, the
    board as text in ``screen`` for a game the page does not draw."""
    st = example.state()
    seat = example.seat
    snap = build_snapshot(f"howto-{index + 1}", st.game, st, seat, lang)
    text = board_text(st.game, snap["view"], seat, lang)
    return snap if text is None else {**snap, "screen": text}


def _json(data: Any) -> str:
    """JSON safe inside a ``<script>`` block: no ``</script>`` nor ``<!--`` can end it."""
    return (json.dumps(data, ensure_ascii=False, separators=(",", ":"))
            .replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026"))


def _figure(index: int, snap: dict[str, Any], words: Any) -> str:
    seat = snap["seat"]
    caption = html.escape(words("web.rules.seen_by", name=snap["names"][seat]))
    if "screen" in snap:
        inner = f'<pre class="screen">{html.escape(snap["screen"])}</pre>'
    else:
        inner = f'<div class="board example-board" data-example="{index}"></div>'
    return (f'<figure class="example" id="example-{index + 1}">{inner}'
            f"<figcaption>{caption}</figcaption></figure>\n")


def _header(game: str, name: str, lang: str, words: Any) -> str:
    """The page's header, as the lobby's and the match's: the brand, the game, a way back to
    the lobby and the language switch (links: the page is the server's, in one language)."""
    current = ' aria-current="page"'
    langs = "".join(
        f'<a href="/rules/{html.escape(game)}?lang={code}" lang="{code}"'
        f'{current if code == lang else ""}>{html.escape(language_name(code))}</a>'
        for code in LANGS)
    lobby, switch = html.escape(words("web.rules.lobby")), html.escape(words("web.rules.language"))
    return ('<header class="top">\n'
            '  <a class="brand" href="/"><img src="/static/meeple.svg" alt="" width="28" '
            'height="28"> meeple</a>\n'
            f'  <span class="game-name">{html.escape(name)}</span>\n'
            f'  <a class="lobby-link" href="/?lang={lang}">{lobby}</a>\n'
            f'  <nav class="langs" aria-label="{switch}">{langs}</nav>\n'
            "</header>\n")


@functools.lru_cache(maxsize=KEPT_PAGES)
def page(game: str, lang: str, embed: bool) -> str:
    """The how-to page of ``game`` in ``lang`` as HTML (``embed``: without its header)."""
    howto = read(game, lang)
    words = texts(__package__, lang)
    name = lobby_info(game, lang)["name"]
    body: list[str] = []
    snaps: list[dict[str, Any]] = []
    for part in howto.parts:
        if isinstance(part, Example):
            snap = example_snapshot(part, len(snaps), lang)
            body.append(_figure(len(snaps), snap, words))
            snaps.append(snap)
        else:
            body.append(_ANCHOR_PARAGRAPH.sub(r"\1", _MARKDOWN.render(part)))
    drawn = board_folder(game) is not None
    cls = game_class(game)
    data = {"game": {"id": game, "name": name, "place_keys": dict(cls.place_keys),
                     "catalogue": cls().catalogue(lang)},
            "lang": lang, "examples": snaps if drawn else []}
    sheet = (f'<link rel="stylesheet" href="/boards/{html.escape(game)}/board.css">\n'
             if drawn else "")
    title = html.escape(words("web.rules.title", game=name))
    kind = "rules-page embed" if embed else "rules-page"
    return (
        f'<!doctype html>\n<html lang="{lang}">\n<head>\n<meta charset="utf-8">\n'
        '<meta name="viewport" content="width=device-width, initial-scale=1">\n'
        f"<title>{title}</title>\n"
        '<link rel="icon" href="/static/meeple.svg" type="image/svg+xml">\n'
        '<link rel="stylesheet" href="/static/meeple.css">\n'
        f"{sheet}"
        '<script type="module" src="/static/js/rules.js"></script>\n'
        f'</head>\n<body class="{kind}" data-game="{html.escape(game)}">\n'
        f'{"" if embed else _header(game, name, lang, words)}'
        f'<main class="rules" lang="{howto.lang}">\n{"".join(body)}</main>\n'
        f'<script type="application/json" id="howto-data">{_json(data)}</script>\n'
        "</body>\n</html>\n")


async def rules(request: Request) -> HTMLResponse:
    """The how-to page of a game: 404 for an unknown game or one with no how-to, 422 for a
    language the server does not speak."""
    game = request.path_params["game"]
    check_game(game)
    lang = check_lang(request)
    try:
        text = page(game, lang, request.query_params.get("embed") == "1")
    except ContentError as e:
        raise Refused(500, f"the how-to of {game} cannot be shown: {e}") from None
    return HTMLResponse(text, headers=FRAMED_HEADERS)
