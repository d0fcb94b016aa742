"""The event cards' effects (MYTH-40 to MYTH-43, MYTH-73 to MYTH-94, MYTH-101)."""

from __future__ import annotations

from meeple.games.myth import actions, battle, cards, heroes, turn
from meeple.games.myth.state import MythState

from .scenario import CARDS, HEROES, fresh, open_cell, script_rolls, texts, turn_of


def reveal(st: MythState, *ids: str, seat: int = 0) -> None:
    """Reveal the cards ``ids`` as the events of ``seat`` on his cell."""
    st.active = seat
    st.table = tuple((c, -1, 0) for c in ids)
    actions.carry_on(st, cards.reveal(st))


def apart(players: int = 3) -> MythState:
    """Seat 0 alone on the start square, the others one cell south."""
    st = fresh(players, 1)
    open_cell(st, (0, 1))
    for s in range(1, players):
        st.position[s] = (0, 1)
    return st


def test_myth40_standard_adds_defence() -> None:
    """MYTH-40, MYTH-73: the Standard lies before the hero and adds to his defence."""
    st = apart()
    d = heroes.defence_of(st, 0)
    reveal(st, "standard")
    assert st.items[0] == ["standard"]
    assert heroes.defence_of(st, 0) == d + CARDS["standard"].value


def test_myth41_tain_holds_three_monsters() -> None:
    """MYTH-41: the Tain shuts up to three monsters away before a fight, without reward."""
    st = apart()
    st.items[0] = ["tain"]
    st.enemies[(0, 0)] = ["trow", "trow"]
    turn_of(st, 0)
    assert "imprison Trow" in texts(st)
    st.apply("imprison Trow")
    st.apply("imprison Trow")
    assert not st.enemies and st.tain_load == 2 and heroes.res(st, 0) == 5
    st.enemies[(0, 0)] = ["thrall", "thrall"]
    turn_of(st, 0)
    st.apply("imprison Thrall")
    assert st.tain_load == 3
    assert "imprison Thrall" not in texts(st)


def test_myth42_codex_lowers_costs_not_below_one() -> None:
    """MYTH-42: -1 to the holder's cards, never below 1; free cards stay free."""
    st = apart()
    st.items[0] = ["codex"]
    assert heroes.play_cost(st, 0, "trow", False) == 3
    assert heroes.play_cost(st, 0, "thrall", False) == 1
    assert heroes.play_cost(st, 0, "splinters_of_relic", False) == 0
    assert heroes.play_cost(st, 0, "trow", True) == 6
    assert heroes.play_cost(st, 1, "trow", False) == 4


def test_myth43_weapon_helps_only_its_hero() -> None:
    """MYTH-43: the Magic Bow adds attack to the archer only."""
    st = apart()
    st.hero[0], st.hero[1] = "archer", "dwarf"
    base0, base1 = heroes.attack_of(st, 0), heroes.attack_of(st, 1)
    st.items[0] = ["magic_bow"]
    st.items[1] = ["magic_bow"]
    assert heroes.attack_of(st, 0) == base0 + CARDS["magic_bow"].value
    assert heroes.attack_of(st, 1) == base1


def test_myth74_dwarves_trap() -> None:
    """MYTH-74: roll the number or more; the dwarf's bonus; failing costs life."""
    st = apart()
    st.hero[0] = "warrior"
    st.life[0] = 10
    c = CARDS["dwarves_trap"]
    script_rolls(st, [c.target - 1])
    reveal(st, "dwarves_trap")
    assert st.life[0] == 10 - c.value
    script_rolls(st, [c.target])
    reveal(st, "dwarves_trap")
    assert st.life[0] == 10 - c.value
    st.hero[0] = "dwarf"
    script_rolls(st, [c.target - c.dwarf_bonus])
    reveal(st, "dwarves_trap")
    assert st.life[0] == 10 - c.value


def test_myth75_web_catches_newcomers_and_frees_all() -> None:
    """MYTH-49, MYTH-75: the web holds; a newcomer is caught; one tear frees everyone."""
    st = apart()
    script_rolls(st, [1])
    reveal(st, "web_trap")
    assert turn.webbed(st, 0)
    actions.carry_on(st, turn.start(st, 1))
    st.apply("draw 0")
    st.apply("move north")  # onto the webbed start square
    assert turn.webbed(st, 1)
    script_rolls(st, [CARDS["web_trap"].target])
    actions.carry_on(st, turn.start(st, 0))
    assert not turn.webbed(st, 0) and not turn.webbed(st, 1)
    assert st.step == "draw" or st.step == "move"


