"""The teaching endpoints against a real ``meeple serve`` and a hostile visitor: every bad
history page, replay step, seat or how-to address is refused with its status and a sentence,
the match it named is left exactly as it was, and the server goes on answering."""

from __future__ import annotations

import urllib.error
import urllib.request
from collections.abc import Iterator

import pytest

from tests.server.live import call, serving


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    with serving(tmp_path_factory.mktemp("teach")) as url:
        yield url


def page(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=10) as r:
            return r.status, r.read().decode()
    except urllib.error.HTTPError as e:
        return e.code, e.read().decode()


@pytest.mark.parametrize(("query", "status"), [
    ("?limit=201", 422), ("?limit=0", 422), ("?limit=abc", 422), ("?from=-1", 422),
    ("?from=" + "9" * 40, 422), ("?limit=%C2%B2", 422), ("?lang=xx", 422),
])
def test_a_bad_history_page_is_refused_and_changes_nothing(base: str, query: str,
                                                           status: int) -> None:
    made = call(f"{base}/api/matches", {"game": "tictactoe", "seats": ["human", "random"]})[1]
    url, token = f"{base}/api/matches/{made['match']}", made["seats"][0]["token"]
    before = call(url, token=token)[1]
    got, body = call(f"{url}/history{query}", token=token)
    assert got == status and body["reason"], body
    assert call(url, token=token)[1]["version"] == before["version"]
    assert call(f"{base}/api/health")[0] == 200


@pytest.mark.parametrize(("query", "status"), [
    ("?step=1000000", 422), ("?step=-1", 422), ("?seat=7", 422), ("?seat=referee", 409),
    ("?seat=1", 403), ("?step=" + "1" * 30, 422),
])
def test_a_bad_replay_step_or_seat_is_refused_while_the_game_goes_on(base: str, query: str,
                                                                     status: int) -> None:
    made = call(f"{base}/api/matches", {"game": "tictactoe", "seats": ["human", "random"]})[1]
    url, token = f"{base}/api/matches/{made['match']}", made["seats"][0]["token"]
    got, body = call(f"{url}/replay{query}", token=token)
    assert got == status and body["reason"], body
    assert call(url, token=token)[1]["over"] is False


@pytest.mark.parametrize(("path", "status"), [
    ("/rules/chess", 404), ("/rules/myth?lang=xx", 422), ("/rules/" + "m" * 300, 404),
    ("/rules/..%2Fpyproject", 404),
])
def test_a_bad_howto_address_is_refused_with_a_reason(base: str, path: str,
                                                      status: int) -> None:
    got, text = page(base + path)
    assert got == status and text
    assert page(f"{base}/rules/myth?lang=ru")[0] == 200
