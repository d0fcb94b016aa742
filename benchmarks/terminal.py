"""How much a person reads at the terminal: lines per turn of a bots-only game and the screen's
size, in one run, for the checkout whose ``src`` comes first on the path.

    PYTHONPATH=src python benchmarks/terminal.py catacombs 3 en
    (cd OLD && PYTHONPATH=src python /path/to/benchmarks/terminal.py catacombs 3 en)

For five seeds it plays ``greedy`` in every seat through the terminal loop at 80 columns and
counts the printed lines, the turns (``end turn`` actions), and the engine tokens a person should
never read (``None``, ``True``, ``False``, ``_``).
"""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

from rich.console import Console

import meeple
from meeple.tui import Session

TOKENS = ("None", "True", "False", "_")


def main(game_id: str, players: int, lang: str) -> dict[str, object]:
    lines = turns = actions = tokens = 0
    for seed in range(1, 6):
        out = io.StringIO()
        con = Console(file=out, width=80, color_system=None, force_terminal=False)
        session = Session(meeple.load(game_id, players=players), ["greedy"] * players, seed,
                          lang, con, input, Path("/dev/null"))
        state = session.run()
        text = out.getvalue()
        lines += len(text.splitlines())
        taken = [a.text for a in state.actions_taken()]
        actions += len(taken)
        turns += sum(a == "end turn" for a in taken)
        tokens += sum(text.count(t) for t in TOKENS)
    return {"game": game_id, "players": players, "lang": lang, "lines": lines, "turns": turns,
            "actions": actions, "lines_per_turn": round(lines / max(turns, 1), 1),
            "engine_tokens": tokens}


if __name__ == "__main__":
    print(json.dumps(main(sys.argv[1], int(sys.argv[2]), sys.argv[3])))
