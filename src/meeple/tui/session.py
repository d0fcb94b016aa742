"""The terminal play loop: humans and bots at one keyboard.

Everything shown passes through ``view(seat)`` and ``events(seat)``, in words (docs/words.md):
a human sees their own seat's view and menu; bot decisions are told one line each, in the
words of the seat watching. When several humans share the keyboard (hot-seat), the screen is
cleared and a seat's private view appears only after that seat confirms it is at the keyboard;
the keyboard is handed over only when it passes to another human. A bot's explanation (``why``)
is read through :func:`meeple.agents.explain_for` for the seat that asks, and ``undo`` is
refused across a random outcome, a reveal or another human's decision (:mod:`meeple.undo`).
The seed is shown only once the game is over; the record is written to the path the screen
names, by default in the user's data folder, never the working directory.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import platformdirs
from rich.console import Console
from rich.markup import escape
from rich.table import Table

from meeple.agents import Agent, explain_for, info_set, make_agents, resolve
from meeple.core import Action, Game, State, game_class
from meeple.i18n import Texts, texts
from meeple.undo import undo_allowed

from .levels import weighed_words
from .screen import (
    HUMAN,
    entry_lines,
    find_entries,
    menu_lines,
    player_names,
    print_columns,
    print_turn,
    renderer,
)

#: Commands, in either language, and what they do.
COMMANDS = {"quit": "quit", "exit": "quit", "q": "quit", "выход": "quit",
            "help": "help", "?": "help", "h": "help", "помощь": "help",
            "why": "why", "почему": "why", "undo": "undo", "отмена": "undo",
            "info": "info", "инфо": "info"}


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

    game: Game[Any]
    seats: list[str]
    seed: int
    lang: str = "en"
    console: Console = field(default_factory=Console)
    input_fn: Callable[[str], str] = input
    #: Where the record goes; None: a new file in the user's data folder, named when saved.
    record_path: Path | None = None
    #: Seconds to wait after telling each bot decision (0: no wait).
    pace: float = 0.0
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
        self.words: Texts = texts(type(self.game).__module__.rpartition(".")[0], self.lang)

    def t(self, key: str, **kw: Any) -> str:
        """An interface sentence in the session's language."""
        return self.words(key, **kw)

    @property
    def observer(self) -> int | None:
        """Whose eyes narrate bot moves: the only human, else a spectator."""
        return self.humans[0] if len(self.humans) == 1 else None

    def names(self, seat: int | None) -> list[str]:
        """Each seat's name as ``seat`` reads it."""
        return player_names(self.game, self.state.view(seat), self.seats, self.lang, seat)

    def say(self, text: str, style: str | None = None) -> None:
        """Print a sentence as it is (no markup), its first letter a capital (a seat's name
        is written to sit inside a sentence: "the warrior Thorn")."""
        self.console.print(text[:1].upper() + text[1:], style=style, markup=False,
                           highlight=False)

    def narrate(self, seat: int | None, evs: list[dict[str, Any]] | None = None) -> None:
        """Tell ``seat`` what it has not seen yet: one line per decision of another seat (steps
        that change nothing visible, like the parts of a trade being built, join the decision
        they lead to), the consequences of its own on one line, and a notice for what befalls
        it. ``evs``: ``events(seat)`` when the caller has them already."""
        if evs is None:
            evs = self.state.events(seat)
        start = self.shown.get(seat, 0)
        self.shown[seat] = len(evs)
        if start >= len(evs):
            return
        names = self.names(seat)
        line: list[str] = []  # the decision being told and what followed it
        actor = None  # whose decision ``line`` tells
        for e in evs[start:]:
            if e["type"] == "action":
                label = self.game.label(self.game.logged(e["action"]), self.lang, None)
                if len(line) == 1 and actor == e["seat"] != seat:
                    line[0] += f"; {label}"  # a step of one choice (a trade being built)
                    continue
                self._flush(line)
                actor = e["seat"]
                # One's own move was typed a moment ago: only what followed is told.
                line = (["→"] if actor == seat
                        else [self.t("ui.bot_line", name=names[actor], label=label)])
                continue
            text = self.game.describe(e, self.lang, names)
            if seat is not None and e["type"] in self.game.notices and e.get("seat") == seat:
                self._flush(line)
                line = []
                self.say(self.t("ui.notice", text=text), style="bold red")
            elif line:
                line.append(text)
            else:  # before any decision: the set-up, told line by line
                self.say(text, style="cyan")
        self._flush(line)

    def _flush(self, line: list[str]) -> None:
        """Print one told decision (its action, then what followed) and pause if asked to."""
        if not line or line == ["→"]:
            return
        head, rest = line[0], " ".join(line[1:])
        self.say(f"{head} {rest}" if head == "→" or not rest else f"{head} → {rest}",
                 style="cyan")
        if self.pace:
            time.sleep(self.pace)

    def show_actions(self, seat: int) -> list[Action]:
        """Print ``seat``'s numbered menu and return its actions in that order."""
        self.console.print(self.t("ui.actions"), style="bold", markup=False)
        actions, lines = menu_lines(self.game, self.state, seat, self.lang)
        print_columns(self.console, lines)
        return actions

    def save(self) -> Path | None:
        """Write the record (to ``record_path`` or a new file in the data folder); say where."""
        path = self.record_path or default_record_path(self.game.id)
        text = json.dumps(self.state.record(), ensure_ascii=False, indent=1)
        try:
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(text, "utf-8")
        except OSError as e:
            self.console.print(self.t("ui.not_saved", path=path, error=e.strerror or e),
                               style="red", markup=False, soft_wrap=True)
            return None
        self.record_path = path
        self.console.print(self.t("ui.saved", path=path), markup=False, soft_wrap=True)
        return path

    def hand_over(self, seat: int) -> bool:
        """Clear the screen and wait until ``seat``'s player says they are at the keyboard
        (False when the input ends instead). A move typed here is not played: the screen
        has not shown that seat anything yet."""
        self.console.clear()
        name = self.names(None)[seat]
        prompt = self.t("ui.handover", name=name)
        try:
            while self.input_fn(prompt + " ").strip():
                prompt = self.t("ui.handover_again", name=name)
        except EOFError:
            return False
        self.shown.setdefault(seat, self.shown.get(None, 0))
        return True

    def human_turn(self, seat: int) -> bool:
        """Ask the human in ``seat`` until a legal action is taken; False if they quit."""
        if len(self.humans) > 1 and self.at_keyboard != seat and not self.hand_over(seat):
            self.save()
            return False
        self.at_keyboard = seat
        self.narrate(seat)
        legal = print_turn(self.console, self.game, self.state, seat, self.lang)
        name = self.names(seat)[seat]
        while True:
            try:
                prompt = self.t("ui.prompt", name=name)
                raw = self.input_fn(prompt[:1].upper() + prompt[1:] + ": ").strip()
            except EOFError:
                raw = "quit"
            if not raw:
                legal = self.show_actions(seat)
                continue
            word, _, rest = raw.partition(" ")
            command = COMMANDS.get(word.casefold())
            if command == "info" or (command and not rest):
                done = self.command(command, seat, rest)
                if done is not None:
                    return done
                continue
            action = self.read_action(raw, legal)
            if action is None:
                continue
            self.undo_points.setdefault(seat, []).append(self.state.clone())
            self.state.apply(action, seat=seat)
            return True

    def command(self, command: str, seat: int, rest: str) -> bool | None:
        """Run a typed command; True/False ends the turn (False: quit), None asks again."""
        if command == "quit":
            self.save()
            return False
        if command == "help":
            self.say(self.t("ui.help"))
        elif command == "why":
            self.explain_bot(seat)
        elif command == "info":
            self.info(rest)
        elif command == "undo" and self.undo(seat):
            return True
        return None

    def read_action(self, raw: str, legal: list[Action]) -> Action | None:
        """The action ``raw`` names (a menu number, a label or the action's text); None after
        saying why it is not one."""
        if raw.isdigit():
            n = int(raw)
            if 1 <= n <= len(legal):
                return legal[n - 1]
            self.say(self.t("ui.bad_number", n=n, k=len(legal)), style="red")
            return None
        want = " ".join(raw.casefold().split())
        view = self.state.view(self.state.to_act)
        for a in legal:
            label = self.game.label(a, self.lang, view).casefold()
            if want in (a.text.casefold(), label, label.partition(" — ")[0].strip()):
                return a
        self.say(self.t("ui.unknown", text=raw), style="red")
        return None

    def info(self, name: str) -> None:
        """Show the catalogue entry ``name`` names, or say what it could mean."""
        if not name.strip():
            example = next(iter(self.game.catalogue(self.lang).values()), {"name": "…"})
            self.say(self.t("ui.info_usage", example=example["name"]))
            return
        found = find_entries(self.game, self.lang, name)
        if not found:
            self.say(self.t("ui.info_none", name=name), style="yellow")
        elif len(found) > 1 and len(found) <= 12:
            self.say(self.t("ui.info_many", name=name,
                            names=", ".join(e["name"] for e in found)))
        elif len(found) > 12:
            self.say(self.t("ui.info_many", name=name,
                            names=", ".join(e["name"] for e in found[:12]) + ", …"))
        else:
            lines = entry_lines(found[0], self.lang)
            self.say(lines[0], style="bold")
            for line in lines[1:]:
                self.say(line)

    def undo(self, seat: int) -> bool:
        """Go back to ``seat``'s previous decision, unless that would cross a random outcome, a
        reveal or another human's decision (:func:`meeple.undo.undo_allowed`)."""
        points = self.undo_points.get(seat)
        if not points:
            self.say(self.t("ui.undo_none"), style="yellow")
            return False
        before = points[-1]
        since = list(self.state.actions_taken())[before.n_actions:]
        refusal = undo_allowed(before, since, seat, self.humans)
        if refusal is not None:
            points.clear()  # what stops this undo stops every earlier one too
            self.say(self.t(f"ui.undo_{refusal}"), style="yellow")
            return False
        points.pop()
        self.state = before
        for other in self.undo_points.values():
            other[:] = [p for p in other if p.n_actions < before.n_actions]
        if self.last_bot is not None and self.last_bot.before.n_actions >= before.n_actions:
            self.last_bot = None
        self.shown = {k: min(v, len(self.state.events(k))) for k, v in self.shown.items()}
        label = self.game.label(since[0], self.lang, before.view(seat))
        self.say(self.t("ui.undone", action=label), style="yellow")
        return True

    def explain_bot(self, seat: int) -> None:
        """Show what the last bot considered, as ``seat`` may read it."""
        move = self.last_bot
        rows = (explain_for(move.agent, move.before, seat, move.action)
                if move is not None else [])
        if move is None or not rows:
            self.say(self.t("ui.why_none"))
            return
        self.say(self.t("ui.why_head", name=self.names(seat)[move.seat]))
        table = Table(show_header=False, box=None)
        for shown, reason in weighed_words(self.game, rows, self.words):
            table.add_row(escape(shown), escape(reason))
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
            if len(self.humans) <= 1 and (self.pace or not self.humans):
                self.tell_bot_move(seat)
        self.finish()
        return self.state

    def tell_bot_move(self, seat: int) -> None:
        """Tell the watcher a bot's move as it happens, unless the same bot goes on with a step
        that showed nothing yet (its line is finished by the step it leads to)."""
        evs = self.state.events(self.observer)
        quiet = evs and evs[-1]["type"] == "action" and evs[-1]["seat"] == seat
        if not (quiet and self.state.to_act == seat):
            self.narrate(self.observer, evs)

    def finish(self) -> None:
        """Show the final position, the result in words and the seed; save the record."""
        seat = self.observer
        self.narrate(seat)
        self.console.print(self.render(self.state.view(seat), seat, self.lang))
        self.console.rule(self.t("ui.over"))
        for line in self.game.outcome(self.state.result(), self.lang, self.names(seat)):
            self.say(line)
        self.say(self.t("ui.seed", seed=self.seed, game=self.game.id))
        self.save()


def play_in_terminal(game_id: str, seats: Sequence[str], seed: int, *, lang: str = "en",
                     options: dict[str, Any] | None = None, record: Path | None = None,
                     console: Console | None = None, input_fn: Callable[[str], str] = input,
                     pace: float = 0.0) -> State:
    """Set up and run a terminal game; the record goes to ``record`` or the data folder."""
    game = game_class(game_id)(players=len(seats), options=options)
    seats = [s if s == HUMAN else resolve(s, game_id) for s in seats]  # named by level
    session = Session(game, seats, seed, lang, console or Console(emoji=False), input_fn, record,
                      pace)
    return session.run()
