"""What a seat observes, in each of the environments' modes, built from ``view(seat)`` and
``events(seat)`` alone.

- ``tensor``: the game's encoder (``games/<id>/tensor.py``) as one flat float32 vector;
- ``planes``: the same numbers as named arrays of the encoder's shapes (views of one buffer);
- ``text``: the seat's screen as the terminal shows it, with its menu when it is to act, in
  English or Russian (for language-model agents); the labels of the legal actions by index are
  in the step's ``info["labels"]``;
- ``json``: the view itself, as JSON text (ASCII, keys sorted).

Every mode is a dict ``{"observation": …, "action_mask": …}``; with ``history=K`` a third key
``"history"`` holds the seat's last K actions as it saw them: ``(seat relative to the observer,
action index)`` rows, the index ``N`` (the catalogue's size) for an action hidden from it and
``(-1, -1)`` rows before the game's start.
"""

from __future__ import annotations

import json
from typing import Any

import gymnasium.spaces as sp
import numpy as np
import numpy.typing as npt

from meeple.core import ConfigError, State
from meeple.tui.screen import screen

from .actions import Catalogue, Mask

MODES = ("tensor", "planes", "text", "json")
#: The longest text observation, in characters.
TEXT_LIMIT = 1 << 16
#: Every character a screen or a view may hold: tab, newline and the printable basic plane.
CHARSET = "\t\n" + "".join(chr(c) for c in range(0x20, 0xD800)) + "".join(
    chr(c) for c in range(0xE000, 0xFFFE))
SCREEN_WIDTH = 100


class Words(str):
    """A text observation: a ``str`` that, like an array, names its dtype (Gymnasium's ``Text``
    space declares ``dtype('<U')``), so tools that compare an observation's dtype with its
    space's accept it."""

    __slots__ = ()
    dtype = np.dtype(str)


class Observer:
    """The observations of one game in one mode: their space, declared once, and each seat's."""

    def __init__(self, catalogue: Catalogue, mode: str = "tensor", lang: str = "en",
                 history: int = 0) -> None:
        if mode not in MODES:
            raise ConfigError(f"obs is one of {', '.join(MODES)}, not {mode!r}")
        if lang not in ("en", "ru"):
            raise ConfigError(f"lang is en or ru, not {lang!r}")
        if isinstance(history, bool) or not isinstance(history, int) or not 0 <= history <= 1024:
            raise ConfigError(f"history is a whole number of actions from 0 to 1024, "
                              f"not {history!r}")
        self.catalogue, self.mode, self.lang, self.history = catalogue, mode, lang, history
        self.game = catalogue.game
        self.space = sp.Dict(self._spaces())

    def _spaces(self) -> dict[str, sp.Space[Any]]:
        n = self.catalogue.n
        out: dict[str, sp.Space[Any]] = {}
        if self.mode == "tensor":
            out["observation"] = sp.Box(-1.0, 1.0, (self.game.observation_layout().size,),
                                        np.float32)
        elif self.mode == "planes":
            out["observation"] = sp.Dict({
                name: sp.Box(-1.0, 1.0, shape, np.float32)
                for name, shape in self.game.observation_layout().fields})
        else:
            charset = CHARSET if self.mode == "text" else CHARSET[2:0x7F - 0x20 + 2]
            out["observation"] = sp.Text(TEXT_LIMIT, charset=charset)
        out["action_mask"] = sp.Box(0, 1, (n,), np.int8)
        if self.history:
            out["history"] = sp.Box(-1, n, (self.history, 2), np.int64)
        return out

    def observe(self, state: State, seat: int, mask: Mask) -> dict[str, Any]:
        """What ``seat`` observes of ``state``; ``mask`` its legal actions (zeros off turn)."""
        out: dict[str, Any] = {"observation": self._main(state, seat), "action_mask": mask}
        if self.history:
            out["history"] = self._history(state, seat)
        return out

    def _main(self, state: State, seat: int) -> Any:
        mode = self.mode
        if mode == "tensor":
            return np.frombuffer(self.game.observe(state.view(seat)), dtype=np.float32)
        if mode == "planes":
            flat = np.frombuffer(self.game.observe(state.view(seat)), dtype=np.float32)
            lay = self.game.observation_layout()
            return {name: flat[lay.offset(name):lay.offset(name) + int(np.prod(shape))]
                    .reshape(shape) for name, shape in lay.fields}
        if mode == "json":
            return Words(json.dumps(state.view(seat), ensure_ascii=True, sort_keys=True))
        return Words(screen(self.game, state, seat, self.lang, SCREEN_WIDTH)[:TEXT_LIMIT])

    def _history(self, state: State, seat: int) -> npt.NDArray[np.int64]:
        rows = np.full((self.history, 2), -1, dtype=np.int64)
        seen = [e for e in state.events(seat) if e.get("type") == "action"][-self.history:]
        players, n, game = state.players, self.catalogue.n, self.game
        start = self.history - len(seen)
        for k, e in enumerate(seen):
            action = game.logged(str(e.get("action", "")))
            index = n if action[1] is None else self.catalogue.index(action)
            rows[start + k] = ((int(e["seat"]) - seat) % players, index)
        return rows

    def labels(self, state: State, seat: int) -> list[tuple[int, str]]:
        """The acting seat's legal actions by index, each with its label in the language."""
        view = state.view(seat)
        label, index = self.game.label, self.catalogue.index
        return [(index(a), label(a, self.lang, view)) for a in state.legal_actions()]
