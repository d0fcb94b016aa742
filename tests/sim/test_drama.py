"""Lead changes, stability, decisiveness and drama (meeple.sim.drama), each on evaluation
sequences made by hand whose answers are known, then on replayed games."""

from __future__ import annotations

import json
import math
from pathlib import Path

import pytest

from meeple.agents.evaluation import values
from meeple.core import load
from meeple.sim import drama
from meeple.sim.shape import picks
from meeple.sim.simulate import make_spec, simulate

#: Ten actions, eleven states: seat 0 leads, seat 1 takes the lead after the 4th action, seat 0
#: takes it back after the 8th and wins. Ties (the start, the 6th state) change nothing.
TWO_CHANGES = [[0.5, 0.5], [0.6, 0.4], [0.6, 0.4], [0.55, 0.45], [0.4, 0.6], [0.45, 0.55],
               [0.5, 0.5], [0.3, 0.7], [0.6, 0.4], [0.7, 0.3], [1.0, 0.0]]


def test_two_lead_changes_in_ten_actions_are_a_fifth() -> None:
    assert drama.leaders(TWO_CHANGES, [0, 1]) == [None, 0, 0, 0, 1, 1, 1, 1, 0, 0, 0]
    assert drama.lead_changes(TWO_CHANGES) == pytest.approx(0.2)


def test_taking_the_first_lead_is_no_change_and_a_tie_keeps_the_leader() -> None:
    tied_then_led = [[0.5, 0.5], [0.5, 0.5], [0.7, 0.3], [0.5, 0.5], [1.0, 0.0]]
    assert drama.lead_changes(tied_then_led) == 0.0
    assert drama.lead_changes([[0.5, 0.5]]) is None  # no action, no share


def test_teammates_are_one_side_so_their_swaps_are_no_lead_change() -> None:
    # seats 0 and 2 always share their evaluation, as do 1 and 3: two sides of a team game
    states = [[0.6, 0.4, 0.6, 0.4], [0.3, 0.7, 0.3, 0.7], [0.8, 0.2, 0.8, 0.2],
              [1.0, 0.0, 1.0, 0.0]]
    assert drama.sides(states) == [0, 1, 0, 1]
    assert drama.lead_changes(states) == pytest.approx(2 / 3)
    # a co-operative game is one side: nobody ever takes the lead from anyone
    assert drama.lead_changes([[0.3, 0.3], [0.6, 0.6], [0.0, 0.0]]) == 0.0


def test_stability_is_the_mean_squared_change_per_seat_and_action() -> None:
    assert drama.stability([[0.5, 0.5]] * 6) == 0.0
    # changes 0.1 and 0.3 for both seats: (0.01 + 0.09) * 2 / (2 actions * 2 seats)
    assert drama.stability([[0.5, 0.5], [0.6, 0.4], [0.9, 0.1]]) == pytest.approx(0.05)
    # seat 1 mirrors seat 0, so both change alike: 0.1 0 .05 .15 .05 .05 .2 .3 .1 .3
    moves = [0.1, 0.0, 0.05, 0.15, 0.05, 0.05, 0.2, 0.3, 0.1, 0.3]
    assert drama.stability(TWO_CHANGES) == pytest.approx(sum(m * m for m in moves) * 2 / 20)


def test_decisiveness_is_the_share_played_when_the_winner_went_ahead_for_good() -> None:
    # seat 0 is ahead for good from the 8th action on (state 8 of 10)
    assert drama.decisiveness(TWO_CHANGES, {0}) == pytest.approx(0.8)
    led_all_game = [[0.6, 0.4], [0.7, 0.3], [1.0, 0.0]]
    assert drama.decisiveness(led_all_game, {0}) == 0.0
    level_until_the_end = [[0.5, 0.5], [0.5, 0.5], [0.5, 0.5], [0.0, 1.0]]
    assert drama.decisiveness(level_until_the_end, {1}) == 1.0
    assert drama.decisiveness([[0.5, 0.5], [0.5, 0.5]], set()) is None  # a draw
    assert drama.decisiveness([[0.5, 0.5], [1.0, 1.0]], {0, 1}) is None  # all won


def test_drama_is_the_winners_mean_gap_while_behind() -> None:
    # seat 0 was behind at states 4, 5 and 7: by 0.2, 0.1 and 0.4
    assert drama.drama(TWO_CHANGES, {0}) == pytest.approx((0.2 + 0.1 + 0.4) / 3)
    assert drama.drama([[0.6, 0.4], [1.0, 0.0]], {0}) is None  # never behind
    three = [[0.4, 0.7, 0.5], [0.6, 0.3, 0.65], [1.0, 0.0, 0.0]]  # behind the best other
    assert drama.drama(three, {0}) == pytest.approx((0.3 + 0.05) / 2)


