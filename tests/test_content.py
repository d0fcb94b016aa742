"""Content files: a broken file is a ContentError naming the file, the entry and the field."""

from __future__ import annotations

import shutil
import tomllib
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import meeple
import meeple.content
from meeple.content import Entry, load_file, load_section, use_folder
from meeple.core import ContentError
from meeple.games._template.content import Card
from meeple.games.andor.content import load as andor_content
from meeple.games.myth.content import load as myth_content


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
        axe.strength = 5  # the model is frozen: pydantic refuses this at run time


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
    with pytest.raises(ContentError, match="not valid TOML") as err:
        load_file(write(tmp_path, "[[weapon]\nid="), "weapon", Weapon)
    assert (err.value.entry, err.value.field) == ("line 1", "syntax")
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


GAMES = Path(meeple.__file__).parent / "games"


def copy_of(game: str, tmp_path: Path) -> Path:
    dest = tmp_path / game / "content"
    shutil.copytree(GAMES / game / "content", dest)
    return dest


def test_a_game_reads_its_content_from_the_folder_it_is_pointed_at(tmp_path: Path) -> None:
    folder = copy_of("myth", tmp_path)
    text = (folder / "monsters.toml").read_text("utf-8")
    (folder / "monsters.toml").write_text(text.replace('"Ghol"', '"Marsh Ghol"'), "utf-8")
    shipped = myth_content()
    with use_folder("meeple.games.myth", folder):
        assert myth_content().cards["ghol"].name == "Marsh Ghol"
        assert myth_content() is myth_content()
    assert myth_content() is shipped and shipped.cards["ghol"].name == "Ghol"


def test_repeated_loads_reuse_the_checked_content(monkeypatch: pytest.MonkeyPatch) -> None:
    meeple.load("andor")
    checks: list[str] = []
    parses: list[str] = []
    validate, parse_toml = meeple.content.validate, meeple.content.parse_toml

    def counted_validate(data: dict[str, Any], section: str, model: type[Entry],
                         name: str) -> tuple[Entry, ...]:
        checks.append(name)
        return validate(data, section, model, name)

    def counted_parse(text: str, name: str) -> dict[str, Any]:
        parses.append(name)
        return parse_toml(text, name)

    monkeypatch.setattr(meeple.content, "validate", counted_validate)
    monkeypatch.setattr(meeple.content, "parse_toml", counted_parse)
    for _ in range(20):
        meeple.load("andor")
    assert andor_content() is andor_content()
    assert checks == [] and parses == []  # no file read, parsed or checked again


def test_a_pantheon_nobody_chose_is_checked_when_heavens_loads(tmp_path: Path) -> None:
    folder = copy_of("heavens", tmp_path)
    text = (folder / "egyptian.toml").read_text("utf-8")
    (folder / "egyptian.toml").write_text(text.replace("health = ", "health = -", 1), "utf-8")
    with use_folder("meeple.games.heavens", folder), pytest.raises(ContentError) as err:
        meeple.load("heavens", options={"pantheon_a": "greek", "pantheon_b": "norse"})
    assert err.value.file == "heavens/content/egyptian.toml"
    assert err.value.field == "health" and err.value.entry
    assert str(tmp_path) not in str(err.value)
    meeple.load("heavens")  # the shipped content is untouched


def test_a_dangling_reference_names_the_referring_entry(tmp_path: Path) -> None:
    folder = copy_of("andor", tmp_path)
    text = (folder / "creatures.toml").read_text("utf-8")
    (folder / "creatures.toml").write_text(
        text.replace('moves_as = "skral"', 'moves_as = "dragon"', 1), "utf-8")
    with use_folder("meeple.games.andor", folder), pytest.raises(ContentError) as err:
        meeple.load("andor")
    e = err.value
    assert (e.file, e.entry, e.field) == ("andor/content/creatures.toml", "skral", "moves_as")
    assert "'dragon' names no creature" in str(e)


def test_andor_names_no_region_with_none_not_a_number() -> None:
    """The castle has no arrow and most events and legend cards name no region: None."""
    c = andor_content()
    assert [r.id for r in c.regions if r.arrow is None] == [c.map.castle]
    assert all(e.region is None for e in c.events.values() if e.effect not in ("place", "farmer"))
    assert all(e.region is not None for e in c.events.values() if e.effect in ("place", "farmer"))
    assert c.legends["intro"].cards["A"].witch is None


