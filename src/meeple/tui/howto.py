"""How to play a game, for a newcomer: each game's how-to page, read from its package.

A game's how-to is Markdown, one file per language, in the game's package
(``games/<id>/howto/en.md``, ``ru.md``; docs/howto.md). Two things in it are meeple's own:

* anchors, ``<a id="verb-Move"></a>`` and ``<a id="phase-actions"></a>``, one per verb class and
  per phase of the game, so that each action button and each phase line of the match page opens
  the paragraph that explains it;
* example positions, a fenced block whose info string is ``board``, holding JSON: the players,
  the seed, the options, the actions that lead to the position, and the seat whose view is
  drawn. The page draws them with the game's own board; the terminal prints the game's own
  board text.

>>> page = read("tictactoe", "en")
>>> "verb-Mark" in page.anchors
True
>>> state = page.examples[0].state()
>>> state.n_actions > 0
True
"""

from __future__ import annotations

import functools
import io
import json
import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from importlib import resources
from typing import Any

from rich.console import Console
from rich.markdown import Markdown

from meeple.core import ContentError, Game, State, game_class, load
from meeple.i18n import LANGS

#: The folder of a game's package that holds its how-to pages.
FOLDER = "howto"
ANCHOR = re.compile(r'<a id="([A-Za-z0-9_-]+)"></a>')
FENCE = re.compile(r"^```board[ \t]*\n(.*?)^```[ \t]*$", re.M | re.S)
EXAMPLE_KEYS = frozenset({"players", "seed", "options", "actions", "seat"})


@dataclass(frozen=True)
class Example:
    """A position drawn in the how-to: the game made with ``players`` and ``options``, started
    from ``seed``, ``actions`` applied, seen by ``seat``."""

    game: str
    players: int | None = None
    seed: int = 0
    options: Mapping[str, Any] = field(default_factory=dict)
    actions: tuple[str, ...] = ()
    seat: int = 0

    def state(self) -> State:
        """The example's state; ContentError if an action is not legal on the way."""
        game = load(self.game, self.players, dict(self.options))
        st: State = game.new_state(self.seed)
        for i, text in enumerate(self.actions):
            why = st.check(text)
            if why is not None:
                raise ContentError(f"{self.game} how-to: example action {i + 1} '{text}' "
                                   f"is not legal: {why}")
            st.apply(text)
        return st


@dataclass(frozen=True)
class Howto:
    """One game's how-to page in one language: its Markdown cut at the examples (a string is
    Markdown, an Example a position), and the anchors it holds."""

    game: str
    lang: str
    parts: tuple[str | Example, ...]
    anchors: frozenset[str]

    @property
    def examples(self) -> list[Example]:
        return [p for p in self.parts if isinstance(p, Example)]


def has_howto(game_id: str) -> bool:
    """Whether the game ships a how-to page (in the default language at least)."""
    return _source(game_id, LANGS[0]) is not None


def _source(game_id: str, lang: str) -> str | None:
    package = game_class(game_id).__module__.rsplit(".", 1)[0]
    try:
        found = resources.files(package).joinpath(FOLDER, f"{lang}.md")
        return found.read_text(encoding="utf-8") if found.is_file() else None
    except (ModuleNotFoundError, FileNotFoundError):
        return None


@functools.cache
def read(game_id: str, lang: str = "en") -> Howto:
    """The game's how-to in ``lang`` (the default language's when there is none in ``lang``).
    UnknownGame for a game nobody registered; ContentError for a game with no how-to or a
    malformed example."""
    text = _source(game_id, lang)
    if text is None:
        lang = LANGS[0]
        text = _source(game_id, lang)
    if text is None:
        raise ContentError(f"{game_id} has no how-to page (games/<id>/{FOLDER}/{lang}.md)")
    parts: list[str | Example] = []
    at = 0
    for m in FENCE.finditer(text):
        parts.append(text[at:m.start()])
        parts.append(_example(game_id, m.group(1)))
        at = m.end()
    parts.append(text[at:])
    return Howto(game_id, lang, tuple(parts), frozenset(ANCHOR.findall(text)))


def _example(game_id: str, body: str) -> Example:
    try:
        data = json.loads(body)
    except json.JSONDecodeError as e:
        raise ContentError(f"{game_id} how-to: an example is not JSON: {e}") from None
    if not isinstance(data, dict) or not set(data) <= EXAMPLE_KEYS:
        raise ContentError(f"{game_id} how-to: an example is an object with the keys "
                           f"{', '.join(sorted(EXAMPLE_KEYS))}")
    return Example(game_id, data.get("players"), int(data.get("seed", 0)),
                   dict(data.get("options", {})), tuple(data.get("actions", ())),
                   int(data.get("seat", 0)))


def terminal_text(game_id: str, lang: str = "en", width: int = 88) -> str:
    """The how-to as the terminal prints it (``meeple rules``): the Markdown laid out, each
    example as the game's own board text for the example's seat."""
    from .screen import renderer

    page = read(game_id, lang)
    out = io.StringIO()
    console = Console(file=out, width=width, color_system=None, force_terminal=False, emoji=False,
                      legacy_windows=False)
    for part in page.parts:
        if isinstance(part, Example):
            st = part.state()
            console.print(renderer(st.game)(st.view(part.seat), part.seat, lang))
        else:
            console.print(Markdown(ANCHOR.sub("", part)))
    return "\n".join(line.rstrip() for line in out.getvalue().splitlines()) + "\n"


def anchors_wanted(game: Game[Any]) -> set[str]:
    """The anchors every how-to of ``game`` must hold: one per verb class it can offer and one
    per phase of its view."""
    verbs = {f"verb-{type(a[1]).__name__}" for a in game.action_universe()}
    phases = {f"phase-{p}" for p in game_phases(game)}
    return verbs | phases


def game_phases(game: Game[Any]) -> tuple[str, ...]:
    """The words of the game's ``Phase`` (its view's ``Keys.phase`` Literal), or none."""
    import typing

    module = __import__(type(game).__module__.rsplit(".", 1)[0] + ".view",
                        fromlist=["Keys"])
    keys = getattr(module, "Keys", None)
    if keys is None:
        return ()
    hint = typing.get_type_hints(keys).get("phase")
    return tuple(str(a) for a in typing.get_args(hint) if isinstance(a, str)) if hint else ()
