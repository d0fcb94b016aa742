"""Checking a saved state before it becomes one: every field decoded by its declared type.

``restore`` reads JSON that anyone may have written. The State class's annotations (its own and
its bases', ``ClassVar`` ones left out) say what each field holds, so a decoder is compiled once
per class, with one small function per type, that turns the tagged JSON of
:mod:`meeple.core.serial` into the field's value and refuses anything else: a missing or an
extra field, a tag that does not fit, a string where a number belongs, a tuple of the wrong
length. A field annotated ``Any`` (or with a type this module does not know) still has to be
plain data. The refusal is a :class:`~meeple.core.errors.RecordError` naming the field:

>>> from typing import Any
>>> decoder = compile_type(dict[str, list[int]])
>>> decoder({"@d": {"a": [1, 2]}})
{'a': [1, 2]}
>>> decode_field(decoder, "fields.tok", {"@d": {"a": [1, "x"]}})
Traceback (most recent call last):
...
meeple.core.errors.RecordError: fields.tok['a'][1]: expected int, got 'x'

What only the game knows (card ids that exist, cells on the board, counts that cannot be
negative) its ``_validate`` hook checks on the decoded state. None of this runs in the hot path.
"""

from __future__ import annotations

import dataclasses
import math
import types
import typing
from collections.abc import Callable, Collection, Iterator, Mapping
from functools import cache
from typing import Any

from .actions import Action
from .cloning import _hints
from .decisions import is_decision_type
from .errors import RecordError
from .verbs import Verb, verb_class

#: Whole numbers in a state fit in 64 bits, signed or not.
INT_LIMIT = 1 << 64
#: Plain data nested deeper than this is refused (a state's fields are a few levels deep).
MAX_DEPTH = 60
_TAGS = ("@t", "@d", "@m", "@s", "@f", "@a", "@k", "@v")

Decoder = Callable[[Any], Any]


class Bad(Exception):
    """A value that does not fit; ``where`` gathers the path as the error travels outwards."""

    def __init__(self, what: str) -> None:
        super().__init__(what)
        self.what = what
        self.where: list[str] = []


def _short(v: Any) -> str:
    text = repr(v)
    return text if len(text) <= 40 else text[:37] + "..."


def type_name(tp: Any) -> str:
    """``list[int]``, ``dict[str, int] | None``: an annotation as it is written."""
    if tp is type(None):
        return "None"
    if isinstance(tp, type) and not typing.get_args(tp):
        return tp.__name__
    return str(tp).replace("typing.", "").replace("collections.abc.", "")


def decode_field(decoder: Decoder, path: str, raw: Any) -> Any:
    """``decoder(raw)``, with a failure turned into a RecordError that names ``path``."""
    try:
        return decoder(raw)
    except Bad as e:
        raise RecordError(f"{path}{''.join(reversed(e.where))}: {e.what}") from None
    except RecursionError:
        raise RecordError(f"{path}: nested too deeply") from None


# ---------------------------------------------------------------- plain data
def _tagged(v: Any) -> tuple[str, Any]:
    """The tag and body of an encoded tuple, dict, set or action."""
    if len(v) != 1:
        raise Bad(f"an encoded value has one key (one of {', '.join(_TAGS)}), "
                  f"got {sorted(map(str, v))[:4]}")
    ((tag, body),) = v.items()
    if tag not in _TAGS:
        raise Bad(f"unknown tag {_short(tag)}; the tags are {', '.join(_TAGS)}")
    return tag, body


def _hashable(v: Any) -> Any:
    try:
        hash(v)
    except TypeError:
        raise Bad(f"{_short(v)} cannot be a set member or a key") from None
    return v


def _items(v: Any, what: str) -> list[Any]:
    if type(v) is not list:
        raise Bad(f"the body of {what} must be a list, got {_short(v)}")
    return v


