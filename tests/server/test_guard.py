"""A real ``meeple serve`` process guards browsers: every answer carries the security headers,
answers with tokens or a seat's view are never cached, a foreign Host or Origin and a non-JSON
POST are refused before anything changes, and links name only an allowed host."""

from __future__ import annotations

import http.client
import json
import re
import socket
import subprocess
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from websockets.exceptions import InvalidStatus
from websockets.sync.client import connect
from websockets.typing import Origin

from meeple.server.guard import CSP
from meeple.server.pages import STATIC
from tests.server.live import free_port, serve

GAME = {"game": "tictactoe", "seats": ["human", "human"], "public": True}
JSON = {"Content-Type": "application/json"}


class Live:
    """A ``meeple serve`` process on 127.0.0.1 and raw HTTP to it, headers as given."""

    def __init__(self, tmp: Path, *extra: str) -> None:
        self.port = free_port()
        self.proc: subprocess.Popen[bytes] = serve(tmp / "guard.db", self.port, *extra)
        self.here = f"127.0.0.1:{self.port}"

    def ask(self, method: str, path: str, body: bytes | dict[str, Any] | None = None,
            headers: dict[str, str] | None = None
            ) -> tuple[int, http.client.HTTPMessage, Any]:
        """The status, headers and body (JSON when it is) of one request; ``Host`` is this
        server's address unless ``headers`` names another."""
        data = json.dumps(body).encode() if isinstance(body, dict) else body
        sent = {"Host": self.here, **(JSON if isinstance(body, dict) else {}), **(headers or {})}
        conn = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
        try:
            conn.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
            for k, v in sent.items():
                conn.putheader(k, v)
            conn.putheader("Content-Length", str(len(data or b"")))
            conn.endheaders(data)
            r = conn.getresponse()
            raw = r.read()
        finally:
            conn.close()
        kind = r.headers.get("content-type", "")
        return r.status, r.headers, json.loads(raw) if "json" in kind else raw

    def public_matches(self) -> list[str]:
        status, _, out = self.ask("GET", "/api/matches")
        assert status == 200, out
        return [m["match"] for m in out]

    def stop(self) -> None:
        self.proc.kill()
        self.proc.wait()


@pytest.fixture(scope="module")
def live(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Live]:
    server = Live(tmp_path_factory.mktemp("guard"))
    try:
        yield server
    finally:
        server.stop()


def test_pages_api_answers_and_static_files_carry_the_security_headers(live: Live) -> None:
    status, _, made = live.ask("POST", "/api/matches", GAME)
    assert status == 201, made
    paths = ["/", f"/match/{made['match']}", "/static/meeple.css", "/static/js/match.js",
             "/api/games", "/api/texts?lang=en", "/api/health", "/api/matches",
             f"/api/matches/{made['match']}", "/api/matches/nope", "/static/nothing.js"]
    for path in paths:
        status, headers, _ = live.ask("GET", path)
        assert status in (200, 404), path
        assert headers["Content-Security-Policy"] == CSP, path
        assert headers["X-Content-Type-Options"] == "nosniff", path
        assert headers["Referrer-Policy"] == "no-referrer", path
        assert headers["X-Frame-Options"] == "DENY", path
    assert "frame-ancestors 'none'" in CSP and "unsafe" not in CSP


def test_answers_with_tokens_or_a_seats_view_are_never_cached(live: Live) -> None:
    status, headers, made = live.ask("POST", "/api/matches", GAME)
    assert status == 201 and headers["Cache-Control"] == "no-store"
    token = made["seats"][0]["token"]
    private = [f"/match/{made['match']}?token={token}", f"/api/matches/{made['match']}",
               f"/api/matches/{made['match']}?token={token}", "/api/matches", "/api/health"]
    for path in private:
        status, headers, _ = live.ask("GET", path)
        assert status == 200 and headers["Cache-Control"] == "no-store", path
    status, headers, _ = live.ask("POST", f"/api/matches/{made['match']}/act",
                                  {"action": "mark b2", "version": 0},
                                  {"Authorization": f"Bearer {token}"})
    assert status == 200 and headers["Cache-Control"] == "no-store"
    for shared in ["/", "/api/games", "/api/texts?lang=ru", "/static/meeple.css"]:
        status, headers, _ = live.ask("GET", shared)
        assert status == 200 and headers.get("Cache-Control") != "no-store", shared


@pytest.mark.parametrize("host", ["evil.example", f"evil.example:{8000}", "10.0.0.7",
                                  "localhost:1@evil.example", "localhost.evil.example"])
def test_a_foreign_host_is_refused_with_the_hosts_allowed_and_nothing_made(
        live: Live, host: str) -> None:
    before = live.public_matches()
    status, headers, out = live.ask("POST", "/api/matches", GAME, {"Host": host})
    assert status == 400 and "127.0.0.1" in out["reason"] and "localhost" in out["reason"]
    assert "--allowed-host" in out["reason"] and headers["Content-Security-Policy"] == CSP
    assert live.public_matches() == before
    assert live.ask("GET", "/", headers={"Host": host})[0] == 400


def test_every_default_host_is_answered_with_its_port_and_written_into_links(
        live: Live) -> None:
    for host in ["localhost", f"localhost:{live.port}", "127.0.0.1", f"[::1]:{live.port}",
                 "LOCALHOST"]:
        status, _, made = live.ask("POST", "/api/matches", GAME, {"Host": host})
        assert status == 201, (host, made)
        page = f"http://{host}/match/{made['match']}"
        assert made["watch_url"] == page and made["host_url"].startswith(f"{page}?")
        assert made["seats"][1]["join_url"] == f"{page}?token={made['seats'][1]['token']}"


