"""``meeple.testing.check_game``: the contract suite a game of another package runs in its own
tests. It passes a sound game, registered or not, and names the property, game, seed and action
that a broken one fails."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

import pytest

from meeple.core import Action, ConfigError, Game, IllegalAction, Result, Rng, State, Verb
from meeple.games.tictactoe import TicTacToe
from meeple.testing import check_game

GOAL = 6


# -------------------------------------------------------------- a tiny sound game: a race
@dataclass(frozen=True, slots=True)
class Step(Verb):
    """Move forward by ``n``."""

    word = "step"
    n: int


def race_text(game: Any, verb: Verb) -> str:
    assert isinstance(verb, Step)
    return f"step {verb.n}"


def race_parse(game: Any, words: str) -> Verb:
    word, _, n = words.partition(" ")
    if word == "step" and n in ("1", "2"):
        return Step(int(n))
    raise IllegalAction(f"{words!r} is not a step; an action is 'step 1' or 'step 2'")


class RaceState(State):
    _mutable: ClassVar[tuple[str, ...]] = ("position",)
    position: list[int]

    def _setup(self) -> None:
        self.position = [0] * self.players
        self.to_act = 0

    def _legal_actions(self) -> list[Action]:
        return [self.game.action(Step(1)), self.game.action(Step(2))]

    def _apply(self, action: Action) -> None:
        seat = self.to_act
        assert seat is not None
        self.position[seat] += action[1].n
        self.to_act = None if self.position[seat] >= GOAL else (seat + 1) % self.players

    def _result(self) -> Result:
        best = max(self.position)
        winners = tuple(s for s, p in enumerate(self.position) if p == best)
        return Result(winners, tuple(float(p) for p in self.position), self.n_actions,
                      "goal-reached")

    def _view(self, seat: int | None) -> dict[str, Any]:
        return {"phase": "race", "step": None, "position": list(self.position)}


class Race(Game[RaceState]):
    id = "race"
    name = "Race"
    min_players, max_players = 2, 3
    state_class = RaceState
    verb_text = race_text
    parse_verb = race_parse

    def verbs(self) -> tuple[Step, ...]:
        return (Step(1), Step(2))


# -------------------------------------------------------------- the same race, broken
class SharedState(RaceState):
    _mutable = ()  # the position list is shared by every clone


class SharedClone(Race):
    state_class = SharedState


class PeekingState(RaceState):
    def _determinize(self, seat: int, rng: Rng) -> None:
        self.position = [p + 1 for p in self.position]  # changes what every seat sees


class Peeking(Race):
    state_class = PeekingState


class TwinState(RaceState):
    def _legal_actions(self) -> list[Action]:
        return [Action("step", ("a",)), Action("step", ("b",))]

    def _apply(self, action: Action) -> None:
        super()._apply(self.game.action(Step(1)))


class Twins(Race):
    state_class = TwinState


class NobodyState(RaceState):
    def _result(self) -> Result:
        return Result((self.players,), (0.0,) * self.players, self.n_actions, "goal-reached")


class Nobody(Race):
    state_class = NobodyState


def misread(game: Any, words: str) -> Verb:
    verb = race_parse(game, words)
    assert isinstance(verb, Step)
    return Step(3 - verb.n)  # reads "step 1" as a step of 2


class Misread(Race):
    parse_verb = misread


# ---------------------------------------------------------------------------------- tests
def test_tictactoe_keeps_the_contract_by_id_and_by_class() -> None:
    check_game("tictactoe")
    check_game(TicTacToe, players=2, seeds=[5, 6])


def test_a_game_of_no_package_keeps_the_contract() -> None:
    """A game class not registered yet is checked all the same (restored by its State class,
    its records replayed by applying their actions)."""
    check_game(Race, seeds=range(4))


@pytest.mark.parametrize(("broken", "prop", "with_action"), [
    (SharedClone, "a clone is exact and independent", False),
    (Peeking, "determinize keeps what a seat knows", False),
    (Twins, "legality has one source", False),
    (Nobody, "a random playout ends with a valid result", False),
    (Misread, "the notation writes each verb as its action's text and reads it back", True),
], ids=lambda x: x.__name__ if isinstance(x, type) else None)
def test_a_broken_game_is_caught_naming_the_property_game_and_seed(
        broken: type[Race], prop: str, with_action: bool) -> None:
    with pytest.raises(AssertionError) as caught:
        check_game(broken, players=2, seeds=[7])
    message = str(caught.value)
    assert message.startswith(prop), message
    assert "race, 2 players, seed 7" in message
    if with_action:
        assert "action 'step " in message


def test_the_failed_action_is_named() -> None:
    with pytest.raises(AssertionError, match=r"two legal actions share the text \['step'\]"):
        check_game(Twins, players=3, seeds=[0])


def test_what_is_not_a_game_or_a_player_count_is_refused() -> None:
    with pytest.raises(ConfigError, match="not 5"):
        check_game(Race, players=5)
    with pytest.raises(ConfigError, match="game id or a Game class"):
        check_game(RaceState)  # type: ignore[arg-type]
    with pytest.raises(ConfigError, match="unknown game"):
        check_game("chess")
