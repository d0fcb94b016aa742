"""What every answer of ``meeple serve`` carries and every request must show before the app
sees it (SECURITY.md, docs/server.md "Browser safety"), as one ASGI middleware:

- a ``Host`` the server answers to (``Limits.allowed_hosts``, ``--allowed-host``), else 400: a
  name bound to this machine by a stranger's DNS (rebinding) reaches nothing, and the links
  the server writes (``join_url``, ``watch_url``, ``host_url``) only ever name an allowed host;
- no foreign ``Origin`` on a WebSocket handshake or a state-changing request, else 403: another
  site's page cannot act with a visitor's browser (a request without ``Origin``, as curl and
  scripts send, is not a browser's cross-site one and passes);
- ``Content-Type: application/json`` on a POST, else 415: a cross-site HTML form (which can
  only send ``text/plain`` or form encodings without asking) cannot create a match (the
  mailed links' pages aside, :data:`BY_CODE`, which need a code instead);
- on every answer a Content-Security-Policy that lets the pages load only their own files,
  no framing, no type sniffing, no referrer (tokens travel in ``?token=`` links); and
  ``Cache-Control: no-store`` on every answer that may carry a token or a seat's view.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from urllib.parse import urlsplit

from starlette.types import ASGIApp, Message, Receive, Scope, Send

#: The pages load scripts, styles, images and sockets from this server only; nothing inline
#: runs, nothing frames them, and no plugin or ``<base>`` can redirect them.
CSP = ("default-src 'self'; connect-src 'self'; object-src 'none'; base-uri 'none'; "
       "form-action 'self'; frame-ancestors 'none'")
HEADERS: tuple[tuple[bytes, bytes], ...] = (
    (b"content-security-policy", CSP.encode()),
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"no-referrer"),
    (b"x-frame-options", b"DENY"),
)
NO_STORE = (b"cache-control", b"no-store")
#: Under /api/ only these answers are the same for everyone (games, the page's words and
#: languages), so a cache may keep them; every other one may carry a token or a seat's view.
SHARED = ("/api/games", "/api/texts", "/api/langs")
#: When ``Limits.allowed_hosts`` is empty (an app built directly, as in tests): this machine's
#: names, and ``testserver``, the name Starlette's TestClient sends.
LOCAL_HOSTS = ("localhost", "127.0.0.1", "::1", "testserver")
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS"})
#: The links mailed to a player (docs/server.md, "Mail"): their code is the proof, not the
#: browser, so another site's page knows no more than the code it could post itself; their
#: button posts a plain form (a browser sends it with ``Origin: null``, since every page says
#: ``no-referrer``) and a mail program's one-click unsubscribe (RFC 8058) posts form data
#: without an ``Origin``. Origin and content type are not asked of them.
BY_CODE = frozenset({"/mail/confirm", "/mail/unsubscribe"})
#: The request headers the guard reads (ASGI gives their names in lower case).
WANTED = frozenset({b"host", b"origin", b"content-type"})
#: How much of a refused header a refusal repeats.
ECHO = 60


#: A Host header: a name or an address (an IPv6 one in brackets), and perhaps a port. Nothing
#: else may pass, since the host is written into links (``localhost:1@evil.example`` may not).
HOST = re.compile(r"(\[[0-9a-f:.]+\]|[a-z0-9_.-]+)(:[0-9]{1,5})?")


def host_name(host: str) -> str:
    """The name in a ``Host`` header or ``--allowed-host`` value, lower case, without its port
    or an IPv6 address's brackets (``[::1]:8000`` -> ``::1``); empty if it is not a host."""
    host = host.strip().lower()
    if ":" in host and not host.startswith("[") and HOST.fullmatch(host) is None:
        host = f"[{host}]"  # a bare IPv6 address, as --allowed-host ::1 gives it
    found = HOST.fullmatch(host)
    return found.group(1).strip("[]") if found else ""


def without_default_port(netloc: str) -> str:
    """``netloc`` in lower case without ``:80`` or ``:443``, as browsers write an origin."""
    netloc = netloc.strip().lower()
    for port in (":80", ":443"):
        if netloc.endswith(port):
            return netloc[: -len(port)]
    return netloc


