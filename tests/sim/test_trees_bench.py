"""benchmarks/trees.py: two checkouts measured side by side, refused without two real ones."""

from __future__ import annotations

import re
import sys

import pytest

from .scripts import BENCHMARKS, load

ROOT = BENCHMARKS.parent


def test_one_checkout_against_itself_gives_a_row_per_measure(
        monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    trees = load("trees")
    monkeypatch.setattr(sys, "argv", [
        "trees.py", "--tree", f"a={ROOT}", "--tree", f"b={ROOT}", "tictactoe", "--rounds", "1",
        "--positions", "2", "--depth", "2", "--calls", "3", "--budget", "5"])
    trees.main()
    rows = [line for line in capsys.readouterr().out.splitlines()
            if line.startswith("| tictactoe")]
    assert [r.split("|")[2].strip() for r in rows] == ["determinize", "mcts"]
    for r in rows:
        assert re.search(r"\| \d+\.\d+ (µs|ms) \| \d+\.\d+ (µs|ms) \| \d+\.\d+x \|$", r), r


@pytest.mark.parametrize("trees_given", [[], ["--tree", "a=."], ["--tree", "a=.", "--tree",
                                                                   "b=/no/such/checkout"]])
def test_fewer_than_two_checkouts_are_refused(
        trees_given: list[str], monkeypatch: pytest.MonkeyPatch) -> None:
    trees = load("trees")
    monkeypatch.chdir(ROOT)
    monkeypatch.setattr(sys, "argv", ["trees.py", *trees_given, "tictactoe"])
    with pytest.raises(SystemExit) as stopped:
        trees.main()
    assert stopped.value.code == 2
