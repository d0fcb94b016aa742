"""The page's own JavaScript tests (``tests/browser/js/*.test.js``), run in headless Chromium
against a real ``meeple serve``: the test files are served under ``/jstest/`` by the browser
itself (Playwright answers those requests from this folder), so they import the page's modules
from ``/static/js`` exactly as the page does, and nothing of the tests ships in the package."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

HERE = Path(__file__).parent / "js"
FILES = sorted(p.name for p in HERE.glob("*.test.js"))
RUNNER = """<!doctype html><meta charset="utf-8"><body><script type="module">
import { run } from "/jstest/harness.js";
import "/jstest/%s";
window.results = await run();
</script>"""


def answer(route: Any) -> None:
    name = route.request.url.split("/jstest/", 1)[1].split("?")[0]
    if name.startswith("run/"):
        route.fulfill(status=200, content_type="text/html", body=RUNNER % name[4:])
        return
    path = HERE / name
    if path.parent != HERE or not path.is_file():
        route.fulfill(status=404, body="not found")
        return
    route.fulfill(status=200, content_type="text/javascript", body=path.read_text())


@pytest.mark.parametrize("name", FILES)
def test_the_drawing_functions(name: str, server: str, browser: Any) -> None:
    page = browser.new_page(viewport={"width": 1280, "height": 800})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.route("**/jstest/**", answer)
    page.goto(f"{server}/jstest/run/{name}")
    page.wait_for_function("window.results !== undefined || false", timeout=60_000)
    results = page.evaluate("window.results")
    assert results, f"{name} ran no test"
    failed = [f"{r['name']}: {r['error']}" for r in results if not r["ok"]]
    assert not failed and not errors, "\n".join(failed + errors)


def test_a_failing_drawing_test_is_reported(server: str, browser: Any, tmp_path: Path) -> None:
    """The runner above fails on a failed JavaScript assertion (it is not a test that passes
    whatever the page does)."""
    page = browser.new_page()
    page.route("**/jstest/**", answer)
    page.goto(f"{server}/jstest/run/harness.js")
    page.wait_for_function("window.results !== undefined", timeout=30_000)
    page.evaluate("""async () => {
        const h = await import("/jstest/harness.js");
        h.test("wrong", () => h.eq(1, 2));
        window.again = await h.run();
    }""")
    again = page.evaluate("window.again")
    assert again[-1] == {"name": "wrong", "ok": False,
                         "error": again[-1]["error"]} and "expected 2, got 1" in again[-1]["error"]
