"""The browser side of ``meeple serve``: the lobby and match pages, their static files, each
game's drawn board, the words they show, and each seat's board as text.

The page is plain ES modules, SVG and CSS shipped in the package (``static/``), with no build
step and nothing fetched from elsewhere. A game's drawn board lives in the game's own package,
in the folder its ``Game.board_folder`` names (``board/``: ``board.js``, its helper modules and
``board.css``), and is served from there at ``/boards/<id>/<file>`` (docs/boards.md), so a game
from another package ships its board as meeple's own do. Every word the page shows comes from
the catalogues: ``locale/<lang>.po`` beside this module for the page itself (served by
``/api/texts``), the games' own catalogues for everything in a match (in the snapshots) and for
their boards' ``board.*`` words.
"""

from __future__ import annotations

import functools
import importlib.resources
import io
import re
import sys
from importlib.resources.abc import Traversable
from pathlib import Path, PurePosixPath
from typing import Any

from rich.console import Console
from starlette.requests import Request
from starlette.responses import FileResponse, JSONResponse, Response
from starlette.routing import BaseRoute, Mount, Route
from starlette.staticfiles import StaticFiles

from meeple.core import Game, game_class, game_ids
from meeple.i18n import LANGS, language_name, texts
from meeple.tui.screen import renderer

from .refusal import Refused

STATIC = importlib.resources.files(__package__).joinpath("static")
#: Columns of the board text shown in the page for a game with no drawn board.
BOARD_COLUMNS = 100
#: The module of a drawn board that the page loads, in the game's board folder.
BOARD_MODULE = "board.js"
#: What a board folder serves, by suffix, with its content type: its modules, its style sheets
#: and its pictures. Nothing else in a game's package is served.
BOARD_TYPES = {".js": "text/javascript; charset=utf-8", ".css": "text/css; charset=utf-8",
               ".svg": "image/svg+xml"}
#: One part of a board file's path: letters, digits, ``_``, ``-`` and dots, never first a dot
#: (so never ``..`` nor a hidden file), and no longer than a file name may be.
BOARD_PART = re.compile(r"[A-Za-z0-9_-][A-Za-z0-9_.-]{0,99}")
#: The longest path inside a board folder, and the most folders deep.
BOARD_PATH_CHARS, BOARD_PATH_PARTS = 200, 4
#: The catalogue keys the page reads (its own words, bot names, coins).
PAGE_KEYS = ("web.", "bot.", "coins")


def game_package(cls: type[Game[Any]]) -> str:
    """The package that holds the Game class ``cls``: where its catalogues and board are."""
    module = sys.modules[cls.__module__]
    return module.__package__ or module.__name__


def _board_folder(cls: type[Game[Any]]) -> Traversable | None:
    return _board_in(game_package(cls), cls.board_folder)


@functools.cache
def _board_in(package: str, name: str | None) -> Traversable | None:
    """The folder ``name`` of ``package`` if it holds a board module."""
    if name is None:
        return None
    folder = importlib.resources.files(package).joinpath(name)
    return folder if folder.joinpath(BOARD_MODULE).is_file() else None


def board_folder(game_id: str) -> Traversable | None:
    """The folder of the game ``game_id``'s drawn board in the game's own package (the one its
    ``Game.board_folder`` names, holding ``board.js``); None for a game with no drawn board or
    an id no game has."""
    if game_id not in game_ids(hidden=True):
        return None
    return _board_folder(game_class(game_id))


def board_file(game_id: str, path: str) -> tuple[Traversable, str] | None:
    """The file at ``path`` (``board.js``, ``parts/map.js``) in the board folder of
    ``game_id``, with its content type; None unless it is a ``.js``, ``.css`` or ``.svg`` file
    inside that folder, reached by plain names (no ``..``, no hidden file, no link out)."""
    if len(path) > BOARD_PATH_CHARS or path.count("/") >= BOARD_PATH_PARTS:
        return None
    folder = board_folder(game_id)
    parts = path.split("/")
    suffix = PurePosixPath(path).suffix
    if folder is None or suffix not in BOARD_TYPES or not all(map(BOARD_PART.fullmatch, parts)):
        return None
    found = folder
    for part in parts:
        found = found.joinpath(part)
    if not found.is_file():
        return None
    if isinstance(found, Path) and isinstance(folder, Path) and not (
            found.resolve().is_relative_to(folder.resolve())):
        return None
    return found, BOARD_TYPES[suffix]


@functools.cache
def page_texts(lang: str, game: str | None = None) -> dict[str, str | list[str]]:
    """The page's words in ``lang``: plural messages as their list of forms; with ``game``,
    also that game's board words (its catalogue's ``board.*`` keys, for its ``board.js``)."""
    msgs = dict(texts(__package__, lang).messages)
    keys: tuple[str, ...] = PAGE_KEYS
    if game is not None:
        msgs.update(texts(game_package(game_class(game)), lang).messages)
        keys = (*PAGE_KEYS, "board.")
    return {k: list(v) if isinstance(v, tuple) else v for k, v in msgs.items()
            if k.startswith(keys)}


def board_text(game: Game[Any], view: dict[str, Any], seat: int | None, lang: str) -> str | None:
    """The seat's board as the terminal draws it (the game's ``render``), as plain text; None
    for a game whose board the page draws (its snapshots need no text, which costs a
    millisecond or more to lay out)."""
    if _board_folder(type(game)) is not None:
        return None
    out = io.StringIO()
    console = Console(file=out, width=BOARD_COLUMNS, color_system=None, force_terminal=False,
                      emoji=False, legacy_windows=False)
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


async def board(request: Request) -> Response:
    """A file of a game's drawn board, from the game's own package."""
    game, path = request.path_params["game"], request.path_params["path"]
    found = board_file(game, path)
    if found is None:
        if board_folder(game) is None:
            raise Refused(404, f"the game {game[:64]!r} has no board drawn in the page; its "
                               "snapshots carry the board as text")
        raise Refused(404, f"the board of {game} has no file {path[:120]!r}; a board serves "
                           f"only its own {', '.join(BOARD_TYPES)} files")
    res, kind = found
    if isinstance(res, Path):
        return FileResponse(res, media_type=kind)
    return Response(res.read_bytes(), media_type=kind)


def _file(name: str) -> Any:
    async def send(request: Request) -> FileResponse:
        return FileResponse(str(STATIC.joinpath(name)), media_type="text/html")
    return send


def routes() -> list[BaseRoute]:
    """The lobby at ``/``, a match at ``/match/{id}``, the files under ``/static``, each game's
    drawn board under ``/boards/<id>/``, the page's words at ``/api/texts?lang=`` and the
    languages it may show at ``/api/langs``."""
    return [
        Route("/", _file("index.html")),
        Route("/match/{match}", _file("match.html")),
        Route("/api/texts", page_words),
        Route("/api/langs", page_languages),
        Route("/boards/{game}/{path:path}", board),
        Mount("/static", StaticFiles(directory=str(STATIC)), name="static"),
    ]
