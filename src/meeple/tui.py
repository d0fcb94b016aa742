"""The terminal play loop: humans and bots at one keyboard.

Everything shown passes through ``view(seat)`` and ``events(seat)``: a human sees their own
seat's view; when several humans share the keyboard (hot-seat), the screen is cleared and a
seat's private view appears only after that seat confirms it is at the keyboard.
"""

from __future__ import annotations

import importlib
import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from rich.columns import Columns
from rich.console import Console, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.pretty import Pretty
from rich.table import Table

from meeple.agents import Agent, explain, info_set
from meeple.core import Game, IllegalAction, State, game_class
from meeple.sim.runner import make_agents

HUMAN = "human"

TEXT: dict[str, dict[str, str]] = {
    "en": {
        "turn": "Seat {seat} to act",
        "actions": "Your actions",
        "prompt": "Seat {seat} — number, action text, or help",
        "help": ("Type the number of an action or its text. Commands: help, undo (take back "
                 "your last decision when all other seats are bots), why (what the last bot "
                 "considered), quit (save the record and stop)."),
        "bot": "Seat {seat} ({agent}): {action}",
        "over": "Game over",
        "winners": "Winners: {winners}",
        "draw": "Nobody won.",
        "saved": "Record saved to {path}",
        "undo_none": "Nothing to undo.",
        "undo_off": "Undo is possible only when every other seat is a bot.",
        "handover": "Pass the keyboard to seat {seat}, then press Enter.",
        "bad_number": "There is no action {n}; choose 1 to {k}.",
        "why_none": "No bot has explained a move yet.",
    },
    "ru": {
        "turn": "Ходит место {seat}",
        "actions": "Ваши действия",
        "prompt": "Место {seat} — номер, текст действия или help",
        "help": ("Введите номер действия или его текст. Команды: help, undo (отменить своё "
                 "последнее решение, если остальные места — боты), why (что рассматривал бот), "
                 "quit (сохранить запись и выйти)."),
        "bot": "Место {seat} ({agent}): {action}",
        "over": "Игра окончена",
        "winners": "Победители: {winners}",
        "draw": "Никто не победил.",
        "saved": "Запись сохранена в {path}",
        "undo_none": "Нечего отменять.",
        "undo_off": "Отмена возможна, только когда все остальные места — боты.",
        "handover": "Передайте клавиатуру месту {seat} и нажмите Enter.",
        "bad_number": "Действия {n} нет; выберите от 1 до {k}.",
        "why_none": "Боты ещё не объясняли ходы.",
    },
}


def renderer(game: Game) -> Callable[[dict[str, Any], int | None, str], RenderableType]:
    """The game's ``render(view, seat, lang)``, or a generic one showing the view's data."""
    pkg = type(game).__module__.rpartition(".")[0]
    try:
        mod = importlib.import_module(f"{pkg}.render")
    except ModuleNotFoundError:
        return generic_render
    fn: Callable[[dict[str, Any], int | None, str], RenderableType] = mod.render
    return fn


def describer(game: Game) -> Callable[[dict[str, Any], str], str | None] | None:
    """The game's ``describe(event, lang)`` (a sentence for an event), if it has one."""
    pkg = type(game).__module__.rpartition(".")[0]
    try:
        mod = importlib.import_module(f"{pkg}.render")
    except ModuleNotFoundError:
        return None
    fn: Callable[[dict[str, Any], str], str | None] | None = getattr(mod, "describe", None)
    return fn


def plain_event(event: dict[str, Any]) -> str:
    """An event as ``type: key value, ...`` when the game has no sentence for it."""
    def show(v: Any) -> str:
        return "/".join(map(str, v)) if isinstance(v, list | tuple) else str(v)

    detail = ", ".join(f"{k} {show(v)}" for k, v in event.items() if k != "type")
    return f"{event['type']}: {detail}" if detail else str(event["type"])


def generic_render(view: dict[str, Any], seat: int | None, lang: str = "en") -> RenderableType:
    """Any view as a tidy tree of its data."""
    shown = {k: v for k, v in view.items() if k not in ("game", "players", "seat", "over")}
    return Panel(Pretty(shown), title=view.get("game", ""))


