"""The contract every meeple game keeps, as one function a game of any package can run in its
own tests (as PettingZoo's ``api_test`` does for its environments).

``check_game`` plays random games of every player count and checks, on states spread along each
game (docs/contract.md):

- a random playout ends, within a bound of actions, with a valid result (winners among the
  seats, a score per seat, a reason; all or nobody wins a cooperative game);
- legality has one source: ``legal_actions``, ``check``, ``parse``, ``apply`` and a clone agree,
  and no two legal actions share a text;
- bad input changes nothing: an unknown action, a stale one, a move by a seat that is not to
  act and unreadable text are refused with ``IllegalAction``, the state left as it was;
- every legal action's text parses back to it (``state.parse``);
- ``to_json`` and ``restore`` are exact, through JSON text, and a clone is exact and shares
  nothing with its original;
- ``determinize`` never changes what any seat sees, nor the actions of the seat to act;
- a record replays to exactly the final state, and a tampered one is refused at its first bad
  action;
- and, when the game lists its verbs (``Game.verbs`` is overridden), the action grammar: each
  legal action's verb is written as its text and read back (``verb_text``, ``parse_verb``),
  the universe holds every legal action at an index a fresh game gives it again, and the
  notation refuses words that are no action.

A failure is an ``AssertionError`` naming the property, the game, the player count, the seed
and, where there is one, the action.

>>> check_game("tictactoe", seeds=range(1))
"""

from __future__ import annotations

import json
import random
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, NoReturn

from meeple.core import (
    Action,
    ConfigError,
    Game,
    IllegalAction,
    RecordError,
    State,
    Verb,
    game_class,
)
from meeple.core import replay as replay_record
from meeple.core import restore as restore_state

#: A random game still going after this many actions fails "a playout ends".
MAX_ACTIONS = 200_000
#: About how many states along each game are checked (clones taken evenly).
CHECKPOINTS = 8
#: A text no game offers as an action.
BOGUS = "no such action in any game"
#: Words a game's notation must refuse.
JUNK = ("", "fly to the moon", "\x00", "é" * 300)


@dataclass(frozen=True)
class Case:
    """The game, player count and seed being checked, for the message of a failure."""

    game: str
    players: int
    seed: int | None = None

    def fail(self, prop: str, detail: str, state: State | None = None,
             action: Action | str | None = None) -> NoReturn:
        where = f"{self.game}, {self.players} players"
        where += f", seed {self.seed}" if self.seed is not None else ""
        where += f", after {state.n_actions} actions" if state is not None else ""
        what = f", action {str(action)!r}" if action is not None else ""
        raise AssertionError(f"{prop} — {where}{what}: {detail}")

    def expect(self, ok: bool, prop: str, detail: str, state: State | None = None,
               action: Action | str | None = None) -> None:
        if not ok:
            self.fail(prop, detail, state, action)


def check_game(game: str | type[Game[Any]], players: int | Iterable[int] | None = None,
               seeds: Iterable[int] = range(3)) -> None:
    """Check ``game`` (a registered id or a Game class, registered or not) against the
    contract for each player count of ``players`` (default: every count the game allows) and
    each seed of ``seeds``; an ``AssertionError`` names the first property that fails."""
    cls = game_class(game) if isinstance(game, str) else game
    if not (isinstance(cls, type) and issubclass(cls, Game)):
        raise ConfigError(f"check_game takes a game id or a Game class, got {game!r}")
    counts = _counts(cls, players)
    seeds = list(seeds)
    for n in counts:
        for seed in seeds:
            _check_playout(cls, Case(cls.id, n, seed))
        if cls.verbs is not Game.verbs:
            _check_grammar(cls, Case(cls.id, n), seeds)