def test_a_request_without_a_host_is_refused(live: Live) -> None:
    with socket.create_connection(("127.0.0.1", live.port), timeout=10) as s:
        s.sendall(b"GET /api/games HTTP/1.0\r\n\r\n")  # HTTP/1.1 would need a Host
        raw = b""
        while chunk := s.recv(65536):
            raw += chunk
    head, body = raw.split(b"\r\n\r\n", 1)
    assert head.startswith(b"HTTP/1.1 400") and "without a Host" in json.loads(body)["reason"]


def test_an_allowed_host_given_by_flag_is_answered_and_named_in_links(tmp_path: Path) -> None:
    server = Live(tmp_path, "--allowed-host", "example.org", "--allowed-host", "127.0.0.1")
    try:
        status, _, made = server.ask("POST", "/api/matches", GAME, {"Host": "example.org"})
        assert status == 201, made
        assert made["seats"][0]["join_url"].startswith(f"http://example.org/match/{made['match']}?")
        assert server.ask("GET", "/api/games", headers={"Host": "Example.ORG:443"})[0] == 200
        status, _, out = server.ask("GET", "/api/games", headers={"Host": "localhost"})
        assert status == 400 and "example.org, 127.0.0.1" in out["reason"]
    finally:
        server.stop()


@pytest.mark.parametrize("origin", ["http://evil.example", "null", "http://127.0.0.1:1",
                                    "https://localhost.evil.example"])
def test_a_post_from_a_foreign_origin_is_refused_and_changes_nothing(live: Live,
                                                                     origin: str) -> None:
    before = live.public_matches()
    status, _, out = live.ask("POST", "/api/matches", GAME, {"Origin": origin})
    assert status == 403 and "Origin" in out["reason"] and origin[:20] in out["reason"]
    assert live.public_matches() == before


def test_a_post_from_the_servers_own_page_or_with_no_origin_is_taken(live: Live) -> None:
    for origin in [f"http://{live.here}", f"http://localhost:{live.port}"]:
        host = origin.removeprefix("http://")
        status, _, made = live.ask("POST", "/api/matches", GAME, {"Origin": origin, "Host": host})
        assert status == 201, (origin, made)
    status, _, made = live.ask("POST", "/api/matches", GAME)
    assert status == 201, made
    # A page of the same server under another of its names is another origin.
    assert live.ask("POST", "/api/matches", GAME,
                    {"Origin": f"http://localhost:{live.port}"})[0] == 403


@pytest.mark.parametrize("kind", ["text/plain", "application/x-www-form-urlencoded",
                                  "multipart/form-data; boundary=x", None])
def test_a_post_that_is_not_json_is_refused_with_415_and_makes_no_match(
        live: Live, kind: str | None) -> None:
    before = live.public_matches()
    status, _, out = live.ask("POST", "/api/matches", json.dumps(GAME).encode(),
                              {"Content-Type": kind} if kind else {})
    assert status == 415 and "application/json" in out["reason"]
    assert live.public_matches() == before
    assert live.ask("POST", "/api/matches", json.dumps(GAME).encode(),
                    {"Content-Type": "application/json; charset=utf-8"})[0] == 201


def socket_url(live: Live) -> tuple[str, str]:
    status, _, made = live.ask("POST", "/api/matches", GAME)
    assert status == 201, made
    return made["match"], f"ws://{live.here}/ws/matches/{made['match']}?token=" \
        f"{made['seats'][0]['token']}"


def test_a_websocket_from_a_foreign_origin_is_refused_before_it_opens(live: Live) -> None:
    _, url = socket_url(live)
    for origin in ["http://evil.example", "null"]:
        with pytest.raises(InvalidStatus) as refused:
            connect(url, origin=Origin(origin), open_timeout=10)
        response = refused.value.response
        assert response.status_code == 403
        assert "may not use this server" in json.loads(response.body)["reason"]
    with pytest.raises(InvalidStatus) as wrong_host:
        connect(url, additional_headers={"Host": "evil.example"}, open_timeout=10)
    assert wrong_host.value.response.status_code == 400


def test_a_websocket_from_the_page_or_without_an_origin_gets_its_snapshot(live: Live) -> None:
    match, url = socket_url(live)
    for origin in [f"http://{live.here}", None]:
        with connect(url, origin=Origin(origin) if origin else None, open_timeout=10) as ws:
            first = json.loads(ws.recv(timeout=10))
            assert first["type"] == "snapshot" and first["snapshot"]["match"] == match


def test_the_pages_have_nothing_inline_for_the_policy_to_refuse() -> None:
    """No inline script, handler or style in the HTML, and no script sets a style attribute or
    evaluates text (the browser test sees what the pages do; this sees what they could)."""
    root = Path(str(STATIC))
    for html in root.glob("*.html"):
        text = html.read_text()
        assert not re.search(r"<script(?![^>]*\bsrc=)", text), html.name
        assert not re.search(r"\s(on\w+|style)=", text) and "<style" not in text, html.name
    for script in root.glob("js/**/*.js"):
        text = script.read_text()
        for bad in ("setAttribute(\"style\"", "setAttribute('style'", "eval(", "new Function",
                    "innerHTML", "javascript:"):
            assert bad not in text, (script.name, bad)
