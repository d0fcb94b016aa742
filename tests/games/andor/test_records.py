"""Records made by an older version of Andor (``records/``): their action texts are unchanged,
so their actions replay to the same end; the version they name is told apart."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

import meeple
from meeple.core import RecordError

RECORDS = sorted((Path(__file__).parent / "records").glob("version-*.json"))


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_a_record_of_version_2_replays_to_its_result_with_todays_rules(path: Path) -> None:
    record = json.loads(path.read_text("utf-8"))
    assert record["version"] == "2"
    actions_only = {k: v for k, v in record.items() if k != "version"}
    st = meeple.replay(actions_only)  # verifies winners, scores, turns and reason
    assert st.is_over and [a.text for a in st.actions_taken()] == record["actions"]
    assert st.result().detail == record["result"]["detail"]


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_a_record_naming_version_2_is_refused_with_the_versions(path: Path) -> None:
    record = json.loads(path.read_text("utf-8"))
    with pytest.raises(RecordError, match="made with andor version 2; this meeple has version 4"):
        meeple.replay(record)
