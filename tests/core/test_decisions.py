"""The decision stack: typed pending decisions saved, restored, cloned and shown in views."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

import pytest

from meeple.core import RecordError
from meeple.core.decisions import Decision, describe, top
from meeple.core.serial import encode
from meeple.core.validate import compile_type, decode_field


@dataclass(frozen=True, slots=True)
class Shield(Decision):
    kind = "shield check"
    attacker: int
    damage: int


@dataclass(frozen=True, slots=True)
class Path(Decision):
    kind = "path"
    visited: tuple[int, ...]
    left: int


STACK = list[Shield | Path]


def roundtrip(stack: list[Any]) -> Any:
    return decode_field(compile_type(STACK), "fields.decisions",
                        json.loads(json.dumps(encode(stack))))


def test_a_stack_of_two_kinds_round_trips_exactly() -> None:
    stack = [Path(seat=0, visited=(3, 4), left=2), Shield(seat=1, attacker=0, damage=3)]
    assert roundtrip(stack) == stack
    assert type(roundtrip(stack)[0]) is Path
    assert top(stack) == Shield(seat=1, attacker=0, damage=3)
    assert describe(top(stack)) == {"kind": "shield check", "seat": 1}
    assert top([]) is None and describe(None) is None


@pytest.mark.parametrize(("raw", "says"), [
    ({"@k": ["teleport", {"seat": 0}]},
     "'teleport' is not a decision of this state; its kinds are 'shield check', 'path'"),
    ({"@k": ["path", {"seat": 0, "left": 1}]}, "has no 'visited'"),
    ({"@k": ["path", {"seat": 0, "left": 1, "visited": {"@t": [1]}, "x": 2}]},
     "'x' is not a key"),
    ({"@k": ["shield check", {"seat": 0, "attacker": "a", "damage": 1}]},
     "['attacker']: expected int"),
    ({"@k": "path"}, "encoded as [kind"),
])
def test_a_malformed_decision_is_refused_by_its_path(raw: Any, says: str) -> None:
    with pytest.raises(RecordError) as err:
        decode_field(compile_type(STACK), "fields.decisions", [raw])
    assert str(err.value).startswith("fields.decisions[0]") or "fields.decisions" in str(err.value)
    assert says in str(err.value)


def test_a_decision_is_immutable() -> None:
    d = Shield(seat=1, attacker=0, damage=3)
    with pytest.raises(AttributeError):
        d.damage = 4  # type: ignore[misc]


def test_every_view_names_the_decision_and_a_clone_owns_its_stack() -> None:
    import meeple

    st = meeple.load("tictactoe").new_state(seed=1)
    assert st.view(0)["decision"] == {"kind": "turn", "seat": st.to_act}
    twin = st.clone()
    assert twin.decisions == [] and twin.decisions is not st.decisions
