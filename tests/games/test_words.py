"""Every game in words, in English and Russian (docs/words.md).

Random play in every game and player count: each event every seat (and a spectator) receives is
described, each legal action is labelled for the seat taking it, and the result is told; no
text is empty or shows Python values, brackets, underscores or content ids, and Russian text has
no Latin-script word beyond the game's short allowlist. Every event kind a game's code emits has
a text in both catalogues, the two catalogues have the same keys and fields, every content id is
in the catalogue, every screen fits 80 and 160 columns and 50 rows, and one screen per game,
language and width is pinned exactly (``tests/games/<id>/screens/``; rewrite them with
``MEEPLE_UPDATE_SCREENS=1`` after a deliberate change, and read the diff).
"""

from __future__ import annotations

import ast
import os
import re
import string
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

import meeple
from meeple.core import game_class, game_ids
from meeple.i18n import LANGS
from meeple.tui import screen

from .words import SRC, TESTS, config, content_ids, problems, random_play, state_at

GAMES = game_ids(hidden=True)
COUNTS = [(g, n) for g in GAMES for n in game_class(g).allowed_players()]
LOCALE = SRC.parent / "locale"


def emitted_kinds(game_id: str) -> set[str]:
    """Every event kind the game's code passes to ``_emit``, read with ``ast``."""
    kinds: set[str] = set()
    for path in (SRC / game_id).glob("*.py"):
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)
                    and node.func.attr == "_emit" and node.args
                    and isinstance(node.args[0], ast.Constant)
                    and isinstance(node.args[0].value, str)):
                kinds.add(node.args[0].value)
    return kinds


def po(path: Path) -> dict[str, tuple[str, ...]]:
    with path.open("rb") as f:
        cat = read_po(f)
    return {(m.id if isinstance(m.id, str) else m.id[0]):
            ((m.string,) if isinstance(m.string, str) else tuple(m.string or ()))
            for m in cat if m.id}


def fields(texts: tuple[str, ...]) -> set[str]:
    return {f for t in texts for _, f, _, _ in string.Formatter().parse(t) if f}


@pytest.mark.parametrize(("game_id", "players"), COUNTS)
@pytest.mark.parametrize("lang", LANGS)
def test_random_play_reads_as_words(game_id: str, players: int, lang: str) -> None:
    game = game_class(game_id)(players=players)
    bad: list[str] = []
    for seed in (1, 2):
        st = None
        for st in random_play(game_id, players, seed):
            if st.is_over:
                break
            view = st.view(st.to_act)
            for a in st.legal_actions():
                text = game.label(a, lang, view)
                bad += [f"label of {a.text!r}: {text!r} {p}" for p in problems(text, lang, game)]
        assert st is not None
        for seat in [None, *range(players)]:
            names = game.seat_names(st.view(seat), lang)
            bad += [f"seat name {n!r} {p}" for n in names for p in problems(n, lang, game)]
            for e in st.events(seat):
                text = game.describe(e, lang, names)
                bad += [f"event {e!r}: {text!r} {p}" for p in problems(text, lang, game)]
        if st.is_over:
            for line in game.outcome(st.result(), lang, game.seat_names(st.view(None), lang)):
                bad += [f"outcome {line!r} {p}" for p in problems(line, lang, game)]
    assert not bad, "\n".join(sorted(set(bad))[:40])


@pytest.mark.parametrize("game_id", GAMES)
def test_every_event_kind_has_a_text(game_id: str) -> None:
    for lang in LANGS:
        keys = po(SRC / game_id / "locale" / f"{lang}.po")
        missing = [k for k in sorted(emitted_kinds(game_id))
                   if f"event.{k}" not in keys and not any(
                       key.startswith(f"event.{k}.") for key in keys)]
        assert not missing, f"{lang}.po has no text for the events {missing}"


@pytest.mark.parametrize("package", [LOCALE, *(SRC / g / "locale" for g in GAMES)],
                         ids=["meeple", *GAMES])
def test_catalogues_match(package: Path) -> None:
    en, ru = po(package / "en.po"), po(package / "ru.po")
    assert sorted(set(en) ^ set(ru)) == []
    for key in en:
        assert fields(en[key]) == fields(ru[key]), key
        assert (len(en[key]) > 1) == (len(ru[key]) > 1), f"{key}: plural in one language only"
        assert all(t.strip() for t in en[key] + ru[key]), f"{key}: empty"


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_catalogue_covers_content(game_id: str, lang: str) -> None:
    game = meeple.load(game_id)
    cat = game.catalogue(lang)
    skip = set(config(game_id).get("not_shown", []))
    missing = sorted(content_ids(game_id) - set(cat) - skip)
    assert not missing, f"no catalogue entry for {missing}"
    for cid, entry in cat.items():
        assert entry["source"] in ("rulebook", "authored"), cid
        for part in ("name", "kind", "text"):
            assert not problems(entry[part], lang, game), (cid, part, entry[part])
        for k, v in entry.get("numbers", {}).items():
            assert not problems(f"{k} {v}", lang, game), (cid, k, v)


@pytest.mark.parametrize(("game_id", "players"), COUNTS)
@pytest.mark.parametrize("lang", LANGS)
def test_screens_fit(game_id: str, players: int, lang: str) -> None:
    game = game_class(game_id)(players=players)
    for i, st in enumerate(random_play(game_id, players, 3)):
        if st.is_over or i % 7:
            continue
        for width in (80, 160):
            text = screen(game, st, st.to_act, lang, width)
            lines = text.splitlines()
            wide = [ln for ln in lines if len(ln) > width]
            assert not wide, f"step {i}, {width} columns: {wide[0]!r}"
            assert len(lines) < 50, f"step {i}, {width} columns: {len(lines)} rows\n{text}"
            assert not problems(text, lang, game), f"step {i}:\n{text}"


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("width", [80, 160])
def test_exact_screen(game_id: str, lang: str, width: int) -> None:
    st = state_at(game_id)
    text = screen(st.game, st, st.to_act, lang, width)
    path = TESTS / game_id / "screens" / f"{lang}-{width}.txt"
    if os.environ.get("MEEPLE_UPDATE_SCREENS"):
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, "utf-8")
    assert text == path.read_text("utf-8")
    assert max(map(len, text.splitlines())) <= width


def test_the_forbidden_are_found() -> None:
    """The checks above catch what they look for."""
    game = meeple.load("catacombs")
    assert problems("seat 2, need None", "en", game)
    assert problems("Тролль: {'a': 1}", "ru", game)
    assert problems("Гном покупает Short Sword", "ru", game)
    assert problems("", "en", game)
    assert re.search("empty", " ".join(problems(" ", "en", game)))
