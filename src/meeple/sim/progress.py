"""The progress bar of a run on stderr: games done, games per second, time elapsed and left,
and how many games failed."""

from __future__ import annotations

from typing import Any

from rich.console import Console
from rich.progress import (
    BarColumn,
    MofNCompleteColumn,
    Progress,
    ProgressColumn,
    Task,
    TextColumn,
    TimeElapsedColumn,
    TimeRemainingColumn,
)
from rich.text import Text


class RunProgress:
    """A rich progress bar (games done, games/s, time left), or nothing."""

    def __init__(self, progress: Any, game: str, total: int, done: int) -> None:
        self.bar: Any = None
        self.failed = 0
        self.game = game
        if progress is False:
            return
        console = progress if isinstance(progress, Console) else Console(stderr=True, emoji=False)
        self.bar = Progress(
            TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
            TextColumn("games ·"), RateColumn(), TextColumn("·"), TimeElapsedColumn(),
            TextColumn("elapsed ·"), TimeRemainingColumn(), TextColumn("left"),
            console=console)
        self.task = self.bar.add_task(game, total=total, completed=done)

    def start(self) -> None:
        """Show the bar (called once the workers exist: they must not inherit its thread)."""
        if self.bar is not None:
            self.bar.start()

    def advance(self, games: int, failed: int) -> None:
        if self.bar is not None:
            self.failed += failed
            desc = f"{self.game} · {self.failed} failed" if self.failed else self.game
            self.bar.update(self.task, advance=games, description=desc)

    def stop(self) -> None:
        if self.bar is not None:
            self.bar.stop()


class RateColumn(ProgressColumn):
    """Games per second over the last half minute."""

    def render(self, task: Task) -> Text:
        speed = task.speed
        return Text("– games/s" if speed is None else f"{speed:,.1f} games/s")