def test_myth75_hardest_web_counts() -> None:
    """MYTH-75: of two webs only the hardest stays; the other is discarded."""
    st = apart()
    st.lasting[(0, 0)] = ["web_trap"]
    script_rolls(st, [1])
    reveal(st, "web_trap")
    assert st.lasting[(0, 0)] == ["web_trap"] and st.discard.count("web_trap") == 2 - 1


def test_myth75_two_webs_at_once_give_one_escape_try() -> None:
    """MYTH-75: two Web Traps resolving together hold as one web (the hardest; the other
    leaves play) and the hero tries once to tear it this turn, not once for each web."""
    st = apart()
    log = script_rolls(st, [1, 100])
    reveal(st, "web_trap", "web_trap")
    assert [what for _, what, _ in log] == ["web"]  # one try, failed
    assert turn.webbed(st, 0)
    assert st.lasting[(0, 0)] == ["web_trap"] and st.discard.count("web_trap") == 1
    actions.carry_on(st, turn.start(st, 0))  # his next turn: one new try
    assert [what for _, what, _ in log] == ["web", "web"] and not turn.webbed(st, 0)


def test_myth76_nod_moves_anywhere_explored() -> None:
    """MYTH-76: Nod offers every explored cell."""
    st = apart()
    open_cell(st, (3, 3))
    reveal(st, "nod")
    assert st.to_act == 0 and texts(st) == ["nod to 0,1", "nod to 3,3", "stay put"]
    st.apply("nod to 3,3")
    assert st.position[0] == (3, 3)


def test_myth77_flooded_place_skips_a_turn() -> None:
    """MYTH-77: the next turn is lost, drawing included."""
    st = apart()
    reveal(st, "flooded_place")
    assert st.skip[0] == 1
    actions.carry_on(st, turn.start(st, 0))
    assert st.active == 1 and st.skip[0] == 0


def test_myth78_attack_card_gives_an_extra_turn() -> None:
    """MYTH-78: the hero plays again after this turn."""
    st = apart()
    turn_of(st, 0)
    st.apply("stay")
    reveal(st, "attack")
    assert st.extra[0] == 1
    actions.carry_on(st, turn.end_turn(st))
    assert st.active == 0


def test_myth79_rest_and_splinters() -> None:
    """MYTH-79, MYTH-84: the Rest heals (to the maximum); Splinters give resources."""
    st = apart()
    st.life[0] = heroes.max_life(st, 0) - 2
    reveal(st, "rest")
    assert st.life[0] == heroes.max_life(st, 0)
    reveal(st, "splinters_of_relic")
    assert heroes.res(st, 0) == 5 + CARDS["splinters_of_relic"].value


def test_myth80_balor_cancels_every_other_card() -> None:
    """MYTH-80: the Shadow of Balor discards every other card and the cell's lasting ones."""
    st = apart()
    st.lasting[(0, 0)] = ["darkness"]
    reveal(st, "thrall", "shadow_of_balor", "splinters_of_relic")
    assert not st.enemies and heroes.res(st, 0) == 5 and (0, 0) not in st.lasting
    assert {"thrall", "shadow_of_balor", "splinters_of_relic", "darkness"} <= set(st.discard)


def test_myth81_execute_place_hero_strikes_last() -> None:
    """MYTH-81: under Execute Place every monster strikes before the hero."""
    st = apart()
    log = script_rolls(st, [1, 1, 1])
    reveal(st, "execute_place", "thrall")
    assert [what for _, what, _ in log] == ["thrall attack", "attack"]
    assert "execute_place" in st.lasting[(0, 0)]


def test_myth82_darkness_penalises_every_attack() -> None:
    """MYTH-82: every attack loses the penalty; without a battle the card just goes."""
    st = apart()
    reveal(st, "darkness")
    assert (0, 0) not in st.lasting and "darkness" in st.discard
    st.hero[0] = "warrior"
    pen = CARDS["darkness"].value
    need = 50 - heroes.attack_of(st, 0) + 1  # would kill a thrall in the light
    script_rolls(st, [need, 1])
    reveal(st, "darkness", "thrall")
    assert st.enemies[(0, 0)] == ["thrall"]
    assert battle.darkness(st, (0, 0)) == pen


