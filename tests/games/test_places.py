"""Every action has its place on the drawn board, or is deliberately a button (docs/boards.md).

Random play in every game and player count: for each legal action of the seat to act,
``game.where(action, view)`` is either a place key that the game's board draws for that view
(``places.places(view)``) or None, and None exactly for the verbs the game lists as buttons.
"""

from __future__ import annotations

import importlib
import re
from types import ModuleType
from typing import Any

import pytest

from meeple.core import Game, State, game_class, game_ids

from .words import random_play

GAMES = game_ids(hidden=True)
COUNTS = [(g, n) for g in GAMES for n in game_class(g).allowed_players()]
#: A place key: a kind, a colon and what names it, with no spaces (it is a CSS attribute value).
KEY = re.compile(r"[a-z][a-z-]*:\S+")
SEEDS = (1, 2, 3)


def places_module(game_id: str) -> ModuleType:
    return importlib.import_module(f"meeple.games.{game_id}.places")


def misplaced(game: Game[Any], st: State, mod: ModuleType) -> list[str]:
    """What is wrong with the places of the legal actions of ``st``'s seat to act."""
    view = st.view(st.to_act)
    drawn = mod.places(view)
    found = []
    for a in st.legal_actions():
        verb, place = type(a.data), game.where(a, view)
        if place is None and verb not in mod.BUTTONS:
            found.append(f"{a.text!r} has no place and {verb.__name__} is not a button")
        elif place is not None and verb in mod.BUTTONS:
            found.append(f"{a.text!r} is a button verb but has the place {place!r}")
        elif place is not None and not KEY.fullmatch(place):
            found.append(f"{a.text!r} has the malformed place {place!r}")
        elif place is not None and place not in drawn:
            found.append(f"{a.text!r} is at {place!r}, which the board does not draw")
    return found


@pytest.mark.parametrize(("game_id", "players"), COUNTS)
def test_every_action_of_random_play_has_a_drawn_place_or_is_a_button(game_id: str,
                                                                      players: int) -> None:
    mod = places_module(game_id)
    for seed in SEEDS:
        for st in random_play(game_id, players, seed):
            if st.is_over or st.to_act is None:
                continue
            found = misplaced(st.game, st, mod)
            assert not found, f"seed {seed}, after {st.n_actions} actions: {found[:5]}"


@pytest.mark.parametrize("game_id", GAMES)
def test_every_game_binds_where_to_its_places_module(game_id: str) -> None:
    mod = places_module(game_id)
    assert game_class(game_id).where is mod.where
    assert isinstance(mod.BUTTONS, frozenset)


def test_a_wrong_place_is_caught() -> None:
    """The check above fails on a board that lacks the action's place."""
    class Lacking(ModuleType):
        BUTTONS: frozenset[str] = frozenset()

        @staticmethod
        def places(view: object) -> frozenset[str]:
            return frozenset({"cell:a1"})

    st = next(random_play("tictactoe", 2, 1))
    found = misplaced(st.game, st, Lacking("lacking"))
    assert len(found) == 8 and "'cell:b2', which the board does not draw" in " ".join(found)
