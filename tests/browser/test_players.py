"""Players with names in a real Chromium against a real ``meeple serve``: a person becomes a
player on the player's page, puts the name on the seat the link opened, and the table shows
"Anna — <seat name>" (in Russian with the seat's Russian name); another's name with markup stays
text; a device link opened in another browser makes it the same player, whose seat opens there
without its link; and a match page opened without its token says it is a spectator's view and
how to open the seat."""

from __future__ import annotations

import json
import urllib.request
from typing import Any

from tests.browser.test_boards import LAPTOP, PHONE
from tests.browser.test_csp import LISTEN
from tests.server.live import call


def as_player(server: str, path: str, key: str, body: dict[str, Any]) -> Any:
    req = urllib.request.Request(f"{server}{path}", data=json.dumps(body).encode(),
                                 method="POST", headers={"Content-Type": "application/json",
                                                         "Authorization": f"Player {key}"})
    with urllib.request.urlopen(req, timeout=10) as r:
        return json.loads(r.read())


def context(browser: Any, lang: str = "en", viewport: dict[str, int] = LAPTOP) -> Any:
    ctx = browser.new_context(viewport=viewport, locale=lang, reduced_motion="reduce")
    page = ctx.new_page()
    page.add_init_script(LISTEN)  # every violation of the page's CSP is kept
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.errors = errors
    return page


def names(page: Any) -> list[str]:
    texts: list[str] = page.locator("#players li .name").all_inner_texts()
    return texts


def test_a_named_player_sees_the_name_beside_the_seat_and_moves_devices(
        server: str, browser: Any, shot: Any) -> None:
    status, made = call(f"{server}/api/matches", {"game": "catacombs",
                                                  "seats": ["human", "human"]})
    assert status == 201, made
    match, tokens = made["match"], [s["token"] for s in made["seats"]]
    # Another person, by the API, with markup in the name: it must show as text.
    status, other = call(f"{server}/api/players", {"name": "<i>Bo</i>"})
    assert status == 201
    as_player(server, "/api/players/me/seats", other["key"], {"match": match,
                                                              "token": tokens[1]})
    page = context(browser)
    page.goto(f"{server}/me?lang=en")
    page.fill("#name", "  Anna  ")
    page.click("#new-player button[type=submit]")
    page.wait_for_selector("#player")
    assert page.locator("#player h3").inner_text() == "Anna"
    page.goto(f"{server}/match/{match}?token={tokens[0]}&lang=en")
    page.wait_for_selector("#players li .name")
    snap = call(f"{server}/api/matches/{match}")[1]
    red, blue = snap["names"]
    assert names(page)[1] == f"<i>Bo</i> — {blue}"
    assert page.locator("#players i").count() == 0  # the markup is text, not an element
    page.click(".sit-as")
    page.wait_for_function("() => document.querySelector('#players li .name')"
                           ".textContent.startsWith('Anna — ')")
    assert names(page)[0] == f"Anna — {red} · you"
    assert page.locator(".sit-as").count() == 0
    assert page.locator("#spectator").is_hidden()
    shot(page, "match-en")
    page.click("#langs button[lang=ru]")
    ru = call(f"{server}/api/matches/{match}?lang=ru")[1]["names"]
    page.wait_for_function(f"() => document.querySelector('#players li .name').textContent"
                           f".startsWith({json.dumps(f'Anna — {ru[0]}')})")
    assert names(page)[1] == f"<i>Bo</i> — {ru[1]}"
    shot(page, "match-ru")
    # A device link, shown with its QR code on the player's page, makes another browser Anna.
    page.goto(f"{server}/me?lang=en")
    page.click("#link-new")
    page.wait_for_selector("#qr svg")
    url = page.locator("#device-url").inner_text()
    [row] = page.locator("#seats li").all()
    assert row.locator("a").inner_text() == f"Treasures of the Ancient Catacombs · Anna — {red}"
    first = snap["to_act"]  # the dice chose who starts
    status_text = row.locator(".status").inner_text()
    assert status_text == ("Your turn" if first == 0 else f"<i>Bo</i> — {blue} to play")
    assert "no move yet" in row.inner_text() or "last move" in row.inner_text()
    shot(page, "me")
    assert page.evaluate("() => window.__csp") == []  # the QR code breaks no policy
    phone = context(browser, viewport=PHONE)
    phone.goto(url)
    phone.wait_for_selector("#player")
    assert phone.url.endswith("/me")
    assert phone.locator("#player h3").inner_text() == "Anna"
    assert "Anna" in phone.locator("#said").inner_text()
    shot(phone, "me-phone")
    # The seat opens there from the player's page, without the seat's link.
    phone.click("#seats li a")
    phone.wait_for_selector("#players li .name", state="attached")  # in the phone's sheet
    assert phone.locator("#spectator").is_hidden()
    assert phone.locator("#players li .name").first.text_content() == f"Anna — {red} · you"
    # The link was spent: opened again, it says so.
    again = context(browser)
    again.goto(url)
    again.wait_for_selector("#said")
    assert "does not work" in again.locator("#said").inner_text()
    assert again.locator("#new-player").count() == 1
    assert page.errors == [] and phone.errors == [] and again.errors == []


