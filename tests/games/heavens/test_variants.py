"""Variants, four players, the round limit, the contract in every variant (HVN-44 .. HVN-55)."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

import meeple
from meeple.core import ConfigError, IllegalAction
from meeple.games.heavens import cards, figures
from meeple.games.heavens.rings import POISON
from meeple.games.heavens.state import HeavensState
from meeple.games.heavens.text import outcome

from .helpers import card, fresh, give, hexi, place, texts, unlock


def test_hvn44_omnipotence_whole_deck_in_hand_no_draw() -> None:
    """HVN-44: every card in hand from the start; no draw phase."""
    st = meeple.load("heavens", options={"omnipotence": True}).new_state(seed=2)
    assert [len(h) for h in st.hands] == [13, 13] and st.deck == ((), ())
    seat = st.active
    st.apply("end actions")
    st.apply("discard Zeus" if seat == 0 else "discard Thor")
    st.apply("done")
    assert len(st.hands[seat]) == 12
    four = meeple.load("heavens", players=4, options={"omnipotence": True}).new_state(seed=1)
    assert sorted(len(h) for h in four.hands) == [6, 6, 7, 7]


def test_hvn45_rolling_runes_can_miss() -> None:
    """HVN-45: a d6 decides each attack: 1-2 miss, 3-6 hit."""
    hits = misses = 0
    for seed in range(40):
        st = fresh(seed=seed, rolling_runes=True)
        unlock(st)
        place(st, "ares", "f5")
        t = place(st, "thor", "f6")
        st.apply("attack Thor with Ares")
        roll = next(e for e in st.events(None) if e["type"] == "rune_roll")
        assert (st.units[t][1] == 5) == (roll["roll"] >= 3)
        hits += roll["hit"]
        misses += not roll["hit"]
    assert hits and misses


@pytest.mark.parametrize(("layout", "bases"), [("standard", ("f2", "f11")),
                                               ("forward", ("f3", "f10")),
                                               ("flanks", ("c2", "i8"))])
def test_hvn46_layouts_move_the_bases(layout: str, bases: tuple[str, str]) -> None:
    """HVN-46: each layout puts the bases, and the summoning hexes behind them, elsewhere."""
    st = fresh(layout=layout)
    v = st.view(None)
    assert (v["sides"][0]["base"], v["sides"][1]["base"]) == bases
    b = st.game.board
    for side in (0, 1):
        for h in b.summon[side]:
            assert b.dist[h][b.base[side]] == 1
            assert b.dist[h][b.base[1 - side]] >= b.dist[b.base[side]][b.base[1 - side]]


def test_hvn47_teams_share_deck_and_characters() -> None:
    """HVN-47: both mates draw from one deck and command the same characters."""
    st = fresh(players=4)
    unlock(st)
    assert st.game.side_of == (0, 0, 1, 1)
    assert len(st.deck[0]) == 13 - 6
    place(st, "ares", "f5")
    place(st, "thor", "f6")
    assert "attack Thor with Ares" in texts(st)
    st.active = st.to_act = 1
    st._legal = None
    assert "attack Thor with Ares" in texts(st)


def test_hvn48_four_player_hands_of_three() -> None:
    """HVN-48: three cards a hand, drawn back up to three."""
    st = meeple.load("heavens", players=4).new_state(seed=3)
    assert [len(h) for h in st.hands] == [3, 3, 3, 3]
    seat = st.active
    st.apply("end actions")
    name = st.game.names[st.hands[seat][0]]
    st.apply(f"discard {name}")
    st.apply("done")
    assert len(st.hands[seat]) == 3


def test_hvn49_four_player_tokens() -> None:
    """HVN-49: two tokens a turn, one on the very first."""
    st = meeple.load("heavens", players=4).new_state(seed=5)
    assert st.tokens == 1
    st.apply("end actions")
    while st.phase == "cleanup":
        st.apply("done")
    assert st.tokens == 2


def test_hvn50_turns_alternate_pantheons() -> None:
    """HVN-50: seats act one at a time, pantheons alternating; four turns make a round."""
    st = meeple.load("heavens", players=4).new_state(seed=8)
    seen = []
    for _ in range(8):
        seen.append(st.active)
        st.apply("end actions")
        while st.phase == "cleanup":
            st.apply("done")
    sides = [st.game.side_of[s] for s in seen]
    assert all(sides[i] != sides[i + 1] for i in range(7))
    assert sorted(seen[:4]) == [0, 1, 2, 3] and seen[:4] == seen[4:]
    assert st.view(None)["round"] == 3


def test_hvn51_zones_limit_movement_not_attacks() -> None:
    """HVN-51: seat 0 moves in zones 1 and 3 only; attacks cross the zones."""
    st = fresh(players=4)
    unlock(st)
    place(st, "ares", "f5")  # zone 3
    place(st, "thor", "g5")  # zone 2
    st.apply("move Ares")
    steps = [x for x in texts(st) if x.startswith("step")]
    assert steps and all(x[5] in "abcdef" for x in steps)
    st.apply("stop")
    assert "attack Thor with Ares" in texts(st)
    place(st, "zeus", "h5")
    st._legal = None
    assert "move Zeus" not in texts(st)
    st.active = st.to_act = 1
    st._legal = None
    assert "move Zeus" in texts(st)


def test_hvn52_team_mates_see_each_others_hands() -> None:
    """HVN-52: a seat sees its mate's hand, never the other team's."""
    st = meeple.load("heavens", players=4).new_state(seed=1)
    v = st.view(0)
    assert v["hands"][1]["cards"] is not None
    assert v["hands"][2]["cards"] is None and v["hands"][3]["cards"] is None
    assert st.view(3)["hands"][2]["cards"] is not None


def test_hvn53_round_limit_draw() -> None:
    """HVN-53: with max_rounds the game is a draw once that many rounds have passed."""
    st = meeple.load("heavens", options={"max_rounds": 2}).new_state(seed=0)
    for _ in range(4):
        st.apply("end actions")
        while st.phase == "cleanup":
            st.apply("done")
    assert st.is_over and st.result().reason == "round-limit" and st.result().winners == ()
    assert meeple.load("heavens").config["max_rounds"] == 0


def test_hvn55_only_two_or_four_players() -> None:
    """HVN-55: two players or two teams of two; three are refused with a clear error."""
    with pytest.raises(ConfigError, match="played by 2 or 4 players, not 3"):
        meeple.load("heavens", players=3)
    assert meeple.load("heavens", players=4).new_state(seed=4).game.order == (0, 2, 1, 3)


# ----------------------------------------------------------- the contract in every variant
VARIANTS = [
    {"omnipotence": True},
    {"rolling_runes": True},
    {"layout": "forward"},
    {"layout": "flanks"},
    {"max_rounds": 8},
    {"pantheon_a": "egyptian", "pantheon_b": "greek", "rolling_runes": True},
    {"pantheon_a": "norse", "pantheon_b": "egyptian", "omnipotence": True},
]


def _playout(players: int, options: dict[str, Any], seed: int) -> tuple[Any, list[Any]]:
    st = meeple.load("heavens", players=players, options=options).new_state(seed=seed)
    ch = random.Random(seed)
    snaps = []
    n = 0
    while not st.is_over:
        if n % 97 == 0:
            snaps.append(st.clone())
        st.apply(ch.choice(st.legal_actions()))
        n += 1
        assert n < 200_000
    return st, snaps


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("options", VARIANTS, ids=lambda o: "-".join(f"{k}={v}"
                                                                  for k, v in o.items()))
def test_contract_in_every_variant(players: int, options: dict[str, Any]) -> None:
    """The engine contract holds in every variant: games end, texts parse, state round-trips,
    determinizing keeps each view, records replay."""
    final, snaps = _playout(players, options, seed=players * 7)
    res = final.result()
    assert res.reason and len(res.scores) == players
    for s in snaps[:6]:
        legal = s.legal_actions()
        assert len({a.text for a in legal}) == len(legal)
        for a in legal:
            assert s.parse(a.text) == a
        with pytest.raises(IllegalAction):
            s.apply("no such action")
        data = json.loads(json.dumps(s.to_json()))
        assert meeple.restore(data).to_json() == s.to_json()
        for seat in range(players):
            assert s.determinize(seat, 1).view(seat) == s.view(seat)
            json.dumps(s.view(seat))
    assert meeple.replay(json.loads(json.dumps(final.record()))).to_json() == final.to_json()


def test_golden_playthrough() -> None:
    """A fixed seed and fixed choices always give the same game."""
    st = meeple.load("heavens", options={"max_rounds": 30}).new_state(seed=2024)
    ch = random.Random(7)
    counts = []
    while not st.is_over:
        legal = st.legal_actions()
        counts.append(len(legal))
        st.apply(ch.choice(legal))
    res = st.result()
    assert (res.reason, res.winners, res.turns, len(counts), sum(counts)) == GOLDEN


GOLDEN: tuple[object, ...] = ("round-limit", (), 60, 304, 1801)


def test_descent_counts_as_a_summon_for_the_lock() -> None:
    """HVN-43, HVN-15: a character summoned by Descent counts towards the two summons."""
    st = fresh()
    cards.set_hand(st, 0, [])
    give(st, 0, "descent_from_olympus", "zeus", "ares")
    st.apply("play Descent from Olympus")
    st.apply("summon Zeus at f6")
    st.apply("summon Ares at e1")
    assert st.summons[0] == 2 and not figures.locked(st, 0)
    assert st.at[hexi(st, "e1")] == card(st, "ares")



def both_pantheons_trapped(change: str = "") -> HeavensState:
    """A four-player greedy game that never ended: the last god of each side stood in a trap,
    every deck was empty, and seat 1 (Greek) held only a card no one could play (Descent from
    Olympus, with no character to summon). Seat 0 has just ended its actions; ``change`` names
    one thing that keeps the game alive."""
    st = fresh(players=4)
    unlock(st)
    place(st, "zeus", "g8", hp=1)
    place(st, "hel", "f9")
    st.traps = {hexi(st, "g8"): 3, hexi(st, "f9"): 3}
    for side in (0, 1):
        cards.set_deck(st, side, ())
    for seat in range(4):
        cards.set_hand(st, seat, ())
    give(st, 1, "descent_from_olympus")
    st.base_health = (12, 7)
    zeus = card(st, "zeus")
    if change == "a character in hand":
        give(st, 1, "apollo")
    elif change == "poison":
        st.units[zeus] = (*st.units[zeus][:POISON], 1, *st.units[zeus][POISON + 1:])
    elif change == "a card in a deck":
        cards.set_deck(st, 1, (card(st, "loki"),))
    elif change == "a free god":
        del st.traps[hexi(st, "g8")]
    st._legal = None
    st.apply("end actions")
    return st


def test_hvn57_a_game_no_seat_can_ever_act_in_again_is_a_draw() -> None:
    """HVN-57: every god trapped, no deck, and nothing in any hand that could be played."""
    st = both_pantheons_trapped()
    assert st.is_over
    result = st.result()
    assert (result.reason, result.winners) == ("deadlock", ())
    assert result.detail == "No one could take an action any more."
    assert outcome(st.game, result, "en")[0] == "No one can take an action any more: a draw."
    assert outcome(st.game, result, "ru")[0].endswith("ничья.")


@pytest.mark.parametrize("change", ["a character in hand", "poison", "a card in a deck",
                                    "a free god"])
def test_hvn57_the_game_goes_on_while_anything_can_still_change(change: str) -> None:
    """HVN-57: a summon still possible, a poisoned god, a card still to draw, or a god not
    trapped: the game goes on."""
    st = both_pantheons_trapped(change)
    assert not st.is_over and st.to_act is not None
