"""Records made by earlier versions of Myth (meeple.core.records): version 3 renamed the
state's fields (so saved states of version 2 no longer restore), but kept every action's text,
so a version 2 record is refused by its version alone, and read as the new version it replays
the very same game (version 4 changed two rules this record never meets, MYTH-75 and
MYTH-104)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from meeple.core import RecordError, replay
from meeple.games.myth import Myth

#: A random game of three seats made with version 2 (``state.record()``), 93 actions of every
#: kind but the rarest, ended by the safety limit of 24 turns.
RECORD = Path(__file__).with_name("record-v2.json")


def record() -> dict[str, Any]:
    data: dict[str, Any] = json.loads(RECORD.read_text("utf-8"))
    return data


def test_a_version_2_record_is_refused_by_its_version() -> None:
    wanted = f"made with myth version 2; this meeple has version {Myth.version}"
    with pytest.raises(RecordError, match=wanted):
        replay(record())


def test_a_version_2_record_replays_the_same_game_as_the_current_version() -> None:
    old = record()
    state = replay({**old, "version": Myth.version})  # the whole result is compared
    assert [a.text for a in state.actions_taken()] == old["actions"]
    assert state.result().to_dict() == old["result"]
    assert state.record()["actions"] == old["actions"]