def test_a_match_without_its_token_says_it_is_a_spectators_view(
        server: str, browser: Any, shot: Any) -> None:
    status, made = call(f"{server}/api/matches", {"game": "tictactoe",
                                                  "seats": ["human", "random"], "seed": 1})
    assert status == 201, made
    for lang, said in (("en", "spectator's view"), ("ru", "вид зрителя")):
        page = context(browser, lang)
        page.goto(f"{server}/match/{made['match']}?lang={lang}")
        page.wait_for_selector("#spectator:not([hidden])")
        notice = page.locator("#spectator").inner_text()
        assert said in notice
        assert page.locator("#spectator a[href='/me']").count() == 1
        if lang == "en":
            assert "your seat's own link" in notice
            shot(page, "spectator")
            page.goto(f"{server}/?lang=en")  # the lobby leads to the player's page too
            page.wait_for_selector(".game-tile")
            assert page.locator("a#to-me[href='/me']").inner_text() == "Your player page"
            shot(page, "lobby")
        assert page.errors == [] and page.evaluate("() => window.__csp") == []


def test_my_matches_list_my_turn_first_and_the_finished_with_result_and_replay(
        server: str, browser: Any, shot: Any) -> None:
    """The player's page on another device (its key, no seat links) lists the player's
    matches: the one where it is her turn first, then the one waiting for Bo, then the
    finished one with its result, whose replay opens from there; in English and Russian."""
    status, anna = call(f"{server}/api/players", {"name": "Anna"})
    status, bo = call(f"{server}/api/players", {"name": "Bo"})
    made = []
    for _ in range(3):
        status, m = call(f"{server}/api/matches", {"game": "tictactoe",
                                                   "seats": ["human", "human"]})
        assert status == 201, m
        made.append(m)
    done, theirs, mine = made
    seat_of = {done["match"]: 0, theirs["match"]: 1, mine["match"]: 0}
    for m in made:
        as_player(server, "/api/players/me/seats", anna["key"],
                  {"match": m["match"], "token": m["seats"][seat_of[m["match"]]]["token"]})
    as_player(server, "/api/players/me/seats", bo["key"],
              {"match": theirs["match"], "token": theirs["seats"][0]["token"]})
    for move in ("mark a1", "mark b1", "mark a2", "mark b2", "mark a3"):
        snap = call(f"{server}/api/matches/{done['match']}")[1]
        tok = done["seats"][snap["to_act"]]["token"]
        status, _ = call(f"{server}/api/matches/{done['match']}/act",
                         {"action": move, "version": snap["version"]}, token=tok)
        assert status == 200
    page = context(browser)
    page.add_init_script(f"localStorage.setItem('meeple.player', {json.dumps(anna['key'])})")
    page.goto(f"{server}/me?lang=en")
    page.wait_for_selector("#seats li")
    rows = page.locator("#seats li").all()
    cross = call(f"{server}/api/matches/{theirs['match']}")[1]["names"][0]
    said = [r.locator(".status").inner_text() for r in rows]
    assert said[:2] == ["Your turn", f"Bo — {cross} to play"]
    assert said[2] == "You won"
    assert rows[2].locator(".ending").inner_text().startswith("Anna — ")
    assert [r.get_attribute("class") for r in rows] == ["my-turn", "", "over"]
    assert "last move" in rows[2].inner_text() and "no move yet" in rows[0].inner_text()
    shot(page, "me-matches")
    page.click("#langs button[lang=ru]")
    page.wait_for_function("() => document.querySelector('#seats .status')"
                           ".textContent === 'Ваш ход'")
    assert "последний ход" in page.locator("#seats li").nth(2).inner_text()
    shot(page, "me-matches-ru")
    page.click("#seats li.over a.replay")
    page.wait_for_url(f"**/match/{done['match']}/replay")
    page.wait_for_selector("#board svg, #board .board, #board *", state="attached")
    assert page.errors == [] and page.evaluate("() => window.__csp") == []


