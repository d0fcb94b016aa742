"""Every game as the lobby shows it, in English and Russian (``meeple.server.lobby``).

Each game's catalogues say what the game is about (``game.description``), what each option
changes (``option.<name>``) and what each choice of an option is called
(``option.<name>.<choice>``); the texts read as words for a player (no fields, Python values,
brackets, underscores or content ids; Russian without Latin words beyond the game's allowlist),
and ``lobby_info`` hands them out in place of the English of ``Game.info()``, with the bots a
seat can take by their names.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from meeple.agents import make
from meeple.core import ConfigError, game_class, game_ids
from meeple.i18n import LANGS
from meeple.server.lobby import game_texts, lobby_info

from .words import problems

GAMES = game_ids(hidden=True)
CYRILLIC = re.compile("[а-яё]", re.I)


def lobby_keys(game_id: str) -> list[str]:
    """Every catalogue key the lobby reads for ``game_id``."""
    keys = ["game.description"]
    for p in game_class(game_id).options:
        keys.append(f"option.{p.name}")
        keys += [f"option.{p.name}.{c}" for c in (*(p.choices or ()), *(p.items or ()))]
    return keys


def lobby_texts(info: dict[str, Any]) -> list[str]:
    """Every text of a ``lobby_info`` a player reads."""
    out = [info["name"], info["description"]]
    for option in info["options"]:
        out += [option["doc"], *option.get("choice_names", {}).values(),
                *option.get("item_names", {}).values()]
    return out + [b["name"] for b in info["bots"]]


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_every_option_and_choice_has_words(game_id: str, lang: str) -> None:
    cls = game_class(game_id)
    t = game_texts(cls, lang)
    missing = [k for k in lobby_keys(game_id) if not t.has(k)]
    assert not missing, f"{game_id} has no {lang} text for {missing}"
    game = cls()
    bad = [f"{k}: {t(k)!r} {p}" for k in lobby_keys(game_id) for p in problems(t(k), lang, game)]
    assert not bad, "\n".join(bad)
    if lang == "ru":
        latin_only = [k for k in lobby_keys(game_id) if not CYRILLIC.search(t(k))]
        assert not latin_only, f"{game_id}: Russian texts without Russian: {latin_only}"


@pytest.mark.parametrize("game_id", GAMES)
def test_the_words_differ_from_the_english_ones(game_id: str) -> None:
    """The Russian description and option texts are not the English ones left in place."""
    en, ru = (game_texts(game_class(game_id), lang) for lang in ("en", "ru"))
    same = [k for k in lobby_keys(game_id) if en(k) == ru(k)]
    assert not same, f"{game_id}: the same text in both languages for {same}"


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("lang", LANGS)
def test_lobby_info_is_the_info_in_words(game_id: str, lang: str) -> None:
    cls = game_class(game_id)
    t = game_texts(cls, lang)
    info, plain = lobby_info(game_id, lang), cls.info()
    assert info["name"] == (cls.name_ru if lang == "ru" else cls.name)
    assert info["description"] == t("game.description")
    assert [o["name"] for o in info["options"]] == [o["name"] for o in plain["options"]]
    for option, p in zip(info["options"], cls.options, strict=True):
        assert option["doc"] == t(f"option.{p.name}")
        assert option["default"] == p.default
        if p.choices is None:
            assert "choice_names" not in option
        else:
            assert option["choices"] == list(p.choices)
            assert option["choice_names"] == {c: t(f"option.{p.name}.{c}") for c in p.choices}
        if p.items is None:
            assert "item_names" not in option
        else:
            assert option["items"] == list(p.items)
            assert option["item_names"] == {i: t(f"option.{p.name}.{i}") for i in p.items}
    untouched = {k for k in plain if k not in ("name", "description", "options")}
    assert {k: info[k] for k in untouched} == {k: plain[k] for k in untouched}
    bad = [f"{text!r} {p}" for text in lobby_texts(info)
           for p in problems(text, lang, cls())]
    assert not bad, "\n".join(bad)


@pytest.mark.parametrize("game_id", GAMES)
def test_lobby_offers_bots_that_can_take_a_seat(game_id: str) -> None:
    """Bots are offered by level, then the game's own bots by name; never random."""
    en, ru = lobby_info(game_id, "en")["bots"], lobby_info(game_id, "ru")["bots"]
    seats = [b["seat"] for b in en]
    assert seats == ["easy", "fair", "strong", *(f"{game_id}:{b}"
                                                 for b in sorted(game_class(game_id).bots))]
    specs = [b["spec"] for b in en]
    assert "random" not in specs and "mcts-cheat" not in specs
    for spec in specs:
        make(spec, 0, game_id)  # the server seats exactly what the lobby offers
    assert [b["seat"] for b in ru] == seats and [b["spec"] for b in ru] == specs
    assert all(CYRILLIC.search(b["name"]) and CYRILLIC.search(b["about"]) for b in ru)
    assert len({b["name"] for b in en[:3]}) == 3


def test_the_lobby_words_are_the_players_own() -> None:
    """Spot checks that the catalogues hold what the game calls things."""
    andor = lobby_info("andor", "ru")
    legend = next(o for o in andor["options"] if o["name"] == "legend")
    assert legend["choice_names"] == {"intro": "Вводная легенда «Первый дозор»",
                                      "full": "Полная легенда «Тлеющая башня»"}
    heroes = next(o for o in andor["options"] if o["name"] == "heroes")
    assert heroes["item_names"] == {"warrior": "Воин Торн", "archer": "Лучница Чада",
                                    "dwarf": "Гном Крам", "wizard": "Волшебница Эара"}
    heavens = lobby_info("heavens", "en")
    pantheon = next(o for o in heavens["options"] if o["name"] == "pantheon_b")
    assert pantheon["choice_names"]["norse"] == "Norse pantheon"
    catacombs = lobby_info("catacombs", "ru")
    health = next(o for o in catacombs["options"] if o["name"] == "health")
    assert "12" in health["doc"] and "правилам" in health["doc"]
    assert [b["name"] for b in lobby_info("myth", "en")["bots"]][-1] == "scripted"


def test_a_game_without_lobby_words_shows_its_english(monkeypatch: pytest.MonkeyPatch) -> None:
    """A game whose catalogue lacks the lobby's keys (a new one) is shown by its info()."""
    cls = game_class("heavens")
    t = game_texts(cls, "ru")
    for key in ("game.description", "option.layout", "option.layout.flanks"):
        monkeypatch.delitem(t.messages, key)
    info = lobby_info("heavens", "ru")
    layout = next(o for o in info["options"] if o["name"] == "layout")
    assert info["description"] == cls.description
    assert layout["doc"] == next(p.doc for p in cls.options if p.name == "layout")
    assert layout["choice_names"]["flanks"] == "flanks"
    assert layout["choice_names"]["forward"] == t("option.layout.forward")


@pytest.mark.parametrize(("game_id", "lang"), [("chess", "en"), ("andor", "de")])
def test_an_unknown_game_or_language_is_refused(game_id: str, lang: str) -> None:
    with pytest.raises(ConfigError):
        lobby_info(game_id, lang)
