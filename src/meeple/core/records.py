"""Records (seed + actions) and full-state snapshots: reading, replay and restore.

Both come from files anyone may have written, so both are checked whole before they are
trusted: ``load_json`` turns bytes that are not UTF-8 JSON into a RecordError, ``replay``
compares the whole result, and ``restore`` checks every field (see :mod:`meeple.core.validate`).
"""

from __future__ import annotations

import json
import math
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from .errors import ConfigError, IllegalAction, MeepleError, RecordError
from .outcome import Result
from .registry import load
from .state import STATE_FORMAT, Game, State

RECORD_FORMAT = "meeple-record/1"
_RECORD_KEYS = ("game", "players", "seed", "actions")
_STATE_KEYS = ("format", "game", "version", "players", "options", "rng", "log", "fields")


def load_json(source: bytes | bytearray | str | os.PathLike[str]) -> Any:
    """The JSON value in ``source``: the bytes themselves, or the file at a path.

    Bytes that are not UTF-8, text that is not JSON (``NaN`` and ``Infinity`` included) and
    nesting too deep to read are a RecordError saying so; a file that cannot be read too.
    """
    name = "the data"
    if isinstance(source, (str, os.PathLike)):
        name = str(source)
        try:
            source = Path(source).read_bytes()
        except OSError as e:
            raise RecordError(f"{name} cannot be read: {e.strerror or e}") from None
    if not isinstance(source, (bytes, bytearray)):
        raise RecordError(f"JSON is read from bytes or a path, not {type(source).__name__}")
    try:
        text = bytes(source).decode("utf-8")
    except UnicodeDecodeError as e:
        raise RecordError(f"{name} is not UTF-8 text (byte {source[e.start]:#04x} at "
                          f"offset {e.start})") from None
    try:
        return json.loads(text, parse_constant=_no_constant)
    except json.JSONDecodeError as e:
        raise RecordError(f"{name} is not JSON: {e.msg} at line {e.lineno}, "
                          f"column {e.colno}") from None
    except RecursionError:
        raise RecordError(f"{name} is nested too deeply to be a record or a state") from None


def _no_constant(word: str) -> Any:
    raise RecordError(f"{word} is not a number a record or a state may hold")


def _game_of(data: Mapping[str, Any], what: str) -> Game[Any]:
    if not isinstance(data, Mapping):
        raise RecordError(f"a {what} must be a JSON object, got {type(data).__name__}")
    missing = [k for k in ("game", "players") if k not in data]
    if missing:
        raise RecordError(f"the {what} has no {missing[0]!r}")
    game_id, players, options = data["game"], data["players"], data.get("options")
    if type(game_id) is not str:
        raise RecordError(f"the {what}'s game must be a game id, got {game_id!r}")
    if type(players) is not int:
        raise RecordError(f"the {what}'s players must be a whole number, got {players!r}")
    if options is not None and not (isinstance(options, Mapping)
                                    and all(type(k) is str for k in options)):
        raise RecordError(f"the {what}'s options must be an object of NAME: VALUE, "
                          f"got {options!r}")
    try:
        game = load(game_id, players=players, options=dict(options or {}))
    except ConfigError as e:
        raise RecordError(f"the {what} names a game that cannot be set up: {e}") from None
    version = data.get("version")
    if version is not None and str(version) != game.version:
        raise RecordError(
            f"the {what} was made with {game.id} version {version}; "
            f"this meeple has version {game.version}"
        )
    return game


def replay(record: Mapping[str, Any], *, verify: bool = True) -> State:
    """Rebuild a game from its record; RecordError names the first action that fails.

    With ``verify``, a record that states its result must end with that very result: the
    same winners, scores, number of turns and reason.
    """
    if isinstance(record, Mapping) and record.get("format", RECORD_FORMAT) != RECORD_FORMAT:
        raise RecordError(f"not a meeple record (format {record['format']!r}; "
                          f"a record's format is {RECORD_FORMAT!r})")
    game = _game_of(record, "record")
    missing = [k for k in _RECORD_KEYS if k not in record]
    if missing:
        raise RecordError(f"the record has no {missing[0]!r}")
    seed, actions = record["seed"], record["actions"]
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RecordError(f"the record's seed must be a whole number, got {seed!r}")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError("the record's actions must be a list of action texts")
    expected = record.get("result")
    want = None if expected is None else result_of(expected)
    state: State = game.new_state(seed=seed)
    for i, text in enumerate(actions):
        try:
            state.apply(text)
        except IllegalAction as e:
            raise RecordError(
                f"action {i + 1} ({text!r}) does not reproduce: {e.reason}", index=i
            ) from None
    if verify and want is not None:
        if not state.is_over:
            raise RecordError("the record says the game ended, but after its actions it goes on")
        _compare(state.result(), want)
    return state