def plain(v: Any, depth: int = 0) -> Any:
    """Any plain data, decoded and checked (the fallback for ``Any`` and unknown types)."""
    t = type(v)
    if t is int:
        if not -INT_LIMIT < v < INT_LIMIT:
            raise Bad(f"{_short(v)} is out of range for a whole number in a state")
        return v
    if t is str or t is bool or v is None:
        return v
    if t is float:
        return _finite(v)
    if depth > MAX_DEPTH:
        raise Bad(f"nested more than {MAX_DEPTH} levels deep")
    if t is list:
        if all(_flat(x) for x in v):  # the common case: a list of numbers or strings
            return v[:]
        return [_at(i, plain, x, depth + 1) for i, x in enumerate(v)]
    if t is not dict:
        raise Bad(f"{type(v).__name__} is not JSON data")
    tag, body = _tagged(v)
    if tag == "@a":
        return _action(body, depth)
    if tag == "@v":
        return _verb(body, depth)
    if tag == "@d":
        if type(body) is not dict:
            raise Bad(f"the body of @d must be an object, got {_short(body)}")
        if all(_flat(x) for x in body.values()):
            return dict(body)
        return {k: _at(k, plain, x, depth + 1) for k, x in body.items()}
    items = _items(body, tag)
    if tag == "@t":
        return tuple(_at(i, plain, x, depth + 1) for i, x in enumerate(items))
    if tag == "@m":
        return _pairs(items, lambda k: _hashable(plain(k, depth + 1)),
                      lambda x: plain(x, depth + 1))
    if tag == "@k":
        raise Bad("a pending decision belongs in a field annotated with its decision types")
    made = (_hashable(_at(i, plain, x, depth + 1)) for i, x in enumerate(items))
    return set(made) if tag == "@s" else frozenset(made)


#: Types ``plain`` returns as they are, with no check to make.
_FLAT = frozenset({str, bool, type(None)})


def _flat(x: Any) -> bool:
    """True for a value ``plain`` returns as it is: a string, flag, None or whole number."""
    t = type(x)
    return t in _FLAT or (t is int and -INT_LIMIT < x < INT_LIMIT)


def _finite(v: float) -> float:
    if not math.isfinite(v):
        raise Bad(f"{v!r} is not a finite number")
    return v


def _at(k: Any, fn: Callable[..., Any], x: Any, *args: Any) -> Any:
    """``fn(x, *args)``, naming index or key ``k`` in the path of an error (``[2]``, ``['a']``)."""
    try:
        return fn(x, *args)
    except Bad as e:
        e.where.append(f"[{k!r}]")
        raise


def _pairs(items: list[Any], key: Decoder, value: Decoder) -> dict[Any, Any]:
    out: dict[Any, Any] = {}
    for i, pair in enumerate(items):
        if type(pair) is not list or len(pair) != 2:
            raise Bad(f"entry {i} of @m must be a [key, value] pair, got {_short(pair)}")
        k = _at(i, key, pair[0])
        if k in out:
            raise Bad(f"the key {_short(k)} appears twice")
        out[k] = _at(k, value, pair[1])
    return out


def _action(body: Any, depth: int = 0) -> Action:
    if type(body) is not list or len(body) != 2 or type(body[0]) is not str:
        raise Bad(f"an action is encoded as [text, data], got {_short(body)}")
    return Action(body[0], _hashable(plain(body[1], depth + 1)))


def _verb(body: Any, depth: int) -> Verb:
    """A verb encoded as ``[module:Class, {field: value}]``, rebuilt by its registered class."""
    if (type(body) is not list or len(body) != 2 or type(body[0]) is not str
            or type(body[1]) is not dict):
        raise Bad(f"a verb is encoded as [class, {{field: value}}], got {_short(body)}")
    try:
        cls = verb_class(body[0])
    except (ValueError, ImportError):
        raise Bad(f"unknown verb {_short(body[0])}") from None
    values = {k: _hashable(_at(k, plain, x, depth + 1)) for k, x in body[1].items()}
    try:
        return cls(**values)
    except TypeError as e:
        raise Bad(f"the verb {cls.__name__} does not fit: {e}") from None


