"""Each game's drawn board is served by a real ``meeple serve`` from the game's own package
(docs/boards.md): meeple's games from theirs, a game of another package from that package,
only the ``.js``, ``.css`` and ``.svg`` files of the board folder, with the page's security
headers; a game with no board has none to serve and its snapshots carry the board as text.
Every place key is built from the templates its game declares (``Game.place_keys``): in
Python, each key the game's ``places`` draws fits one; in the boards, keys are built only by
the kit's ``place(kind, ...parts)``."""

from __future__ import annotations

import importlib
import re
import textwrap
from collections.abc import Iterator
from pathlib import Path

import pytest

from meeple.core import game_class, game_ids
from meeple.server.guard import CSP
from meeple.server.pages import board_folder
from tests.games.words import random_play
from tests.server.test_guard import Live

#: meeple's games with a drawn board.
DRAWN = [g for g in game_ids(hidden=True) if board_folder(g) is not None]

#: A package that is not meeple's, as pip would install it: two games built on meeple's
#: tic-tac-toe, one with its board in the folder ``drawn/`` (with a part in a subfolder, a
#: picture, and files a board must not serve), one with no board.
OUTSIDE = {
    "noughts/__init__.py": """
        from .game import Crosses, Noughts
        """,
    "noughts/game.py": """
        from meeple.games.tictactoe import TicTacToe


        class Noughts(TicTacToe):
            id = "noughts"
            board_folder = "drawn"
            place_keys = {"cell": "cell:{0}"}


        class Crosses(TicTacToe):
            id = "crosses"
            board_folder = None
            place_keys = {}
        """,
    "noughts/drawn/board.js": """
        import { place, svg } from "/static/js/kit.js";
        import { cell } from "./parts/cells.js";
        export function draw(box, ctx) { box.replaceChildren(cell(ctx, place("cell", "b2"))); }
        """,
    "noughts/drawn/parts/cells.js": """
        export function cell(ctx, key) { return document.createTextNode(key); }
        """,
    "noughts/drawn/board.css": ".noughts { color: black; }\n",
    "noughts/drawn/mark.svg": '<svg xmlns="http://www.w3.org/2000/svg"></svg>\n',
    "noughts/drawn/notes.txt": "not served\n",
    "noughts/drawn/secret.py": "TOKEN = 'not served'\n",
    "noughts/drawn/.hidden.js": "// not served\n",
    "noughts-1.0.dist-info/METADATA": "Metadata-Version: 2.1\nName: noughts\nVersion: 1.0\n",
    "noughts-1.0.dist-info/entry_points.txt":
        "[meeple.games]\ncrosses = noughts:Crosses\nnoughts = noughts:Noughts\n",
}
#: Paths that leave a board folder or ask for what it does not serve, as a client may send
#: them (raw, so nothing between normalises them).
REFUSED = [
    "/boards/myth/../game.py", "/boards/myth/%2e%2e/game.py", "/boards/myth/..%2fgame.py",
    "/boards/myth/..%2F..%2F..%2Fcore%2Fstate.py", "/boards/myth/../locale/en.po",
    "/boards/myth/..\\game.py", "/boards/myth//etc/passwd", "/boards/myth/%2fetc%2fpasswd",
    "/boards/myth/board.js%00.css", "/boards/myth/nothing.js", "/boards/myth/",
    "/boards/../static/js/kit.js", "/boards/noughts/notes.txt", "/boards/noughts/secret.py",
    "/boards/noughts/.hidden.js", "/boards/noughts/../noughts/__init__.py",
    "/boards/noughts/parts/../../__init__.py", "/boards/crosses/board.js",
    "/boards/_template/board.js", "/boards/chess/board.js",
    "/boards/myth/" + "a" * 3000 + ".js", "/boards/myth/" + "a/" * 40 + "board.js",
    "/boards/" + "m" * 3000 + "/board.js",
]


def write(site: Path, files: dict[str, str]) -> Path:
    for name, text in files.items():
        path = site / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(textwrap.dedent(text).lstrip())
    return site


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Live]:
    """``meeple serve`` with the outside package installed on its path."""
    tmp = tmp_path_factory.mktemp("boards")
    site = write(tmp / "site", OUTSIDE)
    with pytest.MonkeyPatch.context() as mp:
        import os
        mp.setenv("PYTHONPATH", os.pathsep.join(filter(None, [
            str(site), os.environ.get("PYTHONPATH", "")])))
        server = Live(tmp)
    try:
        yield server
    finally:
        server.stop()


def board_files(game: str) -> list[str]:
    """The files of a meeple game's board folder, as paths inside it."""
    module = __import__(game_class(game).__module__, fromlist=["_"])
    folder = Path(module.__file__ or "").parent / "board"
    return sorted(p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file())


@pytest.mark.parametrize("game", ["tictactoe", "myth", "catacombs", "heavens", "grabhit",
                                  "andor"])
