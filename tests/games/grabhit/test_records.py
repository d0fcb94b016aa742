"""Records and states made by earlier versions of Grab and Hit (``records/``).

Version 3 renamed the state's fields (to_json changed) but kept every action's text, so a
version-2 record is refused by its version, and its actions, read by version 3, replay to the
very result it states; a version-2 state is refused by its version.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import meeple
from meeple.core import RecordError, game_class

RECORDS = Path(__file__).parent / "records"
OLD = sorted(RECORDS.glob("version-2-*.json"))


def load(path: Path) -> dict[str, object]:
    data: dict[str, object] = json.loads(path.read_text("utf-8"))
    return data


@pytest.mark.parametrize("path", [p for p in OLD if p.stem != "version-2-state"], ids=str)
def test_an_old_record_is_refused_by_its_version_and_its_actions_still_replay(
        path: Path) -> None:
    record = load(path)
    with pytest.raises(RecordError, match="made with grabhit version 2; this meeple has "
                                          f"version {game_class('grabhit').version}"):
        meeple.replay(record)
    again = meeple.replay({**record, "version": game_class("grabhit").version})
    assert again.is_over and again.result().to_dict() == record["result"]
    assert [a.text for a in again.actions_taken()] == record["actions"]


def test_an_old_state_is_refused_by_its_version() -> None:
    with pytest.raises(RecordError, match="made with grabhit version 2"):
        meeple.restore(load(RECORDS / "version-2-state.json"))


def test_the_old_records_meet_most_verbs() -> None:
    """The kept records exercise the notation widely: most verbs' texts are in them."""
    words = {a.split()[0] for p in OLD if p.stem != "version-2-state"
             for a in load(p)["actions"]}  # type: ignore[attr-defined]
    assert {"choose", "spin", "draw", "keep", "buy", "decline", "bid", "visit", "cast",
            "attach", "use", "attack", "hit", "take", "block", "accept", "done"} <= words
