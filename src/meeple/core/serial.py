"""Plain-data encoding of state fields, and the structural copy used by ``clone``.

State fields hold only plain data: ``None``, ``bool``, ``int``, ``float``, ``str``,
``list``, ``tuple``, ``dict``, ``set``/``frozenset``, :class:`Action` and the pending
decisions of :mod:`meeple.core.decisions` (tagged ``@k``; restore rebuilds them by their
declared type, :func:`decode` as a plain ``{"kind": ..., field: value}`` dict).
JSON has no tuples, sets or non-string keys, so those are tagged; the round trip is exact:

>>> v = {"a": [1, (2, 3)], 4: {5, 6}, "act": Action("pass")}
>>> decode(json.loads(json.dumps(encode(v)))) == v
True
"""

from __future__ import annotations

import json
from dataclasses import fields
from typing import Any

from .actions import Action
from .decisions import Decision
from .verbs import Verb, verb_class, verb_key

_ATOMS = (type(None), bool, int, float, str)


def encode(v: Any) -> Any:
    """A JSON-able form of a plain-data value."""
    t = type(v)
    if t in _ATOMS:
        return v
    if t is list:
        return [encode(x) for x in v]
    if t is Action:
        return {"@a": [v[0], encode(v[1])]}
    if t is tuple:
        return {"@t": [encode(x) for x in v]}
    if t is dict:
        if all(type(k) is str for k in v):
            return {"@d": {k: encode(x) for k, x in v.items()}}
        return {"@m": [[encode(k), encode(x)] for k, x in v.items()]}
    if t is set or t is frozenset:
        items = sorted((encode(x) for x in v), key=lambda e: json.dumps(e, sort_keys=True))
        return {"@s" if t is set else "@f": items}
    if isinstance(v, Verb):
        return {"@v": [verb_key(t), {k: encode(x) for k, x in v.fields().items()}]}
    if isinstance(v, Decision):
        return {"@k": [v.kind, {f.name: encode(getattr(v, f.name)) for f in fields(v)}]}
    raise TypeError(f"state fields must be plain data; cannot encode {t.__name__}")


def decode(v: Any) -> Any:
    """The inverse of :func:`encode`."""
    if type(v) is list:
        return [decode(x) for x in v]
    if type(v) is not dict:
        return v
    ((tag, body),) = v.items()
    if tag == "@t":
        return tuple(decode(x) for x in body)
    if tag == "@d":
        return {k: decode(x) for k, x in body.items()}
    if tag == "@m":
        return {_hashable(decode(k)): decode(x) for k, x in body}
    if tag == "@s":
        return {decode(x) for x in body}
    if tag == "@f":
        return frozenset(decode(x) for x in body)
    if tag == "@a":
        return Action(body[0], decode(body[1]))
    if tag == "@v":
        return verb_class(body[0])(**{k: _hashable(decode(x)) for k, x in body[1].items()})
    if tag == "@k":  # only restore knows a decision's class: here it is plain data
        return {"kind": body[0], **{k: decode(x) for k, x in body[1].items()}}
    raise ValueError(f"unknown tag {tag!r}")


def _hashable(k: Any) -> Any:
    return tuple(k) if type(k) is list else k


_CONTAINERS = (list, dict, set)


def copy_data(v: Any) -> Any:
    """A copy of a plain-data value sharing every immutable part (tuples are immutable).

    Flat containers (no list, dict or set inside) are copied by one C-level call; only nested
    ones are walked.
    """
    t = type(v)
    if t is list:
        for x in v:
            if type(x) in _CONTAINERS:
                return [copy_data(x) if type(x) in _CONTAINERS else x for x in v]
        return v[:]
    if t is dict:
        for x in v.values():
            if type(x) in _CONTAINERS:
                return {k: (copy_data(x) if type(x) in _CONTAINERS else x) for k, x in v.items()}
        return v.copy()
    if t is set:
        return v.copy()
    return v