def _counts(cls: type[Game[Any]], players: int | Iterable[int] | None) -> list[int]:
    if players is None:
        return list(cls.allowed_players())
    counts = [players] if isinstance(players, int) else list(players)
    wrong = [n for n in counts if n not in cls.allowed_players()]
    if wrong:
        raise ConfigError(f"{cls.id} is played by {cls.player_range()} players, not {wrong[0]}")
    return counts


def _registered(cls: type[Game[Any]]) -> bool:
    """Whether ``cls`` is the game its id names in the registry (restore and replay find it)."""
    try:
        return game_class(cls.id) is cls
    except ConfigError:
        return False


# ------------------------------------------------------------------------------ one game
def _check_playout(cls: type[Game[Any]], case: Case) -> None:
    game = cls(players=case.players)
    final, snaps = _playout(game, case)
    _check_result(game, final, case)
    previous: list[Action] = []
    for s in snaps:
        _check_legality(s, case)
        _check_bad_input(s, case, previous)
        _check_round_trip(s, case)
        _check_determinize(s, case)
        previous = s.legal_actions()
    _check_round_trip(final, case)
    _check_clone(snaps[len(snaps) // 2], case)
    _check_replay(final, case)


def _playout(game: Game[Any], case: Case) -> tuple[State, list[State]]:
    """A random game to its end, with clones taken at evenly spread moments."""
    prop = "a random playout ends with a valid result"
    state = game.new_state(seed=case.seed or 0)
    chooser = random.Random(case.seed)
    snaps: list[State] = []
    every = 1
    while not state.is_over:
        if state.n_actions % every == 0:
            snaps.append(state.clone())
            if len(snaps) >= 2 * CHECKPOINTS:
                snaps, every = snaps[::2], every * 2
        legal = state.legal_actions()
        case.expect(bool(legal), prop, "no legal action while the game is not over", state)
        action = chooser.choice(legal)
        try:
            state.apply(action)
        except IllegalAction as e:
            case.fail("legality has one source", f"apply refuses a legal action: {e}",
                      state, action)
        case.expect(state.n_actions < MAX_ACTIONS, prop,
                    f"the game did not end within {MAX_ACTIONS} random actions", state)
    return state, snaps or [state]


def _check_result(game: Game[Any], final: State, case: Case) -> None:
    prop = "a random playout ends with a valid result"
    case.expect(final.legal_actions() == [], prop, "a finished game offers actions", final)
    res = final.result()
    seats = range(case.players)
    case.expect(set(res.winners) <= set(seats), prop, f"winners {res.winners} are not seats",
                final)
    case.expect(len(res.scores) == case.players, prop,
                f"{len(res.scores)} scores for {case.players} seats", final)
    case.expect(bool(res.reason), prop, "the result gives no reason", final)
    if type(game).cooperative:
        case.expect(res.winners in ((), tuple(seats)), prop,
                    f"a cooperative game won by some seats only: {res.winners}", final)
    for what, value in (("the result", res.to_dict()), ("the spectator's view",
                                                        final.view(None))):
        try:
            json.dumps(value)
        except (TypeError, ValueError) as e:
            case.fail(prop, f"{what} is not JSON: {e}", final)


def _check_legality(s: State, case: Case) -> None:
    prop = "legality has one source"
    before = _frozen(s)
    legal = s.legal_actions()
    case.expect(legal == s.legal_actions() == s.clone().legal_actions(), prop,
                "legal_actions differs between two calls or from a clone's", s)
    texts = [str(a) for a in legal]
    twice = sorted({t for t in texts if texts.count(t) > 1})
    case.expect(not twice, prop, f"two legal actions share the text {twice[:1]}", s)
    for a in legal:
        why = s.check(a)
        case.expect(why is None, prop, f"check refuses a legal action: {why}", s, a)
        try:
            parsed = s.parse(str(a))
        except IllegalAction as e:
            case.fail("an action's text parses back to it", str(e), s, a)
        case.expect(parsed == a, "an action's text parses back to it",
                    f"parse gives {parsed!r}", s, a)
        try:
            s.clone().apply(a)
        except IllegalAction as e:
            case.fail(prop, f"apply refuses a legal action: {e}", s, a)
    case.expect(_frozen(s) == before, "a clone is exact and independent",
                "applying legal actions to clones changed their original", s)


def _frozen(s: State) -> str:
    return json.dumps(s.to_json(), sort_keys=True)


def _check_bad_input(s: State, case: Case, previous: Sequence[Action]) -> None:
    prop = "bad input changes nothing"
    before = _frozen(s)
    legal = s.legal_actions()
    stale = next((a for a in previous if a not in legal), None)
    bogus: list[tuple[str, Action | str, int | None]] = [
        ("an unknown action", Action(BOGUS), None), ("unknown text", BOGUS, None)]
    if stale is not None:
        bogus.append(("a stale action", stale, None))
    if s.to_act is not None and legal and case.players > 1:
        bogus.append(("another seat's move", legal[0], (s.to_act + 1) % case.players))
    for what, action, seat in bogus:
        try:
            s.apply(action, seat=seat)
        except IllegalAction:
            pass
        else:
            case.fail(prop, f"{what} was applied", s, action)
        case.expect(bool(s.check(action, seat=seat)), prop, f"check accepts {what}", s, action)
        case.expect(_frozen(s) == before, prop, f"refusing {what} changed the state", s, action)
    try:
        s.parse(BOGUS)
    except IllegalAction:
        pass
    else:
        case.fail(prop, "parse reads an unknown text as an action", s, BOGUS)
    case.expect(_frozen(s) == before, prop, "refusing a text changed the state", s)


def _restore(s: State) -> State:
    """``s`` through JSON text and back: by ``meeple.restore`` when its game is registered,
    else by its State class (a game not installed yet)."""
    data = json.loads(json.dumps(s.to_json()))
    if _registered(type(s.game)):
        return restore_state(data)
    back: State = s.game.state_class.from_json(s.game, data)
    return back


def _check_round_trip(s: State, case: Case) -> None:
    prop = "to_json and restore are exact"
    try:
        back = _restore(s)
    except (RecordError, TypeError, ValueError) as e:
        case.fail(prop, f"the state cannot be restored: {e}", s)
    case.expect(back.to_json() == s.to_json(), prop, "the restored state differs", s)
    case.expect(back.legal_actions() == s.legal_actions(), prop,
                "the restored state offers other actions", s)


def _check_clone(s: State, case: Case) -> None:
    prop = "a clone is exact and independent"
    twin = s.clone()
    frozen = _frozen(twin)
    case.expect(frozen == _frozen(s), prop, "the clone differs from its original", s)
    chooser = random.Random(1)
    for _ in range(50):
        if s.is_over:
            break
        s.apply(chooser.choice(s.legal_actions()))
    case.expect(_frozen(twin) == frozen, prop, "playing the original on changed its clone", s)


def _check_determinize(s: State, case: Case) -> None:
    prop = "determinize keeps what a seat knows"
    before = _frozen(s)
    legal = [str(a) for a in s.legal_actions()]
    for seat in range(case.players):
        view, events = s.view(seat), s.events(seat)
        for k in range(3):
            d = s.determinize(seat, k)
            case.expect(d.view(seat) == view, prop, f"seat {seat}'s view changed", s)
            case.expect(d.events(seat) == events, prop, f"seat {seat}'s events changed", s)
            if seat == s.to_act:
                case.expect([str(a) for a in d.legal_actions()] == legal, prop,
                            f"the acting seat {seat} is offered other actions", s)
    case.expect(_frozen(s) == before, prop, "determinizing changed the true state", s)


def _replay(record: dict[str, Any], cls: type[Game[Any]]) -> State:
    """The state ``record`` replays to: by ``meeple.replay`` when the game is registered, else
    by applying its actions to a new state of ``cls``; RecordError names the action refused."""
    if _registered(cls):
        return replay_record(record)
    state: State = cls(players=record["players"], options=record["options"]).new_state(
        seed=record["seed"])
    for i, text in enumerate(record["actions"]):
        try:
            state.apply(text)
        except IllegalAction as e:
            raise RecordError(f"action {i + 1} ({text!r}) is refused: {e}", index=i) from None
    return state


def _check_replay(final: State, case: Case) -> None:
    prop = "a record replays exactly"
    cls = type(final.game)
    record = json.loads(json.dumps(final.record()))
    try:
        again = _replay(record, cls)
    except RecordError as e:
        case.fail(prop, f"the record is refused: {e}", final)
    case.expect(again.to_json() == final.to_json(), prop, "the replayed state differs", final)
    if not record["actions"]:
        return
    k = len(record["actions"]) // 2
    record["actions"][k] = "an action nobody can take"
    try:
        _replay(record, cls)
    except RecordError as e:
        case.expect(e.index == k, "a tampered record is refused at its first bad action",
                    f"refused at action {e.index}, not {k}", final)
    else:
        case.fail("a tampered record is refused at its first bad action",
                  f"a record with action {k + 1} replaced replays", final)


# ------------------------------------------------------------------------------ the grammar
def _legal_of_random_play(game: Game[Any], seeds: Iterable[int], limit: int = 3000
                          ) -> list[tuple[int, Action]]:
    """Every legal action offered along a few random games (each text once), with its seed."""
    seen: dict[str, tuple[int, Action]] = {}
    for seed in seeds:
        st = game.new_state(seed=seed)
        pick = random.Random(seed)
        for _ in range(limit):
            if st.is_over:
                break
            legal = st.legal_actions()
            for a in legal:
                seen.setdefault(a[0], (seed, a))
            st.apply(pick.choice(legal))
    return list(seen.values())


def _check_grammar(cls: type[Game[Any]], case: Case, seeds: Sequence[int]) -> None:
    game = cls(players=case.players)
    prop = "the notation writes each verb as its action's text and reads it back"
    for seed, a in _legal_of_random_play(game, seeds):
        at = Case(case.game, case.players, seed)
        verb = a[1]
        at.expect(isinstance(verb, Verb), prop, f"the action carries {verb!r}, not a verb",
                  action=a)
        try:
            text, back = game.verb_text(verb), game.parse_verb(a[0])
        except (IllegalAction, NotImplementedError) as e:
            at.fail(prop, f"{type(e).__name__}: {e}", action=a)
        at.expect(text == a[0], prop, f"verb_text gives {text!r}", action=a)
        at.expect(back == verb, prop, f"parse_verb gives {back!r}", action=a)
    _check_universe(cls, case, seeds)
    for words in JUNK:
        try:
            game.parse_verb(words)
        except IllegalAction:
            continue
        case.fail("the notation refuses what is not an action", "parse_verb reads it",
                  action=words)


def _check_universe(cls: type[Game[Any]], case: Case, seeds: Sequence[int]) -> None:
    prop = "the universe holds every legal action at a stable index"
    game = cls(players=case.players)
    universe = game.action_universe()
    texts = [a[0] for a in universe]
    case.expect(len(set(texts)) == len(texts), prop, "two verbs of the universe share a text")
    again = [a[0] for a in cls(players=case.players).action_universe()]
    case.expect(again == texts, prop, "a fresh game lists its universe in another order")
    for seed, a in _legal_of_random_play(game, seeds):
        at = Case(case.game, case.players, seed)
        try:
            i = game.action_index(a)
        except IllegalAction:
            at.fail(prop, "the action is not in the universe", action=a)
        at.expect(universe[i] == a, prop, f"index {i} holds {universe[i]!r}", action=a)
        at.expect(game.action(a[1]) is universe[i], prop,
                  "the legal action is not the universe's own object", action=a)
