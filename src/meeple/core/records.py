"""Records (seed + actions) and full-state snapshots: replay and restore."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from .errors import ConfigError, IllegalAction, RecordError
from .outcome import Result
from .registry import load
from .state import STATE_FORMAT, Game, State

_RECORD_KEYS = ("game", "players", "seed", "actions")


def _game_of(data: Mapping[str, Any], what: str) -> Game:
    if not isinstance(data, Mapping):
        raise RecordError(f"a {what} must be a JSON object, got {type(data).__name__}")
    missing = [k for k in ("game", "players") if k not in data]
    if missing:
        raise RecordError(f"the {what} has no {missing[0]!r}")
    try:
        game = load(data["game"], players=data["players"], options=data.get("options") or {})
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
    """Rebuild a game from its record; RecordError names the first action that fails."""
    game = _game_of(record, "record")
    missing = [k for k in _RECORD_KEYS if k not in record]
    if missing:
        raise RecordError(f"the record has no {missing[0]!r}")
    seed, actions = record["seed"], record["actions"]
    if isinstance(seed, bool) or not isinstance(seed, int):
        raise RecordError(f"the record's seed must be a whole number, got {seed!r}")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise RecordError("the record's actions must be a list of action texts")
    state = game.new_state(seed=seed)
    for i, text in enumerate(actions):
        try:
            state.apply(text)
        except IllegalAction as e:
            raise RecordError(
                f"action {i + 1} ({text!r}) does not reproduce: {e.reason}", index=i
            ) from None
    expected = record.get("result")
    if verify and expected is not None:
        if not state.is_over:
            raise RecordError("the record says the game ended, but after its actions it goes on")
        try:
            want = Result.from_dict(expected)
        except (KeyError, TypeError, ValueError) as e:
            raise RecordError(f"the record's result is malformed: {e}") from None
        got = state.result()
        if (got.winners, got.reason) != (want.winners, want.reason) or \
                list(got.scores) != list(want.scores):
            raise RecordError(
                f"the record's result ({want.reason}, winners {list(want.winners)}) differs "
                f"from the replay's ({got.reason}, winners {list(got.winners)})"
            )
    return state


def restore(data: Mapping[str, Any]) -> State:
    """Rebuild a full state from ``State.to_json()`` data, exactly."""
    game = _game_of(data, "state")
    if data.get("format") != STATE_FORMAT:
        raise RecordError(f"not a meeple state (format {data.get('format')!r})")
    return game.state_class.from_json(game, data)