# ---------------------------------------------------------------- by type
def _atom(t: type, name: str) -> Decoder:
    def check(v: Any) -> Any:
        if type(v) is not t:
            raise Bad(f"expected {name}, got {_short(v)}")
        return v
    return check


def _int(v: Any) -> int:
    if type(v) is not int:
        raise Bad(f"expected int, got {_short(v)}")
    if not -INT_LIMIT < v < INT_LIMIT:
        raise Bad(f"{_short(v)} is out of range for a whole number in a state")
    return v


def _float(v: Any) -> float:
    if type(v) is not float and type(v) is not int:
        raise Bad(f"expected float, got {_short(v)}")
    return _finite(v) if type(v) is float else _int(v)


def _none(v: Any) -> None:
    if v is not None:
        raise Bad(f"expected None, got {_short(v)}")


def _body(v: Any, tags: tuple[str, ...], name: str) -> tuple[str, Any]:
    if type(v) is not dict:
        raise Bad(f"expected {name}, got {_short(v)}")
    tag, body = _tagged(v)
    if tag not in tags:
        raise Bad(f"expected {name}, got a value tagged {tag}")
    return tag, body


def _list(item: Decoder, name: str) -> Decoder:
    def check(v: Any) -> list[Any]:
        if type(v) is not list:
            raise Bad(f"expected {name}, got {_short(v)}")
        return [_at(i, item, x) for i, x in enumerate(v)]
    return check


def _tuple(items: tuple[Decoder, ...] | None, item: Decoder | None, name: str) -> Decoder:
    def check(v: Any) -> tuple[Any, ...]:
        body = _items(_body(v, ("@t",), name)[1], "@t")
        if items is not None:
            if len(body) != len(items):
                raise Bad(f"expected {name} ({len(items)} items), got {len(body)} items")
            return tuple(_at(i, fn, x) for i, (fn, x) in enumerate(zip(items, body, strict=True)))
        assert item is not None
        return tuple(_at(i, item, x) for i, x in enumerate(body))
    return check


def _dict(key: Decoder, value: Decoder, name: str) -> Decoder:
    def check(v: Any) -> dict[Any, Any]:
        tag, body = _body(v, ("@d", "@m"), name)
        if tag == "@m":
            return _pairs(_items(body, "@m"), lambda k: _hashable(key(k)), value)
        if type(body) is not dict:
            raise Bad(f"the body of @d must be an object, got {_short(body)}")
        return {_at(k, key, k): _at(k, value, x) for k, x in body.items()}
    return check


def _record(tp: Any) -> Decoder:
    """A ``TypedDict``: exactly its keys, each of its type."""
    fields = {k: compile_type(t) for k, t in typing.get_type_hints(tp).items()}
    name = tp.__name__

    def check(v: Any) -> dict[str, Any]:
        body = _body(v, ("@d",), name)[1]
        if type(body) is not dict:
            raise Bad(f"the body of @d must be an object, got {_short(body)}")
        _same_keys(body, fields, name)
        return {k: _at(k, fields[k], body[k]) for k in fields}
    return check


def _same_keys(got: Mapping[str, Any], want: Mapping[str, Any], name: str) -> None:
    missing = [k for k in want if k not in got]
    if missing:
        raise Bad(f"{name} has no {missing[0]!r}")
    extra = [k for k in got if k not in want]
    if extra:
        raise Bad(f"{_short(extra[0])} is not a key of {name}; its keys are {', '.join(want)}")


def _set(item: Decoder, frozen: bool, name: str) -> Decoder:
    tag = "@f" if frozen else "@s"

    def check(v: Any) -> set[Any] | frozenset[Any]:
        body = _items(_body(v, (tag,), name)[1], tag)
        made = (_hashable(_at(i, item, x)) for i, x in enumerate(body))
        return frozenset(made) if frozen else set(made)
    return check


