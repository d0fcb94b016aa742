"""The catacombs' grammar (docs/architecture.md, "Actions"): every verb the game could offer has
its text, its rule, its label and its place or button; the notation refuses what the game never
offers; a logged action known only by its text reads as the legal one did."""

from __future__ import annotations

import random

import pytest

import meeple
from meeple.core import Action, IllegalAction
from meeple.games.catacombs import labels, notation, places
from meeple.games.catacombs.actions import RULES
from meeple.games.catacombs.verbs import Buy, ItemId


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_verb_of_the_universe_has_a_text_a_rule_a_label_and_a_place(players: int) -> None:
    game = meeple.load("catacombs", players=players)
    kinds = {type(a.data) for a in game.action_universe()}
    RULES.require(kinds)
    assert kinds <= notation.WRITE.handles() | set(notation.FIXED)
    assert kinds <= labels.LABELS.handles() | set(labels.PLAIN)
    assert kinds <= places.WHERE.handles() | places.BUTTONS
    assert not places.WHERE.handles() & places.BUTTONS


def test_the_universe_counts_every_verb_once() -> None:
    """Two players: 4 entrances to enter and speed to, 4 sides for each of the four moves, 15
    masks to place and to turn to, the shop's wares, each item given and asked for..."""
    game = meeple.load("catacombs", players=2)
    universe = game.action_universe()
    assert universe[0].text == "enter north-west" and universe[-1].text == "end turn"
    assert sum(t.text.startswith("offer trade") for t in universe) == 2
    assert game.action_index(Buy(ItemId(0))) == game.action_index(game.parse_verb("buy Dagger"))


@pytest.mark.parametrize("words", [
    "place SN",                  # the sides are written north first
    "give 7 coins",              # coins go in steps of 10 and 100
    "offer trade to seat 2",     # two players: seats 0 and 1
    "buy Spinner",               # the shop does not sell artifacts
    "drink Speed Potion",        # a speed potion is used by moving, not drunk
    "enter the middle",
    "explore up",
    "take Crossroads ",
])
def test_the_notation_refuses_what_the_game_never_offers(words: str) -> None:
    game = meeple.load("catacombs", players=2)
    with pytest.raises(IllegalAction, match="is not catacombs notation"):
        game.parse_verb(words)


def test_a_logged_action_reads_as_the_legal_one_did() -> None:
    """An action known only by its text (a record's, a log's) is labelled through the notation,
    in both languages, exactly as the legal action with its verb."""
    st = meeple.load("catacombs", players=3).new_state(seed=5)
    chooser = random.Random(5)
    for _ in range(300):
        view = st.view(st.to_act)
        for a in st.legal_actions():
            for lang in ("en", "ru"):
                assert st.game.label(Action(a.text), lang, view) == st.game.label(a, lang, view)
            assert st.game.costs(Action(a.text), view) == st.game.costs(a, view)
        st.apply(chooser.choice(st.legal_actions()))
