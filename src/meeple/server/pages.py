"""The browser side of ``meeple serve``: the lobby and match pages, their static files, the
words they show, and each seat's board as text.

The page is plain ES modules, SVG and CSS shipped in the package (``static/``), with no build
step and nothing fetched from elsewhere. Every word it shows comes from the catalogues:
``locale/<lang>.po`` beside this module for the page itself (served by ``/api/texts``), the
games' own catalogues for everything in a match (in the snapshots).
"""

from __future__ import annotations

import functools
import importlib.resources
import io
from typing import Any

from rich.console import Console
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from meeple.core import Game, game_ids
from meeple.i18n import LANGS, language_name, texts
from meeple.tui.screen import renderer

STATIC = importlib.resources.files(__package__).joinpath("static")
#: Columns of the board text shown in the page until a game has its own drawn board.
BOARD_COLUMNS = 100
#: Games whose board the page draws itself (``static/js/boards/<id>.js``): their snapshots carry
#: no board text, which costs a millisecond or more to lay out.
#: A board's own parts, if it has more than one module, are in ``boards/<id>/``.
DRAWN_BOARDS = frozenset(f.name.removesuffix(".js")
                         for f in STATIC.joinpath("js", "boards").iterdir()
                         if f.is_file() and f.name.endswith(".js"))
#: The catalogue keys the page reads (its own words, bot names, coins).
PAGE_KEYS = ("web.", "bot.", "coins")


@functools.cache
def page_texts(lang: str, game: str | None = None) -> dict[str, str | list[str]]:
    """The page's words in ``lang``: plural messages as their list of forms; with ``game``,
    also that game's board words (its catalogue's ``board.*`` keys, for ``boards/<id>.js``)."""
    msgs = dict(texts(__package__, lang).messages)
    keys: tuple[str, ...] = PAGE_KEYS
    if game is not None:
        msgs.update(texts(f"meeple.games.{game}", lang).messages)
        keys = (*PAGE_KEYS, "board.")
    return {k: list(v) if isinstance(v, tuple) else v for k, v in msgs.items()
            if k.startswith(keys)}


def board_text(game: Game[Any], view: dict[str, Any], seat: int | None, lang: str) -> str | None:
    """The seat's board as the terminal draws it (the game's ``render``), as plain text; None
    for a game whose board the page draws."""
    if game.id in DRAWN_BOARDS:
        return None
    out = io.StringIO()
    console = Console(file=out, width=BOARD_COLUMNS, color_system=None, force_terminal=False,
                      legacy_windows=False)
    console.print(renderer(game)(view, seat, lang))
    return "\n".join(line.rstrip() for line in out.getvalue().splitlines())


def languages() -> list[dict[str, str]]:
    """Every language the server speaks (its catalogues'), the default first, each with its
    name in itself, for the page's language switch.

    >>> languages()[0]
    {'lang': 'en', 'name': 'English'}
    """
    return [{"lang": lang, "name": language_name(lang)} for lang in LANGS]


async def page_languages(request: Request) -> JSONResponse:
    return JSONResponse(languages())


async def page_words(request: Request) -> JSONResponse:
    lang = request.query_params.get("lang", "en")
    if lang not in LANGS:
        return JSONResponse({"reason": f"unknown language {lang!r}; choose one of: "
                                       f"{', '.join(LANGS)}"}, status_code=422)
    game = request.query_params.get("game")
    if game is not None and game not in game_ids(hidden=True):
        return JSONResponse({"reason": f"unknown game {game!r}; choose one of: "
                                       f"{', '.join(game_ids())}"}, status_code=422)
    return JSONResponse(page_texts(lang, game))


def _file(name: str) -> Any:
    async def send(request: Request) -> FileResponse:
        return FileResponse(str(STATIC.joinpath(name)), media_type="text/html")
    return send


def routes() -> list[BaseRoute]:
    """The lobby at ``/``, a match at ``/match/{id}``, the files under ``/static``, the
    page's words at ``/api/texts?lang=`` and the languages it may show at ``/api/langs``."""
    return [
        Route("/", _file("index.html")),
        Route("/match/{match}", _file("match.html")),
        Route("/api/texts", page_words),
        Route("/api/langs", page_languages),
        Mount("/static", StaticFiles(directory=str(STATIC)), name="static"),
    ]
