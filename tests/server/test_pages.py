"""The page's files and words: served from the package, every key the scripts use is in both
catalogues, and nothing is fetched from elsewhere. The boards are each game's own, served from
its package (tests/server/test_boards.py)."""

from __future__ import annotations

import re
from collections.abc import Iterator
from pathlib import Path

import pytest
from starlette.testclient import TestClient

from meeple.core import game_ids
from meeple.server import Store, Tables, sqlite_url
from meeple.server.app import make_app
from meeple.server.pages import STATIC, board_folder, page_texts

#: Each game's drawn board: its folder in the game's package.
BOARDS = {g: Path(str(f)) for g in game_ids(hidden=True) if (f := board_folder(g)) is not None}
#: Every module of a board, by game.
PARTS = {g: sorted(folder.rglob("*.js")) for g, folder in BOARDS.items()}
#: The page's own scripts, and with the boards' every script the page runs.
PAGE_SCRIPTS = sorted(Path(str(STATIC)).glob("js/**/*.js"))
SCRIPTS = PAGE_SCRIPTS + [p for parts in PARTS.values() for p in parts]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    with TestClient(make_app(Tables(Store(sqlite_url(str(tmp_path / "p.db")))))) as c:
        yield c


def test_the_lobby_the_match_page_and_their_files_are_served(client: TestClient) -> None:
    lobby = client.get("/")
    assert lobby.status_code == 200 and "/static/js/lobby.js" in lobby.text
    page = client.get("/match/anything")
    assert page.status_code == 200 and "/static/js/match.js" in page.text
    for path in ["/static/meeple.css", "/static/meeple.svg",
                 *(f"/static/{p.relative_to(Path(str(STATIC))).as_posix()}" for p in PAGE_SCRIPTS),
                 *(f"/boards/{g}/{p.relative_to(BOARDS[g]).as_posix()}"
                   for g, parts in PARTS.items() for p in parts)]:
        r = client.get(path)
        assert r.status_code == 200, path
    assert "javascript" in client.get("/static/js/match.js").headers["content-type"]
    assert client.get("/static/js/nothing.js").status_code == 404


def test_the_page_words_come_in_either_language_and_another_is_refused(client: TestClient
                                                                     ) -> None:
    en, ru = client.get("/api/texts?lang=en").json(), client.get("/api/texts?lang=ru").json()
    assert en["web.match.your_turn"] == "Your turn" and ru["web.match.your_turn"] == "Ваш ход"
    assert ru["coins"] == ["{n} монета", "{n} монеты", "{n} монет"]
    r = client.get("/api/texts?lang=fr")
    assert r.status_code == 422 and "en, ru" in r.json()["reason"]


def test_the_page_learns_the_languages_and_the_agents_names_from_the_server(
        client: TestClient) -> None:
    """The language switch and a seat's bot are named from what the server sends, so the
    scripts list neither (tests/test_languages.py, tests/agents/test_registry.py)."""
    langs = client.get("/api/langs")
    assert langs.status_code == 200
    assert langs.json() == [{"lang": "en", "name": "English"}, {"lang": "ru", "name": "Русский"}]
    myth = next(g for g in client.get("/api/games?lang=ru").json() if g["id"] == "myth")
    assert myth["agents"]["mcts"] == "думающий" and myth["agents"]["myth:balance"] == "сценарный"


def test_every_word_the_scripts_ask_for_is_in_both_catalogues() -> None:
    used = set()
    for script in SCRIPTS:
        used |= set(re.findall(r"""\bt\(\s*[`"']((?:web|bot)\.[\w.]+)[`"']""", script.read_text()))
    assert len(used) > 40
    for lang in ("en", "ru"):
        missing = used - set(page_texts(lang))
        assert not missing, f"{lang}: {sorted(missing)}"
    assert set(page_texts("en")) == set(page_texts("ru"))


@pytest.mark.parametrize("game", sorted(BOARDS))
def test_every_word_a_board_asks_for_is_in_its_games_catalogues(game: str) -> None:
    used = {k for part in PARTS[game]
            for k in re.findall(r"""\bt\(\s*[`"'](board\.[\w.]+)[`"']""", part.read_text())}
    for lang in ("en", "ru"):
        missing = used - set(page_texts(lang, game))
        assert not missing, f"{game} {lang}: {sorted(missing)}"
    assert {k for k in page_texts("en", game) if k.startswith("board.")} == {
        k for k in page_texts("ru", game) if k.startswith("board.")}


def test_a_games_board_words_come_with_the_page_words_and_an_unknown_game_is_refused(
        client: TestClient) -> None:
    words = client.get("/api/texts?lang=ru&game=tictactoe").json()
    assert words["web.match.your_turn"] == "Ваш ход"
    r = client.get("/api/texts?lang=en&game=chess")
    assert r.status_code == 422 and "catacombs" in r.json()["reason"]


def test_the_page_loads_nothing_from_another_site() -> None:
    files = [*SCRIPTS, *Path(str(STATIC)).glob("*.*"),
             *(p for folder in BOARDS.values() for p in folder.rglob("*.css"))]
    for f in files:
        text = f.read_text()
        assert not re.search(r"https?://(?!www\.w3\.org/2000/svg)", text), f.name
        assert "import(" not in text or "./" in text, f.name
