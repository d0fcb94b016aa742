"""What the terminal shows, built for one seat: the board, the menu, the log in words, a looked
up entry. Every text comes from the game's words (docs/words.md) in the session's language."""

from __future__ import annotations

import importlib
import io
import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from rich.columns import Columns
from rich.console import Console, RenderableType
from rich.markup import escape
from rich.panel import Panel
from rich.pretty import Pretty
from rich.table import Table
from rich.text import Text

from meeple.agents import OTHER, about
from meeple.core import Action, Game, State
from meeple.i18n import LANGS, texts

from .levels import seat_words

HUMAN = "human"
#: The rows a turn's screen and its prompt must fit in.
SCREEN_ROWS = 50
#: A menu of long labels stays in one column up to this many rows (easier to read).
ONE_COLUMN_ROWS = 20
#: Menus longer than this fold runs of actions that differ only in an amount into one line.
FOLD_OVER = 20
Render = Callable[[dict[str, Any], int | None, str], RenderableType]


def renderer(game: Game[Any]) -> Render:
    """The game's ``render(view, seat, lang)``, or a generic one showing the view's data."""
    pkg = type(game).__module__.rpartition(".")[0]
    try:
        mod = importlib.import_module(f"{pkg}.render")
    except ModuleNotFoundError:
        return generic_render
    fn: Render = mod.render
    return fn


def plain_event(event: Mapping[str, Any]) -> str:
    """An event as ``type: key value, ...``: the last resort of a game without words."""
    def show(v: Any) -> str:
        return "/".join(map(str, v)) if isinstance(v, list | tuple) else str(v)

    detail = ", ".join(f"{k} {show(v)}" for k, v in event.items() if k != "type")
    return f"{event['type']}: {detail}" if detail else str(event["type"])


def generic_render(view: dict[str, Any], seat: int | None, lang: str = "en") -> RenderableType:
    """Any view as a tidy tree of its data (for a game without a renderer)."""
    shown = {k: v for k, v in view.items() if k not in ("game", "players", "seat", "over")}
    return Panel(Pretty(shown), title=view.get("game", ""))


def bot_name(spec: str, lang: str) -> str:
    """A bot spec in words: ``greedy`` → "greedy", ``mcts:800`` → "searching"."""
    t = texts("meeple", lang)
    return t.get(about(spec), t(OTHER))


def player_names(game: Game[Any], view: Mapping[str, Any], seats: Sequence[str], lang: str,
                 viewer: int | None) -> list[str]:
    """Each seat by its name in the game and who plays it: "Red (you)", "Blue (greedy bot)"."""
    t = texts("meeple", lang)
    base = game.seat_names(view, lang)
    humans = [i for i, s in enumerate(seats) if s == HUMAN]
    out = []
    for i, spec in enumerate(seats):
        if spec != HUMAN:
            out.append(t("who.bot", name=base[i], bot=seat_words(spec, game.id, lang)))
        elif i == viewer or len(humans) == 1:
            out.append(t("who.you", name=base[i]))
        else:
            out.append(t("who.player", name=base[i], n=humans.index(i) + 1))
    return out


def menu(game: Game[Any], state: State, view: Mapping[str, Any]) -> list[Action]:
    """The legal actions in menu order: free ones first, then those that cost something (each
    group in the game's order)."""
    return sorted(state.legal_actions(), key=lambda a: game.costs(a, view))


def menu_lines(game: Game[Any], state: State, seat: int, lang: str
               ) -> tuple[list[Action], list[str]]:
    """The menu of ``seat``'s actions and its lines, in ``lang``: a numbered line per action,
    or one line for a run of actions that differ only in an amount (``5–14  Bid 16–25 coins on
    the Frozen Lake``), whose numbers still choose each action."""
    view = state.view(seat)
    actions = menu(game, state, view)
    labels = [game.label(a, lang, view) for a in actions]
    if len(labels) <= FOLD_OVER:
        return actions, [f"{i:>3}  {text}" for i, text in enumerate(labels, 1)]
    lines = []
    for first, last, text in fold(labels):
        number = str(first) if first == last else f"{first}–{last}"
        lines.append(f"{number:>3}  {text}")
    return actions, lines


def _shape(label: str) -> list[str]:
    return re.split(r"(\d+)", label)


def _follows(a: list[str], b: list[str]) -> int | None:
    """The index of the one number in ``b`` that is one more than in ``a``, when the labels
    are otherwise alike (the word after that number may change: 4 монеты, 5 монет); else
    None."""
    if len(a) != len(b):
        return None
    nums = [k for k in range(1, len(a), 2) if a[k] != b[k]]
    if len(nums) != 1 or int(b[nums[0]]) != int(a[nums[0]]) + 1:
        return None
    k = nums[0]
    for j in range(0, len(a), 2):
        if a[j] != b[j] and not (j == k + 1 and _same_word(a[j], b[j])):
            return None
    return k


def _same_word(a: str, b: str) -> bool:
    """Whether two texts differ only in the form of their first word (монеты, монет)."""
    wa, wb = a.split(" ", 2), b.split(" ", 2)
    if len(wa) < 2 or len(wb) < 2 or wa[2:] != wb[2:]:
        return False
    stem = next((i for i, (x, y) in enumerate(zip(wa[1], wb[1], strict=False)) if x != y),
                min(len(wa[1]), len(wb[1])))
    return stem >= 3 and stem >= min(len(wa[1]), len(wb[1])) - 2


