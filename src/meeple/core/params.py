"""Options and balance knobs: each declared once, with its type, default and range.

>>> p = Param("max_rounds", 0, "Stop after this many rounds (0: never).", minimum=0)
>>> p.coerce("12")
12
>>> p.coerce(-1)
Traceback (most recent call last):
...
meeple.core.errors.ConfigError: option 'max_rounds' must be at least 0, got -1
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from .errors import ConfigError

_TRUE = {"1", "true", "yes", "on"}
_FALSE = {"0", "false", "no", "off"}


@dataclass(frozen=True)
class Param:
    """One option of a game: a name, a default, a sentence, and what values it allows."""

    name: str
    default: Any
    doc: str
    choices: tuple[Any, ...] | None = None
    minimum: float | None = None
    maximum: float | None = None
    #: A text option that lists some of these, comma-separated, each at most once (the heroes
    #: by seat): a lobby may offer each item by its name.
    items: tuple[str, ...] | None = None

    @property
    def kind(self) -> type:
        """The Python type of the option (from its default)."""
        return type(self.default)

    def coerce(self, value: Any) -> Any:
        """The value converted to the option's type and checked, or ConfigError."""
        kind = self.kind
        try:
            if kind is bool:
                if isinstance(value, bool):
                    v: Any = value
                elif str(value).lower() in _TRUE:
                    v = True
                elif str(value).lower() in _FALSE:
                    v = False
                else:
                    raise ValueError(value)
            elif kind is int:
                if isinstance(value, bool) or (isinstance(value, float) and not value.is_integer()):
                    raise ValueError(value)
                v = int(value)
            elif kind is float:
                if isinstance(value, bool):
                    raise ValueError(value)
                v = float(value)
                if v != v or v in (float("inf"), float("-inf")):
                    raise ValueError(value)
            elif isinstance(value, kind):
                v = value
            else:
                raise TypeError(value)
        except (TypeError, ValueError):
            raise ConfigError(f"option '{self.name}' must be {self._allowed()}, "
                              f"got {value!r}") from None
        if self.items is not None:
            listed = [x.strip() for x in str(v).split(",") if x.strip()]
            if any(x not in self.items for x in listed) or len(set(listed)) != len(listed):
                raise ConfigError(f"option '{self.name}' must list distinct items of "
                                  f"{', '.join(self.items)}, comma-separated; got {v!r}")
        if self.choices is not None and v not in self.choices:
            allowed = ", ".join(map(str, self.choices))
            raise ConfigError(f"option '{self.name}' must be one of {allowed}; got {v!r}")
        if self.minimum is not None and v < self.minimum:
            raise ConfigError(f"option '{self.name}' must be at least {self.minimum:g}, got {v!r}")
        if self.maximum is not None and v > self.maximum:
            raise ConfigError(f"option '{self.name}' must be at most {self.maximum:g}, got {v!r}")
        return v

    def _allowed(self) -> str:
        """What the option accepts, in words: ``int from 1 to 40``, ``one of a, b``."""
        if self.choices is not None:
            return "one of " + ", ".join(map(str, self.choices))
        bounds = [f"at least {self.minimum:g}" if self.minimum is not None else "",
                  f"at most {self.maximum:g}" if self.maximum is not None else ""]
        if self.kind is bool:
            return "true or false (bool)"
        return " ".join([self.kind.__name__, ", ".join(filter(None, bounds))]).strip()

    def describe(self) -> dict[str, Any]:
        """A JSON-able description."""
        d: dict[str, Any] = {"name": self.name, "default": self.default, "doc": self.doc,
                             "type": self.kind.__name__}
        if self.choices is not None:
            d["choices"] = list(self.choices)
        if self.items is not None:
            d["items"] = list(self.items)
        if self.minimum is not None:
            d["min"] = self.minimum
        if self.maximum is not None:
            d["max"] = self.maximum
        return d


def resolve(params: Iterable[Param], given: Mapping[str, Any] | None) -> dict[str, Any]:
    """All options with defaults filled in; an unknown or bad option raises ConfigError."""
    table = {p.name: p for p in params}
    if given is not None and not isinstance(given, Mapping):
        raise ConfigError(f"options must be a mapping of option names to values, got {given!r}")
    given = dict(given or {})
    unknown = sorted(set(given) - set(table))
    if unknown:
        allowed = ", ".join(sorted(table)) or "none"
        raise ConfigError(f"unknown option {unknown[0]!r}; this game's options are: {allowed}")
    return {name: (p.coerce(given[name]) if name in given else p.default)
            for name, p in table.items()}