def test_myth83_fury_doubles_monster_damage() -> None:
    """MYTH-83: monsters' hits deal double for the whole battle."""
    st = apart()
    st.hero[0] = "warrior"
    st.life[0] = 15
    script_rolls(st, [1, 100])
    reveal(st, "fury_of_enemy", "thrall")
    assert st.life[0] == 15 - 2 * CARDS["thrall"].damage


def test_myth85_shade_attack_draws_two() -> None:
    """MYTH-85: Shade Attack is replaced by the deck's next two cards."""
    st = apart()
    st.deck.extend(["rest", "splinters_of_relic"])
    n = len(st.deck)
    reveal(st, "shade_attack")
    assert len(st.deck) == n - 2
    assert st.step == "order" and sorted(st.pending) == ["rest", "splinters_of_relic"]


def test_myth86_deceiver_takes_two_from_a_hand() -> None:
    """MYTH-86: the hero names a player; two of his cards join the events."""
    st = apart()
    st.hand[2] = ["splinters_of_relic", "splinters_of_relic", "nod"]
    reveal(st, "deceiver_magic")
    assert st.to_act == 0 and texts(st) == [f"deceive {heroes.hero_name(st, 2)}"]
    st.apply(f"deceive {heroes.hero_name(st, 2)}")
    assert len(st.hand[2]) == 1


def test_myth87_shiver_magic_discards_chosen_cards() -> None:
    """MYTH-87: the hero discards cards of his choice, as many as the card says."""
    st = apart()
    st.hand[0] = ["rest", "nod", "thrall"]
    reveal(st, "shiver_magic")
    assert texts(st) == ["discard The Rest", "discard Nod", "discard Thrall"]
    st.apply("discard Nod")
    st.apply("discard Thrall")
    assert st.hand[0] == ["rest"] and st.step != "sub"


def test_myth88_soulblighter_shows_the_hand() -> None:
    """MYTH-88: everybody sees the hero's hand."""
    st = apart()
    st.hand[0] = ["rest", "nod"]
    reveal(st, "soulblighter_magic")
    shown = [e for e in st.events(2) if e["type"] == "hand_shown"]
    assert shown and shown[-1]["cards"] == ["rest", "nod"]


def test_myth89_fury_of_shiver_spares_quest_artifacts() -> None:
    """MYTH-89: one item of the hero's choice is destroyed, never the Tain or the Codex."""
    st = apart()
    st.items[0] = ["tain", "codex", "standard", "magic_bow"]
    reveal(st, "fury_of_shiver")
    assert texts(st) == ["destroy Standard", "destroy Magic Bow"]
    st.apply("destroy Magic Bow")
    assert st.items[0] == ["tain", "codex", "standard"]
    st.items[0] = ["tain", "codex"]
    reveal(st, "fury_of_shiver")
    assert st.items[0] == ["tain", "codex"] and st.step != "sub"


def test_myth90_help_swaps_resources() -> None:
    """MYTH-90: all resources change hands with the right (or left) neighbour."""
    st = apart(4)
    heroes.gain(st, 3, 4)
    heroes.gain(st, 1, 1)
    reveal(st, "help_right")
    assert heroes.res(st, 0) == 9 and heroes.res(st, 3) == 5
    reveal(st, "help_left")
    assert heroes.res(st, 0) == 6 and heroes.res(st, 1) == 9


def test_myth91_avatara_order_and_tax() -> None:
    """MYTH-91, MYTH-92: Order takes 2 from each; Tax gives 1 each from the right on."""
    st = apart(4)
    heroes.pay(st, 2, 4)
    reveal(st, "avatara_order")
    assert [heroes.res(st, s) for s in range(4)] == [5 + 2 + 1 + 2, 3, 0, 3]
    heroes.pay(st, 0, 8)
    reveal(st, "avatara_tax")
    assert [heroes.res(st, s) for s in range(4)] == [0, 3, 1, 4]


def test_myth93_great_dream_gives_orders_to_the_right_hand_seat() -> None:
    """MYTH-93: two turns in which the right-hand seat draws (free), moves and forbids cards."""
    st = apart()
    st.hand[0] = ["rest"]
    reveal(st, "great_dream")
    assert st.dream[0] == 2
    actions.carry_on(st, turn.start(st, 0))
    assert st.step == "draw" and st.to_act == 2
    assert texts(st)[-1] == "draw 5"
    st.apply("draw 0")
    # apply changed the step; mypy keeps the narrowing of the assert before it
    assert st.step == "move" and st.to_act == 2  # type: ignore[comparison-overlap]
    assert not any(t.startswith(("heal", "show", "swap")) for t in texts(st))
    st.tiles = (*st.tiles, "crossroads")
    st.apply("explore east")
    assert st.to_act == 2 and "redraw tile" not in texts(st)
    st.apply(texts(st)[0])
    assert st.step == "forbid" and st.to_act == 2
    st.apply("order: forbid cards")
    assert st.hand[0] == ["rest"]
    actions.carry_on(st, turn.end_turn(st))
    assert st.dream[0] == 1


