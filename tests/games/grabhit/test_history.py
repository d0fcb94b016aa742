"""The story names who acted then: after a rebirth a seat leads another adventurer, and its
past lines keep the adventurer of the moment (text.heroes_then)."""

from __future__ import annotations

from meeple.games.grabhit.state import GrabHitState

from .helpers import card, new, rig, sector, turn


def lines(st: GrabHitState, lang: str = "en") -> list[str]:
    """Every event of the game in words, told with the seats' names of now."""
    game = st.game
    names = game.seat_names(st.view(None), lang)
    return [game.describe(e, lang, names) for e in st.events(None)]


def reborn_as_devite() -> GrabHitState:
    """Violet hits Victor, Ashir kills Violet, and her seat is reborn as Devite."""
    st = new(players=3)  # Ashir, Violet, Victor
    turn(st, 1, "hit")
    st.apply("attack with fists")
    st.apply("hit Victor")
    turn(st, 0, "hit")
    st.life[1], st.armour[1] = 1, 0
    st._legal = None
    st.apply("attack with fists")
    st.apply("hit Violet")
    assert st.dead[1]
    turn(st, 1, "before")
    st.apply("choose Devite")
    assert st.game.seat_names(st.view(None))[1] == "Devite"
    return st


def test_past_lines_name_the_adventurer_who_acted_then_not_the_reborn_one() -> None:
    told = lines(reborn_as_devite())
    assert "Violet — Attack with fists" in told
    assert "Violet hits Victor with bare fists for 1 damage." in told
    assert "Ashir hits Violet with bare fists for 1 damage." in told
    assert any(line.startswith("Violet dies; Ashir") for line in told)
    assert "Violet — Choose Devite" in " ".join(told)
    assert not any("Devite hits" in line or "Devite dies" in line for line in told)
    assert told[-1] == "Player 2 is reborn as Devite, with the starting capital and full life."


def test_the_russian_story_names_them_too() -> None:
    told = lines(reborn_as_devite(), "ru")
    assert any(line.startswith("Вайлет погибает") for line in told)
    assert not any(line.startswith("Дэвите погибает") for line in told)


def test_before_the_choice_a_seat_is_its_player() -> None:
    st = new(players=2)
    assert lines(st)[:2] == ["Player 1 — Choose Ashir: 10 coins, life 5, armour 1 of 3; "
                             "Royal treasury on 4+", "Player 1 takes up Ashir."]


def test_nothing_is_added_while_every_seat_leads_the_adventurer_it_chose() -> None:
    st = new(players=2)
    choices = [e for e in st.events(0)
               if e["type"] == "action" and e["action"].startswith("choose")]
    assert len(choices) == 2 and all("then" in e for e in choices)
    assert all("then" not in e for e in st.events(0) if e not in choices)


def since_my_turn(st: GrabHitState, seat: int, start: int, lang: str = "en") -> list[str]:
    """The story told short to ``seat`` of its events from index ``start`` on."""
    names = st.game.seat_names(st.view(seat), lang)
    return st.game.summary(st.events(seat)[start:], lang, names)


def test_a_bid_made_void_by_its_bidders_death_and_the_quiet_steps_say_nothing() -> None:
    st = new(players=4)  # Ashir, Violet, Victor, Garret
    st.lots = [(card("solar_farm"), 0, 0, None)]
    st.gold[2] = 20
    start = len(st.events(0))
    turn(st, 2, "free")
    st.apply("bid 8 on Solar Energy Farm")
    st.apply("done")
    st.apply("attack with fists")
    st.apply("hit Violet")
    turn(st, 3, "hit")
    st.life[2], st.armour[2] = 1, 0
    st._legal = None
    st.apply("attack with fists")
    st.apply("hit Victor")
    assert st.dead[2]
    told = since_my_turn(st, 0, start)
    assert told == [
        "Victor hits Violet with bare fists for 1 damage. Violet: life 5, armour 0.",
        "Garret hits Victor with bare fists for 1 damage. "
        "Victor: life 0, armour 0. Victor dies; Garret dealt the final blow and takes all "
        "the gold. Nobody bid on Solar Energy Farm; it is discarded.",
    ]
    assert len(since_my_turn(st, 0, start, "ru")) == 2


def test_a_bid_that_still_stands_is_told() -> None:
    st = new(players=4)
    st.lots = [(card("solar_farm"), 0, 0, None)]
    st.gold[2] = 20
    start = len(st.events(0))
    turn(st, 2, "free")
    st.apply("bid 8 on Solar Energy Farm")
    st.apply("done")
    told = since_my_turn(st, 0, start)
    assert told == ["Victor bids 8 coins on Solar Energy Farm."]


def test_a_treasury_that_works_says_how_much_it_gave() -> None:
    """GAH-45: Ashir's Royal treasury is told with the coins it brought, not just "works"."""
    st = new(players=2, advs=["Ashir", "Victor"])
    st.gold = [0, 10]
    st.locations[0] = (card("frozen_lake"),)
    rig(st, sector(10, "red"))
    turn(st, 0, "free")
    start = len(st.events(1))
    st.apply("use ability")
    told = [st.game.describe(e, "en", st.game.seat_names(st.view(1)))
            for e in st.events(1)[start:]]
    assert any("gains 5 coins" in line for line in told), told
    ru = [st.game.describe(e, "ru", st.game.seat_names(st.view(1), "ru"))
          for e in st.events(1)[start:]]
    assert any("получает 5 монет" in line for line in ru), ru
