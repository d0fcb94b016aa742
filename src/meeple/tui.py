"""The terminal play loop: humans and bots at one keyboard.

Everything shown passes through ``view(seat)`` and ``events(seat)``: a human sees their own
seat's view; when several humans share the keyboard (hot-seat), the screen is cleared and a
seat's private view appears only after that seat confirms it is at the keyboard. A bot's
explanation (``why``) is read through :func:`meeple.agents.explain_for` for the seat that asks,
and ``undo`` is refused across a random outcome, a reveal or another human's decision
(:mod:`meeple.undo`). The seed is shown only once the game is over; the record is written to
the path the screen names, by default in the user's data folder, never the working directory.
"""

from __future__ import annotations

import importlib
import io
import json
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import platformdirs
from rich.columns import Columns
from rich.console import Console, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.pretty import Pretty
from rich.table import Table

from meeple.agents import Agent, explain_for, info_set, make_agents
from meeple.core import Action, Game, IllegalAction, State, game_class
from meeple.i18n import texts
from meeple.undo import undo_allowed

HUMAN = "human"

TEXT: dict[str, dict[str, str]] = {
    "en": {
        "turn": "Seat {seat} to act",
        "actions": "Your actions",
        "prompt": "Seat {seat} — number, action text, or help",
        "help": ("Type the number of an action or its text. Commands: help, undo (take back "
                 "your last decision, unless it rolled, drew, revealed something or another "
                 "player decided since), why (what the last bot considered), quit (save the "
                 "record and stop)."),
        "bot": "Seat {seat} ({agent}): {action}",
        "over": "Game over",
        "winners": "Winners: {winners}",
        "draw": "Nobody won.",
        "saved": "Record saved to {path}",
        "not_saved": "Could not save the record to {path}: {error}",
        "seed": "Seed {seed}: meeple play {game} --seed {seed} deals this game again.",
        "undo_none": "Nothing to undo.",
        "undone": "Back to before your move: {action}.",
        "undo_human": "Cannot undo: another player has decided since your move.",
        "undo_chance": ("Cannot undo: dice were rolled, a card or tile was drawn or something "
                        "was shuffled since your move."),
        "undo_reveal": "Cannot undo: something hidden was revealed to you since your move.",
        "handover": "Pass the keyboard to seat {seat}, then press Enter.",
        "bad_number": "There is no action {n}; choose 1 to {k}.",
        "why_none": "No bot has explained a move yet.",
        "why_head": "Seat {seat} ({agent}) considered:",
        "hidden_move": "(a move hidden from you)",
    },
    "ru": {
        "turn": "Ходит место {seat}",
        "actions": "Ваши действия",
        "prompt": "Место {seat} — номер, текст действия или help",
        "help": ("Введите номер действия или его текст. Команды: help, undo (отменить своё "
                 "последнее решение, если после него не было броска, взятия карты, раскрытия "
                 "скрытого или решения другого игрока), why (что рассматривал бот), quit "
                 "(сохранить запись и выйти)."),
        "bot": "Место {seat} ({agent}): {action}",
        "over": "Игра окончена",
        "winners": "Победители: {winners}",
        "draw": "Никто не победил.",
        "saved": "Запись сохранена в {path}",
        "not_saved": "Не удалось сохранить запись в {path}: {error}",
        "seed": "Зерно {seed}: meeple play {game} --seed {seed} раздаст эту игру снова.",
        "undo_none": "Нечего отменять.",
        "undone": "Возврат к моменту перед вашим ходом: {action}.",
        "undo_human": "Отменить нельзя: после вашего хода решал другой игрок.",
        "undo_chance": ("Отменить нельзя: после вашего хода бросали кубики, брали карту или "
                        "тайл либо что-то перемешивали."),
        "undo_reveal": "Отменить нельзя: после вашего хода вам открылось скрытое.",
        "handover": "Передайте клавиатуру месту {seat} и нажмите Enter.",
        "bad_number": "Действия {n} нет; выберите от 1 до {k}.",
        "why_none": "Боты ещё не объясняли ходы.",
        "why_head": "Место {seat} ({agent}) рассматривало:",
        "hidden_move": "(скрытый от вас ход)",
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


def menu(game: Game, state: State, seat: int, view: dict[str, Any]) -> list[Action]:
    """The legal actions in the order a menu lists them: free ones first, then those that cost
    something (each group in the game's order)."""
    legal = state.legal_actions()
    return sorted(legal, key=lambda a: game.costs(a, view))


def menu_lines(game: Game, state: State, seat: int, lang: str) -> tuple[list[Action], list[str]]:
    """The menu of ``seat``'s actions and a numbered line for each, in ``lang``."""
    view = state.view(seat)
    actions = menu(game, state, seat, view)
    return actions, [f"{i:>3}  {game.label(a, lang, view)}" for i, a in enumerate(actions, 1)]


def screen(game: Game, state: State, seat: int | None, lang: str, width: int) -> str:
    """What ``seat`` sees at its turn, as plain text ``width`` columns wide: the board and,
    when it is that seat's turn, its menu of actions."""
    out = io.StringIO()
    console = Console(file=out, width=width, color_system=None, force_terminal=False,
                      legacy_windows=False, soft_wrap=False)
    console.print(renderer(game)(state.view(seat), seat, lang))
    if seat is not None and state.to_act == seat and not state.is_over:
        _, lines = menu_lines(game, state, seat, lang)
        console.print(escape(texts("meeple", lang)("ui.actions")), style="bold")
        print_columns(console, lines)
    return "\n".join(line.rstrip() for line in out.getvalue().splitlines()) + "\n"


def print_columns(console: Console, lines: list[str]) -> None:
    """Short lists one per line; long ones in columns, read down then across."""
    if len(lines) <= 12:
        for line in lines:
            console.print(line, markup=False, highlight=False)
    else:
        console.print(Columns([escape(x) for x in lines], column_first=True, padding=(0, 3)),
                      highlight=False)


def default_record_path(game_id: str) -> Path:
    """A new file for a game's record in the user's data folder (``.../meeple/records``), or
    in ``$MEEPLE_DATA_DIR/records`` when that variable is set."""
    base = os.environ.get("MEEPLE_DATA_DIR") or platformdirs.user_data_dir("meeple")
    folder = Path(base) / "records"
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path, n = folder / f"{game_id}-{stamp}.json", 1
    while path.exists():
        n += 1
        path = folder / f"{game_id}-{stamp}-{n}.json"
    return path


@dataclass
class BotMove:
    """A bot's last decision: who chose, in which state (a clone) and what."""

    seat: int
    agent: Agent
    before: State
    action: Action


@dataclass
class Session:
    """One terminal game: the state, the seats, and what each seat has been shown."""

    game: Game
    seats: list[str]
    seed: int
    lang: str = "en"
    console: Console = field(default_factory=Console)
    input_fn: Callable[[str], str] = input
    #: Where the record goes; None: a new file in the user's data folder, named when saved.
    record_path: Path | None = None
    state: State = field(init=False)
    agents: list[Agent | None] = field(init=False)
    #: Per human seat, the states just before each of its decisions, latest last.
    undo_points: dict[int, list[State]] = field(init=False, default_factory=dict)
    last_bot: BotMove | None = field(init=False, default=None)
    shown: dict[int | None, int] = field(init=False, default_factory=dict)
    at_keyboard: int | None = field(init=False, default=None)

    def __post_init__(self) -> None:
        self.state = self.game.new_state(seed=self.seed)
        bots = make_agents(["random" if s == HUMAN else s for s in self.seats],
                           self.game.players, self.seed, self.game.id)
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
                                          action=e["action"]), style="cyan", markup=False)
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

    def save(self) -> Path | None:
        """Write the record (to ``record_path`` or a new file in the data folder); say where."""
        path = self.record_path or default_record_path(self.game.id)
        text = json.dumps(self.state.record(), ensure_ascii=False, indent=1)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, "utf-8")
        except OSError as e:
            self.console.print(self.t("not_saved", path=path, error=e.strerror or e),
                               style="red", markup=False, soft_wrap=True)
            return None
        self.record_path = path
        self.console.print(self.t("saved", path=path), markup=False, soft_wrap=True)  # whole
        return path

    def human_turn(self, seat: int) -> bool:
        """Ask the human in ``seat`` until a legal action is taken; False if they quit."""
        if len(self.humans) > 1 and self.at_keyboard != seat:
            self.console.clear()
            self.input_fn(self.t("handover", seat=seat) + " ")
            self.shown.setdefault(seat, self.shown.get(None, 0))
        self.at_keyboard = seat
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
                self.explain_bot(seat)
                continue
            if word == "undo":
                if self.undo(seat):
                    return True
                continue
            action = self.read_action(seat, raw, legal)
            if action is None:
                continue
            self.undo_points.setdefault(seat, []).append(self.state.clone())
            self.state.apply(action, seat=seat)
            return True

    def read_action(self, seat: int, raw: str, legal: list[Action]) -> Action | None:
        """The action ``raw`` names (a number or a text); None after saying why it is not one."""
        if raw.isdigit():
            n = int(raw)
            if 1 <= n <= len(legal):
                return legal[n - 1]
            self.console.print(self.t("bad_number", n=n, k=len(legal)), style="red")
            return None
        try:
            return self.state.parse(raw, seat=seat)
        except IllegalAction as e:
            reason = self.state.check(raw, seat=seat) or e.reason
            self.console.print(reason, style="red", markup=False)
            return None

    def undo(self, seat: int) -> bool:
        """Go back to ``seat``'s previous decision, unless that would cross a random outcome, a
        reveal or another human's decision (:func:`meeple.undo.undo_allowed`)."""
        points = self.undo_points.get(seat)
        if not points:
            self.console.print(self.t("undo_none"), style="yellow")
            return False
        before = points[-1]
        since = list(self.state.actions_taken())[before.n_actions:]
        refusal = undo_allowed(before, since, seat, self.humans)
        if refusal is not None:
            points.clear()  # what stops this undo stops every earlier one too
            self.console.print(self.t(f"undo_{refusal}"), style="yellow")
            return False
        points.pop()
        self.state = before
        for other in self.undo_points.values():
            other[:] = [p for p in other if p.n_actions < before.n_actions]
        if self.last_bot is not None and self.last_bot.before.n_actions >= before.n_actions:
            self.last_bot = None
        self.shown = {k: min(v, len(self.state.events(k))) for k, v in self.shown.items()}
        self.console.print(self.t("undone", action=since[0].text), style="yellow", markup=False)
        return True

    def explain_bot(self, seat: int) -> None:
        """Show what the last bot considered, as ``seat`` may read it."""
        move = self.last_bot
        rows = (explain_for(move.agent, move.before, seat, move.action)
                if move is not None else [])
        if move is None or not rows:
            self.console.print(self.t("why_none"))
            return
        self.console.print(self.t("why_head", seat=move.seat, agent=self.seats[move.seat]),
                           markup=False)
        table = Table(show_header=False, box=None)
        for text, reason in rows:
            table.add_row(escape(text if text is not None else self.t("hidden_move")),
                          escape(reason))
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
            before = self.state.clone()
            action = agent.choose(info_set(agent, self.state, seat))
            self.last_bot = BotMove(seat, agent, before, action)
            self.state.apply(action, seat=seat)
        self.finish()
        return self.state

    def finish(self) -> None:
        """Show the final position, the result and the seed; save the record."""
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
        self.console.print(self.t("seed", seed=self.seed, game=self.game.id), markup=False)
        self.save()


def play_in_terminal(game_id: str, seats: Sequence[str], seed: int, *, lang: str = "en",
                     options: dict[str, Any] | None = None, record: Path | None = None,
                     console: Console | None = None,
                     input_fn: Callable[[str], str] = input) -> State:
    """Set up and run a terminal game; the record goes to ``record`` or the data folder."""
    game = game_class(game_id)(players=len(seats), options=options)
    session = Session(game, list(seats), seed, lang, console or Console(), input_fn, record)
    return session.run()
