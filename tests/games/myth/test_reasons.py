"""Why an action a player expects is missing (Myth's ``why_not``): each reason names the rule,
is built from the seat's view, and is given only for an action the rules forbid now."""

from __future__ import annotations

from meeple.games.myth import heroes

from .scenario import fresh, open_cell, texts, turn_of


def test_explored_ground_tells_why_a_card_is_missing() -> None:
    """MYTH-47: on explored ground the free card and the card too dear at double price are
    missing from the menu, each with its reason; the affordable one is offered."""
    st = fresh(3, 1)
    open_cell(st, (1, 0))
    st.hand[0] = ["splinters_of_relic", "rest", "trow"]
    turn_of(st, 0)
    st.apply("move east")
    assert texts(st) == ["play The Rest", "pass"]
    told = {a.text: why for a, why in st.game.why_not(st.view(0), "en")}
    assert set(told) == {"play Splinters of Relic", "play Trow"}
    assert "free cards cannot be played on explored ground" in told["play Splinters of Relic"]
    assert told["play Trow"] == ("Trow costs 8 resources here, double its price because the "
                                 "hero is on explored ground; you have 5 resources.")
    ru = dict((a.text, why) for a, why in st.game.why_not(st.view(0), "ru"))
    assert "исследованной клетке" in ru["play Trow"]


def test_a_walled_passage_and_a_dear_draw_are_told() -> None:
    """MYTH-31, MYTH-33: a draw past what the purse pays; a passage the next tile walls off."""
    st = fresh(3, 1)
    open_cell(st, (1, 0), mask=2, tile="dead_end")  # open only to the east: no way back west
    heroes.pay(st, 0, heroes.res(st, 0) - 1)  # one resource: no paid card affordable
    turn_of(st, 0, draw=None)
    assert st.step == "draw"
    told = {a.text: why for a, why in st.game.why_not(st.view(0), "en")}
    assert "draw 7" in told and "you have 1 resource" in told["draw 7"]
    st.apply("draw 6")
    told = {a.text: why for a, why in st.game.why_not(st.view(0), "en")}
    assert "move east" not in texts(st)
    assert told["move east"] == "You cannot go east: the tile there has no passage on this side."


def test_nothing_is_told_to_a_seat_not_to_act() -> None:
    st = fresh(3, 1)
    turn_of(st, 0, draw=None)
    assert st.game.why_not(st.view(1), "en") == []
