"""The tutorial's code runs as written, its game registers by its entry point as any package's
does, that game passes meeple's whole contract suite, and meeple's server serves its board.

docs/writing-a-game.md builds Pig as a package: every code block whose first line is a comment
naming a file (``# pig/state.py``, ``# pig/locale/ru.po``, ``// pig/board/board.js``) is that
file; the ``toml`` block is the package's ``pyproject.toml``. The files are written into a
folder with the metadata ``pip install`` would leave beside them (the entry point included), so
meeple finds the game exactly as it would find an installed one. The other Python blocks are
run in order, as a reader would run them.
"""

from __future__ import annotations

import fnmatch
import os
import random
import re
import string
import subprocess
import sys
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from babel.messages.pofile import read_po

import meeple
from meeple.i18n import texts
from tests.registered import forget_games

ROOT = Path(__file__).resolve().parents[1]
DOC = ROOT / "docs" / "writing-a-game.md"
FILE = re.compile(r"(?:#|//|/\*|<!--) (pig/[\w/]+\.(?:py|po|js|css|md))(?: \*/| -->)?\n")
#: The languages of the blocks that may be files: modules, catalogues and the board.
FILE_LANGS = ("python", "po", "js", "css", "markdown")


def blocks(lang: str) -> list[str]:
    """The tutorial's blocks in ``lang``, fenced by three backticks or by four (a how-to page
    holds fenced blocks of its own)."""
    found = re.findall(rf"(`{{3,4}}){lang}\n(.*?)\1", DOC.read_text("utf-8"), re.S)
    return [body for _, body in found]


def pyproject() -> dict[str, Any]:
    """The package's ``pyproject.toml``: the tutorial's one ``toml`` block."""
    (text,) = blocks("toml")
    return tomllib.loads(text)


def write_package(site: Path) -> None:
    """The tutorial's files in ``site``, and the metadata of the package they make."""
    for code in (c for lang in FILE_LANGS for c in blocks(lang)):
        named = FILE.match(code)
        if named:
            path = site / named.group(1)
            path.parent.mkdir(parents=True, exist_ok=True)
            with path.open("a", encoding="utf-8") as f:
                f.write(code[named.end():])
    project = pyproject()["project"]
    info = site / f"{project['name'].replace('-', '_')}-{project['version']}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(
        f"Metadata-Version: 2.1\nName: {project['name']}\nVersion: {project['version']}\n")
    games = project["entry-points"]["meeple.games"]
    (info / "entry_points.txt").write_text(
        "[meeple.games]\n" + "".join(f"{k} = {v}\n" for k, v in games.items()))


