"""What a dwarf may do at any moment of its own turn (CAT-19, CAT-20, CAT-25).

The rulebook lets a dwarf buy an extra turn or one experience for 200 coins, and trade with
another dwarf, "at any moment of his turn": so at every decision of the turn, not only between
moves. Each test reaches the decision by playing a real game, takes the free action there and
checks that the interrupted decision is still the one to take.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as hs

import meeple
from meeple.games.catacombs.state import CatacombsState

ANYTIME = ("buy extra turn", "buy experience", "offer trade to seat")
#: Actions that spend or move money or goods, kept out of the play that reaches a decision.
SPENDING = (*ANYTIME, "buy ", "sell ", "equip ", "unequip ", "drink ")
#: Every decision of a dwarf's own turn, as (step, phase).
DECISIONS = [("main", "move"), ("walk", "move"), ("monster", "event"), ("battle", "event"),
             ("build", "build"), ("place", "build"), ("spin", "move"), ("main", "end")]


def shown(st: CatacombsState) -> str:
    """The step a view shows: a pending threshold's choice, offer or answer, else the turn's."""
    return str(st.view()["step"])


def levels(st: CatacombsState) -> int:
    """Threshold choices still to take (CAT-9)."""
    return sum(d.kind == "level" for d in st.decisions)


def texts(st: CatacombsState) -> list[str]:
    return [str(a) for a in st.legal_actions()]


def decision(st: CatacombsState) -> list[str]:
    """The step's own choices, without what may be done at any moment of the turn."""
    return [t for t in texts(st) if not t.startswith(ANYTIME)]


def reach(step: str, phase: str, players: int = 2, **opts: int) -> CatacombsState:
    """A state reached by play in which the dwarf to act faces ``step`` of ``phase``.

    The play never buys, sells, trades or changes equipment, so the dwarf keeps its coins
    (``money`` 2000 by default, enough for several purchases).
    """
    options = {"money": 2000, **opts}
    for seed in range(60):
        st = meeple.load("catacombs", players=players, options=options).new_state(seed=seed)
        assert isinstance(st, CatacombsState)
        chooser = random.Random(seed)
        while not st.is_over and st.n_actions < 3000:
            if (st.step, st.phase) == (step, phase) and not st.decisions:
                return st
            plain = [a for a in st.legal_actions() if not str(a).startswith(SPENDING)]
            if step == "spin":  # the Spinner is rare: kept for, and used in, the move phase
                plain = [a for a in plain if a.text != "use Spinner" or st.phase == "move"]
                plain = [a for a in plain if a.text == "use Spinner"] or plain
            st.apply(chooser.choice(plain or st.legal_actions()))
    raise AssertionError(f"no game reached {step}/{phase}")


def coins(st: CatacombsState, seat: int) -> float:
    return float(st.view(seat)["dwarves"][seat]["money"])


@pytest.mark.parametrize(("step", "phase"), DECISIONS)
def test_cat19_extra_turn_and_experience_offered_at_every_decision(step: str,
                                                                   phase: str) -> None:
    """CAT-19: at each decision of its turn the dwarf may buy an extra turn or 1 experience;
    the decision it interrupted stays the one to take."""
    st = reach(step, phase)
    s = st.active
    before = decision(st)
    assert "buy extra turn" in texts(st) and "buy experience" in texts(st)
    money, exp, extra = coins(st, s), st.experience[s], st.extra_turns
    st.apply("buy extra turn", seat=s)
    st.apply("buy experience", seat=s)
    assert (coins(st, s) == money - 400 and st.experience[s] == exp + 1
            and st.extra_turns == extra + 1)
    if levels(st):  # the bought experience reached a threshold: that choice comes first
        st.apply("raise armour", seat=s)
    assert (shown(st), st.phase, st.to_act) == (step, phase, s)
    assert decision(st) == before


def test_cat19_extra_turn_offered_at_fight_or_retreat() -> None:
    """CAT-19: bought at the fight-or-retreat choice, the extra turn follows this one; the
    choice is still pending after the purchase."""
    st = reach("monster", "event")
    s = st.active
    st.apply("buy extra turn", seat=s)
    assert decision(st) == ["fight", "retreat"]
    st.apply("retreat", seat=s)
    while shown(st) != "main" or st.phase != "end":
        st.apply(decision(st)[0], seat=s)
    st.apply("end turn", seat=s)
    assert st.is_over or st.active == s
    assert st.events()[-1] == {"type": "turn", "seat": s} or st.is_over


def test_cat19_experience_bought_in_battle_reaches_a_threshold_then_the_battle_goes_on() -> None:
    """CAT-19 with CAT-9: experience bought in the battle step counts towards thresholds;
    after the threshold's choice the battle resumes."""
    st = reach("battle", "event")
    s = st.active
    attack = decision(st)
    while not levels(st):
        st.apply("buy experience", seat=s)
    assert st.experience[s] % 5 == 0 and st.step == "battle"  # under the threshold's choice
    assert texts(st) == ["raise strength", "raise armour", "raise health"]
    st.apply("raise strength", seat=s)
    assert decision(st) == attack and "attack" in attack