@dataclass
class Session:
    """One terminal game: the state, the seats, and what each seat has been shown."""

    game: Game
    seats: list[str]
    seed: int
    lang: str = "en"
    console: Console = field(default_factory=Console)
    input_fn: Callable[[str], str] = input
    record_path: Path | None = None
    state: State = field(init=False)
    agents: list[Agent | None] = field(init=False)
    undo_stack: list[State] = field(init=False, default_factory=list)
    last_bot: Agent | None = field(init=False, default=None)
    shown: dict[int | None, int] = field(init=False, default_factory=dict)

    def __post_init__(self) -> None:
        self.state = self.game.new_state(seed=self.seed)
        bots = make_agents(["random" if s == HUMAN else s for s in self.seats],
                           self.game.players, self.seed)
        self.agents = [None if s == HUMAN else bots[i] for i, s in enumerate(self.seats)]
        self.humans = [i for i, s in enumerate(self.seats) if s == HUMAN]
        self.render = renderer(self.game)
        self.describe = describer(self.game)

    def t(self, key: str, **kw: Any) -> str:
        """A UI sentence in the session's language."""
        return TEXT.get(self.lang, TEXT["en"])[key].format(**kw)

    @property
    def observer(self) -> int | None:
        """Whose eyes narrate bot moves: the only human, else a spectator."""
        return self.humans[0] if len(self.humans) == 1 else None

    def narrate(self, seat: int | None) -> None:
        """Print the events ``seat`` has not seen yet, redacted for it."""
        evs = self.state.events(seat)
        start = self.shown.get(seat, 0)
        for e in evs[start:]:
            if e["type"] == "action":
                who = self.seats[e["seat"]]
                if who == HUMAN and e["seat"] == seat:
                    continue
                self.console.print(self.t("bot", seat=e["seat"], agent=who,
                                          action=e["action"]), style="cyan")
            else:
                text = self.describe(e, self.lang) if self.describe else None
                self.console.print(f"  · {text or plain_event(e)}", style="dim", markup=False)
        self.shown[seat] = len(evs)

    def show_actions(self, seat: int) -> list[Any]:
        """Print the numbered legal actions."""
        legal = self.state.legal_actions()
        self.console.print(self.t("actions"), style="bold")
        cells = [f"[bold]{i:>3}[/bold]  {escape(str(a))}" for i, a in enumerate(legal, 1)]
        if len(cells) <= 12:
            for c in cells:
                self.console.print(c)
        else:  # long lists in columns, read down then across
            self.console.print(Columns(cells, column_first=True, padding=(0, 3)))
        return legal

    def save(self) -> Path:
        """Write the record (to ``record_path`` or a default name) and say where."""
        path = self.record_path or Path(f"meeple-{self.game.id}-{self.seed}.json")
        path.write_text(json.dumps(self.state.record(), ensure_ascii=False, indent=1), "utf-8")
        self.console.print(self.t("saved", path=path))
        return path

    def human_turn(self, seat: int) -> bool:
        """Ask the human in ``seat`` until a legal action is taken; False if they quit."""
        if len(self.humans) > 1:
            self.console.clear()
            self.input_fn(self.t("handover", seat=seat) + " ")
            self.shown.setdefault(seat, self.shown.get(None, 0))
        self.narrate(seat)
        self.console.print(self.render(self.state.view(seat), seat, self.lang))
        legal = self.show_actions(seat)
        while True:
            try:
                raw = self.input_fn(self.t("prompt", seat=seat) + ": ").strip()
            except EOFError:
                raw = "quit"
            word = raw.lower()
            if word in ("quit", "exit", "q"):
                self.save()
                return False
            if word in ("help", "?", "h"):
                self.console.print(self.t("help"))
                continue
            if word == "why":
                self.explain_bot()
                continue
            if word == "undo":
                if self.undo():
                    return True
                continue
            if raw.isdigit():
                n = int(raw)
                if not 1 <= n <= len(legal):
                    self.console.print(self.t("bad_number", n=n, k=len(legal)), style="red")
                    continue
                action = legal[n - 1]
            else:
                try:
                    action = self.state.parse(raw)
                except IllegalAction as e:
                    self.console.print(e.reason, style="red")
                    continue
            if len(self.humans) == 1:
                self.undo_stack.append(self.state.clone())
            self.state.apply(action)
            return True

    def undo(self) -> bool:
        """Go back to this human's previous decision (one human, all others bots)."""
        if len(self.humans) != 1:
            self.console.print(self.t("undo_off"), style="yellow")
            return False
        if not self.undo_stack:
            self.console.print(self.t("undo_none"), style="yellow")
            return False
        self.state = self.undo_stack.pop()
        self.shown = {k: min(v, len(self.state.events(k))) for k, v in self.shown.items()}
        return True

    def explain_bot(self) -> None:
        """Show what the last bot considered, if it can say."""
        rows = explain(self.last_bot) if self.last_bot is not None else []
        if not rows:
            self.console.print(self.t("why_none"))
            return
        table = Table(show_header=False, box=None)
        for action, reason in rows:
            table.add_row(action, reason)
        self.console.print(table)

    def run(self) -> State:
        """Play until the game ends or a human quits."""
        while not self.state.is_over:
            seat = self.state.to_act
            assert seat is not None
            agent = self.agents[seat]
            if agent is None:
                if not self.human_turn(seat):
                    return self.state
                continue
            action = agent.choose(info_set(agent, self.state, seat))
            self.last_bot = agent
            self.state.apply(action)
        self.finish()
        return self.state

    def finish(self) -> None:
        """Show the final position and the result; save the record if asked to."""
        seat = self.observer
        self.narrate(seat)
        self.console.print(self.render(self.state.view(seat), seat, self.lang))
        res = self.state.result()
        self.console.rule(self.t("over"))
        if res.winners:
            self.console.print(self.t("winners", winners=", ".join(map(str, res.winners))))
        else:
            self.console.print(self.t("draw"))
        if res.detail:
            self.console.print(res.detail)
        if self.record_path is not None:
            self.save()


def play_in_terminal(game_id: str, seats: Sequence[str], seed: int, *, lang: str = "en",
                     options: dict[str, Any] | None = None, record: Path | None = None,
                     console: Console | None = None,
                     input_fn: Callable[[str], str] = input) -> State:
    """Set up and run a terminal game."""
    game = game_class(game_id)(players=len(seats), options=options)
    session = Session(game, list(seats), seed, lang, console or Console(), input_fn, record)
    return session.run()
