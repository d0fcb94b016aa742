"""Determining and resolving events (MYTH-39 to MYTH-49, MYTH-100)."""

from __future__ import annotations

from meeple.games.myth import actions, cards, heroes, turn
from meeple.games.myth.content import load as content

from .scenario import CARDS, fresh, open_cell, script_rolls, texts, turn_of


def explore_east(st, seat: int = 0, tile: str = "crossroads") -> None:  # type: ignore[no-untyped-def]
    """Start ``seat``'s turn, explore east and place the tile (deck card face down)."""
    turn_of(st, seat)
    st.tiles = (*st.tiles, tile)
    st.apply("explore east")
    st.apply(next(t for t in texts(st) if t.startswith("place")))


def test_myth39_card_costs_and_timings_load() -> None:
    """MYTH-39, MYTH-95: every card has a cost (0 = free) and a timing rank."""
    cards = content().cards
    assert cards["splinters_of_relic"].cost == 0
    assert cards["shadow_of_balor"].rank == (0, 1)
    assert cards["nod"].rank == (2, 2)
    assert cards["thrall"].monster and cards["thrall"].rank == (1, 2)
    effects = {c.effect for c in cards.values() if not c.monster}
    assert len(effects) == 25  # 28 event cards, the four weapons share one effect
    assert len(content().event_deck) == 83


def test_myth44_new_ground_draws_one_card_and_offers_the_explorer() -> None:
    """MYTH-44: one face-down deck card, then the explorer may add a paid card."""
    st = fresh(3, 1)
    st.hand[0] = ["rest"]
    st.deck.append("splinters_of_relic")
    explore_east(st)
    assert st.table == (("splinters_of_relic", -1, 0),)
    assert st.step == "offer" and st.to_act == 0
    assert texts(st) == ["play The Rest", "pass"]
    st.apply("play The Rest")
    assert heroes.res(st, 0) == 6 - 1  # +1 for exploring, -1 laid on the card


def test_myth45_first_other_card_ends_the_offers() -> None:
    """MYTH-45, MYTH-68: clockwise others; the first who adds a card ends the round."""
    st = fresh(4, 1)
    st.hand[1] = ["thrall"]
    st.hand[2] = ["ghol"]
    st.hand[3] = ["ghol"]
    st.deck.append("splinters_of_relic")
    explore_east(st)
    assert st.to_act == 1
    st.apply("pass")
    assert st.to_act == 2
    st.apply("play Ghol")
    revealed = [e for e in st.events(None) if e["type"] == "revealed"]
    assert revealed[-1]["cards"] == [["splinters_of_relic", -1, 0], ["ghol", 2, 1]]
    assert st.hand[3] == ["ghol"]  # seat 3 was never asked


def test_myth46_first_unmarked_last_and_ties_chosen() -> None:
    """MYTH-46: first N before unmarked before last N; different cards tied -> hero picks."""
    st = fresh(2, 1)
    st.active = 0
    st.pending = ["splinters_of_relic", "thrall", "darkness", "rest"]
    assert cards.next_choices(st) == ["darkness"]
    st.pending = ["splinters_of_relic", "rest", "nod"]
    assert cards.next_choices(st) == ["splinters_of_relic", "rest"]
    st.pending = ["thrall", "thrall"]
    assert cards.next_choices(st) == ["thrall"]
    st.pending = []
    st.table = (("rest", -1, 0), ("splinters_of_relic", -1, 0), ("standard", -1, 0))
    st.life[0] = 1
    actions.carry_on(st, cards.reveal(st))
    assert st.step == "order" and st.to_act == 0
    assert st.items[0] == ["standard"]  # unmarked resolved first
    assert texts(st) == ["resolve The Rest", "resolve Splinters of Relic"]
    st.apply("resolve The Rest")
    assert st.life[0] == 5 and heroes.res(st, 0) == 8


def test_myth47_explored_ground_double_cost_no_free_cards() -> None:
    """MYTH-47: moving on explored ground draws nothing; cards cost double; free ones can't."""
    st = fresh(3, 1)
    open_cell(st, (1, 0))
    st.hand[0] = ["splinters_of_relic", "rest", "trow"]
    turn_of(st, 0)
    n = len(st.deck)
    st.apply("move east")
    assert len(st.deck) == n and st.table == ()
    assert texts(st) == ["play The Rest", "pass"]  # Rest costs 2; Trow 8 > 5; Splinters free
    st.apply("play The Rest")
    assert heroes.res(st, 0) == 3


def test_myth48_reveal_returns_payment_to_the_bank() -> None:
    """MYTH-48: the tokens on the cards go to the bank; resolved cards are discarded."""
    st = fresh(3, 1)
    st.hand[0] = ["rest"]
    st.deck.append("splinters_of_relic")
    explore_east(st)
    bank = heroes.bank(st)
    st.apply("play The Rest")
    assert st.holdings["table"]["resources"] == 0  # nobody else can add: revealed at once
    assert heroes.bank(st) == bank + 1  # the Rest's payment is back in the bank
    assert st.step == "order"
    st.apply("resolve The Rest")
    assert heroes.bank(st) == bank + 1 - 3  # Splinters of Relic paid out
    assert "rest" in st.discard and "splinters_of_relic" in st.discard


def test_myth49_cell_events_hit_every_hero_there() -> None:
    """MYTH-49: a cell's event hits every hero there; monsters belong to the cell."""
    st = fresh(3, 1)
    st.position[1] = (1, 0)
    open_cell(st, (1, 0))
    st.deck.append("thrall")
    st.hand[0] = ["splinters_of_relic"]
    turn_of(st, 0)
    st.apply("move east")  # explored: the free card cannot be played
    st.active = 0
    st.table = (("splinters_of_relic", -1, 0), ("thrall", -1, 0))
    script_rolls(st, [1] * 10)
    actions.carry_on(st, cards.reveal(st))
    assert heroes.res(st, 0) == 8 and heroes.res(st, 1) == 8
    assert st.enemies[(1, 0)] == ["thrall"]


def test_myth100_two_players_second_deck_card() -> None:
    """MYTH-100: with two players, the opponent's silence brings a second deck card."""
    st = fresh(2, 1)
    st.hand[1] = ["thrall"]
    st.deck.extend(["rest", "splinters_of_relic"])
    explore_east(st)
    assert st.to_act == 1
    n = len(st.deck)
    st.apply("pass")
    assert len(st.deck) == n - 1
    assert sorted(st.pending) == ["rest", "splinters_of_relic"] and st.step == "order"
    st = fresh(2, 1)
    st.hand[1] = ["thrall"]
    st.deck.extend(["rest", "splinters_of_relic"])
    explore_east(st)
    n = len(st.deck)
    st.apply("play Thrall")
    assert len(st.deck) == n
    assert CARDS["thrall"].monster


def test_myth104_two_player_rules_once_a_death_leaves_two_heroes() -> None:
    """MYTH-104: in a game of three, once a hero is dead the two left play by the rules for
    two: the opponent's silence on new ground brings a second deck card (MYTH-100)."""
    st = fresh(3, 1)
    turn.kill(st, 2, "trow")
    st.hand[1] = ["thrall"]
    st.deck.extend(["rest", "splinters_of_relic"])
    explore_east(st)
    assert st.to_act == 1
    st.apply("pass")
    assert sorted(st.pending) == ["rest", "splinters_of_relic"] and st.step == "order"