def _union(options: tuple[Decoder, ...], nullable: bool, name: str) -> Decoder:
    def check(v: Any) -> Any:
        if v is None and nullable:
            return None
        whys = []
        for fn in options:
            try:
                return fn(v)
            except Bad as e:
                whys.append(e)
        deepest = max(whys, key=lambda e: len(e.where))
        if deepest.where:  # the value had the right shape and failed inside: say where
            raise deepest
        raise Bad(f"expected {name}, got {_short(v)}")
    return check


def _literal(values: tuple[Any, ...], name: str) -> Decoder:
    def check(v: Any) -> Any:
        for a in values:
            if type(v) is type(a) and v == a:
                return v
        raise Bad(f"expected one of {', '.join(map(repr, values))}, got {_short(v)}")
    return check


def _decisions(types_: tuple[type, ...], nullable: bool) -> Decoder:
    """One of the :class:`~meeple.core.decisions.Decision` classes ``types_``, chosen by the
    kind it is tagged with, then exactly that class's fields."""
    by_kind: dict[str, tuple[type, dict[str, Decoder]]] = {}
    for tp in types_:
        hints = typing.get_type_hints(tp)
        fields = {f.name: compile_type(hints[f.name]) for f in dataclasses.fields(tp)}
        by_kind[tp.kind] = (tp, fields)  # type: ignore[attr-defined]
    kinds = ", ".join(repr(k) for k in by_kind)

    def check(v: Any) -> Any:
        if v is None and nullable:
            return None
        body = _body(v, ("@k",), f"a decision ({kinds})")[1]
        if type(body) is not list or len(body) != 2 or type(body[1]) is not dict:
            raise Bad(f"a decision is encoded as [kind, {{field: value}}], got {_short(body)}")
        if type(body[0]) is not str or body[0] not in by_kind:
            raise Bad(f"{_short(body[0])} is not a decision of this state; its kinds are {kinds}")
        tp, fields = by_kind[body[0]]
        _same_keys(body[1], fields, f"a {body[0]!r} decision")
        return tp(**{k: _at(k, fn, body[1][k]) for k, fn in fields.items()})
    return check


def _action_of(v: Any) -> Action:
    return _action(_body(v, ("@a",), "Action")[1])


_ATOMS: dict[Any, Decoder] = {
    int: _int, float: _float, bool: _atom(bool, "bool"), str: _atom(str, "str"),
    type(None): _none, Action: _action_of, Any: plain,
}


@cache
def compile_type(tp: Any) -> Decoder:
    """The decoder of values annotated ``tp``: tagged JSON in, the checked value out."""
    if tp in _ATOMS:
        return _ATOMS[tp]
    origin, args, name = typing.get_origin(tp), typing.get_args(tp), type_name(tp)
    if origin is typing.Annotated:
        return compile_type(args[0])
    if origin is typing.Literal:
        return _literal(args, name)
    if origin in (types.UnionType, typing.Union):
        if all(is_decision_type(a) for a in args if a is not type(None)):
            return _decisions(tuple(a for a in args if a is not type(None)),
                              type(None) in args)
        rest = tuple(compile_type(a) for a in args if a is not type(None))
        return _union(rest, type(None) in args, name)
    if origin is list:
        return _list(compile_type(args[0]) if args else plain, name)
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return _tuple(None, compile_type(args[0]), name)
        if args == ((),):
            return _tuple((), None, name)
        if args:
            return _tuple(tuple(compile_type(a) for a in args), None, name)
        return _tuple(None, plain, name)
    if origin in (dict, Mapping):
        key, value = (compile_type(a) for a in args) if args else (plain, plain)
        return _dict(key, value, name)
    if origin in (set, frozenset):
        return _set(compile_type(args[0]) if args else plain, origin is frozenset, name)
    if typing.is_typeddict(tp):
        return _record(tp)
    if is_decision_type(tp):
        return _decisions((tp,), False)
    return plain  # a type this module does not know: still plain data, checked by the game


