"""Content files: a broken file is a ContentError naming the file, the entry and the field."""

from __future__ import annotations

from pathlib import Path

import pytest

from meeple.content import Entry, load_file, load_section
from meeple.core import ContentError
from meeple.games._template.content import Card


class Weapon(Entry):
    strength: int
    hands: int = 1


def write(tmp_path: Path, text: str) -> Path:
    p = tmp_path / "weapons.toml"
    p.write_text(text, "utf-8")
    return p


GOOD = """
[[weapon]]
id = "axe"
name = "Axe"
name_ru = "Топор"
source = "authored"
strength = 3
"""


def test_a_good_file_loads_frozen_entries_with_both_names(tmp_path: Path) -> None:
    (axe,) = load_file(write(tmp_path, GOOD), "weapon", Weapon)
    assert (axe.strength, axe.hands, axe.label("ru"), axe.label("en")) == (3, 1, "Топор", "Axe")
    with pytest.raises(ValueError):
        axe.strength = 5  # type: ignore[misc]


@pytest.mark.parametrize(
    ("text", "entry", "field", "words"),
    [
        (GOOD.replace("strength = 3", 'strength = "strong"'), "axe", "strength", "integer"),
        (GOOD.replace("strength = 3\n", ""), "axe", "strength", "Field required"),
        (GOOD.replace('source = "authored"', 'source = "guess"'), "axe", "source", "rulebook"),
        (GOOD + "colour = 1\n", "axe", "colour", "Extra inputs"),
        (GOOD + GOOD, "axe", "id", "appears twice"),
    ],
)
def test_broken_entries_name_file_entry_and_field(tmp_path: Path, text: str, entry: str,
                                                  field: str, words: str) -> None:
    path = write(tmp_path, text)
    with pytest.raises(ContentError) as err:
        load_file(path, "weapon", Weapon)
    assert (err.value.entry, err.value.field) == (entry, field)
    assert str(path) in str(err.value) and words in str(err.value)


def test_bad_toml_missing_section_and_missing_file(tmp_path: Path) -> None:
    with pytest.raises(ContentError, match="not valid TOML"):
        load_file(write(tmp_path, "[[weapon]\nid="), "weapon", Weapon)
    with pytest.raises(ContentError, match=r"no \[\[armour\]\] entries"):
        load_file(write(tmp_path, GOOD), "armour", Weapon)
    with pytest.raises(ContentError, match="cannot read"):
        load_file(tmp_path / "absent.toml", "weapon", Weapon)
    with pytest.raises(ContentError, match="not found"):
        load_section("meeple.games._template", "absent.toml", "card", Card)


def test_shipped_content_is_loaded_once_and_shared() -> None:
    a = load_section("meeple.games._template", "cards.toml", "card", Card)
    b = load_section("meeple.games._template", "cards.toml", "card", Card)
    assert a is b and all(c.source == "authored" for c in a)
