"""A skill ladder: how much each doubling of a search budget buys.

``mcts@0.1s..1.6s`` names the rungs 0.1, 0.2, 0.4, 0.8 and 1.6 s per decision (``mcts:50..800``
the iteration budgets 50 to 800). Each step is an arena (:func:`meeple.sim.arena.arena`): a
rung against the rung below it, or every rung against a fixed opponent (``against``); in a
cooperative game each rung plays as the whole team. The steps share the seed, so they meet the
same deals. With ``out``, each step keeps its games in a run directory of its own under it and
resumes there.

>>> rungs("mcts@0.1s..1.6s")
['mcts@0.1s', 'mcts@0.2s', 'mcts@0.4s', 'mcts@0.8s', 'mcts@1.6s']
>>> rungs("mcts:50..200:greedy")
['mcts:50:greedy', 'mcts:100:greedy', 'mcts:200:greedy']
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import Any

from rich import box
from rich.console import Console
from rich.table import Table

from meeple.agents import make
from meeple.core import ConfigError, game_class

from .arena import Played, arena
from .arena_print import LEGEND, Stream, safety_note

#: A budget range inside a spec: its text before, the two ends (with their units), and after.
_RANGE = re.compile(r"(?P<pre>.*?)(?P<lo>\d*\.?\d+)(?P<lu>ms|s)?\.\.(?P<hi>\d*\.?\d+)"
                    r"(?P<hu>ms|s)?(?P<post>(?::.*)?)")
#: The most rungs a ladder may have.
MAX_RUNGS = 12
_EXAMPLE = "e.g. mcts@0.1s..1.6s or mcts:50..800"


def rungs(ladder: str) -> list[str]:
    """The agent specs of a ladder: its budget doubled from the low end to the high end.

    ConfigError when the text has no range, the range does not climb by doublings to its high
    end, or a rung is not an agent.
    """
    m = _RANGE.fullmatch(ladder.strip())
    if m is None:
        raise ConfigError(f"--ladder {ladder!r} names no budget range; {_EXAMPLE}")
    pre, post = m["pre"], m["post"]
    timed = pre.endswith("@")
    if not timed and not pre.endswith(":"):
        raise ConfigError(f"--ladder {ladder!r}: the range must be a budget, after ':' "
                          f"(iterations) or '@' (time); {_EXAMPLE}")
    if not timed and (m["lu"] or m["hu"] or "." in m["lo"] + m["hi"]):
        raise ConfigError(f"--ladder {ladder!r}: iteration budgets are whole numbers")
    scale = {"ms": 0.001, "s": 1.0, None: 1.0}
    lo, hi = float(m["lo"]) * scale[m["lu"]], float(m["hi"]) * scale[m["hu"]]
    if not 0 < lo < hi:
        raise ConfigError(f"--ladder {ladder!r} must climb from a budget to a larger one")
    values = [lo]
    while values[-1] * 2 <= hi * (1 + 1e-9) and len(values) <= MAX_RUNGS:
        values.append(values[-1] * 2)
    if len(values) > MAX_RUNGS:
        raise ConfigError(f"--ladder {ladder!r} has more than {MAX_RUNGS} rungs")
    if abs(values[-1] - hi) > 1e-9 * hi:
        below, above = values[-1], values[-1] * 2
        raise ConfigError(f"--ladder {ladder!r} climbs by doubling from its low end and does "
                          f"not reach {m['hi']}{m['hu'] or ''}: end it at "
                          f"{_budget(below, timed, m['lu'])} or {_budget(above, timed, m['lu'])}")
    out = [f"{pre}{_budget(v, timed, m['lu'])}{post}" for v in values]
    for spec in out:
        make(spec, 0)  # an unknown agent or argument fails now, not in the first step
    return out


def _budget(value: float, timed: bool, unit: str | None) -> str:
    if not timed:
        return str(round(value))
    if unit == "ms":
        return f"{value * 1000:g}ms"
    return f"{value:g}s"


def steps(specs: list[str], against: str | None, cooperative: bool
          ) -> list[tuple[str, str | None]]:
    """(rung, opponent) of each step: each rung against the one below it, or every rung
    against ``against``; in a cooperative game every rung alone, as the whole team."""
    if cooperative:
        if against:
            raise ConfigError("in a cooperative game each rung plays as the whole team: "
                              "--against does not apply")
        return [(s, None) for s in specs]
    if against:
        if against.strip() in specs:
            raise ConfigError(f"--against {against} is a rung of the ladder: a step would pit "
                              "it against itself")
        return [(s, against.strip()) for s in specs]
    return [(specs[k], specs[k - 1]) for k in range(1, len(specs))]


def step_folder(number: int, spec: str, against: str | None) -> str:
    """The name of a step's run directory (letters, digits, ``.@-_`` only).

    >>> step_folder(2, "mcts@0.4s", "mcts@0.2s")
    '02-mcts@0.4s-vs-mcts@0.2s'
    """
    name = f"{number:02d}-{spec}" + (f"-vs-{against}" if against else "")
    return re.sub(r"[^A-Za-z0-9.@_-]", "_", name)


def ladder(game_id: str, text: str, games: int, against: str | None = None,
           players: int | None = None, seed: int = 0, options: dict[str, Any] | None = None,
           jobs: int = 1, out: Path | None = None,
           on_step: Callable[[int, int, str, str | None], None] | None = None,
           on_game: Callable[[Played], None] | None = None,
           on_kept: Callable[[list[Played]], None] | None = None) -> dict[str, Any]:
    """Play every step of the ladder ``text``; the win rate of each rung with its interval.

    ``on_step(number, of, rung, opponent)`` is called before each step's games.
    """
    cls = game_class(game_id)
    specs = rungs(text)
    if players is None:
        players = 2 if 2 in cls.allowed_players() else cls.default_players or cls.min_players
    if against is not None:
        make(against, 0, game_id)
    plan = steps(specs, against, cls.cooperative)
    results = []
    for k, (spec, opponent) in enumerate(plan, 1):
        seats = [spec] * players if opponent is None else [spec] + [opponent] * (players - 1)
        if on_step is not None:
            on_step(k, len(plan), spec, opponent)
        where = None if out is None else Path(out) / step_folder(k, spec, opponent)
        report = arena(game_id, seats, games, players, seed, options, jobs, on_game=on_game,
                       out=where, on_kept=on_kept)
        mine = next(a for a in report["agents"] if a["spec"] == spec)
        theirs = next((a for a in report["agents"] if a["spec"] == opponent), None)
        results.append({
            "spec": spec, "against": opponent, "wins": mine["wins"], "games": report["games"],
            "win_rate": mine["win_rate"], "ci95": mine["ci95"], "draws": report["draws"],
            "ms_per_decision": mine["ms_per_decision"],
            "forced_decisions": mine["forced_decisions"],
            "iterations_per_decision": mine["iterations_per_decision"],
            "against_ms_per_decision": None if theirs is None else theirs["ms_per_decision"],
            "safety_endings": report["safety_endings"],
            "out": None if where is None else str(where),
            "report": {k: v for k, v in report.items() if k != "played"},
        })
    return {"game": game_id, "players": players, "ladder": text, "rungs": specs,
            "against": against, "games": games, "seed": seed,
            "cooperative": cls.cooperative, "steps": results}


def print_ladder(result: dict[str, Any], console: Console | None = None) -> None:
    """The ladder as a terminal table: one row per step."""
    console = console or Console(emoji=False)
    title = (f"{result['game']}, {result['players']} seats: ladder {result['ladder']}, "
             f"{result['games']} games a step (seed {result['seed']}, seats rotated)")
    t = Table(title=title, box=box.SIMPLE_HEAD, pad_edge=False)
    widths = {"rung": max(len(s["spec"]) for s in result["steps"]),
              "against": max(len(s["against"] or "") for s in result["steps"])}
    for col in ("rung", "against", "wins", "rate", "95% CI", "ms/dec", "iter/dec", "forced",
                "vs ms"):
        t.add_column(col, justify="left" if col in widths else "right", no_wrap=True,
                     min_width=widths.get(col))
    for s in result["steps"]:
        lo, hi = s["ci95"]
        its = s["iterations_per_decision"]
        theirs = s["against_ms_per_decision"]
        t.add_row(s["spec"], s["against"] or "–", f"{s['wins']}/{s['games']}",
                  f"{100 * s['win_rate']:.0f}%", f"{100 * lo:.0f}–{100 * hi:.0f}%",
                  f"{s['ms_per_decision']:.1f}", "–" if its is None else f"{its:.0f}",
                  str(s["forced_decisions"]), "–" if theirs is None else f"{theirs:.1f}")
    console.print(t)
    console.print(LEGEND + "; vs ms: the opponent's ms/dec", highlight=False)
    for s in result["steps"]:
        note = safety_note({"games": s["games"], "safety_endings": s["safety_endings"]})
        if note:
            console.print(f"[bold yellow]warning:[/] {s['spec']}: {note}", highlight=False)


def streamed(console: Console, game_id: str, seats: str | None, text: str | None,
             against: str | None, games: int, players: int | None = None, seed: int = 0,
             options: dict[str, Any] | None = None, jobs: int = 1, out: Path | None = None
             ) -> dict[str, Any]:
    """``meeple arena``: the arena of ``seats`` (comma-separated) or the ladder ``text``, each
    game printed on ``console`` as it finishes; the report."""
    limits = game_class(game_id).safety_endings
    if seats is not None:
        specs = [s.strip() for s in seats.split(",") if s.strip()]
        stream = Stream(console, specs, games, limits)
        return arena(game_id, specs, games, players, seed, options, jobs, on_game=stream.game,
                     out=out, on_kept=stream.kept)
    streams = [Stream(console, [], games)]

    def step(k: int, of: int, spec: str, opponent: str | None) -> None:
        streams[0] = Stream(console, [spec, *([opponent] if opponent else [])], games, limits,
                            prefix=f"step {k}/{of} ")
        console.print(f"step {k}/{of}: {spec} against {opponent or 'the game, as a team'}",
                      markup=False, highlight=False)

    return ladder(game_id, text or "", games, against, players, seed, options, jobs, out,
                  on_step=step, on_game=lambda p: streams[0].game(p),
                  on_kept=lambda kept: streams[0].kept(kept))