def fold(labels: Sequence[str]) -> list[tuple[int, int, str]]:
    """Menu entries as (first number, last number, text): runs of three or more labels that
    count up one amount fold into one entry showing the range."""
    out: list[tuple[int, int, str]] = []
    i = 0
    while i < len(labels):
        j, k = i, None
        while j + 1 < len(labels):
            step = _follows(_shape(labels[j]), _shape(labels[j + 1]))
            if step is None or (k is not None and step != k):
                break
            k, j = step, j + 1
        if k is None or j - i < 2:
            out.append((i + 1, i + 1, labels[i]))
            i += 1
            continue
        parts = _shape(labels[j])
        parts[k] = f"{_shape(labels[i])[k]}–{parts[k]}"
        out.append((i + 1, j + 1, "".join(parts)))
        i = j + 1
    return out


def print_columns(console: Console, lines: Sequence[str]) -> None:
    """Short lists one per line; long ones in columns, read down then across: as many as the
    widest line allows, or two whose long lines wrap when that takes fewer rows than one."""
    width = console.width
    widest = max(map(len, lines), default=0)
    if len(lines) <= 12:
        for line in lines:
            console.print(line, markup=False, highlight=False)
    elif (widest + 3) * 2 <= width:
        console.print(Columns([escape(x) for x in lines], column_first=True, padding=(0, 3)),
                      highlight=False)
    else:
        half = (width - 3) // 2
        rows = -(-len(lines) // 2)
        left, right = lines[:rows], lines[rows:]
        one = sum(-(-len(x) // width) for x in lines)
        two = sum(max(-(-len(a) // half), -(-len(b) // half) if b else 0)
                  for a, b in zip(left, [*right, ""], strict=False))
        if one <= max(two, ONE_COLUMN_ROWS):
            for line in lines:
                console.print(line, markup=False, highlight=False)
            return
        number = max(len(x.lstrip().split("  ", 1)[0]) for x in lines)
        grid = Table.grid(padding=(0, 2))
        for _ in range(2):  # a number, then its label wrapping under itself
            grid.add_column(width=number, justify="right")
            grid.add_column(width=half - number - 3, overflow="fold")
        for a, b in zip(left, [*right, ""], strict=False):
            cells = [part.strip() for x in (a, b)
                     for part in ([*x.lstrip().split("  ", 1), ""])[:2]]
            grid.add_row(*map(Text, cells))
        console.print(grid)


def print_turn(console: Console, game: Game[Any], state: State, seat: int | None,
               lang: str) -> list[Action]:
    """The board as ``seat`` sees it and, on its turn, its menu; the menu's actions."""
    board = renderer(game)(state.view(seat), seat, lang)
    console.print(board)
    if seat is None or state.to_act != seat or state.is_over:
        return []
    actions, lines = menu_lines(game, state, seat, lang)
    height = len(console.render_lines(board, console.options, pad=False))
    if height + len(lines) + 1 < SCREEN_ROWS:  # the heading, unless the prompt needs its row
        console.print(texts("meeple", lang)("ui.actions"), style="bold", markup=False)
    print_columns(console, lines)
    return actions


def screen(game: Game[Any], state: State, seat: int | None, lang: str, width: int) -> str:
    """What ``seat`` sees at its turn as plain text ``width`` columns wide (trailing spaces
    trimmed): the board and, when it is that seat's turn, its menu."""
    out = io.StringIO()
    console = Console(file=out, width=width, color_system=None, force_terminal=False, emoji=False,
                      legacy_windows=False)
    print_turn(console, game, state, seat, lang)
    return "\n".join(line.rstrip() for line in out.getvalue().splitlines()) + "\n"


def find_entries(game: Game[Any], lang: str, name: str) -> list[dict[str, Any]]:
    """The catalogue entries ``name`` names: an exact name (in any language), else every entry
    whose name contains it."""
    want = name.casefold().strip()
    entries = list(game.catalogue(lang).items())
    others = [game.catalogue(other) for other in LANGS if other != lang]

    def names(cid: str, entry: Mapping[str, Any]) -> list[str]:
        found = [entry["name"], *(o.get(cid, {}).get("name", "") for o in others)]
        return [n.casefold() for n in found]

    exact = [e for cid, e in entries if want in names(cid, e)]
    if exact:
        return exact
    return [e for cid, e in entries if any(want in n for n in names(cid, e))]


def entry_lines(entry: Mapping[str, Any], lang: str) -> list[str]:
    """A catalogue entry as lines: name and kind, numbers, rules text, where it comes from."""
    t = texts("meeple", lang)
    lines = [f"{entry['name']} — {entry['kind']}"]
    numbers = entry.get("numbers") or {}
    if numbers:
        lines.append(", ".join(f"{k}: {v}" for k, v in numbers.items()))
    if entry.get("text"):
        lines.append(entry["text"])
    lines.append(f"({t('ui.source.' + entry['source'])})")
    return lines