def test_a_rematch_in_one_click_each_the_other_page_told_by_push(
        server: str, browser: Any, shot: Any) -> None:
    status, m = call(f"{server}/api/matches", {"game": "tictactoe", "seats": ["human", "human"]})
    assert status == 201, m
    tokens = [s["token"] for s in m["seats"]]
    for move in ("mark a1", "mark b1", "mark a2", "mark b2", "mark a3"):
        snap = call(f"{server}/api/matches/{m['match']}")[1]
        status, _ = call(f"{server}/api/matches/{m['match']}/act",
                         {"action": move, "version": snap["version"]},
                         token=tokens[snap["to_act"]])
        assert status == 200
    a, b = context(browser), context(browser, "ru")
    a.goto(f"{server}/match/{m['match']}?token={tokens[0]}&lang=en")
    b.goto(f"{server}/match/{m['match']}?token={tokens[1]}&lang=ru")
    for page in (a, b):
        page.wait_for_selector("#rematch")
    assert a.locator("#rematch").inner_text() == "Rematch"
    assert b.locator("#rematch").inner_text() == "Реванш"
    shot(b, "over-ru")
    a.click("#rematch")
    a.wait_for_url("**/match/*")
    a.wait_for_function("() => !location.pathname.endsWith(" + json.dumps(m["match"]) + ")")
    rematch = a.url.split("/match/")[1].split("?")[0]
    # The other page is told by push: its button now joins the rematch.
    b.wait_for_function("() => document.querySelector('#rematch').textContent === "
                        "'Сыграть в реванше'")
    b.click("#rematch")
    b.wait_for_function("() => location.pathname.endsWith(" + json.dumps(rematch) + ")")
    for page in (a, b):
        page.wait_for_selector("#players li .name")
    assert a.locator("#players li .name").nth(1).inner_text().endswith("you")
    assert b.locator("#players li .name").nth(0).inner_text().endswith("вы")
    b.wait_for_selector("#actions button")  # seat 0 (the other person now) starts
    shot(b, "rematch-ru")
    assert a.errors == [] and b.errors == []


def test_a_lobby_row_says_who_made_it_who_sits_where_and_the_settings(
        server: str, browser: Any, shot: Any) -> None:
    status, made = call(f"{server}/api/matches", {"game": "andor", "seats": ["human", "human"],
                                                  "public": True,
                                                  "options": {"legend": "intro"}})
    assert status == 201, made
    status, anna = call(f"{server}/api/players", {"name": "Anna"})
    as_player(server, "/api/players/me/seats", anna["key"],
              {"match": made["match"], "token": made["seats"][0]["token"]})
    ru = call(f"{server}/api/games?lang=ru")[1]
    legend = next(o for g in ru if g["id"] == "andor" for o in g["options"]
                  if o["name"] == "legend")["choice_names"]["intro"]
    page = context(browser, "ru")
    page.goto(f"{server}/?lang=ru")
    row = page.locator(f"#open li:has(a[href*='{made['match']}'])")
    row.wait_for()
    who = row.locator(".open-who").inner_text()
    assert who.startswith("партия игрока Anna, создана ") and "Anna, " in who
    assert legend in row.locator(".open-settings").inner_text()
    shot(page, "lobby-ru")
    assert page.errors == []


def test_table_talk_reaches_the_other_page_as_text_with_phrases_in_its_language(
        server: str, browser: Any, shot: Any) -> None:
    status, m = call(f"{server}/api/matches", {"game": "tictactoe", "seats": ["human", "human"]})
    assert status == 201, m
    tokens = [s["token"] for s in m["seats"]]
    a, b = context(browser), context(browser, "ru")
    a.goto(f"{server}/match/{m['match']}?token={tokens[0]}&host={m['host']}&lang=en")
    b.goto(f"{server}/match/{m['match']}?token={tokens[1]}&lang=ru")
    for page in (a, b):
        page.wait_for_selector("#chat-say")
    a.fill("#chat-text", "<img src=x onerror=alert(1)> hello")
    a.click("#chat-say button[type=submit]")
    b.wait_for_function("() => document.querySelector('#chat-lines .said') && "
                        "document.querySelector('#chat-lines .said').textContent.endsWith('hello')")
    assert b.locator("#chat-lines img").count() == 0  # the markup is text
    names = call(f"{server}/api/matches/{m['match']}?lang=ru")[1]["names"]
    assert b.locator("#chat-lines .who").first.inner_text().startswith(names[0])
    assert a.input_value("#chat-text") == ""
    b.click("#chat-phrases button[data-phrase=good_game]")
    a.wait_for_function("() => document.querySelectorAll('#chat-lines li').length === 2")
    assert a.locator("#chat-lines .said").nth(1).inner_text() == "Good game!"
    assert b.locator("#chat-lines .said").nth(1).inner_text() == "Хорошая игра!"
    shot(b, "chat-ru")
    # The host closes the table talk: the other page says so and offers no line to write in.
    a.select_option("#chat-mode", "off")
    b.wait_for_function("() => document.querySelector('#chat-say').hidden")
    assert "закрыл" in b.locator("#chat-note").inner_text()
    assert a.errors == [] and b.errors == []


