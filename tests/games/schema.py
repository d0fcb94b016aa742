"""A view's TypedDict as a JSON Schema (draft 2020-12): objects closed, literals as enums.

The engine core is stdlib-only and Python 3.11's ``typing.TypedDict`` is not one pydantic reads,
so the few shapes views use are translated here from the type hints.
"""

from __future__ import annotations

import types
import typing
from typing import Any, Literal, NotRequired, Required, Union, get_args, get_origin

_ATOMS = {int: "integer", str: "string", bool: "boolean", float: "number", type(None): "null"}


def schema_of(tp: Any, defs: dict[str, Any]) -> dict[str, Any]:
    """The schema of ``tp``; named TypedDicts go in ``defs`` and are referenced."""
    super_type = getattr(tp, "__supertype__", None)  # a NewType
    if super_type is not None:
        return schema_of(super_type, defs)
    if tp in _ATOMS:
        return {"type": _ATOMS[tp]}
    if tp is Any or tp is object:
        return {}
    if typing.is_typeddict(tp):
        return _typed_dict(tp, defs)
    origin, args = get_origin(tp), get_args(tp)
    if origin is Literal:
        return {"enum": list(args)}
    if origin in (Union, types.UnionType):
        return {"anyOf": [schema_of(a, defs) for a in args]}
    if origin in (NotRequired, Required):
        return schema_of(args[0], defs)
    if origin is list or origin is typing.Sequence:
        return {"type": "array", "items": schema_of(args[0], defs)}
    if origin is tuple:
        if len(args) == 2 and args[1] is Ellipsis:
            return {"type": "array", "items": schema_of(args[0], defs)}
        return {"type": "array", "prefixItems": [schema_of(a, defs) for a in args],
                "minItems": len(args), "maxItems": len(args)}
    if origin is dict or origin is typing.Mapping:
        return {"type": "object", "additionalProperties": schema_of(args[1], defs)}
    raise TypeError(f"a view holds no {tp!r}")


def _typed_dict(tp: Any, defs: dict[str, Any]) -> dict[str, Any]:
    name = tp.__name__ if tp.__module__.endswith(".view") else f"{tp.__module__}.{tp.__name__}"
    name = name.rpartition(".")[2] if tp.__module__ == "meeple.core.views" else name
    if name not in defs:
        defs[name] = {}  # placeholder against recursion
        hints = typing.get_type_hints(tp, include_extras=True)
        props = {k: schema_of(v, defs) for k, v in hints.items()}
        required = (set(tp.__required_keys__)  # stringified NotRequired[...] slips through
                    - {k for k, v in hints.items() if get_origin(v) is NotRequired})
        defs[name] = {"type": "object", "properties": props, "required": sorted(required),
                      "additionalProperties": False}
        if tp.__doc__:
            defs[name]["description"] = " ".join(tp.__doc__.split())
    return {"$ref": f"#/$defs/{name}"}


def view_schema(tp: Any, title: str) -> dict[str, Any]:
    """The whole document: the view's definitions and a reference to the view itself."""
    defs: dict[str, Any] = {}
    ref = schema_of(tp, defs)
    return {"$schema": "https://json-schema.org/draft/2020-12/schema", "title": title,
            **ref, "$defs": dict(sorted(defs.items()))}