def test_myth94_contract_swaps_hands() -> None:
    """MYTH-94: the whole hand changes places with the neighbour's."""
    st = apart(3)
    st.hand[0] = ["rest"]
    st.hand[2] = ["nod", "thrall"]
    reveal(st, "contract_right")
    assert st.hand[0] == ["nod", "thrall"] and st.hand[2] == ["rest"]
    reveal(st, "contract_left")
    assert st.hand[1] == ["nod", "thrall"] and st.hand[0] == []


def test_myth101_two_player_order_and_tax() -> None:
    """MYTH-101: with two players Order takes 4 and Tax gives 4."""
    st = apart(2)
    reveal(st, "avatara_order")
    assert (heroes.res(st, 0), heroes.res(st, 1)) == (9, 1)
    reveal(st, "avatara_tax")
    assert (heroes.res(st, 0), heroes.res(st, 1)) == (5, 5)
    assert HEROES


def together(players: int, on_start: tuple[int, ...]) -> MythState:
    """Seats ``on_start`` share the start square; the others stand one cell south."""
    st = fresh(players, 1)
    open_cell(st, (0, 1))
    for s in range(players):
        st.position[s] = (0, 0) if s in on_start else (0, 1)
    return st


def test_myth103_help_and_contract_exchange_once_between_two_heroes_of_the_cell() -> None:
    """MYTH-103, MYTH-49: with both heroes of a two-player game on the cell, the Help swaps
    their resources once and the Contract their hands once (applied to each hero in turn they
    would swap back)."""
    st = together(2, (0, 1))
    heroes.gain(st, 1, 3)
    reveal(st, "help_right")
    assert (heroes.res(st, 0), heroes.res(st, 1)) == (8, 5)
    st.hand[0], st.hand[1] = ["rest"], ["nod", "thrall"]
    reveal(st, "contract_left")
    assert st.hand[0] == ["nod", "thrall"] and st.hand[1] == ["rest"]


def test_myth103_help_with_three_players_moves_every_purse_once() -> None:
    """MYTH-103: seats 0 and 1 share the cell; the Help (right) makes seat 0 exchange with seat 2
    and then seat 1 with seat 0, each pair once: every purse moves one place."""
    st = together(3, (0, 1))
    heroes.gain(st, 1, 1)
    heroes.gain(st, 2, 2)
    reveal(st, "help_right")
    assert [heroes.res(st, s) for s in range(3)] == [6, 7, 5]


def test_myth49_order_and_tax_cancel_between_heroes_of_one_cell() -> None:
    """MYTH-49, MYTH-91, MYTH-92, MYTH-101: Order and Tax act on each hero of the cell, so
    between two heroes there nothing changes hands; a hero elsewhere pays or gets it twice."""
    st = together(2, (0, 1))
    reveal(st, "avatara_order")
    assert (heroes.res(st, 0), heroes.res(st, 1)) == (5, 5)
    reveal(st, "avatara_tax")
    assert (heroes.res(st, 0), heroes.res(st, 1)) == (5, 5)
    st = together(3, (0, 1))
    reveal(st, "avatara_order")
    assert [heroes.res(st, s) for s in range(3)] == [7, 7, 1]
    st = together(3, (0, 1))
    reveal(st, "avatara_tax")
    assert [heroes.res(st, s) for s in range(3)] == [4, 4, 7]


def test_myth104_order_and_tax_for_two_once_two_heroes_are_left() -> None:
    """MYTH-104, MYTH-101: with four seats and two heroes dead, Order takes 4 from the one
    opponent left and Tax gives him 4."""
    st = apart(4)
    turn.kill(st, 2, "trow")
    turn.kill(st, 3, "trow")
    reveal(st, "avatara_order")
    assert (heroes.res(st, 0), heroes.res(st, 1)) == (9, 1)
    reveal(st, "avatara_tax")
    assert (heroes.res(st, 0), heroes.res(st, 1)) == (5, 5)