@pytest.fixture
def pig_site(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """The tutorial's package, installed on ``sys.path`` for one test."""
    site = tmp_path / "site"
    write_package(site)
    monkeypatch.syspath_prepend(str(site))
    forget_games()
    texts.cache_clear()  # the catalogues of this test's package, not an earlier one's
    yield site
    for name in [m for m in sys.modules if m == "pig" or m.startswith("pig.")]:
        del sys.modules[name]
    forget_games()
    texts.cache_clear()


def catalogue(path: Path) -> dict[str, tuple[str, ...]]:
    """A ``.po`` file's messages by key, each as its forms (one unless it is a plural)."""
    with path.open("rb") as f:
        cat = read_po(f)
    return {(m.id if isinstance(m.id, str) else m.id[0]): forms_of(m.string) for m in cat if m.id}


def forms_of(text: str | tuple[str, ...] | list[str] | None) -> tuple[str, ...]:
    """A message's translation as its forms: one, or one per plural form."""
    assert text is not None  # read_po reads a missing translation as ""
    return (text,) if isinstance(text, str) else tuple(text)


def fields(forms: tuple[str, ...]) -> set[str]:
    """The ``{named}`` fields of a message's forms."""
    return {f for t in forms for _, f, _, _ in string.Formatter().parse(t) if f}


def test_the_tutorial_writes_the_parts_of_a_game(pig_site: Path) -> None:
    package = pig_site / "pig"
    written = sorted(p.relative_to(package).as_posix() for p in package.rglob("*")
                     if p.is_file())
    assert written == ["__init__.py", "actions.py", "board/board.css", "board/board.js",
                       "game.py", "heuristic.py", "howto/en.md", "howto/ru.md", "labels.py",
                       "locale/en.po", "locale/ru.po", "lookup.py", "notation.py", "params.py",
                       "places.py", "reasons.py", "render.py", "state.py", "text.py", "turn.py",
                       "verbs.py", "view.py"]


def test_the_package_ships_its_catalogues_and_its_board(pig_site: Path) -> None:
    """An installed package holds only its modules and the data its pyproject names."""
    package = pig_site / "pig"
    data = pyproject()["tool"]["setuptools"]["package-data"]["pig"]
    unshipped = [p.relative_to(package).as_posix() for p in package.rglob("*")
                 if p.is_file() and p.suffix != ".py"
                 and not any(fnmatch.fnmatch(p.relative_to(package).as_posix(), g)
                             for g in data)]
    assert not unshipped, f"pyproject.toml does not ship {unshipped}"


def test_the_catalogues_say_the_same_in_both_languages(pig_site: Path) -> None:
    """Both catalogues have the same keys, each message the same fields, plurals in both, and
    every kind of event the rules emit has a text (as tests/games/test_words.py asks)."""
    locale = pig_site / "pig" / "locale"
    en, ru = catalogue(locale / "en.po"), catalogue(locale / "ru.po")
    assert sorted(set(en) ^ set(ru)) == []
    for key in en:
        assert fields(en[key]) == fields(ru[key]), key
        assert (len(en[key]) > 1) == (len(ru[key]) > 1), f"{key}: plural in one language only"
        assert all(t.strip() for t in en[key] + ru[key]), f"{key}: empty"
    assert (len(en["points"]), len(ru["points"])) == (2, 3)
    emitted = set(re.findall(r"_emit\(\"([\w-]+)\"", (pig_site / "pig" / "turn.py").read_text()))
    assert emitted and {f"event.{k}" for k in emitted} <= set(en)


def test_the_tutorial_runs_and_its_game_plays_to_the_end(pig_site: Path) -> None:
    for code in blocks("python"):
        if not FILE.match(code):
            exec(compile(code, str(DOC), "exec", dont_inherit=True), {"__name__": "tutorial"})
    from pig import Pig

    state = Pig(players=2).new_state(seed=3)
    chooser = random.Random(3)
    while not state.is_over:
        state.apply(chooser.choice(state.legal_actions()))
    assert state.result().winners
    assert state.to_json()["game"] == "pig"


def test_the_game_registers_by_its_entry_point(pig_site: Path) -> None:
    assert meeple.game_ids()[-1] == "pig"  # after meeple's own games
    game = meeple.load("pig", players=3, options={"target": 15})
    state = game.new_state(seed=1)
    while not state.is_over:
        state.apply(state.legal_actions()[0])
    assert meeple.replay(state.record()).to_json() == state.to_json()


def test_the_tutorials_game_passes_the_whole_contract_suite(pig_site: Path) -> None:
    path = [str(pig_site), *filter(None, os.environ.get("PYTHONPATH", "").split(os.pathsep))]
    env = dict(os.environ, MEEPLE_CHECK_GAMES="pig", PYTHONPATH=os.pathsep.join(path))
    run = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-p", "no:cacheprovider", "-rs",
         "tests/games/test_contract.py", "tests/games/test_shape.py",
         "tests/games/test_grammar.py", "tests/games/test_views.py",
         "tests/games/test_howto.py", "tests/games/test_why_not.py"],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600,
        stdin=subprocess.DEVNULL)
    assert run.returncode == 0, run.stdout[-3000:] + run.stderr[-2000:]
    last = run.stdout.strip().splitlines()[-1]
    skipped = [line for line in run.stdout.splitlines() if line.startswith("SKIPPED")]
    assert "passed" in last and "deselected" not in last, last
    assert all("meeple's own games" in line for line in skipped), skipped


def test_the_tutorials_board_is_served_from_its_package(pig_site: Path, tmp_path: Path) -> None:
    """The board the tutorial writes in pig/board/ is served by meeple's server from the Pig
    package, with the place keys its Game declares; its snapshots need no board text."""
    from starlette.testclient import TestClient

    from meeple.server import Store, Tables, pages, sqlite_url
    from meeple.server.app import make_app
    from meeple.server.pages import page_texts

    page_texts.cache_clear()  # this test's package, not an earlier one's
    pages._board_in.cache_clear()
    from pig import Pig

    with TestClient(make_app(Tables(Store(sqlite_url(str(tmp_path / "pig.db")))))) as client:
        for name, kind in [("board.js", "text/javascript"), ("board.css", "text/css")]:
            r = client.get(f"/boards/pig/{name}")
            assert r.status_code == 200, name
            assert r.headers["content-type"].startswith(kind)
            assert r.content == (pig_site / "pig" / "board" / name).read_bytes()
        assert client.get("/boards/pig/game.py").status_code == 404
        assert client.get("/boards/pig/../pig/game.py").status_code == 404
        games = {g["id"]: g for g in client.get("/api/games?lang=en").json()}
        assert games["pig"]["place_keys"] == Pig.place_keys == {"die": "die:turn",
                                                               "bank": "bank:{0}"}
        words = client.get("/api/texts?lang=ru&game=pig").json()
        assert words["board.this_turn"] == "За ход: {n}"
        made = client.post("/api/matches", json={"game": "pig", "seats": ["human", "human"]})
        assert made.status_code == 201, made.text
        token = made.json()["seats"][0]["token"]
        snap = client.get(f"/api/matches/{made.json()['match']}?board=text",
                          headers={"Authorization": f"Bearer {token}"}).json()
        assert not snap.get("screen")
        assert {a["where"] for a in snap["legal"]} == {"die:turn"}
    page_texts.cache_clear()
    pages._board_in.cache_clear()