# ---------------------------------------------------------------- a state's fields
#: The State base's attributes that ``to_json`` keeps outside ``fields``.
BASE_FIELDS = frozenset({"game", "rng", "_log", "_legal"})


@cache
def field_decoders(cls: type) -> dict[str, Decoder]:
    """Every field a state of ``cls`` holds in ``to_json``'s ``fields``, with its decoder."""
    out: dict[str, Decoder] = {}
    for name, tp in _hints(cls).items():
        if name in BASE_FIELDS or typing.get_origin(tp) is typing.ClassVar or tp is typing.ClassVar:
            continue
        out[name] = compile_type(tp)
    return out


def decode_fields(cls: type, raw: Any) -> dict[str, Any]:
    """The fields of a state of ``cls`` from their JSON; RecordError names the first bad one."""
    decoders = field_decoders(cls)
    body = decode_field(lambda v: _body(v, ("@d",), "an object of fields")[1], "fields", raw)
    if type(body) is not dict:
        raise RecordError(f"fields must be an object of fields, got {_short(body)}")
    missing = [k for k in decoders if k not in body]
    if missing:
        raise RecordError(f"fields: {missing[0]!r} is missing ({len(missing)} missing in all)")
    extra = [k for k in body if k not in decoders]
    if extra and not _undeclared(cls, decoders):
        raise RecordError(f"fields: {_short(extra[0])} is not a field of {cls.__name__}")
    out = {k: decode_field(fn, f"fields.{k}", body[k]) for k, fn in decoders.items()}
    for k in extra:  # a game that annotates none of its fields: plain data, own names only
        if not isinstance(k, str) or not k.isidentifier() or hasattr(cls, k):
            raise RecordError(f"fields: {_short(k)} is not a field of {cls.__name__}")
        out[k] = decode_field(plain, f"fields.{k}", body[k])
    return out


def _undeclared(cls: type, decoders: Mapping[str, Decoder]) -> bool:
    """True when ``cls`` annotates no field beyond the State base's (``players``, ``seed``,
    ``to_act``, ``n_actions``, ``decisions``): its fields can be checked only as plain data."""
    return len(decoders) <= 5


_ENTRY = compile_type(tuple[Any, ...])
def _entry(raw: Any) -> tuple[Any, ...]:
    """A log entry, decoded by its exact shape (what is in it is checked by ``_entry_fault``);
    anything else is decoded as plain data and refused there."""
    body = raw.get("@t") if type(raw) is dict and len(raw) == 1 else None
    if type(body) is list:
        if len(body) == 4 and body[0] == "A":
            act = body[2]
            if type(act) is dict and len(act) == 1 and "@a" in act:
                return ("A", body[1], _at(2, _action_of, act), body[3])
        elif len(body) == 5 and body[0] == "E":
            return ("E", body[1], *(_at(i, plain, body[i]) for i in (2, 3, 4)))
    e: tuple[Any, ...] = _ENTRY(raw)
    return e


def decode_log(raw: Any, players: int) -> list[tuple[Any, ...]]:
    """The log's entries: actions ``("A", seat, Action, public text or None)`` and events
    ``("E", kind, data, seats or None, data for the others or None)``."""
    if type(raw) is not list:
        raise RecordError(f"log must be a list of entries, got {_short(raw)}")
    entries = []
    for i, item in enumerate(raw):
        e = decode_field(_entry, f"log[{i}]", item)
        why = _entry_fault(e, players)
        if why:
            raise RecordError(f"log[{i}]: {why}")
        entries.append(e)
    return entries


