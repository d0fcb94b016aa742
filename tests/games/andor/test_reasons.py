"""Why an expected action is not offered: each reason is for an illegal action and names the
rule (AND-20, 36, 49, 64, 67)."""

from __future__ import annotations

from meeple.games.andor.state import AndorState

from .helpers import bare, texts


def reasons(st: AndorState, lang: str = "en") -> dict[str, str]:
    assert st.to_act is not None
    told = {a.text: why for a, why in st.game.why_not(st.view(st.to_act), lang)}
    assert not set(told) & set(texts(st))
    return told


def test_and20_out_of_hours_every_step_is_told() -> None:
    """AND-20, AND-26, AND-39."""
    st = bare(at=[3, 3])
    st.items[0] = ("wineskin",)
    st.hours[0] = 10
    st._legal = None
    told = reasons(st)
    assert told["move to 9"].startswith("All ten hours of the day are spent")
    assert told["pass"] == told["move to 9"]
    assert "cannot set out" in told["move to 9 with the wineskin"]
    st.hours[0], st.willpower[0] = 8, 2
    st._legal = None
    assert "with 2 willpower he can only end his day" in reasons(st)["pass"]
    assert "у героя 2 очка воли" in reasons(st, "ru")["pass"]


def test_and64_a_neighbour_is_fought_only_from_range_and_not_after_a_move() -> None:
    """AND-49, AND-64, AND-75."""
    st = bare(at=[3, 9])
    st.creatures = {9: "gor"}
    st._legal = None
    assert "Only the archer" in reasons(st)["fight the gor on 9"]
    st.apply("move to 9")
    st.apply("stop")  # the archer stands here: a gift keeps the free-action window open
    assert st.view(0)["step"] == "after move"
    assert reasons(st)["fight the gor on 9"] == (
        "The move was this turn's action: a hero attacks on his next turn.")


def test_and36_short_of_gold_at_the_merchant() -> None:
    """AND-36, AND-67."""
    st = bare(at=[7, 3])
    st.gold[0] = 1
    st._legal = None
    told = reasons(st)
    assert told["buy strength"] == "Strength costs 2 gold here, and the hero has 1 gold."
    assert told["buy a helm"] == "An article costs 2 gold, and the hero has 1 gold."
    assert reasons(st, "ru")["buy strength"] == (
        "Очко силы здесь стоит 2 золотых, а у героя 1 золотой.")


def test_and67_an_empty_well_is_told() -> None:
    """AND-67."""
    st = bare(at=[14, 3])
    st.wells_full = st.wells_full - {14}
    st._legal = None
    assert "empty" in reasons(st)["drink from the well"]
