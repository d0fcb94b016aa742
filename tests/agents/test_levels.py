"""Levels (``meeple/agents/levels.toml``): every game names its easy, fair and strong bots and
its scripted ones; a level is a seat name that resolves to its spec, within the server's
ceiling; an unknown level is refused with the levels listed; random is never offered."""

from __future__ import annotations

from dataclasses import replace

import pytest

from meeple.agents import AGENTS, LEVELS, make, offered, resolve
from meeple.agents.levels import YARDSTICK, Entry, Strength, check_table, entries, seat_name
from meeple.core import ConfigError, game_class, game_ids
from meeple.i18n import LANGS, texts
from meeple.server.limits import Limits
from meeple.server.thinking import check_spec
from meeple.tui.levels import strength_words


def test_every_game_is_in_the_levels_file() -> None:
    assert check_table() == []


@pytest.mark.parametrize("game", game_ids())
def test_a_level_resolves_to_its_spec_for_every_game(game: str) -> None:
    got = {e.name: e for e in entries(game)}
    assert [e.name for e in entries(game)] == [*LEVELS, *sorted(game_class(game).bots)]
    assert got["easy"].spec == YARDSTICK
    for level in LEVELS:
        spec = resolve(level, game)
        assert spec == got[level].spec and spec not in LEVELS
        made = make(level, 3, game)
        assert type(made) is type(make(spec, 3, game))
        assert seat_name(spec, game) is not None
        check_spec(spec, game, Limits())  # within meeple serve's default ceiling
    for bot in game_class(game).bots:
        assert got[bot].spec == f"{game}:{bot}" and got[bot].seat == f"{game}:{bot}"


@pytest.mark.parametrize("game", game_ids())
def test_random_is_never_offered_to_people(game: str) -> None:
    offered_kinds = {a.name for a in AGENTS if a.offered}
    assert "random" not in offered_kinds and "mcts-cheat" not in offered_kinds
    assert not any(s.startswith(("random", "mcts-cheat")) for s in offered(game))
    for e in entries(game):
        assert not e.spec.startswith(("random", "mcts-cheat")), e


def test_an_unknown_level_is_refused_listing_the_levels() -> None:
    with pytest.raises(ConfigError, match="levels are: easy, fair, strong"):
        make("hard", 0, "myth")
    with pytest.raises(ConfigError, match="is a level"):
        make("strong", 0)  # a level is a bot of a game


def test_a_spec_is_not_a_level_and_stays_itself() -> None:
    assert resolve("mcts:50", "myth") == "mcts:50"
    assert resolve("human", "myth") == "human"
    assert make("mcts:50", 0, "myth").config.iterations == 50  # type: ignore[attr-defined]


@pytest.mark.parametrize("lang", LANGS)
@pytest.mark.parametrize("game", game_ids())
def test_every_level_says_how_it_plays(game: str, lang: str) -> None:
    t = texts("meeple", lang)
    for e in entries(game):
        assert t.has(e.about), (e.about, lang)
    for level in LEVELS:
        assert t.has(f"level.{level}") and t.has(f"level.{level}.about")


@pytest.mark.parametrize("game", game_ids())
def test_a_measured_strength_is_whole(game: str) -> None:
    for e in entries(game):
        s = e.strength
        if s is None:
            continue
        assert 0 <= s.wins <= s.games and s.games > 0
        assert s.low <= s.rate <= s.high
        assert s.ms >= 0 and len(s.date) == 10
        assert s.command.startswith((f"meeple arena {game} --seats {e.spec},",  # levels.py
                                     f"python benchmarks/ladder.py {game} (its {e.spec} row"))


def test_a_strength_is_told_in_words_in_every_language() -> None:
    strong = Strength(16, 20, 0.58, 0.92, 400.0, "2026-12-03", "meeple arena myth ...")
    fair = Entry("myth", "fair", "mcts:100", strong)
    en, ru = texts("meeple", "en"), texts("meeple", "ru")
    assert strength_words(fair, en) == ("Wins about 8 of 10 two-player games against the easy bot, "
                                        "0.4 s a move.")
    assert strength_words(fair, ru) == ("Выигрывает примерно 8 из 10 партий один на один "
                                        "у лёгкого бота, 0,4 с на ход.")
    few = replace(fair, strength=replace(strong, wins=3, games=4, ms=12.0))
    assert strength_words(few, en) == ("Won 3 of the 4 two-player games it played against the "
                                       "easy bot, moves at once.")
    team = replace(fair, game="andor")
    assert strength_words(team, en).startswith("A team of two of them wins about 8 of 10 legends")
    assert strength_words(team, ru).startswith("Команда из двух таких выигрывает примерно 8 из 10 "
                                               "легенд")
    assert strength_words(replace(fair, spec="greedy", name="easy"), en).startswith(
        "The yardstick")
    assert strength_words(replace(fair, strength=None), ru) == "Ещё не измерен."


def test_nearly_every_game_won_is_told_as_counted_not_as_ten_of_ten() -> None:
    """150 of 153 and 22 of 22 both round to "about 10 of 10": the counts tell them apart."""
    en = texts("meeple", "en")
    most = Strength(150, 153, 0.94, 0.99, 19.4, "2026-12-06", "meeple arena andor ...")
    every = replace(most, wins=22, games=22, low=0.85, high=1.0, ms=780.0)
    fair, strong = Entry("andor", "fair", "mcts:25", most), Entry("andor", "strong", "mcts:1000@1s",
                                                                  every)
    assert strength_words(fair, en) == ("A team of two of them won 150 of the 153 legends it "
                                        "played, moves at once.")
    assert strength_words(strong, en).startswith("A team of two of them won 22 of the 22 legends")
    none = Entry("myth", "fair", "mcts:100", replace(most, wins=2, games=60, low=0.0, high=0.1))
    assert strength_words(none, en).startswith("Won 2 of the 60 two-player games")