def result_of(data: Any) -> Result:
    """The result a record states; RecordError when it is not a well-formed result."""
    if not isinstance(data, Mapping):
        raise RecordError(f"the record's result must be an object, got {data!r}")
    for key in ("winners", "scores", "turns", "reason"):
        if key not in data:
            raise RecordError(f"the record's result has no {key!r}")
    winners, scores, turns, reason = (data[k] for k in ("winners", "scores", "turns", "reason"))
    if not isinstance(winners, list) or not all(type(w) is int for w in winners):
        raise RecordError(f"the record's result.winners must be a list of seats, got {winners!r}")
    if not isinstance(scores, list) or not all(_is_number(x) for x in scores):
        raise RecordError(f"the record's result.scores must be a list of numbers, got {scores!r}")
    if type(turns) is not int or turns < 0:
        raise RecordError(f"the record's result.turns must be a whole number >= 0, "
                          f"got {turns!r}")
    if type(reason) is not str:
        raise RecordError(f"the record's result.reason must be a string, got {reason!r}")
    detail = data.get("detail", "")
    return Result(tuple(winners), tuple(scores), turns, reason,
                  detail if isinstance(detail, str) else "")


def _is_number(x: Any) -> bool:
    return type(x) is int or (type(x) is float and math.isfinite(x))


def _compare(got: Result, want: Result) -> None:
    for name in ("winners", "scores", "turns", "reason"):
        g, w = getattr(got, name), getattr(want, name)
        if (list(g) != list(w)) if isinstance(g, tuple) else g != w:
            raise RecordError(
                f"the record's result.{name} ({_shown(w)}) differs from the replay's "
                f"({_shown(g)}; it ends {got.reason}, winners {list(got.winners)})"
            )


def _shown(v: Any) -> str:
    return repr(list(v)) if isinstance(v, tuple) else repr(v)


def restore(data: Mapping[str, Any]) -> State:
    """Rebuild a full state from ``State.to_json()`` data, exactly, after checking all of it.

    Format, game, version and players must match, the document holds exactly the keys
    ``to_json`` writes, and every field, log entry and id is checked; RecordError names the
    first that is wrong. A state is never half made.
    """
    if not isinstance(data, Mapping):
        raise RecordError(f"a state must be a JSON object, got {type(data).__name__}")
    if data.get("format") != STATE_FORMAT:
        raise RecordError(f"not a meeple state (format {data.get('format')!r}; "
                          f"a state's format is {STATE_FORMAT!r})")
    missing = [k for k in _STATE_KEYS if k not in data]
    if missing:
        raise RecordError(f"a malformed state: it has no {missing[0]!r}")
    extra = [k for k in data if k not in _STATE_KEYS]
    if extra:
        raise RecordError(f"{str(extra[0])!r} is not part of a state; a state holds "
                          f"{', '.join(_STATE_KEYS)}")
    if type(data["version"]) is not str:
        raise RecordError(f"the state's version must be a string, got {data['version']!r}")
    game = _game_of(data, "state")
    try:
        state: State = game.state_class.from_json(game, data)
    except MeepleError as e:
        if isinstance(e, RecordError):
            raise
        raise RecordError(f"the state does not hold together: {e}") from None
    except Exception as e:  # a game's checks that met a value they did not expect
        raise RecordError(f"the state does not hold together: {game.id}'s checks fail on it "
                          f"with {type(e).__name__}: {e}") from None
    _probe(state)
    return state


def _probe(state: State) -> None:
    """Show the state to every seat and list its actions: a state its own rules cannot read
    (a combination of fields each valid alone that no game reaches) is refused here."""
    try:
        for seat in (None, *range(state.players)):
            state.view(seat)
        if state.to_act is not None and not state.legal_actions():
            raise RecordError(f"seat {state.to_act} is to act but has no legal action")
    except MeepleError as e:
        raise RecordError(f"the state does not hold together: {e}") from None
    except Exception as e:  # the rules met a value no game of theirs can hold
        raise RecordError(f"the state does not hold together: its rules fail on it with "
                          f"{type(e).__name__}: {e}") from None
