"""A seat's view as numbers: named, fixed-shape fields laid end to end in one flat vector.

A game that offers itself as a learning environment (docs/rl.md) binds two hooks of
:class:`Tensors`, a mixin of :class:`~meeple.core.Game`, to its ``tensor`` module:
``tensor_layout()`` declares the fields once for the game's players, options and content, and
``encode(view, out)`` writes one seat's view into a zeroed buffer of that layout. The encoder
reads the view and the game's content, nothing else, so two worlds a seat cannot tell apart
encode alike. The buffer is a stdlib ``array('f')``; :mod:`meeple.rl` wraps it as numpy arrays
without copying.

>>> lay = Layout(("cells", (3, 3, 3)), ("to_act", (2,)))
>>> lay.size, lay.offset("to_act"), lay.shape("cells")
(29, 27, (3, 3, 3))
>>> out = lay.zeros()
>>> lay.put(out, "cells", (1, 2, 0)); lay.put(out, "to_act", 1, 0.5)
>>> out[15], out[28]
(1.0, 0.5)
"""

from __future__ import annotations

from array import array
from collections.abc import Callable, Mapping, Sequence
from math import prod
from typing import Any, ClassVar, TypeVar, cast

from .errors import ConfigError


class Layout:
    """The fields of a game's observation: each a name and a shape, in a fixed order."""

    __slots__ = ("_offsets", "_shapes", "_strides", "fields", "size")

    def __init__(self, *fields: tuple[str, tuple[int, ...]]) -> None:
        self.fields: tuple[tuple[str, tuple[int, ...]], ...] = tuple(
            (name, tuple(shape)) for name, shape in fields)
        self._offsets: dict[str, int] = {}
        self._shapes: dict[str, tuple[int, ...]] = {}
        self._strides: dict[str, tuple[int, ...]] = {}
        at = 0
        for name, shape in self.fields:
            if name in self._offsets:
                raise ConfigError(f"the observation names the field {name!r} twice")
            if not shape or any(n < 1 for n in shape):
                raise ConfigError(f"the field {name!r} has no cells: shape {shape}")
            self._offsets[name], self._shapes[name] = at, shape
            self._strides[name] = tuple(prod(shape[i + 1:]) for i in range(len(shape)))
            at += prod(shape)
        self.size = at

    def offset(self, name: str) -> int:
        """Where the field ``name`` starts in the flat vector."""
        return self._offsets[name]

    def shape(self, name: str) -> tuple[int, ...]:
        """The shape of the field ``name``."""
        return self._shapes[name]

    def zeros(self) -> array[float]:
        """A zeroed buffer of this layout's size."""
        return array("f", bytes(4 * self.size))

    def put(self, out: array[float], name: str, index: int | Sequence[int],
            value: float = 1.0) -> None:
        """Set one cell of field ``name``: ``index`` an int for a vector, else one per axis."""
        at = self._offsets[name]
        if isinstance(index, int):
            out[at + index] = value
            return
        for i, stride in zip(index, self._strides[name], strict=True):
            at += i * stride
        out[at] = value

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Layout) and other.fields == self.fields

    def __hash__(self) -> int:
        return hash(self.fields)

    def __repr__(self) -> str:
        return f"Layout({', '.join(f'{n}{list(s)}' for n, s in self.fields)})"


def one_hot_index(vocabulary: Sequence[str], word: Any) -> int:
    """The position of ``word`` in ``vocabulary``, or its last position (kept for "other") when
    absent: an encoder's vocabularies end with a spare cell, so new words never break it."""
    try:
        return vocabulary.index(word)
    except ValueError:
        return len(vocabulary) - 1


T = TypeVar("T")


class Tensors:
    """The learning-environment hooks of a game (a mixin of :class:`~meeple.core.Game`)."""

    id: ClassVar[str] = ""
    _layout: Layout | None = None
    #: What the game's encoder looks up (offsets, index maps), built once by :meth:`planned`.
    tensor_tables: Any = None

    def planned(self, build: Callable[[Any], T]) -> T:
        """The encoder's lookups for this game: ``build(game)`` the first time, kept after."""
        found = self.tensor_tables
        if found is None:
            found = self.tensor_tables = build(self)
        return cast(T, found)

    def tensor_layout(self) -> Layout:
        """Hook: the fields of this game's observation for its players, options and content."""
        raise ConfigError(f"{self.id} has no observation encoder (docs/rl.md); "
                          "use the text or json observations")

    def encode(self, view: Mapping[str, Any], out: array[float]) -> None:
        """Hook: write a seat's ``view`` into ``out``, a zeroed buffer of the layout's size."""
        raise ConfigError(f"{self.id} has no observation encoder (docs/rl.md)")

    def observation_layout(self) -> Layout:
        """:meth:`tensor_layout`, built once per game and returned as the same object."""
        lay = self._layout
        if lay is None:
            lay = self._layout = self.tensor_layout()
        return lay

    def observe(self, view: Mapping[str, Any]) -> array[float]:
        """A seat's ``view`` as a flat buffer of :meth:`observation_layout`."""
        out = self.observation_layout().zeros()
        self.encode(view, out)
        return out
