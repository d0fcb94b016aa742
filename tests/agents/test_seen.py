"""The search's ``seen`` setting: the tree branches on what the searching seat sees.

Call, a tiny game defined here:
CALL-1  Seat 0 plays ``stay`` or ``toss``. After ``stay`` a hidden die (1..10) decides: seat 0
        wins on 1..6. After ``toss`` a coin is tossed and the toss is told to the seats the
        game names (``told``); seat 0 then calls ``heads`` or ``tails`` and wins if it called
        the toss.
CALL-2  Seat 1 never acts; it wins whenever seat 0 does not.

A seat that sees the toss wins every game by tossing; one that does not wins half of them by
tossing and 60% by staying.
"""

from __future__ import annotations

from typing import Any, ClassVar

import pytest

from meeple.agents import InfoSet, MCTSAgent, make
from meeple.agents.mcts import CHANCE, observed, parse_spec
from meeple.core import Action, Game, Result, State

STAY, TOSS = Action("stay"), Action("toss")
CALLS = (Action("heads"), Action("tails"))


class CallState(State):
    """Seat 0's first choice, the toss (None before one) and whether seat 0 won."""

    #: The seats the toss is told to (None: every seat).
    told: ClassVar[tuple[int, ...] | None] = None
    toss: str | None
    won: bool | None

    def _setup(self) -> None:
        self.toss = None
        self.won = None
        self.to_act = 0

    def _legal_actions(self) -> list[Action]:
        return [STAY, TOSS] if self.toss is None else list(CALLS)  # CALL-1

    def _apply(self, action: Action) -> None:
        if action is STAY or action == STAY:
            self.won = self.rng.randint(1, 10) <= 6
            self.to_act = None
        elif action == TOSS:
            self.toss = "heads" if self.rng.below(2) else "tails"
            self._emit("toss", to=self.told, face=self.toss)
        else:
            self.won = action[0] == self.toss
            self.to_act = None

    def _result(self) -> Result:
        w = (0,) if self.won else (1,)  # CALL-2
        return Result(w, (float(bool(self.won)), float(not self.won)), 2, "call", "")

    def _view(self, seat: int | None) -> dict[str, Any]:
        told = self.told is None or seat in self.told
        return {"phase": "call", "step": "first" if self.toss is None else "call",
                "toss": self.toss if told else None}


class SecretCallState(CallState):
    """The same game with the toss told to seat 1 only."""

    told = (1,)


class Call(Game[CallState]):
    """Stay on a die, or toss a coin and call it."""

    id = "call"
    name = "Call"
    min_players = max_players = 2
    state_class = CallState


class SecretCall(Call):
    """Call with the toss hidden from the seat that calls it."""

    id = "secret-call"
    state_class = SecretCallState


def first_choice(game: Game[Any], spec: str, seed: int) -> str:
    agent = make(spec, seed=seed)
    assert isinstance(agent, MCTSAgent)
    return agent.choose(InfoSet(game.new_state(seed=seed), 0))[0]


def test_the_seen_token_parses_and_comes_from_hints() -> None:
    assert parse_spec("300:seen").seen and not parse_spec("300").seen
    assert parse_spec("300:seen").spec() == "300:random:seen"
    assert parse_spec("300").with_hints("d0:seen").spec() == "300:random:d0:seen"
    assert parse_spec("300:d4").with_hints("seen").seen


@pytest.mark.parametrize("seed", range(3))
def test_a_search_that_sees_the_toss_tosses(seed: int) -> None:
    """With ``seen`` the calls below the toss are kept per face, so the toss reads as a sure
    win; without it the calls are pooled over both faces and the toss reads as a coin flip,
    below staying's 60%."""
    assert first_choice(Call(), "mcts:400:full:seen", seed) == "toss"
    assert first_choice(Call(), "mcts:400:full", seed) == "stay"


@pytest.mark.parametrize("seed", range(3))
def test_a_toss_the_seat_does_not_see_does_not_split_its_tree(seed: int) -> None:
    """The branches are what the searching seat sees: a toss told only to the other seat
    leaves one branch, and the search stays as a player who cannot see it would."""
    agent = make("mcts:400:full:seen", seed=seed)
    assert isinstance(agent, MCTSAgent)
    root = agent.search(InfoSet(SecretCall().new_state(seed=seed), 0))
    toss = root.child(0, "toss")
    assert toss is not None and CHANCE not in toss.children
    assert agent.choose(InfoSet(SecretCall().new_state(seed=seed), 0))[0] == "stay"


def test_each_face_has_its_branch_and_its_own_calls() -> None:
    agent = make("mcts:400:full:seen", seed=0)
    assert isinstance(agent, MCTSAgent)
    root = agent.search(InfoSet(Call().new_state(seed=0), 0))
    toss = root.child(0, "toss")
    assert toss is not None
    faces = toss.children[CHANCE]
    assert sorted(faces) == sorted(repr([("toss", {"face": f})]) for f in ("heads", "tails"))
    for key, branch in faces.items():
        face = "heads" if "heads" in key else "tails"
        calls = branch.children[0]
        assert max(calls, key=lambda c: calls[c].n) == face


def test_the_branch_key_is_what_the_seat_sees() -> None:
    st = Call().new_state(seed=1)
    before = st._log
    st.apply("toss")
    assert observed(st._log, before, 0) == repr([("toss", {"face": st.toss})])
    secret = SecretCall().new_state(seed=1)
    before = secret._log
    secret.apply("toss")
    assert observed(secret._log, before, 0) == ""
    assert observed(secret._log, before, 1) == repr([("toss", {"face": secret.toss})])