def test_a_board_is_served_from_its_games_package(live: Live, game: str) -> None:
    files = board_files(game)
    assert {"board.js", "board.css"} <= set(files)
    folder = Path(__import__(game_class(game).__module__, fromlist=["_"]).__file__ or "").parent
    for name in files:
        status, headers, body = live.ask("GET", f"/boards/{game}/{name}")
        assert status == 200, name
        assert body == (folder / "board" / name).read_bytes(), name
        kind = headers["Content-Type"]
        assert kind.startswith("text/javascript" if name.endswith(".js") else "text/css"), kind
        assert headers["Content-Security-Policy"] == CSP
        assert headers["X-Content-Type-Options"] == "nosniff"
        assert "no-store" not in headers.get("Cache-Control", "")


def test_a_board_of_a_game_from_another_package_is_served_from_that_package(live: Live
                                                                           ) -> None:
    for name, kind in [("board.js", "text/javascript"), ("parts/cells.js", "text/javascript"),
                       ("board.css", "text/css"), ("mark.svg", "image/svg+xml")]:
        status, headers, body = live.ask("GET", f"/boards/noughts/{name}")
        assert status == 200, name
        assert headers["Content-Type"].startswith(kind), name
        assert body == textwrap.dedent(OUTSIDE[f"noughts/drawn/{name}"]).lstrip().encode()
        assert headers["Content-Security-Policy"] == CSP
    status, _, games = live.ask("GET", "/api/games?lang=en")
    assert status == 200
    keys = {g["id"]: g["place_keys"] for g in games}
    assert keys["noughts"] == {"cell": "cell:{0}"} and keys["crosses"] == {}
    assert keys["tictactoe"] == {"cell": "cell:{0}"}


def test_a_board_refuses_paths_out_of_its_folder_and_files_it_does_not_serve(live: Live
                                                                            ) -> None:
    for path in REFUSED:
        status, headers, body = live.ask("GET", path)
        assert status in (400, 404), f"{path}: {status}"
        assert b"TOKEN" not in (body if isinstance(body, bytes) else str(body).encode()), path
        assert headers["Content-Security-Policy"] == CSP, path
    status, _, body = live.ask("GET", "/boards/noughts/notes.txt")
    assert status == 404 and ".js, .css, .svg" in body["reason"]
    status, _, body = live.ask("GET", "/boards/crosses/board.js")
    assert status == 404 and "as text" in body["reason"]


def test_only_a_game_with_no_board_gets_its_board_as_text(live: Live) -> None:
    for game, drawn in [("noughts", True), ("crosses", False), ("tictactoe", True)]:
        status, _, made = live.ask("POST", "/api/matches",
                                   {"game": game, "seats": ["human", "human"]})
        assert status == 201, made
        token = made["seats"][0]["token"]
        status, _, snap = live.ask("GET", f"/api/matches/{made['match']}?board=text",
                                   headers={"Authorization": f"Bearer {token}"})
        assert status == 200, snap
        assert bool(snap.get("screen")) is not drawn, game


def template(pattern: str) -> re.Pattern[str]:
    """The keys a place-key template makes: each ``{n}`` one part, with no space."""
    return re.compile("".join(r"(\S+?)" if re.fullmatch(r"\{\d+\}", bit) else re.escape(bit)
                              for bit in re.split(r"(\{\d+\})", pattern)))


@pytest.mark.parametrize("game", game_ids(hidden=True))
def test_every_place_a_game_draws_is_built_from_its_declared_keys(game: str) -> None:
    cls = game_class(game)
    assert all(t.startswith(f"{kind}:") for kind, t in cls.place_keys.items()), cls.place_keys
    made = [template(t) for t in cls.place_keys.values()]
    places = importlib.import_module(f"{cls.__module__.rpartition('.')[0]}.places").places
    seen: set[str] = set()
    for st in random_play(game, cls.allowed_players()[0], seed=2, max_steps=150):
        for seat in (None, *range(st.players)):
            seen |= places(st.view(seat))
    assert seen
    strays = sorted(k for k in seen if not any(m.fullmatch(k) for m in made))
    assert not strays, f"{game} draws places its place_keys do not make: {strays[:8]}"



@pytest.mark.parametrize("game", DRAWN)
def test_a_board_builds_its_place_keys_only_with_the_kit(game: str) -> None:
    """No board script writes a key of its game's kinds as a literal: ``"die:walk"`` or
    `` `cell:${x}` `` are ``place("die")`` and ``place("cell", x)``."""
    folder = Path(str(board_folder(game)))
    kinds = "|".join(map(re.escape, game_class(game).place_keys))
    literal = re.compile(rf"""[`"'](?:{kinds}):""")
    found = [f"{p.name}:{n}: {line.strip()}" for p in sorted(folder.rglob("*.js"))
             for n, line in enumerate(p.read_text("utf-8").splitlines(), 1)
             if literal.search(line) and not line.lstrip().startswith("//")]
    assert not found, "\n".join(found)