def _entry_fault(e: tuple[Any, ...], players: int) -> str | None:
    if len(e) == 4 and e[0] == "A":
        _, seat, action, pub = e
        if not _is_seat(seat, players):
            return f"the acting seat must be 0..{players - 1}, got {_short(seat)}"
        if type(action) is not Action:
            return f"an action entry holds an Action, got {_short(action)}"
        if pub is not None and type(pub) is not str:
            return f"an action's public text is a string or None, got {_short(pub)}"
        return None
    if len(e) == 5 and e[0] == "E":
        _, kind, data, to, others = e
        if type(kind) is not str:
            return f"an event's kind is a string, got {_short(kind)}"
        for part, what in ((data, "data"), (others, "data for the others")):
            if part is not None and (type(part) is not dict
                                     or not all(type(k) is str for k in part)):
                return f"an event's {what} is an object, got {_short(part)}"
        if data is None:
            return "an event's data is an object, got None"
        if to is not None and (type(to) is not tuple
                               or not all(_is_seat(s, players) for s in to)):
            return f"an event's seats are a tuple of seats 0..{players - 1}, got {_short(to)}"
        return None
    return ("an entry is ('A', seat, action, public text) or ('E', kind, data, seats, "
            f"others), got {_short(e)}")


def _is_seat(s: Any, players: int) -> bool:
    return type(s) is int and 0 <= s < players


# ---------------------------------------------------------------- for the games' _validate
def refuse(name: str, why: str) -> None:
    """Raise the RecordError of field ``name`` (``"hand[2]"``): ``why`` says what is wrong."""
    raise RecordError(f"fields.{name}: {why}")


def per_seat(state: Any, *names: str) -> None:
    """Each field in ``names`` holds one item per seat."""
    n = state.players
    for name in names:
        got = len(getattr(state, name))
        if got != n:
            refuse(name, f"holds {got} items, one per seat is {n}")


def _leaves(v: Any, path: str, keys: bool) -> Iterator[tuple[str, Any]]:
    t = type(v)
    if t is list or t is tuple:
        for i, x in enumerate(v):
            yield from _leaves(x, f"{path}[{i}]", keys)
    elif t is dict:
        for k, x in v.items():
            if keys:
                yield from _leaves(k, f"{path} key {k!r}", keys)
            yield from _leaves(x, f"{path}[{k!r}]", keys)
    elif t is set or t is frozenset:
        for x in v:
            yield from _leaves(x, f"{path} item", keys)
    else:
        yield path, v


def each(state: Any, name: str, of: type, ok: Callable[[Any], bool], what: str, *,
         keys: bool = False, value: Any = None) -> None:
    """Every ``of`` (int or str) inside field ``name`` passes ``ok``, else "is not ``what``".

    ``keys``: dict keys are checked too. ``value``: check this part of the field instead of
    the whole (``name`` then says where it is).
    """
    v = getattr(state, name.split("[")[0].split(".")[0]) if value is None else value
    for path, leaf in _leaves(v, name, keys):
        if type(leaf) is of and not ok(leaf):
            raise RecordError(f"fields.{path}: {leaf!r} is not {what}")


def in_range(state: Any, name: str, lo: int, hi: int, *, keys: bool = False,
             value: Any = None) -> None:
    """Every whole number inside field ``name`` is in ``lo..hi``."""
    each(state, name, int, lambda x: lo <= x <= hi, f"in {lo}..{hi}", keys=keys, value=value)


def known(state: Any, name: str, ids: Collection[Any], what: str, *, keys: bool = False,
          value: Any = None) -> None:
    """Every string inside field ``name`` is one of ``ids`` ("'x' is not ``what``")."""
    each(state, name, str, lambda x: x in ids, what, keys=keys, value=value)


def one_of(state: Any, name: str, allowed: Collection[Any]) -> None:
    """Field ``name`` is one of ``allowed``."""
    v = getattr(state, name)
    if v not in allowed:
        shown = ", ".join(repr(a) for a in sorted(allowed, key=str)[:12])
        refuse(name, f"{_short(v)} is not one of {shown}")
