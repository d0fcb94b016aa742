"""The action grammar every game keeps (docs/architecture.md, "Actions").

Each legal action carries a typed verb; its text is the game's notation of that verb and parses
back to it; every verb random play meets is in the game's universe, at an index that a fresh
game object with the same options gives it again; rules dispatch on every verb of the universe.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

import meeple
from meeple.core import Action, ConfigError, Game, IllegalAction, Verb, game_class
from tests.games.checked import checked_games
from tests.games.checked import typed as lists_verbs

CONFIGS = [
    pytest.param(g, p, id=f"{g}-{p}p")
    for g in checked_games()
    for p in game_class(g).allowed_players()
]


def typed(game: str) -> None:
    if not lists_verbs(game):
        pytest.skip(f"{game} has no typed verbs yet")


def legal_of_random_play(game: Game[Any], seeds: range, limit: int = 3000) -> list[Action]:
    """Every legal action offered along a few random games (each distinct one once)."""
    seen: dict[str, Action] = {}
    for seed in seeds:
        st = game.new_state(seed=seed)
        pick = random.Random(seed)
        for _ in range(limit):
            if st.is_over:
                break
            la = st.legal_actions()
            for a in la:
                seen.setdefault(a[0], a)
            st.apply(pick.choice(la))
    return list(seen.values())


@pytest.mark.parametrize(("game", "players"), CONFIGS)
def test_every_legal_action_is_a_verb_whose_text_parses_back(game: str, players: int) -> None:
    typed(game)
    g = meeple.load(game, players=players)
    for a in legal_of_random_play(g, range(3)):
        verb = a[1]
        assert isinstance(verb, Verb), f"{a[0]!r} carries {verb!r}, not a verb"
        assert g.verb_text(verb) == a[0]
        assert g.parse_verb(a[0]) == verb


@pytest.mark.parametrize(("game", "players"), CONFIGS)
def test_the_universe_holds_every_legal_action_at_a_stable_index(game: str,
                                                                 players: int) -> None:
    typed(game)
    g = meeple.load(game, players=players)
    universe = g.action_universe()
    assert len({a[0] for a in universe}) == len(universe), "two verbs share a text"
    again = meeple.load(game, players=players).action_universe()
    assert [a[0] for a in again] == [a[0] for a in universe]
    for a in legal_of_random_play(g, range(3, 5)):
        i = g.action_index(a)
        assert universe[i] == a
        assert g.action(a[1]) is universe[i], "legal actions are the universe's own objects"


@pytest.mark.parametrize(("game", "players"), CONFIGS)
def test_every_option_set_has_its_own_complete_universe(game: str, players: int) -> None:
    typed(game)
    cls = game_class(game)
    for p in cls.options:
        for value in p.choices or ():
            try:
                g = meeple.load(game, players=players, options={p.name: value})
            except ConfigError:  # a choice the other options' defaults rule out
                continue
            universe = set(g.action_universe())
            for a in legal_of_random_play(g, range(1), limit=800):
                assert a in universe, f"{a[0]!r} with {p.name}={value!r} is not in the universe"


@pytest.mark.parametrize("game", [g for g in checked_games()])
def test_notation_refuses_what_is_not_an_action(game: str) -> None:
    typed(game)
    g = meeple.load(game)
    for words in ("", "fly to the moon", "\x00", "é" * 300):
        with pytest.raises(IllegalAction):
            g.parse_verb(words)