@pytest.mark.parametrize(("step", "phase"), DECISIONS)
def test_cat20_trade_offered_at_every_decision_and_the_decision_resumes(step: str,
                                                                       phase: str) -> None:
    """CAT-20: a trade may be opened at each decision of the turn; once the partner answers
    (or the offer is cancelled) the interrupted decision is the one to take again."""
    st = reach(step, phase)
    s, p = st.active, 1 - st.active
    before = decision(st)
    st.apply(f"offer trade to seat {p}", seat=s)
    assert shown(st) == "trade" and st.view(s)["trade"]["to"] == p
    assert st.view(p)["trade"]["resumes"] == step
    st.apply("give 10 coins", seat=s)
    st.apply("propose", seat=s)
    assert st.to_act == p and texts(st) == ["accept", "decline"]
    st.apply("accept", seat=p)
    assert (shown(st), st.phase, st.to_act) == (step, phase, s)
    assert decision(st) == before
    st.apply(f"offer trade to seat {p}", seat=s)
    st.apply("cancel trade", seat=s)
    assert (shown(st), st.phase, st.to_act) == (step, phase, s) and decision(st) == before


def test_cat20_a_declined_offer_is_announced_as_declined() -> None:
    """CAT-20: the partner's answer is a public event, ``trade_accepted`` or
    ``trade_declined``."""
    st = reach("walk", "move")
    s, p = st.active, 1 - st.active
    for answer, event in (("decline", "trade_declined"), ("accept", "trade_accepted")):
        st.apply(f"offer trade to seat {p}", seat=s)
        st.apply("ask 10 coins", seat=s)
        st.apply("propose", seat=s)
        st.apply(answer, seat=p)
        assert st.events(s)[-1] == {"type": event, "seat": p, "partner": s}


def test_cat25_free_actions_at_any_decision_count_against_the_cap() -> None:
    """CAT-25: buying and opening offers outside the main step count against the turn's cap
    of free actions; at the cap the step's own choices remain."""
    st = reach("monster", "event", free_action_limit=2)
    s = st.active
    st.apply("buy extra turn", seat=s)
    st.apply("buy extra turn", seat=s)
    assert texts(st) == ["fight", "retreat"]


def _anytime_expected(st: CatacombsState) -> bool:
    """Whether the turn's dwarf may buy or trade now: at a decision of its own turn, outside a
    trade and the threshold choice (taken at once, CAT-9)."""
    return (shown(st) not in ("entrance", "trade", "respond") and not levels(st)
            and st.to_act == st.active and st.free_used < st.game.config["free_action_limit"])


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=hs.integers(0, 10_000), players=hs.integers(2, 4))
def test_cat19_cat20_offered_at_every_own_decision_and_nowhere_else(seed: int,
                                                                    players: int) -> None:
    """CAT-19/CAT-20 over random play: buying a turn (with the coins for it) is offered exactly
    at the decisions of the dwarf's own turn, never at set-up, to the partner answering an
    offer, inside an offer or before the threshold choice; after a trade the interrupted step
    is the one to take."""
    st = meeple.load("catacombs", players=players).new_state(seed=seed)
    assert isinstance(st, CatacombsState)
    chooser = random.Random(seed)
    while not st.is_over and st.n_actions < 600:
        legal = texts(st)
        affordable = st.phase != "setup" and st.money[st.active] >= 400
        assert ("buy extra turn" in legal) == (_anytime_expected(st) and affordable), legal
        if shown(st) == "trade":
            assert st.view()["trade"]["resumes"] in ("main", "walk", "monster", "battle",
                                                     "build", "place", "spin")
        choice = chooser.choice(legal)
        resumed = shown(st) if choice.startswith("offer trade") else None
        st.apply(choice)
        if resumed is not None:
            while shown(st) in ("trade", "respond"):
                st.apply(chooser.choice(st.legal_actions()))
            assert shown(st) == resumed and st.to_act == st.active


def test_cat20_an_offer_saved_and_restored_resumes_the_same_decision() -> None:
    """CAT-20: the interrupted step is part of the state: a game saved with an offer open and
    restored resumes the walk it interrupted."""
    st = reach("walk", "move")
    s, p = st.active, 1 - st.active
    before = decision(st)
    st.apply(f"offer trade to seat {p}", seat=s)
    back = meeple.restore(st.to_json())
    assert isinstance(back, CatacombsState) and shown(back) == "trade"
    back.apply("cancel trade", seat=s)
    assert (shown(back), back.phase) == ("walk", "move") and decision(back) == before