def test_one_game_measured_and_a_cooperative_one_has_only_its_stability() -> None:
    m = drama.measure(TWO_CHANGES, [0], cooperative=False)
    assert m["lead_changes"] == pytest.approx(0.2) and m["behind"] is True
    assert m["decisiveness"] == pytest.approx(0.8)
    draw = drama.measure([[0.5, 0.5], [0.5, 0.5]], [], cooperative=False)
    assert draw["behind"] is None and draw["drama"] is None
    team = drama.measure([[0.3, 0.3], [0.2, 0.2], [1.0, 1.0]], [0, 1], cooperative=True)
    assert set(team) == {"stability"}
    assert team["stability"] == pytest.approx((0.01 * 2 + 0.64 * 2) / 4)


def test_the_mean_of_the_games_has_a_student_t_interval_kept_in_zero_to_one() -> None:
    xs = [0.1, 0.2, 0.2, 0.3, 0.7]
    m = drama.mean_interval(xs)
    sd = math.sqrt(sum((x - 0.3) ** 2 for x in xs) / 4)
    half = 2.776445 * sd / math.sqrt(5)  # t at 4 degrees of freedom, 95%
    assert m["n"] == 5 and m["mean"] == pytest.approx(0.3)
    assert m["low"] == pytest.approx(max(0.0, 0.3 - half), abs=1e-5)
    assert m["high"] == pytest.approx(0.3 + half, abs=1e-5)
    assert drama.mean_interval([0.9, 1.0])["high"] == 1.0
    assert drama.mean_interval([0.4]) == {"n": 1, "mean": 0.4, "low": None, "high": None}


def test_the_summary_counts_how_often_the_winner_was_behind() -> None:
    games = [drama.measure(TWO_CHANGES, [0], False),
             drama.measure([[0.6, 0.4], [1.0, 0.0]], [0], False),
             drama.measure([[0.5, 0.5], [0.5, 0.5]], [], False)]
    found = drama.summarize(games, cooperative=False)
    assert (found["behind"]["count"], found["behind"]["n"]) == (1, 2)
    assert found["drama"]["n"] == 1 and found["decisiveness"]["n"] == 2
    assert found["lead_changes"]["n"] == 3
    assert found["lead_changes"]["mean"] == pytest.approx((0.2 + 0 + 0) / 3)
    rows = dict((m, v) for m, v, _ in drama.rows(found, 3))
    assert rows["Lead changes"].startswith("6.7% (")
    assert set(drama.summarize(games, cooperative=True)) == {"stability"}


# --------------------------------------------------------------------- replayed games
def test_tictactoe_has_no_opinion_so_its_winner_goes_ahead_with_the_last_move(
        tmp_path: Path) -> None:
    spec = make_spec("tictactoe", seed=3)
    summary = simulate(spec, 40, tmp_path, jobs=1, progress=False, report=False, shape=20)
    lead = summary["shape"]["sampled"]["lead"]
    lines = [json.loads(x) for x in (tmp_path / "records.jsonl").read_text().splitlines()]
    won = [x for x in lines if x["index"] in set(picks(40, 20)) and x["result"]["winners"]]
    assert lead["lead_changes"]["mean"] == 0.0  # level until the end: nobody took a lead
    assert lead["decisiveness"] == {"n": len(won), "mean": 1.0, "low": 1.0, "high": 1.0}
    assert lead["behind"]["count"] == 0 and lead["drama"]["n"] == 0


def test_the_sample_reads_every_state_from_the_first_to_the_finished_one(
        tmp_path: Path) -> None:
    spec = make_spec("grabhit", seed=5)
    summary = simulate(spec, 6, tmp_path, jobs=1, progress=False, report=False, shape=6)
    lead = summary["shape"]["sampled"]["lead"]
    game = load("grabhit")
    changes = []
    for raw in (tmp_path / "records.jsonl").read_text().splitlines():
        line = json.loads(raw)
        state = game.new_state(seed=line["seed"])
        leader, seen, swaps = None, [values(state)], 0
        for text in line["actions"]:
            state.apply(text)
            seen.append(values(state))
        for v in seen:
            top = [s for s, x in enumerate(v) if x == max(v)]
            if len(top) == 1 and top[0] != leader:
                swaps += leader is not None
                leader = top[0]
        assert seen[-1] == [1.0 if s in line["result"]["winners"] else 0.0 for s in range(4)]
        changes.append(swaps / len(line["actions"]))
    assert lead["lead_changes"]["n"] == 6
    assert lead["lead_changes"]["mean"] == pytest.approx(sum(changes) / 6)
    assert 0 < lead["lead_changes"]["mean"] < 0.5