#: Stand-ins for what a headless browser cannot show: the notifications and tones a page makes
#: are counted, and the page can be told it is out of sight.
NOTICES = """
window.__notes = []; window.__tones = 0; window.__hidden = false;
Object.defineProperty(Document.prototype, "hidden", { get() { return window.__hidden; },
                                                      configurable: true });
window.Notification = class { constructor(title, o) { window.__notes.push([title, o.body]); }
  static get permission() { return "granted"; }
  static requestPermission() { return Promise.resolve("granted"); } };
window.AudioContext = class { constructor() { window.__tones += 1; }
  get currentTime() { return 0; } get destination() { return {}; }
  createOscillator() { return { frequency: {}, connect: (g) => g, start() {}, stop() {} }; }
  createGain() { return { gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} },
                          connect: () => ({}) }; }
  close() {} };
"""


def test_your_turn_is_told_by_a_notice_and_a_tone_only_while_the_page_is_out_of_sight(
        server: str, browser: Any, shot: Any) -> None:
    status, m = call(f"{server}/api/matches", {"game": "tictactoe", "seats": ["human", "human"]})
    assert status == 201, m
    tokens = [s["token"] for s in m["seats"]]
    page = context(browser, "ru")
    page.add_init_script(NOTICES)
    page.goto(f"{server}/match/{m['match']}?token={tokens[1]}&lang=ru")
    page.wait_for_selector("#sound")
    url = f"{server}/api/matches/{m['match']}"

    def move(seat: int, text: str) -> None:
        version = call(url)[1]["version"]
        status, _ = call(f"{url}/act", {"action": text, "version": version}, token=tokens[seat])
        assert status == 200

    move(0, "mark a1")  # in sight: the page says it itself, nothing more
    page.wait_for_function("() => document.body.dataset.turn === 'mine'")
    assert page.evaluate("() => [window.__notes.length, window.__tones]") == [0, 0]
    page.click("#actions button:has-text('b1')")
    page.wait_for_function("() => document.body.dataset.turn === 'other'")
    page.evaluate("() => { window.__hidden = true; }")
    move(0, "mark a2")
    page.wait_for_function("() => window.__notes.length === 1")
    assert page.evaluate("() => window.__notes[0]") == ["Крестики-нолики", "Ваш ход"]
    assert page.evaluate("() => window.__tones") == 1
    page.uncheck("#sound")  # the tone off; the notice stays
    page.evaluate("() => { window.__hidden = false; }")
    page.click("#actions button:has-text('b2')")
    page.wait_for_function("() => document.body.dataset.turn === 'other'")
    page.evaluate("() => { window.__hidden = true; }")
    move(0, "mark c3")
    page.wait_for_function("() => window.__notes.length === 2")
    assert page.evaluate("() => window.__tones") == 1
    assert page.errors == []


def test_a_turn_based_match_with_a_clock_is_made_in_the_lobby_and_its_time_counts_down(
        server: str, browser: Any, shot: Any) -> None:
    page = context(browser, "ru")
    page.goto(f"{server}/?lang=ru")
    page.click("[data-game=tictactoe]")
    page.wait_for_selector("#clock")
    assert page.locator("#on_timeout").is_hidden()  # asked only with a clock
    page.select_option("#pace", "turn")
    page.select_option("#clock", "blitz")
    page.select_option("#on_timeout", "lose")
    page.select_option("#seat-1", "human")
    page.click("#create")
    page.wait_for_selector("#play")
    assert page.inner_text("#create-error") == ""
    page.click("#play")
    page.wait_for_selector(".seat-clock.running")
    rule = page.inner_text("#clock-rule")
    assert rule == "Заочная партия · Часы: по 10 минут на игрока и 10 секунд за ход; " \
                   "когда у игрока кончается время, он проигрывает", rule
    first = page.inner_text(".seat-clock.running")
    assert first in ("10:00", "9:59", "9:58"), first
    page.wait_for_function(f"() => document.querySelector('.seat-clock.running').textContent"
                           f" !== {json.dumps(first)}")
    waiting = page.locator(".seat-clock").nth(1).inner_text()
    assert waiting == "10:00" and page.errors == []
    shot(page, "clock-ru")
