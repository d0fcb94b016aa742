"""Reading what a client sends over its WebSocket: JSON text within the server's bounds, or a
:class:`~.hub.Refused` that says what was wrong (docs/server.md, "Pushes and slow sockets")."""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from .limits import Limits
from .refusal import Refused

#: How much of a refused message a refusal echoes.
ECHO = 40


def echo(text: str) -> str:
    """The start of ``text`` as a refusal quotes it (escaped, so it prints and encodes)."""
    return repr(text[:ECHO]) + ("…" if len(text) > ECHO else "")


def read_message(message: Mapping[str, Any], limits: Limits) -> Any:
    """The JSON value of a WebSocket ``websocket.receive`` message; 400 for a binary message,
    text that is not JSON or JSON nested past ``limits.json_depth``, 422 for a string longer
    than ``limits.string_chars`` or holding a lone surrogate."""
    text = message.get("text")
    if text is None:
        raise Refused(400, "binary messages are not read; send JSON as a text message")
    try:
        data = json.loads(text)
    except RecursionError:  # nested far past any bound: refused before it is walked
        raise Refused(400, f"the message nests deeper than {limits.json_depth} levels") from None
    except ValueError:
        raise Refused(400, f"the message is not JSON: {echo(text)}") from None
    check(data, limits, 0)
    return data


def check(value: Any, limits: Limits, depth: int) -> None:
    """Refuse ``value`` (at ``depth`` containers deep) if it is past the bounds."""
    if isinstance(value, str):
        check_string(value, limits)
    elif isinstance(value, dict | list):
        if depth >= limits.json_depth:
            raise Refused(400, f"the message nests deeper than {limits.json_depth} levels")
        for key in value if isinstance(value, dict) else ():
            check_string(key, limits)
        for item in value.values() if isinstance(value, dict) else value:
            check(item, limits, depth + 1)


def check_string(text: str, limits: Limits) -> None:
    if len(text) > limits.string_chars:
        raise Refused(422, f"a string of {len(text)} characters is longer than the "
                           f"{limits.string_chars} allowed: {echo(text)}")
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        raise Refused(422, "a string holds a lone surrogate (\\ud800 to \\udfff without its "
                           "pair); strings must be valid Unicode") from None
