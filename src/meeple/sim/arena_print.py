"""What ``meeple arena`` prints: a line per game as it finishes, and the report's tables."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from rich import box
from rich.console import Console
from rich.table import Table

from meeple.core import game_class

if TYPE_CHECKING:
    from .arena import Played


def _pct(x: float) -> str:
    return f"{100 * x:.1f}%"


def _ms(x: float) -> str:
    return f"{x:.1f}" if x >= 1 else f"{x:.2f}"


#: What the columns of time and decisions mean, printed under the tables.
LEGEND = ("decided: decisions with a choice; ms/dec: their mean time in milliseconds; "
          "forced: decisions with one legal action, not in that mean; iter/dec: a search's "
          "mean iterations per decision")


def safety_note(report: dict[str, Any]) -> str | None:
    """A warning when games ended on one of meeple's own safety limits, else None.

    >>> safety_note({"games": 200, "safety_endings": {"games": 12,
    ...                                               "reasons": {"round-limit": 12}}})
    '12 of 200 games ended on a safety limit (round-limit): they measure the limit, not the game'
    """
    safety = report.get("safety_endings") or {}
    if not safety.get("games"):
        return None
    reasons = ", ".join(safety["reasons"])
    return (f"{safety['games']} of {report['games']} games ended on a safety limit ({reasons}): "
            "they measure the limit, not the game")


class Stream:
    """Prints each arena game as it finishes, with the running totals per agent.

    ``limits``: the game's safety endings, marked on the games that end on one.
    """

    def __init__(self, console: Console, specs: Sequence[str], total: int,
                 limits: frozenset[str] = frozenset(), prefix: str = "") -> None:
        self.console = console
        self.specs = list(dict.fromkeys(specs))
        self.total = total
        self.limits = limits
        self.prefix = prefix
        self.wins = dict.fromkeys(self.specs, 0)
        self.draws = 0
        self.done = 0
        self.safety = 0

    def _order(self, spec: str) -> int:
        return self.specs.index(spec) if spec in self.specs else len(self.specs)

    def _count(self, p: Played) -> None:
        self.done += 1
        for spec in {p.seats[w] for w in p.winners}:
            self.wins[spec] = self.wins.get(spec, 0) + 1
        self.draws += not p.winners
        self.safety += p.reason in self.limits

    def kept(self, played: list[Played]) -> None:
        """Games found in the run directory: counted, and said in one line."""
        for p in played:
            self._count(p)
        self._say(f"{len(played)} of {self.total} games already played (kept in the run "
                  f"directory); {self.totals()}")

    def game(self, p: Played) -> None:
        """One line for a finished game."""
        self._count(p)
        won = sorted({p.seats[w] for w in p.winners}, key=self._order)
        winner = ("won by " + ", ".join(won) + " (seat " + ", ".join(
            str(w) for w in p.winners) + ")") if won else "no winner"
        ending = p.reason + (" (safety limit)" if p.reason in self.limits else "")
        times = []
        for spec in sorted(set(p.seats), key=self._order):
            dec = sum(d for s, d in zip(p.seats, p.decisions, strict=True) if s == spec)
            secs = sum(t for s, t in zip(p.seats, p.think_seconds, strict=True) if s == spec)
            times.append(f"{spec} {_ms(1000 * secs / dec) if dec else '–'}")
        self._say(f"game {p.index + 1}/{self.total}: {' v '.join(p.seats)}; {winner}; "
                  f"{ending}; {p.actions} actions; ms/decision {', '.join(times)} | "
                  f"{self.totals()}")

    def totals(self) -> str:
        """The running totals: wins per agent, draws, safety-limit endings."""
        text = f"after {self.done}: " + ", ".join(f"{s} {self.wins[s]}" for s in self.specs)
        text += f", no winner {self.draws}"
        return text + (f", safety limit {self.safety}" if self.safety else "")

    def _say(self, text: str) -> None:
        self.console.print(self.prefix + text, markup=False, highlight=False, soft_wrap=True)
        self.console.file.flush()  # seen at once, even through a pipe or into a file


def print_report(report: dict[str, Any], console: Console | None = None) -> None:
    """The report as terminal tables."""
    console = console or Console(emoji=False)
    one_team = len(report["agents"]) == 1 and game_class(report["game"]).cooperative
    title = (f"{report['game']}, {report['players']} seats, {report['games']} games "
             f"(seed {report['seed']}, "
             f"{'a deal a game' if one_team else 'seats rotated'})")
    t = Table(title=title, box=box.SIMPLE_HEAD, pad_edge=False)
    width = max(len(a["spec"]) for a in report["agents"])
    for col in ("agent", "wins", "rate", "95% CI", "decided", "forced", "ms/dec", "iter/dec"):
        t.add_column(col, justify="left" if col == "agent" else "right", no_wrap=True,
                     min_width=width if col == "agent" else None)
    for a in report["agents"]:
        lo, hi = a["ci95"]
        its = a.get("iterations_per_decision")
        t.add_row(a["spec"], str(a["wins"]), _pct(a["win_rate"]),
                  f"{100 * lo:.1f}–{_pct(hi)}", str(a["decisions"]),
                  str(a.get("forced_decisions", "–")),
                  _ms(a.get("ms_per_decision", 1000 * a["seconds_per_decision"])),
                  "–" if its is None else f"{its:.0f}")
    console.print(t)
    console.print(LEGEND, highlight=False)
    seats = ", ".join(f"seat {s['seat']} {_pct(s['win_rate'])}" for s in report["by_seat"])
    console.print(f"by seat: {seats}", highlight=False)
    console.print(f"draws: {report['draws']} ({_pct(report['draw_rate'])}); mean length "
                  f"{report['mean_actions']:.1f} actions, {report['mean_turns']:.1f} turns",
                  highlight=False)
    console.print("endings: " + ", ".join(f"{k} {v}" for k, v in report["endings"].items()),
                  markup=False, highlight=False)
    note = safety_note(report)
    if note:
        console.print(f"[bold yellow]warning:[/] {note}", highlight=False)
