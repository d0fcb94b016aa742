"""Verbs: the typed payload of an action, and the one way a game dispatches on them.

Every game declares its verbs in ``verbs.py`` as frozen, slotted dataclasses deriving from
:class:`Verb`: the class is the verb (``Step``, ``Buy``, ``Summon``), its fields are what the
verb is about, typed (``Step(direction: Dir)``, ``Summon(card: CardId, hex: Hex)``). An
:class:`~meeple.core.actions.Action` carries its verb as ``data``; the game's ``notation``
module writes the verb as the action's text and parses the text back, so the record stays
text while every reader of an action (rules, labels, places, bots) reads typed fields and never
the English.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True, slots=True)
... class Mark(Verb):
...     cell: int
>>> handlers: Dispatch[list[int], None] = Dispatch("doctest")
>>> @handlers.on(Mark)
... def mark(board: list[int], verb: Mark) -> None:
...     board[verb.cell] = 1
>>> board = [0, 0, 0]
>>> handlers(board, Mark(1))
>>> board
[0, 1, 0]
>>> handlers(board, Verb())
Traceback (most recent call last):
...
KeyError: 'doctest has no handler for the verb Verb'
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, fields
from typing import Any, ClassVar, Generic, TypeVar

T = TypeVar("T")
R = TypeVar("R")
V = TypeVar("V", bound="Verb")

#: Every verb class by ``module:QualName``, so a stored state's actions decode to their verbs.
_REGISTRY: dict[str, type[Verb]] = {}


@dataclass(frozen=True, slots=True)
class Verb:
    """A kind of action. Subclasses are frozen, slotted dataclasses with typed fields."""

    #: The verb's first word in the notation (``"step"``), where it has one.
    word: ClassVar[str] = ""

    def __init_subclass__(cls) -> None:
        # No super(): @dataclass(slots=True) makes a new class, which a zero-argument super()
        # in this body would not recognise; object's hook does nothing anyway.
        _REGISTRY[verb_key(cls)] = cls  # the slotted copy @dataclass makes comes last

    def fields(self) -> dict[str, Any]:
        """The verb's fields by name (plain data, for storing)."""
        return {f.name: getattr(self, f.name) for f in fields(self)}


def verb_key(cls: type[Verb]) -> str:
    """The name a verb class is stored under: ``module:QualName``."""
    return f"{cls.__module__}:{cls.__qualname__}"


def verb_class(key: str) -> type[Verb]:
    """The verb class stored as ``key``, importing its module if it is not loaded yet."""
    cls = _REGISTRY.get(key)
    if cls is None:
        import importlib

        module = key.partition(":")[0]
        if module.startswith("meeple.") or module in _known_modules():
            importlib.import_module(module)
        cls = _REGISTRY.get(key)
    if cls is None:
        raise ValueError(f"unknown verb {key!r}")
    return cls


def _known_modules() -> set[str]:
    return {k.partition(":")[0] for k in _REGISTRY}


class Dispatch(Generic[T, R]):
    """One table from a verb's class to its handler; every handler is ``handler(state, verb)``.

    Rules (``apply``), words (``label``), places (``where``) and bots all dispatch through one
    of these, so a verb renamed or added without a handler fails loudly, by name.
    """

    __slots__ = ("_handlers", "name")

    def __init__(self, name: str) -> None:
        self.name = name
        self._handlers: dict[type[Verb], Callable[[T, Any], R]] = {}

    @property
    def table(self) -> dict[type[Verb], Callable[[T, Any], R]]:
        """The handlers by verb class, for a hot path that looks one up itself
        (``table[verb.__class__](state, verb)``) instead of paying for a call to the table."""
        return self._handlers

    def on(self, *verbs: type[V]) -> Callable[[Callable[[T, V], R]], Callable[[T, V], R]]:
        """Decorator: the handler of ``verbs``."""
        def register(fn: Callable[[T, V], R]) -> Callable[[T, V], R]:
            for v in verbs:
                if v in self._handlers:
                    raise ValueError(f"{self.name} already handles {v.__name__}")
                self._handlers[v] = fn
            return fn
        return register

    def __call__(self, target: T, verb: Verb) -> R:
        try:
            handler = self._handlers[verb.__class__]
        except KeyError:
            raise KeyError(
                f"{self.name} has no handler for the verb {type(verb).__name__}") from None
        return handler(target, verb)

    def handles(self) -> frozenset[type[Verb]]:
        """The verb classes with a handler."""
        return frozenset(self._handlers)

    def require(self, verbs: Iterable[type[Verb]]) -> None:
        """Raise unless every class in ``verbs`` has a handler (a check run by the tests)."""
        missing = sorted(v.__name__ for v in set(verbs) - set(self._handlers))
        if missing:
            raise ValueError(f"{self.name} has no handler for {', '.join(missing)}")
