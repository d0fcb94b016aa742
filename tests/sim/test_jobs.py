"""What a run does with its processes beyond playing: the workers measure the shape of the
sampled games as they play them, the parent replays those a resumed run already held and
imports matplotlib while workers play, the plots are drawn on several processes, and none of it
changes a record, a summary or a report."""

from __future__ import annotations

import gc
import importlib.util
import json
import multiprocessing
import os
import re
import threading
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from meeple.sim import plots
from meeple.sim.backends import forked, run_chunks, shared_heap
from meeple.sim.simulate import Chunks, RunSpec, make_spec, simulate

needs_matplotlib = pytest.mark.skipif(importlib.util.find_spec("matplotlib") is None,
                                      reason="matplotlib is not installed")
needs_fork = pytest.mark.skipif("fork" not in multiprocessing.get_all_start_methods(),
                                reason="no fork here: the calls are made in turn")


class Stop(Exception):
    """Raised to interrupt a run part-way."""


def run(spec: RunSpec, games: int, out: Path, **kw: Any) -> dict[str, Any]:
    kw.setdefault("report", False)
    return simulate(spec, games, out, progress=False, **kw)


def without_timing(summary: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in summary.items() if k != "timing"}


def fail(message: str) -> int:
    raise ValueError(message)


# ------------------------------------------------------------------------ processes
@needs_fork
def test_forked_calls_run_in_other_processes_and_come_back_in_order() -> None:
    pids = forked([os.getpid, os.getpid, os.getpid])
    assert pids[0] == os.getpid()  # the first call is made here
    assert os.getpid() not in pids[1:]
    assert forked([partial(int, "7"), partial(int, "8")]) == [7, 8]
    assert multiprocessing.active_children() == []


def test_a_forked_call_that_raises_raises_here() -> None:
    with pytest.raises(ValueError, match="no plot today"):
        forked([partial(int, "1"), partial(fail, "no plot today")])


def test_the_heap_is_frozen_only_while_workers_fork() -> None:
    assert gc.get_freeze_count() == 0
    with shared_heap():
        assert gc.get_freeze_count() > 0
    assert gc.get_freeze_count() == 0
    gc.freeze()  # somebody else's freeze is theirs to undo
    try:
        frozen = gc.get_freeze_count()
        with shared_heap():
            pass
        assert gc.get_freeze_count() >= frozen
    finally:
        gc.unfreeze()


@pytest.mark.parametrize("jobs", [1, 2])
def test_while_playing_is_called_once_the_workers_exist_and_only_if_they_play(
        jobs: int) -> None:
    spec = make_spec("tictactoe", seed=3)
    seen: list[int] = []
    chunks = Chunks(list(range(12)), jobs)
    played = run_chunks(spec, chunks, jobs=jobs,
                        while_playing=lambda: seen.append(len(multiprocessing.active_children())))
    assert sorted(i for c in played for i in c.indexes) == list(range(12))
    assert seen == ([] if jobs == 1 else [2])  # both workers were forked before it ran


# ----------------------------------------------------------------------------- plots
def test_the_plots_are_shared_out_whole_and_evenly() -> None:
    costs = {"seats": 9.0, "roles": 11.0, "action_kinds": 33.0, "action_texts": 33.0,
             "length": 20.0, "endings": 7.0}
    for jobs in (1, 2, 3, 10):
        parts = plots.share(costs, jobs)
        assert len(parts) == min(jobs, len(costs))
        assert sorted(k for part in parts for k in part) == sorted(costs)
        loads = [sum(costs[k] for k in part) for part in parts]
        assert max(loads) - min(loads) <= max(costs.values())
        assert loads == sorted(loads, reverse=True)  # the process drawing at once has most
    assert plots.share({}, 2) == [[]]


@needs_matplotlib
def test_plots_drawn_on_two_processes_are_the_plots_drawn_on_one(tmp_path: Path) -> None:
    spec = make_spec("_template", players=3, vary={"hand_size": [2, 3]}, seed=1)
    summary = run(spec, 60, tmp_path, jobs=1)
    one, two = plots.draw(summary, 1), plots.draw(summary, 2)
    assert one is not None and two is not None
    assert list(two) == list(one) == list(plots.costs(summary))
    assert two == one


@needs_matplotlib
def test_the_report_is_the_same_whatever_the_number_of_jobs(tmp_path: Path) -> None:
    spec = make_spec("_template", players=3, vary={"hand_size": [2, 3]}, seed=4)
    pages = []
    for jobs in (1, 2):
        out = tmp_path / f"jobs{jobs}"
        run(spec, 80, out, jobs=jobs, report=True, shape=5)
        page = (out / "report.html").read_text("utf-8")
        pages.append(re.sub(r"<p class=\"note\">Last session:.*?</p>", "", page))
        assert {p.name for p in (out / "plots").iterdir()} >= {"seats.png", "length.png"}
    assert pages[0] == pages[1]
    assert "Legal actions per decision" in pages[1]


# ------------------------------------------------------------------------ the sample
def test_the_sample_is_the_same_replayed_aside_at_the_end_or_partly_kept(
        tmp_path: Path) -> None:
    spec = make_spec("tictactoe", seed=5)
    serial = run(spec, 40, tmp_path / "serial", jobs=1, shape=12)
    aside = run(spec, 40, tmp_path / "aside", jobs=2, shape=12)
    run(spec, 17, tmp_path / "grown", jobs=2)  # five of the twelve sampled games kept
    grown = run(spec, 40, tmp_path / "grown", jobs=2, shape=12)
    assert serial["shape"]["sampled"]["games"] == 12
    assert aside["shape"]["sampled"] == serial["shape"]["sampled"]
    assert grown["shape"]["sampled"] == serial["shape"]["sampled"]
    assert without_timing(aside) == without_timing(serial)


@pytest.mark.parametrize("game", ["catacombs", "grabhit"])
def test_a_game_measured_as_it_is_played_is_the_same_game_and_measures_as_replayed(
        game: str, tmp_path: Path) -> None:
    # The measures read every seat's heuristic at every state of a greedy game: reading it
    # must change nothing the bots then do, and must give what a replay of the record gives.
    spec = make_spec(game, seats="greedy", seed=3)
    played = run(spec, 4, tmp_path / "played", jobs=1, shape=4)
    run(spec, 4, tmp_path / "kept", jobs=1, shape=0)
    replayed = run(spec, 4, tmp_path / "kept", jobs=1, shape=4)  # every game kept: replayed
    records = {(tmp_path / d / "records.jsonl").read_bytes() for d in ("played", "kept")}
    assert len(records) == 1
    assert played["shape"]["sampled"]["games"] == 4
    assert played["shape"]["sampled"] == replayed["shape"]["sampled"]


def test_an_interrupted_run_samples_nothing_and_leaves_no_thread(tmp_path: Path) -> None:
    spec = make_spec("tictactoe", seed=6)
    threads = threading.active_count()

    def stop(done: int) -> None:
        if done >= 20:
            raise Stop()

    with pytest.raises(Stop):
        run(spec, 200, tmp_path, jobs=2, shape=50, report=True, on_chunk=stop)
    summary = json.loads((tmp_path / "summary.json").read_text("utf-8"))
    assert not summary["games"]["complete"]
    assert "sampled" not in summary["shape"]
    assert (tmp_path / "report.html").exists()
    assert threading.active_count() == threads
    resumed = run(spec, 200, tmp_path, jobs=2, shape=50)
    assert resumed["shape"]["sampled"]["games"] == 50
