"""The friends-over-days endpoints (a player's matches, rematch, table talk) against a real
``meeple serve`` and a hostile visitor: bodies too big, too deep or malformed, texts with markup
and overrides, messages too fast, another match's or another seat's token, and a flood of
player lists; each refused with its status and a sentence, nothing changed, and the server goes
on answering the others."""

from __future__ import annotations

import json
import urllib.error
import urllib.request
from collections.abc import Iterator
from typing import Any

import pytest

from tests.server.live import call, serving


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serving(tmp_path_factory.mktemp("friends")) as url:
        yield url


def raw(url: str, data: bytes, headers: dict[str, str] | None = None) -> tuple[int, Any]:
    req = urllib.request.Request(url, data=data, method="POST",
                                 headers={"Content-Type": "application/json", **(headers or {})})
    try:
        with urllib.request.urlopen(req, timeout=10) as r:
            return r.status, json.loads(r.read())
    except urllib.error.HTTPError as e:
        return e.code, json.loads(e.read())


def match(base: str) -> tuple[str, list[str]]:
    status, made = call(f"{base}/api/matches", {"game": "tictactoe",
                                                "seats": ["human", "human"]})
    assert status == 201, made
    return made["match"], [s["token"] for s in made["seats"]]


def said(base: str, m: str) -> int:
    n: int = call(f"{base}/api/matches/{m}")[1]["chat"]["said"]
    return n


@pytest.mark.parametrize(("body", "status"), [
    (b"{" * 5000, 422), (b"[" * 100_000, 413), (b"not json", 422),
    (json.dumps({"text": "x" * 70_000}).encode(), 413),
    (json.dumps({"text": "\u202egnirts"}).encode(), 422),
    (json.dumps({"text": ["a"]}).encode(), 422), (json.dumps({"phrase": "x" * 50}).encode(), 422),
])
def test_a_bad_chat_body_is_refused_and_nothing_is_said(base: str, body: bytes,
                                                        status: int) -> None:
    m, tokens = match(base)
    got, answer = raw(f"{base}/api/matches/{m}/chat", body,
                      {"Authorization": f"Bearer {tokens[0]}"})
    assert got == status and answer["reason"]
    assert said(base, m) == 0


def test_messages_too_fast_and_other_matches_tokens_are_refused(base: str) -> None:
    m, tokens = match(base)
    other, theirs = match(base)
    url = f"{base}/api/matches/{m}/chat"
    assert call(url, {"text": "<b>hi</b>"}, token=tokens[0])[0] == 201
    fast = [call(url, {"text": "again"}, token=tokens[0])[0] for _ in range(5)]
    assert fast == [429] * 5
    assert call(url, {"text": "hi"}, token=theirs[0])[0] == 401  # another match's seat
    assert call(url, {"text": "hi"}, token="x" * 300)[0] == 401
    assert said(base, m) == 1 and said(base, other) == 0
    assert call(f"{url}?from=1")[1]["messages"][0]["text"] == "<b>hi</b>"  # text, as sent
    assert call(f"{url}?from=0")[0] == 422 and call(f"{url}?from=x")[0] == 422


def test_a_rematch_is_refused_to_strangers_and_before_the_end(base: str) -> None:
    m, tokens = match(base)
    other, theirs = match(base)
    url = f"{base}/api/matches/{m}/rematch"
    assert call(url, {}, token=tokens[0])[0] == 409  # not over
    for move, seat in (("mark a1", 0), ("mark b1", 1), ("mark a2", 0), ("mark b2", 1),
                       ("mark a3", 0)):
        version = call(f"{base}/api/matches/{m}")[1]["version"]
        assert call(f"{base}/api/matches/{m}/act", {"action": move, "version": version},
                    token=tokens[seat])[0] == 200
    assert call(url, {}, token=theirs[0])[0] == 401  # another match's seat
    assert call(url, {})[0] == 403  # a spectator
    assert call(f"{base}/api/matches/{m}")[1]["rematch"] is None
    assert raw(url, b"[" * 100_000, {"Authorization": f"Bearer {tokens[0]}"})[0] == 413
    assert call(f"{base}/api/matches/nope/rematch", {}, token=tokens[0])[0] == 404
    assert call(url, {}, token=tokens[0])[0] == 200
    assert call(f"{base}/api/matches/{other}")[1]["over"] is False


def test_the_player_list_is_bounded_and_asks_for_a_key(base: str) -> None:
    status, player = call(f"{base}/api/players", {"name": "Anna"})
    assert status == 201
    key = player["key"]
    req = urllib.request.Request(f"{base}/api/players/me/matches?lang=ru",
                                 headers={"Authorization": f"Player {key}"})
    with urllib.request.urlopen(req, timeout=10) as r:
        assert r.status == 200 and json.loads(r.read()) == {"matches": []}
    assert call(f"{base}/api/players/me/matches")[0] == 401
    bad = urllib.request.Request(f"{base}/api/players/me/matches?lang=xx",
                                 headers={"Authorization": f"Player {key}"})
    with pytest.raises(urllib.error.HTTPError) as e:
        urllib.request.urlopen(bad, timeout=10)
    assert e.value.code == 422
    assert call(f"{base}/api/health")[0] == 200  # and the server goes on answering


@pytest.mark.parametrize("clock", [
    b'{"bank": 1e400}', b'{"bank": NaN}', b'{"per_move": "86400"}', b'{"bank": true}',
    b'{"per_move": 1, "bot": "' + b"m" * 100 + b'"}', b'{"per_move": 1, "bot": "mcts:99999999"}',
    b'{"bank": 60, "increment": -5}', b'[600, 10]', b'{"bank": {"a": {"b": {"c": 1}}}}',
])
def test_a_hostile_clock_is_refused_and_no_match_is_made(base: str, clock: bytes) -> None:
    before = call(f"{base}/api/matches")[1]
    body = b'{"game": "tictactoe", "seats": ["human", "human"], "public": true, "clock": ' + \
        clock + b"}"
    status, said = raw(f"{base}/api/matches", body)
    assert status in (400, 422) and "clock" in said["reason"], said
    assert call(f"{base}/api/matches")[1] == before
    assert call(f"{base}/api/health")[0] == 200
