"""Every game teaches itself: its how-to page, in every language, explains every action and
every phase (an anchor for each, which the match page links to), and its example positions are
real positions of the game (docs/howto.md)."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from meeple.cli import main
from meeple.core import ContentError, game_class, game_ids
from meeple.i18n import LANGS
from meeple.tui.howto import _example, anchors_wanted, read, terminal_text

from .words import problems

GAMES = game_ids(hidden=True)
CASES = [(g, lang) for g in GAMES for lang in LANGS]


@pytest.mark.parametrize(("game_id", "lang"), CASES)
def test_the_howto_explains_every_action_and_phase(game_id: str, lang: str) -> None:
    page = read(game_id, lang)
    assert page.lang == lang, f"{game_id} has no how-to in {lang}"
    game = game_class(game_id)()
    missing = anchors_wanted(game) - page.anchors
    assert not missing, f"{game_id} ({lang}) how-to has no paragraph for {sorted(missing)}"


@pytest.mark.parametrize(("game_id", "lang"), CASES)
def test_every_example_is_a_position_of_the_game(game_id: str, lang: str) -> None:
    page = read(game_id, lang)
    assert page.examples, f"{game_id} ({lang}) how-to draws no example position"
    for example in page.examples:
        example.state()  # ContentError if an action is not legal on the way


@pytest.mark.parametrize("game_id", GAMES)
def test_the_languages_draw_the_same_examples(game_id: str) -> None:
    pages = [read(game_id, lang) for lang in LANGS]
    assert all(p.examples == pages[0].examples for p in pages)
    assert all(p.anchors == pages[0].anchors for p in pages)


@pytest.mark.parametrize(("game_id", "lang"), CASES)
def test_the_terminal_prints_the_howto_in_words(game_id: str, lang: str) -> None:
    text = terminal_text(game_id, lang)
    assert "<a id" not in text and "```" not in text
    assert not problems(text, lang, game_class(game_id)())


def test_meeple_rules_prints_the_page_in_the_language_asked() -> None:
    out = CliRunner().invoke(main, ["rules", "tictactoe", "--lang", "ru"])
    assert out.exit_code == 0, out.output
    assert "Как играть" in out.output and "Mark" not in out.output


def test_meeple_rules_refuses_an_unknown_game_and_names_the_games() -> None:
    out = CliRunner().invoke(main, ["rules", "chess"])
    assert out.exit_code == 2 and "tictactoe" in out.output


def test_a_malformed_example_is_a_content_error() -> None:
    with pytest.raises(ContentError, match="not JSON"):
        _example("tictactoe", "{players: 2")
    with pytest.raises(ContentError, match="keys"):
        _example("tictactoe", '{"moves": []}')
    bad = _example("tictactoe", '{"actions": ["mark b2", "mark b2"]}')
    with pytest.raises(ContentError, match="example action 2 'mark b2' is not legal"):
        bad.state()
