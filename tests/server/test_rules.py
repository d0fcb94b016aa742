"""``GET /rules/<game>``: a game's how-to as a page, in either language, its examples as the
snapshots its board draws from, framed only by the server's own pages; refusals for an
unknown game, a game with no how-to and an unknown language."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from starlette.testclient import TestClient

from meeple.core import game_ids
from meeple.server import Store, Tables, howto, sqlite_url
from meeple.server.app import make_app
from meeple.server.guard import CSP
from meeple.tui.howto import has_howto, read

#: Every game that ships a how-to page.
HOWTOS = [g for g in game_ids() if has_howto(g)]
DATA = re.compile(r'<script type="application/json" id="howto-data">(.*?)</script>', re.S)


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    howto.page.cache_clear()
    with TestClient(make_app(Tables(Store(sqlite_url(str(tmp_path / "r.db")))))) as c:
        yield c
    howto.page.cache_clear()


def data_of(page: str) -> dict[str, Any]:
    found = DATA.search(page)
    assert found is not None, "no snapshots in the page"
    out: dict[str, Any] = json.loads(found.group(1))
    return out


def test_tictactoes_how_to_is_a_page_in_english_and_in_russian(client: TestClient) -> None:
    en, ru = client.get("/rules/tictactoe?lang=en"), client.get("/rules/tictactoe?lang=ru")
    assert en.status_code == ru.status_code == 200
    assert en.headers["content-type"].startswith("text/html")
    assert '<html lang="en">' in en.text and '<html lang="ru">' in ru.text
    assert "<h1>How to play Tic-tac-toe</h1>" in en.text
    assert "<h1>Как играть в крестики-нолики</h1>" in ru.text
    assert "<title>Как играть: Крестики-нолики</title>" in ru.text
    for page in (en, ru):
        assert '<a id="verb-Mark"></a>' in page.text and '<a id="phase-play"></a>' in page.text
        assert "```" not in page.text and '"players"' not in page.text.split("<script")[0]
        assert 'class="top"' in page.text and '/static/js/rules.js' in page.text
        assert '<a href="/rules/tictactoe?lang=ru" lang="ru"' in page.text  # the language switch
    assert 'lang="en" aria-current="page"' in en.text and 'lang="ru" aria-current="page"' in ru.text


def test_each_example_is_a_figure_with_the_snapshot_its_seat_would_receive(
        client: TestClient) -> None:
    page = client.get("/rules/tictactoe?lang=ru").text
    data = data_of(page)
    examples = read("tictactoe", "ru").examples
    assert len(data["examples"]) == len(examples) == page.count('<figure class="example"')
    snap = data["examples"][0]
    assert snap["seat"] == examples[0].seat == snap["to_act"]
    assert snap["view"]["board"] == ["O..", ".X.", "..X"]
    assert {a["verb"] for a in snap["legal"]} == {"Mark"} and len(snap["legal"]) == 6
    assert snap["legal"][0]["label"].startswith("Поставить")
    assert "blocked" in snap and "Глазами игрока «Нолики»" in page
    assert data["game"]["place_keys"] == {"cell": "cell:{0}"} and data["lang"] == "ru"
    assert 'data-example="0"' in page


@pytest.mark.parametrize("game", HOWTOS)
def test_every_how_to_shipped_is_served_with_all_its_examples(client: TestClient,
                                                               game: str) -> None:
    for lang in ("en", "ru"):
        r = client.get(f"/rules/{game}?lang={lang}")
        assert r.status_code == 200, r.text
        assert len(data_of(r.text)["examples"]) == len(read(game, lang).examples)
        for anchor in read(game, lang).anchors:
            assert f'id="{anchor}"' in r.text


def test_the_rules_may_be_framed_by_the_servers_own_pages_and_by_no_other(
        client: TestClient) -> None:
    embedded = client.get("/rules/tictactoe?lang=en&embed=1")
    assert embedded.status_code == 200 and 'class="top"' not in embedded.text
    assert 'class="rules-page embed"' in embedded.text
    assert "frame-ancestors 'self'" in embedded.headers["content-security-policy"]
    assert embedded.headers["x-frame-options"] == "SAMEORIGIN"
    assert embedded.headers["content-security-policy"] == CSP.replace(
        "frame-ancestors 'none'", "frame-ancestors 'self'")  # nothing else is relaxed
    lobby = client.get("/")
    assert lobby.headers["content-security-policy"] == CSP
    assert lobby.headers["x-frame-options"] == "DENY"


def test_an_unknown_game_a_game_without_a_how_to_and_an_unknown_language_are_refused(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    r = client.get("/rules/chess?lang=en")
    assert r.status_code == 404 and "unknown game 'chess'" in r.json()["reason"]
    assert "tictactoe" in r.json()["reason"]
    r = client.get("/rules/tictactoe?lang=fr")
    assert r.status_code == 422 and r.json()["reason"] == (
        "unknown language 'fr'; choose one of: en, ru")
    monkeypatch.setattr(howto, "has_howto", lambda game: False)
    r = client.get("/rules/tictactoe?lang=en")
    assert r.status_code == 404
    assert r.json()["reason"] == ("the game tictactoe has no how-to page yet; its rules are in "
                                  "docs/rules/tictactoe.md")


def test_a_game_the_page_does_not_draw_shows_its_examples_as_board_text(
        client: TestClient, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(howto, "board_folder", lambda game: None)
    monkeypatch.setattr(howto, "board_text", lambda game, view, seat, lang: "O . .\n. X <b>")
    page = client.get("/rules/tictactoe?lang=en").text
    assert '<pre class="screen">O . .\n. X &lt;b&gt;</pre>' in page
    assert data_of(page)["examples"] == [] and "board.css" not in page


def test_the_lobby_knows_which_games_have_a_how_to(client: TestClient) -> None:
    games = {g["id"]: g for g in client.get("/api/games?lang=en").json()}
    assert games["tictactoe"]["howto"] is True
    assert all(g["howto"] == has_howto(gid) for gid, g in games.items())


def test_the_snapshots_cannot_end_their_script_block() -> None:
    text = howto._json({"a": "</script><script>alert(1)</script> & <!--"})
    assert "<" not in text and ">" not in text and "&" not in text
    assert json.loads(text) == {"a": "</script><script>alert(1)</script> & <!--"}
