"""Words that must follow the table: a finished game names nobody's turn, and a card that lies
face up is never told as face down."""

from __future__ import annotations

import random

import meeple
from meeple.games.catacombs.lookup import words
from meeple.games.catacombs.render import status
from meeple.games.catacombs.state import CatacombsState
from meeple.i18n import LANGS


def finished(seed: int = 0) -> CatacombsState:
    st = meeple.load("catacombs", players=2).new_state(seed)
    assert isinstance(st, CatacombsState)
    pick = random.Random(seed)
    while not st.is_over:
        st.apply(pick.choice(st.legal_actions()))
    return st


def test_the_terminal_turn_line_of_a_finished_game_names_nobodys_turn() -> None:
    st = finished()
    for lang in LANGS:
        t = words(lang)
        line = status(st.view(0), t)  # type: ignore[arg-type]
        assert line.startswith(t("screen.over"))
        assert all(t("screen.turn", name=n) not in line for n in st.game.seat_names(None, lang))


def test_a_face_up_cards_catalogue_entry_does_not_say_it_lies_face_down() -> None:
    """The catalogue describes a card only once it lies face up on the table (``on_table``)."""
    game = meeple.load("catacombs", players=2)
    for lang, banned in (("en", "face down"), ("ru", "лицом вниз")):
        entries = game.catalogue(lang)
        cards = [e for cid, e in entries.items() if cid.startswith(("monster-", "treasure-",
                                                                     "weapon-", "armour-"))]
        assert cards
        for entry in cards:
            assert banned not in entry["text"], entry
