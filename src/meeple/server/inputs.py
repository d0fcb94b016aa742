"""Every body a client may send ``meeple serve``, typed and ranged (pydantic, strict): the
request is refused whole, with what was wrong and what is allowed, before anything is read from
it. A refusal never echoes the value it refuses, so a 50 KB string is not sent back.

Strings are bounded and valid UTF-8 (a lone surrogate is refused by the JSON parser), numbers
are whole where a count is meant and in range, booleans are booleans, and nothing unknown is
accepted silently.
"""

from __future__ import annotations

from typing import Annotated, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, StringConstraints, ValidationError
from starlette.datastructures import Headers
from starlette.exceptions import HTTPException
from starlette.requests import HTTPConnection
from starlette.responses import JSONResponse
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from meeple.i18n import LANGS

from .refusal import Refused

#: A seed is a signed 64-bit column on both databases; the server's own use 63 bits.
SEED_LIMIT = 1 << 63
#: The most seats a match may have (the largest player count of any game is 8).
MOST_SEATS = 8
#: A seat's kind: ``human`` or a bot spec (the store's column holds 64 characters).
Kind = Annotated[str, StringConstraints(min_length=1, max_length=64)]
#: A short name: a game id, an option's name.
Name = Annotated[str, StringConstraints(min_length=1, max_length=64)]
#: An option's value as the lobby sends it (each game's parameters check it further).
OptionValue = bool | int | float | Annotated[str, StringConstraints(max_length=200)]
#: A version the client saw.
Version = Annotated[int, Field(ge=0, lt=SEED_LIMIT)]


class Body(BaseModel):
    """A request body: a JSON object with exactly these fields."""

    model_config = ConfigDict(strict=True, extra="forbid", frozen=True)


#: The longest time a clock may give, in seconds (30 days).
LONGEST_CLOCK = 30 * 86_400
Seconds = Annotated[int | float, Field(gt=0, le=LONGEST_CLOCK, allow_inf_nan=False)]


class ClockRule(Body):
    """A match's clock (docs/server.md, "Clocks"): a bank per seat and an increment per
    turn, or a fixed time per turn; what happens when a seat's time runs out (a bot plays it
    until its player comes back, or it loses) and which bot (default: greedy)."""

    bank: Seconds | None = None
    increment: Annotated[int | float, Field(ge=0, le=LONGEST_CLOCK,
                                            allow_inf_nan=False)] = 0
    per_move: Seconds | None = None
    on_timeout: Literal["bot", "lose"] = "bot"
    bot: Kind | None = None


class NewMatch(Body):
    """``POST /api/matches``."""

    game: Name
    seats: Annotated[list[Kind], Field(min_length=1, max_length=MOST_SEATS)]
    players: Annotated[int, Field(ge=1, le=MOST_SEATS)] | None = None
    options: Annotated[dict[Name, OptionValue], Field(max_length=32)] = {}
    seed: Annotated[int, Field(ge=0, lt=SEED_LIMIT)] | None = None
    public: bool = False
    #: The seats strangers may take from the public list (default: every person's seat but
    #: the creator's, which is the first).
    open: Annotated[list[Annotated[int, Field(ge=0, lt=MOST_SEATS)]],
                    Field(max_length=MOST_SEATS)] | None = None
    #: Played in one sitting (``live``) or over days (``turn``: "your turn" notices).
    pace: Literal["live", "turn"] = "live"
    clock: ClockRule | None = None


class Act(Body):
    """``POST /api/matches/{id}/act``."""

    action: Annotated[str, StringConstraints(min_length=1, max_length=2000)]
    version: Version


class Undo(Body):
    """``POST /api/matches/{id}/undo``."""

    version: Version


class SetSeat(Body):
    """``POST /api/matches/{id}/seats/{seat}``."""

    kind: Kind


B = TypeVar("B", bound=Body)


def parse(model: type[B], raw: bytes) -> B:
    """``raw`` as ``model``, or a 422 saying what was wrong and what is allowed."""
    try:
        return model.model_validate_json(raw or b"null")
    except ValidationError as e:
        raise Refused(422, explain(e)) from None


def explain(error: ValidationError) -> str:
    """The first few problems of ``error``, each as ``where: what`` and never the value."""
    said = []
    for problem in error.errors(include_url=False, include_input=False)[:3]:
        where = ".".join(str(p) for p in problem["loc"])
        what = str(problem["msg"])
        if problem["type"] == "json_invalid":
            said.append(f"the body is not JSON ({what.removeprefix('Invalid JSON: ')})")
        elif problem["type"] == "model_type":
            said.append(f"{where} must be a JSON object" if where else
                        "the body must be a JSON object")
        elif problem["type"] == "extra_forbidden":
            said.append(f"{where}: not a field of this request")
        else:
            said.append(f"{where}: {_plain(what)}" if where else _plain(what))
    return "; ".join(said)


def _plain(msg: str) -> str:
    """pydantic's message in the API's words."""
    return msg.replace("Input should be", "should be").replace("String should", "should")


def lang_of(conn: HTTPConnection) -> str:
    """The query's ``lang`` (default English), or a 422 naming the languages spoken."""
    lang = conn.query_params.get("lang", "en")
    if lang not in LANGS:
        raise Refused(422, f"unknown language {lang[:40]!r}; choose one of: {', '.join(LANGS)}")
    return lang


def whole(conn: HTTPConnection, name: str, default: int, low: int, high: int) -> int:
    """The query's ``name`` as a whole number from ``low`` to ``high``, or a 422 saying so
    (never echoing what was sent)."""
    raw = conn.query_params.get(name)
    if raw is None:
        return default
    if not (raw.isascii() and raw.isdigit() and len(raw) <= 18) or not low <= int(raw) <= high:
        raise Refused(422, f"{name} must be a whole number from {low} to {high}")
    return int(raw)


def too_big(limit: int) -> str:
    """The refusal of a body past ``limit`` bytes."""
    return f"the body is larger than {limit} bytes, the most this server reads"


class BodyLimit:
    """Refuse a request body past ``limit`` bytes with 413: at once when its length is
    declared, else as soon as the bytes read pass it (the route reading it is stopped with an
    HTTPException, answered by the app's handler)."""

    def __init__(self, app: ASGIApp, limit: int) -> None:
        self.app, self.limit = app, limit

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        declared = Headers(scope=scope).get("content-length", "")
        if declared.isdigit() and int(declared) > self.limit:
            await JSONResponse({"reason": too_big(self.limit)}, 413)(scope, receive, send)
            return
        seen = 0

        async def counted() -> Message:
            nonlocal seen
            message = await receive()
            seen += len(message.get("body", b""))
            if seen > self.limit:
                raise HTTPException(413)
            return message

        await self.app(scope, counted, send)
