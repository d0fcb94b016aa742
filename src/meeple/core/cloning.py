"""Fast ``clone``: a copier compiled once per State class from its type annotations.

A state lists its mutable attributes in ``_mutable``. Copying them generically means walking
every container to find nested ones; instead, the annotations say the shape (``list[int]``,
``list[list[str]]``, ``dict[int, list[str]]``, ``set[int]``, ``X | None``), and a small
function is generated with one expression per attribute: ``v[:]`` for a flat list,
``[x[:] for x in v]`` for a list of flat lists, and so on. Anything whose shape the
annotations do not pin down is copied by the generic :func:`~meeple.core.serial.copy_data`.
A ``TypedDict`` whose values are all immutable is copied flat, like ``dict[str, int]``.

>>> class S:
...     _mutable = ("hands", "scores", "fight")
...     hands: list[list[int]]
...     scores: dict[str, int]
...     fight: dict[str, Any] | None
>>> print(copier_source(S))
def _copy_fields(f):
    f['hands'] = list(map(list.copy, f['hands']))
    f['scores'] = f['scores'].copy()
    f['fight'] = (None if f['fight'] is None else copy_data(f['fight']))
"""

from __future__ import annotations

import sys
import types
import typing
from collections.abc import Callable
from typing import Any

from .actions import Action
from .decisions import is_decision_type
from .serial import copy_data

_ATOMS: tuple[Any, ...] = (int, float, str, bool, bytes, type(None), Action)


def _is_atom(tp: Any) -> bool:
    """True for a type whose values are immutable (numbers, strings, tuples, frozensets)."""
    if tp in _ATOMS or is_decision_type(tp):  # decisions hold only immutable values
        return True
    origin = typing.get_origin(tp)
    if origin is typing.Literal:
        return True
    if origin in (tuple, frozenset):
        return all(a is Ellipsis or _is_atom(a) for a in typing.get_args(tp))
    if origin in (types.UnionType, typing.Union):
        return all(_is_atom(a) for a in typing.get_args(tp))
    return False


def _expr(tp: Any, v: str, depth: int = 0) -> str:
    """A Python expression copying the value named ``v`` of type ``tp``."""
    x = f"x{depth}"
    if _is_atom(tp):
        return v
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin in (types.UnionType, typing.Union) and type(None) in args:
        rest = [a for a in args if a is not type(None)]
        if len(rest) == 1:
            inner = _expr(rest[0], v, depth + 1)
            return f"(None if {v} is None else {inner})"
    if origin is list and args:
        if _is_atom(args[0]):
            return f"{v}[:]"
        flat = _flat_copy(args[0])
        if flat:  # a list of flat containers: copied without a Python-level loop
            return f"list(map({flat}, {v}))"
        inner = _expr(args[0], x, depth + 1)
        if "copy_data" not in inner:
            return f"[{inner} for {x} in {v}]"
    if origin is set or origin is frozenset:
        return f"{v}.copy()" if origin is set else v
    if _flat_record(tp):
        return f"{v}.copy()"
    if origin is dict and len(args) == 2:
        if _is_atom(args[1]):
            return f"{v}.copy()"
        flat = _flat_copy(args[1])
        if flat:
            return f"dict(zip({v}, map({flat}, {v}.values())))"
        inner = _expr(args[1], x, depth + 1)
        if "copy_data" not in inner:
            return f"{{k{depth}: {inner} for k{depth}, {x} in {v}.items()}}"
    return f"copy_data({v})"


def _flat_record(tp: Any) -> bool:
    """True for a ``TypedDict`` whose every value is immutable (a flat ``.copy()`` suffices)."""
    if not typing.is_typeddict(tp):
        return False
    try:
        values = typing.get_type_hints(tp).values()
    except Exception:  # unresolvable: copied generically
        return False
    return all(_is_atom(a) for a in values)


def _flat_copy(tp: Any) -> str | None:
    """``list.copy`` / ``dict.copy`` / ``set.copy`` for a container of immutable values."""
    origin = typing.get_origin(tp)
    args = typing.get_args(tp)
    if origin is list and args and _is_atom(args[0]):
        return "list.copy"
    if origin is dict and len(args) == 2 and _is_atom(args[1]):
        return "dict.copy"
    if origin is set:
        return "set.copy"
    if _flat_record(tp):
        return "dict.copy"
    return None


def _hints(cls: type) -> dict[str, Any]:
    """The evaluated annotations of ``cls`` and its bases, one by one.

    Each annotation is resolved on its own, so one that cannot be (a name imported only for
    type checking) costs only its own attribute the fast path.
    """
    out: dict[str, Any] = {}
    for klass in reversed(cls.__mro__):
        module = sys.modules.get(klass.__module__)
        env = dict(vars(module)) if module is not None else {}
        env.setdefault("Any", Any)
        for name, ann in vars(klass).get("__annotations__", {}).items():
            if isinstance(ann, str):
                try:
                    ann = eval(ann, env, {})
                except Exception:  # unresolvable: this attribute uses the generic copy
                    ann = Any
            out[name] = ann
    return out


def copier_source(cls: type) -> str:
    """The source of the field copier for ``cls`` (shown for inspection and tests)."""
    hints = _hints(cls)
    lines = ["def _copy_fields(f):"]
    for name in getattr(cls, "_mutable", ()):
        tp = hints.get(name, Any)
        lines.append(f"    f[{name!r}] = {_expr(tp, f'f[{name!r}]')}")
    if len(lines) == 1:
        lines.append("    pass")
    return "\n".join(lines)


def build_copier(cls: type) -> Callable[[dict[str, Any]], None]:
    """Compile the field copier of ``cls``."""
    ns: dict[str, Any] = {"copy_data": copy_data}
    exec(compile(copier_source(cls), f"<clone of {cls.__qualname__}>", "exec"), ns)
    fn: Callable[[dict[str, Any]], None] = ns["_copy_fields"]
    return fn
