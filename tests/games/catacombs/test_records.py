"""Records made by an older version of the catacombs (``records/version-3.json``, a random game
recorded before the state's fields were named in words): the version is refused by name, and
the same actions, whose texts have not changed, replay to the same result."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import meeple
from meeple.core import RecordError, Verb

RECORDS = Path(__file__).parent / "records"


def old_record() -> dict[str, Any]:
    data: dict[str, Any] = json.loads((RECORDS / "version-3.json").read_text("utf-8"))
    return data


def test_a_record_of_version_3_is_refused_naming_both_versions() -> None:
    with pytest.raises(RecordError, match="catacombs version 3; this meeple has version 7"):
        meeple.replay(old_record())


def test_the_actions_of_a_version_3_record_replay_to_its_result() -> None:
    """The game, its generator's stream and its actions' texts are those of version 3: only
    the names of the state's fields changed."""
    record = {**old_record(), "version": meeple.load("catacombs").version}
    st = meeple.replay(record)  # checks the winners, scores, turns and ending it states
    assert st.is_over and st.result().reason == record["result"]["reason"]
    taken = list(st.actions_taken())
    assert [a.text for a in taken] == record["actions"]
    assert all(isinstance(a.data, Verb) and st.game.verb_text(a.data) == a.text for a in taken)