@pytest.mark.parametrize(("file", "old", "new", "entry", "field"), [
    ("map.toml", "neighbours = [1, 2, 3, 4]\n", "neighbours = [1, 2, 3, 4]\narrow = 1\n", 0,
     "arrow"),
    ("map.toml", "arrow = 0\n", "", 1, "arrow"),
    ("map.toml", "arrow = 0\n", "arrow = -1\n", 1, "arrow"),
    ("events.toml", "region = 52\n", "", "raiders_south", "region"),
])
def test_andor_refuses_a_missing_or_stray_region(tmp_path: Path, file: str, old: str, new: str,
                                                  entry: object, field: str) -> None:
    """Only the castle goes without an arrow; a place event names its region; -1 is no
    region."""
    folder = copy_of("andor", tmp_path)
    text = (folder / file).read_text("utf-8")
    assert old in text
    (folder / file).write_text(text.replace(old, new, 1), "utf-8")
    with use_folder("meeple.games.andor", folder), pytest.raises(ContentError) as err:
        meeple.load("andor")
    assert (err.value.entry, err.value.field) == (str(entry), field), str(err.value)


def test_a_stray_file_or_section_is_refused(tmp_path: Path) -> None:
    folder = copy_of("grabhit", tmp_path)
    (folder / "purple.toml").write_text('[[card]]\nid = "x"\n', "utf-8")
    with use_folder("meeple.games.grabhit", folder), pytest.raises(ContentError) as err:
        meeple.load("grabhit")
    assert (err.value.file, err.value.field) == ("grabhit/content/purple.toml", "file")
    (folder / "purple.toml").unlink()
    with (folder / "red.toml").open("a", encoding="utf-8") as f:
        f.write('\n[[scrolls]]\nid = "typo"\n')
    with use_folder("meeple.games.grabhit", folder), pytest.raises(ContentError) as err:
        meeple.load("grabhit")
    assert (err.value.entry, err.value.field) == ("scrolls", "scrolls")


@pytest.fixture(scope="module")
def catacombs_copy(tmp_path_factory: pytest.TempPathFactory) -> Path:
    return copy_of("catacombs", tmp_path_factory.mktemp("c"))


PRICED = tomllib.loads((GAMES / "catacombs/content/items.toml").read_text("utf-8"))


@settings(max_examples=60, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(section=st.sampled_from(["weapon", "armour", "potion"]), row=st.integers(0, 2),
       value=st.integers(-10**6, 10**6))
def test_any_price_either_loads_as_written_or_is_refused(catacombs_copy: Path, section: str,
                                                        row: int, value: int) -> None:
    """A price is a count: a negative one is refused, a positive one loads unchanged, and a
    price of 0 (not for sale) is refused only because the shop sells the item."""
    path = catacombs_copy / "items.toml"
    original = path.read_text("utf-8")
    entry = PRICED[section][row]["id"]
    head = f'id = "{entry}"'
    i = original.index(head)
    j = original.index("price = ", i)
    k = original.index("\n", j)
    path.write_text(original[:j] + f"price = {value}" + original[k:], "utf-8")
    try:
        with use_folder("meeple.games.catacombs", catacombs_copy):
            if value < 0:
                with pytest.raises(ContentError) as err:
                    meeple.load("catacombs")
                assert (err.value.entry, err.value.field) == (entry, "price")
            elif value == 0:
                with pytest.raises(ContentError) as err:
                    meeple.load("catacombs")
                assert (err.value.file, err.value.field) == ("catacombs/content/shop.toml",
                                                             "sells")
            else:
                game = meeple.load("catacombs")
                cat = game.content  # type: ignore[attr-defined]
                assert cat.items[cat.item_index[entry]].price == value
    finally:
        path.write_text(original, "utf-8")


@pytest.mark.parametrize("face", ["0", "7", "d"])
def test_a_battle_table_entry_off_the_die_is_refused(tmp_path: Path, face: str) -> None:
    folder = copy_of("catacombs", tmp_path)
    text = (folder / "battle.toml").read_text("utf-8")
    (folder / "battle.toml").write_text(
        text.replace('needs = "4 3 2 2 3', f'needs = "{face} 3 2 2 3', 1), "utf-8")
    with use_folder("meeple.games.catacombs", folder), pytest.raises(ContentError) as err:
        meeple.load("catacombs")
    e = err.value
    assert (e.file, e.entry, e.field) == ("catacombs/content/battle.toml", "rat", "needs")
    assert f"{face!r} is not 1-6, X or -" in str(e)