def same_origin(origin: str, host: str) -> bool:
    """Whether the ``Origin`` header names the server the request was sent to (its ``Host``,
    port included)."""
    parts = urlsplit(origin)
    if parts.scheme not in ("http", "https") or not parts.netloc:
        return False  # "null" (a sandboxed frame, a file) and anything else is foreign
    return without_default_port(parts.netloc) == without_default_port(host)


def is_json(content_type: str) -> bool:
    """Whether a ``Content-Type`` header says JSON (parameters such as charset aside)."""
    return content_type.split(";", 1)[0].strip().lower() == "application/json"


class Guard:
    """The ASGI middleware: refuse by Host, Origin and content type; add the headers."""

    def __init__(self, app: ASGIApp, allowed_hosts: Iterable[str] = ()) -> None:
        self.app = app
        names = [host_name(h) for h in allowed_hosts if h.strip()] or list(LOCAL_HOSTS)
        self.hosts = frozenset(names)
        self.listed = ", ".join(dict.fromkeys(names))

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] not in ("http", "websocket"):
            await self.app(scope, receive, send)
            return
        headers = {k.decode(): v.decode("latin-1") for k, v in scope["headers"] if k in WANTED}
        refusal = self.check(scope, headers)
        path: str = scope["path"]
        extra = HEADERS + ((NO_STORE,) if private(path) else ())

        async def guarded(message: Message) -> None:
            if message["type"] in ("http.response.start", "websocket.http.response.start"):
                have = {k.lower() for k, _ in message.get("headers", [])}
                message = {**message, "headers": [*message.get("headers", []),
                                                  *(h for h in extra if h[0] not in have)]}
            await send(message)

        if refusal is None:
            await self.app(scope, receive, guarded)
        elif scope["type"] == "http":
            await answer(guarded, "http.response", *refusal)
        else:
            await self.refuse_socket(scope, receive, guarded, *refusal)

    def check(self, scope: Scope, headers: dict[str, str]) -> tuple[int, str] | None:
        """The status and reason of the refusal this request gets, or None."""
        host = headers.get("host", "")
        name = host_name(host)
        if not name or name not in self.hosts:
            said = f"the host {host[:ECHO]!r}" if host else "a request without a Host header"
            return 400, (f"this server does not answer to {said}; it answers to: "
                         f"{self.listed} (meeple serve --allowed-host NAME, repeated, names "
                         "the hosts it answers to)")
        method = scope.get("method", "GET")
        if scope["type"] == "http" and scope["path"] in BY_CODE:
            return None  # the code is the proof: see BY_CODE
        if scope["type"] == "websocket" or method not in SAFE_METHODS:
            origin = headers.get("origin")
            if origin is not None and not same_origin(origin, host):
                return 403, (f"a page from {origin[:ECHO]!r} may not use this server; only "
                             f"its own pages (at {host[:ECHO]}) may, or a client that sends "
                             f"no Origin")
        if scope["type"] == "http" and method not in SAFE_METHODS:
            kind = headers.get("content-type", "")
            if not is_json(kind):
                said = f"{kind[:ECHO]!r}" if kind else "no Content-Type"
                return 415, (f"the body must be JSON sent as Content-Type: application/json, "
                             f"not {said}")
        return None

    async def refuse_socket(self, scope: Scope, receive: Receive, send: Send, status: int,
                            reason: str) -> None:
        """Refuse a WebSocket handshake: an HTTP answer with the reason where the server can
        send one, else a close before accepting (4000 + the status, e.g. 4403)."""
        message = await receive()
        if message["type"] != "websocket.connect":
            return
        if "websocket.http.response" in scope.get("extensions", {}):
            await answer(send, "websocket.http.response", status, reason)
        else:
            await send({"type": "websocket.close", "code": 4000 + status,
                        "reason": reason[:120]})


def private(path: str) -> bool:
    """Whether the answer at ``path`` may carry a token or a seat's view (no cache keeps it)."""
    if path.startswith("/api/"):
        return not any(path == p or path.startswith(p + "/") for p in SHARED)
    return path.startswith(("/match/", "/ws/", "/mail/"))


async def answer(send: Send, kind: str, status: int, reason: str) -> None:
    """A JSON ``{"reason": ...}`` answer with ``status`` (``kind``: the ASGI message prefix)."""
    body = json.dumps({"reason": reason}).encode()
    await send({"type": f"{kind}.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(body)).encode())]})
    await send({"type": f"{kind}.body", "body": body, "more_body": False})
