"""The languages are known from the catalogues present, and plural forms from CLDR's rules
(docs/words.md): nothing outside the games names a language or writes a plural rule."""

from __future__ import annotations

import gettext
import re
from pathlib import Path

import pytest
from babel.messages.pofile import read_po

from meeple.core import ConfigError
from meeple.i18n import LANGS, check_lang, language_name, plural_rule

SRC = Path(__file__).resolve().parents[1] / "src" / "meeple"
#: What the games and their boards hold is theirs (tests/games/test_words.py reads it).
THEIRS = ("games/", "server/static/js/boards/", "server/static/js/kit.js",
          "server/static/js/boards.js")
#: A language compared by its code: ``lang == "ru"``, ``lang !== "en"``, ``"ru" if``…
NAMES_A_LANGUAGE = re.compile(r"""lang\w*\s*[!=]==?\s*["'][a-z]{2}["']""")


def catalogues() -> list[Path]:
    return sorted(SRC.rglob("locale/*.po"))


def test_the_languages_are_the_shared_catalogues_english_first() -> None:
    present = {p.stem for p in (SRC / "locale").glob("*.po")}
    assert LANGS[0] == "en" and set(LANGS) == present
    assert list(LANGS[1:]) == sorted(LANGS[1:])
    with pytest.raises(ConfigError, match="choose one of: " + ", ".join(LANGS)):
        check_lang("xx")


def test_every_language_has_its_name_in_itself() -> None:
    assert language_name("en") == "English"
    assert language_name("ru") == "Русский"


@pytest.mark.parametrize("path", catalogues(), ids=lambda p: str(p.relative_to(SRC)))
def test_the_plural_rule_agrees_with_the_catalogues_own(path: Path) -> None:
    """CLDR's rule (by Babel) picks the form the catalogue's ``Plural-Forms`` would, for every
    count a game shows, and the catalogue has a form for each of the language's categories."""
    with path.open("rb") as f:
        catalog = read_po(f)
    lang = path.stem
    theirs = gettext.c2py(catalog.plural_expr)
    ours = plural_rule(lang)
    assert [ours(n) for n in range(1000)] == [theirs(n) for n in range(1000)], path
    assert catalog.num_plurals == max(ours(n) for n in range(1000)) + 1


@pytest.mark.parametrize("path", [p for p in sorted(SRC.rglob("*"))
                                  if p.suffix in (".py", ".js", ".html")
                                  and not str(p.relative_to(SRC)).startswith(THEIRS)],
                         ids=lambda p: str(p.relative_to(SRC)))
def test_no_module_outside_the_games_names_a_language(path: Path) -> None:
    found = NAMES_A_LANGUAGE.findall(path.read_text("utf-8"))
    assert not found, f"{path.relative_to(SRC)} compares a language by its code: {found}"


def test_the_page_takes_its_plural_rules_from_the_browser() -> None:
    source = (SRC / "server" / "static" / "js" / "texts.js").read_text("utf-8")
    assert "Intl.PluralRules" in source and "% 10" not in source and "%10" not in source
