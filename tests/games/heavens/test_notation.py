"""The verbs of High in the Heavens and their notation (docs/architecture.md, "Actions"): every
pairing of pantheons and every layout has a universe holding all it offers; texts are the
records' own, so a record made by version 1 still names the same actions."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

import meeple
from meeple.core import IllegalAction, RecordError, Verb, replay
from meeple.games.heavens import actions, labels, places
from meeple.games.heavens.content import PANTHEONS
from meeple.games.heavens.game import Heavens
from meeple.games.heavens.verbs import CardId, Hex, Summon, TargetHex

HERE = Path(__file__).parent
RECORDS = sorted(HERE.glob("record_v1_*.json"))
PAIRS = [(a, b) for a in PANTHEONS for b in PANTHEONS if a != b]


def record(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text("utf-8"))
    return data


@pytest.mark.parametrize(("pantheon_a", "pantheon_b"), PAIRS)
@pytest.mark.parametrize("layout", ["standard", "forward", "flanks"])
def test_every_pairing_offers_only_verbs_of_its_universe(pantheon_a: str, pantheon_b: str,
                                                        layout: str) -> None:
    options = {"pantheon_a": pantheon_a, "pantheon_b": pantheon_b, "layout": layout}
    for players in (2, 4):
        g = meeple.load("heavens", players=players, options=options)
        universe = g.action_universe()
        assert len({a.text for a in universe}) == len(universe)
        st = g.new_state(seed=players)
        pick = random.Random(players)
        for _ in range(250):
            if st.is_over:
                break
            for a in st.legal_actions():
                assert g.action(a.data) is a and g.parse_verb(a.text) == a.data
            st.apply(pick.choice(st.legal_actions()))


def test_every_verb_has_a_rule_a_label_and_a_place_or_a_button() -> None:
    kinds = {type(a.data) for a in meeple.load("heavens").action_universe()}
    actions.RULES.require(kinds)
    labels.LABELS.require(kinds)
    places.PLACES.require(kinds - places.BUTTONS)
    assert not places.PLACES.handles() & places.BUTTONS


def test_a_central_summon_and_a_summon_from_hand_read_alike() -> None:
    """Descent from Olympus names its target as a summon: one verb, whatever the hex."""
    g = Heavens()
    zeus, f6 = CardId(g.ids.index("zeus")), Hex(g.board.index["f6"])
    assert g.action(Summon(zeus, f6)).text == "summon Zeus at f6"
    thor = CardId(g.ids.index("thor"))
    with pytest.raises(IllegalAction):  # Norse powers summon nobody to the centre
        g.action(Summon(thor, f6))
    assert g.parse_verb("target f6") == TargetHex(f6)


@pytest.mark.parametrize("words", ["attack Zeus with Ares", "play Zeus", "move Bolt of Olympus",
                                   "summon Zeus at f12", "step z9", "take gold"])
def test_notation_refuses_what_no_game_of_these_options_offers(words: str) -> None:
    with pytest.raises(IllegalAction, match="notation"):
        meeple.load("heavens").parse_verb(words)


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_every_action_of_a_version_1_record_is_still_written_the_same(path: Path) -> None:
    data = record(path)
    g = meeple.load("heavens", players=data["players"], options=data["options"])
    for text in data["actions"]:
        verb = g.parse_verb(text)
        assert isinstance(verb, Verb) and g.verb_text(verb) == text


@pytest.mark.parametrize("path", RECORDS, ids=lambda p: p.stem)
def test_a_version_1_record_is_refused_by_its_version_and_replays_once_restamped(
        path: Path) -> None:
    """Version 2 renamed the state's fields, not the actions: the record's version is refused
    by name, and the same actions replay to the very result the record states."""
    data = record(path)
    with pytest.raises(RecordError, match="heavens version 1; this meeple has version 2"):
        replay(data)
    st = replay({**data, "version": meeple.load("heavens").version})
    assert st.is_over and st.result().to_dict()["reason"] == data["result"]["reason"]
