"""A match's chat (docs/server.md, "Chat") on a real SQLite file and a real PostgreSQL database:
seats write with their tokens, spectators only as players and only when the host opens it, the
host may close it; messages are text (markup, right-to-left overrides and 10 KB texts refused or
kept as text), one a second per writer, kept with the match and counted in every snapshot;
quick phrases stay keys each reader sees in their own words; a refusal changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from starlette.testclient import TestClient

from meeple.server.chat import PHRASES, TEXT_CHARS
from tests.server.test_api import new, token
from tests.server.test_players import me, player


def say(client: TestClient, match: str, body: dict[str, Any],
        headers: dict[str, str] | None = None) -> Any:
    return client.post(f"/api/matches/{match}/chat", json=body, headers=headers or {})


def said(client: TestClient, match: str, first: int = 1) -> list[dict[str, Any]]:
    r = client.get(f"/api/matches/{match}/chat?from={first}")
    assert r.status_code == 200, r.text
    out: list[dict[str, Any]] = r.json()["messages"]
    return out


def count(client: TestClient, match: str) -> int:
    n: int = client.get(f"/api/matches/{match}").json()["chat"]["said"]
    return n


def test_seats_write_text_that_stays_text_and_every_snapshot_counts_it(
        client: TestClient) -> None:
    m = new(client, "tictactoe", ["human", "human"])
    anna = player(client, "Anna")
    client.post("/api/players/me/seats", json={"match": m["match"],
                                               "token": m["seats"][1]["token"]},
                headers=me(anna))
    first = say(client, m["match"], {"text": "  hi <b>there</b> & <script>x</script>  "},
                token(m, 0))
    assert first.status_code == 201 and first.json() == {"n": 1}
    second = say(client, m["match"], {"phrase": "good_game"}, me(anna))
    assert second.status_code == 201 and second.json() == {"n": 2}
    rows = said(client, m["match"])
    assert [(r["n"], r["seat"], r["name"]) for r in rows] == [(1, 0, ""), (2, 1, "Anna")]
    assert rows[0]["text"] == "hi <b>there</b> & <script>x</script>"
    assert rows[1]["phrase"] == "good_game" and "text" not in rows[1]
    assert [r["n"] for r in said(client, m["match"], 2)] == [2]
    for headers in ({}, token(m, 0), token(m, 1)):
        snap = client.get(f"/api/matches/{m['match']}", headers=headers).json()
        assert snap["chat"] == {"mode": "seats", "said": 2}
    assert "who" not in repr(rows) and "seat:" not in repr(rows)


def test_one_message_a_second_per_writer(client: TestClient) -> None:
    m = new(client, "tictactoe", ["human", "human"])
    assert say(client, m["match"], {"text": "one"}, token(m, 0)).status_code == 201
    fast = say(client, m["match"], {"text": "two"}, token(m, 0))
    assert fast.status_code == 429 and "one message a second" in fast.json()["reason"]
    assert int(fast.headers["retry-after"]) >= 1
    assert say(client, m["match"], {"text": "other"}, token(m, 1)).status_code == 201
    assert [r["text"] for r in said(client, m["match"])] == ["one", "other"]


@pytest.mark.parametrize("body", [
    {"text": ""}, {"text": "   "}, {"text": "x" * (TEXT_CHARS + 1)}, {"text": "y" * 10_000},
    {"text": "a\u202eb"}, {"text": "a\u2066b"}, {"text": "a\x00b"}, {"text": "a\x1bb"},
    {"text": "a\u2028b"}, {"phrase": "insult"}, {"text": "x", "phrase": "thanks"}, {},
    {"text": 5}, {"text": "x", "html": "<b>"}])
def test_a_bad_message_is_refused_saying_what_is_allowed_and_nothing_changes(
        client: TestClient, body: dict[str, Any]) -> None:
    m = new(client, "tictactoe", ["human", "human"])
    r = say(client, m["match"], body, token(m, 0))
    assert r.status_code == 422, r.text
    reason = r.json()["reason"]
    text = body.get("text")
    if isinstance(text, str) and len(text.strip()) >= 3:
        assert text.strip()[:8] not in reason  # never echoed
    assert count(client, m["match"]) == 0 and said(client, m["match"]) == []


def test_a_body_past_the_bound_is_413(client: TestClient) -> None:
    m = new(client, "tictactoe", ["human", "human"])
    r = say(client, m["match"], {"text": "z" * 200_000}, token(m, 0))
    assert r.status_code == 413 and count(client, m["match"]) == 0


def test_spectators_write_only_as_players_when_the_host_opens_it_and_the_host_may_close_it(
        client: TestClient) -> None:
    m = new(client, "tictactoe", ["human", "human"])
    bo = player(client, "Bo")
    watcher = say(client, m["match"], {"text": "hi"}, me(bo))
    assert watcher.status_code == 403 and "host may open it" in watcher.json()["reason"]
    url = f"/api/matches/{m['match']}/chat/mode"
    for headers in ({}, token(m, 0), {"Authorization": "Bearer wrong"}):
        r = client.post(url, json={"mode": "all"}, headers=headers)
        assert r.status_code == 401 and "host's token" in r.json()["reason"]
    host = {"Authorization": f"Bearer {m['host']}"}
    bad = client.post(url, json={"mode": "everyone"}, headers=host)
    assert bad.status_code == 422
    assert client.post(url, json={"mode": "all"}, headers=host).json() == {"mode": "all"}
    anonymous = say(client, m["match"], {"text": "hi"})
    assert anonymous.status_code == 403 and "player's key" in anonymous.json()["reason"]
    ok = say(client, m["match"], {"text": "hi"}, me(bo))
    assert ok.status_code == 201
    assert said(client, m["match"])[0] == {"n": 1, "seat": None, "name": "Bo", "text": "hi",
                                           "at": said(client, m["match"])[0]["at"]}
    client.post(url, json={"mode": "off"}, headers=host)
    closed = say(client, m["match"], {"text": "more"}, token(m, 0))
    assert closed.status_code == 403 and "closed" in closed.json()["reason"]
    snap = client.get(f"/api/matches/{m['match']}").json()
    assert snap["chat"] == {"mode": "off", "said": 1}


def test_every_quick_phrase_is_a_word_in_both_languages(client: TestClient) -> None:
    for lang in ("en", "ru"):
        words = client.get(f"/api/texts?lang={lang}").json()
        for key in PHRASES:
            assert words.get(f"web.chat.phrase.{key}"), (lang, key)
