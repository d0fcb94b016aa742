"""Every test a rule table names exists: a rule's "Test:" cannot point at nothing after a test is
renamed or moved (docs/rules/<id>.md)."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
DOCS = sorted((ROOT / "docs" / "rules").glob("*.md"))


def defined() -> set[str]:
    """The names of every test function and test file under tests/."""
    names: set[str] = set()
    for path in (ROOT / "tests").rglob("test_*.py"):
        names.add(path.name)
        names.update(re.findall(r"^\s*def (test_\w+)", path.read_text("utf-8"), re.M))
    return names


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_every_test_a_rule_names_exists(doc: Path) -> None:
    named = set(re.findall(r"`(test_\w+(?:\.py)?)", doc.read_text("utf-8")))
    assert named, f"{doc.name} names no test"
    missing = sorted(named - defined())
    assert not missing, f"{doc.name} names tests that do not exist: {', '.join(missing)}"
