"""Rebuilding the state's shared values: a clone shares every tuple and every dict that is
never changed in place, so a change makes a new one."""

from __future__ import annotations

from collections.abc import Mapping
from typing import TypeVar

K = TypeVar("K")
V = TypeVar("V")


def with_key(d: Mapping[K, V], key: K, value: V | None) -> dict[K, V]:
    """A new dict: ``d`` with ``key`` set to ``value``, or removed when ``value`` is None.

    >>> with_key({1: "gor"}, 2, "skral"), with_key({1: "gor"}, 1, None)
    ({1: 'gor', 2: 'skral'}, {})
    """
    out = dict(d)
    if value is None:
        out.pop(key, None)
    else:
        out[key] = value
    return out


def with_item(t: tuple[V, ...], i: int, value: V) -> tuple[V, ...]:
    """A new tuple: ``t`` with item ``i`` replaced by ``value``.

    >>> with_item((0, 0, 0), 1, 2)
    (0, 2, 0)
    """
    return (*t[:i], value, *t[i + 1:])
