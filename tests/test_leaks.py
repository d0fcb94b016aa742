"""Nothing a seat receives reveals what that seat may not know.

Two ways of looking, on every game and player count, from states reached by random play:

* **Noninterference.** ``s.determinize(p, j)`` is a world that seat ``p`` cannot tell from the
  true one ``s``: same view, different hidden facts. Everything ``p`` receives — its view, its
  events, the errors its bad actions get, the determinizations handed to its bot — must be the
  same in both worlds. Whatever differs would tell ``p`` which world it is in.
* **Hidden facts.** The facts hidden from ``p`` are read off the referee's ``to_json`` (the
  strings in fields where the true state and ``p``'s worlds differ — other seats' cards and
  quests, deck order, face-down identities — that ``p``'s own view never shows, and the seed),
  and looked for in every channel's text, including the terminal's screen.
"""

from __future__ import annotations

import io
import json
import random
import re
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from rich.console import Console

import meeple
from meeple.agents import InfoSet, explain_for, info_set, make
from meeple.core import State
from meeple.core.serial import decode
from meeple.server import build_snapshot
from meeple.tui import Session, screen

#: A seed no channel could show by chance: its digits are searched for in every text.
SEED = 918_273_645

GAMES = [(g, n) for g in meeple.game_ids(hidden=True)
         for n in meeple.core.game_class(g).allowed_players()]


def states(game_id: str, players: int, seed: int, steps: int, every: int) -> Iterator[State]:
    """Every ``every``-th state of a random game (and the last)."""
    s = meeple.load(game_id, players=players).new_state(seed=seed)
    rnd = random.Random(seed)
    for i in range(steps):
        if s.is_over:
            break
        if i % every == 0:
            yield s
        s.apply(rnd.choice(s.legal_actions()))
    yield s


def leaves(v: Any, path: str = "") -> Iterator[tuple[str, Any]]:
    """(path, value) for every scalar inside a plain-data value."""
    if isinstance(v, dict):
        for k, x in v.items():
            yield from leaves(x, f"{path}.{k}")
    elif isinstance(v, list | tuple | set | frozenset):
        items = sorted(v, key=repr) if isinstance(v, set | frozenset) else v
        for i, x in enumerate(items):
            yield from leaves(x, f"{path}[{i}]")
    else:
        yield path, v


def _named(s: State, path: str, v: Any) -> list[str]:
    """The id and names of a card the state keeps as a number (by the field it is in)."""
    g: Any = s.game
    if not isinstance(v, int) or isinstance(v, bool) or v < 0:
        return []
    if g.id == "heavens" and path.startswith((".hands", ".deck")):
        return [g.ids[v], g.names[v], g.names_ru[v]]
    if g.id == "catacombs" and path.startswith(".card["):
        return [g.content.cards[v].label]
    if g.id == "grabhit" and path.startswith(".deck"):
        entry = s.game.content.cards[v].entry  # type: ignore[attr-defined]
        return [entry.id, entry.name, entry.name_ru]
    if g.id == "_template" and path.startswith((".hands", ".pile")):
        card = g.content.cards[v]
        return [card.id, card.name]
    return []


def hidden_facts(s: State, seat: int, worlds: list[State]) -> set[str]:
    """Ids and names the referee's state holds where ``seat``'s worlds differ, which ``seat``
    has not been shown (in its view or its events: what it saw revealed earlier it knows)."""
    true = dict(leaves(decode(s.to_json()["fields"])))
    facts: set[str] = set()
    for w in worlds:
        other = dict(leaves(decode(w.to_json()["fields"])))
        for p, v in true.items():
            if other.get(p) != v:
                facts.update(f for f in ([v] if isinstance(v, str) else _named(s, p, v))
                             if f and len(f) > 2)
    known = words(json.dumps([s.view(seat), s.events(seat)], ensure_ascii=False))
    return facts - _found(known, facts)


def words(text: str) -> str:
    """``text`` in lower case with ids' underscores as spaces, so an id matches its name."""
    return text.lower().replace("_", " ")


def _found(text: str, facts: set[str]) -> set[str]:
    """The facts that stand in ``text`` (already through :func:`words`) as whole words."""
    if not facts:
        return set()
    alternatives = sorted({words(f) for f in facts}, key=len, reverse=True)
    # A lookahead tries every position, so a fact inside a longer one is found too.
    hits = set(re.findall(r"(?=\b(" + "|".join(map(re.escape, alternatives)) + r")\b)", text))
    return {f for f in facts if words(f) in hits}


def revealed(text: str, facts: set[str]) -> list[str]:
    """The facts (and the seed) that appear in ``text`` as whole words."""
    found = sorted(_found(words(text), facts))
    if str(SEED) in text:
        found.append("the seed")
    return found


def received(s: State, seat: int, tries: list[str]) -> dict[str, Any]:
    """Everything ``seat`` receives from state ``s`` through the contract's channels.

    ``tries`` are action texts the seat submits out of turn (the true acting seat's options).
    """
    got: dict[str, Any] = {"view": s.view(seat), "events": s.events(seat), "repr": repr(s)}
    if s.to_act is not None and s.to_act != seat:
        # Another seat's legal actions, tried by this seat: refused with whose turn it is.
        got["errors"] = [s.check(a, seat=seat) for a in tries]
        with pytest.raises(meeple.IllegalAction) as e:
            s.apply(tries[0], seat=seat)
        got["errors"].append(e.value.reason)
    elif s.to_act == seat:
        got["errors"] = [s.check("no such move", seat=seat), s.check("pass pass", seat=seat)]
        got["legal"] = [a.text for a in s.legal_actions()]
    got["words"] = in_words(s, seat)
    got["snapshot"] = build_snapshot("m", s.game, s, seat, "ru")  # what the server sends
    return got


def in_words(s: State, seat: int) -> dict[str, Any]:
    """What ``seat`` reads in either language: its events told, its menu labelled, the seats'
    names, why the actions it might expect are forbidden, its story told short, and its screen
    at 80 columns."""
    game, view = s.game, s.view(seat)
    out: dict[str, Any] = {"screen": screen(game, s, seat, "en", 80)}
    for lang in ("en", "ru"):
        names = game.seat_names(view, lang)
        out[lang] = {"names": names,
                     "events": [game.describe(e, lang, names) for e in s.events(seat)],
                     "labels": ([game.label(a, lang, view) for a in s.legal_actions()]
                                if s.to_act == seat else []),
                     # why an expected action is forbidden, and the story told short
                     "why_not": [(a.text, why) for a, why in game.why_not(view, lang)],
                     "summary": game.summary(s.events(seat), lang, names)}
    return out


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_no_channel_tells_a_seat_which_world_it_is_in(game_id: str, players: int) -> None:
    probed = found_hidden = 0
    for s in states(game_id, players, SEED + players, steps=70, every=9):
        for seat in range(players):
            worlds = [s.determinize(seat, j) for j in (1, 2)]
            tries = [a.text for a in s.legal_actions()[:8]]
            mine = received(s, seat, tries)
            facts = hidden_facts(s, seat, worlds)
            found_hidden += any(w.to_json()["fields"] != s.to_json()["fields"] for w in worlds)
            for w in worlds:
                assert received(w, seat, tries) == mine, (game_id, seat, s.n_actions)
            text = json.dumps(mine, ensure_ascii=False)
            assert revealed(text, facts) == [], (game_id, seat, s.n_actions)
            probed += 1
    assert probed >= players
    if game_id not in ("tictactoe",):  # every other game hides something from someone
        assert found_hidden, f"{game_id}: no seat's worlds differed, so nothing was tested"


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_a_determinization_depends_only_on_what_the_seat_knows(game_id: str,
                                                               players: int) -> None:
    """Two true states a seat cannot tell apart give that seat's bot the very same samples."""
    for s in states(game_id, players, SEED + 7 * players, steps=60, every=12):
        for seat in range(players):
            twin = s.determinize(seat, 99)
            for k in (3, 4):
                a, b = s.determinize(seat, k), twin.determinize(seat, k)
                assert a.to_json() == b.to_json(), (game_id, seat, s.n_actions, k)
                assert a.record() == b.record()
                assert a.seed != s.seed and str(SEED) not in json.dumps(a.to_json())
                seen = [e["action"] for e in s.events(seat) if e["type"] == "action"]
                assert a.record()["actions"] == seen  # others' secrets only as public text
                assert a.events(None) == s.events(None)
                if a.to_act is not None:
                    assert a.to_act == s.to_act
                    if a.to_act == seat:  # the seat to act is offered the same actions
                        assert a.legal_actions() == s.legal_actions()


class RecordReplayingCheat:
    """A bot that tries to cheat: it replays its sample's record, hoping for the true game."""

    def guess(self, info: InfoSet) -> dict[str, Any]:
        sample = info.sample(5)
        try:
            return meeple.replay({**sample.record(), "result": None}).to_json()
        except meeple.RecordError:
            return sample.to_json()


@pytest.mark.parametrize(("game_id", "players"), GAMES)
def test_a_bot_replaying_its_samples_record_learns_nothing(game_id: str,
                                                           players: int) -> None:
    cheat = RecordReplayingCheat()
    for s in states(game_id, players, SEED + 11 * players, steps=60, every=15):
        if s.is_over:
            continue
        seat = s.to_act
        assert seat is not None
        guess = cheat.guess(InfoSet(s, seat))
        twin = s.determinize(seat, 1234)
        assert cheat.guess(InfoSet(twin, seat)) == guess  # the same guess in either world
        if s.n_actions and game_id != "tictactoe":
            assert guess != s.to_json()


@pytest.mark.parametrize("game_id", [g for g in meeple.game_ids(hidden=True)])
def test_the_terminal_screen_shows_a_seat_nothing_hidden_from_it(
        game_id: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A whole terminal game, one human and bots: every screen checked at each prompt."""
    monkeypatch.chdir(tmp_path)
    game = meeple.core.game_class(game_id)()
    players = game.players
    out = io.StringIO()
    console = Console(file=out, width=120, force_terminal=False, color_system=None)
    rnd = random.Random(3)
    checked: list[int] = []
    mark = [0]

    def answer(prompt: str) -> str:
        st = session.state
        screen = out.getvalue()[mark[0]:] + prompt
        mark[0] = len(out.getvalue())
        if st.is_over or st.to_act != 0:
            return ""
        worlds = [st.determinize(0, j) for j in (1, 2)]
        assert revealed(screen, hidden_facts(st, 0, worlds)) == [], (game_id, st.n_actions)
        checked.append(st.n_actions)
        if len(checked) > 40:
            return "quit"
        return str(rnd.randint(1, len(st.legal_actions())))

    seats = ["human"] + ["random"] * (players - 1)
    session = Session(game, seats, SEED, "en", console, answer)
    session.run()
    assert checked
    assert str(SEED) not in out.getvalue().split("Game over")[0]


@pytest.mark.parametrize(("game_id", "players"),
                         [(g, max(2, meeple.core.game_class(g).min_players))
                          for g in meeple.game_ids(hidden=True)])
@pytest.mark.parametrize("bot", ["greedy", "mcts:40"])
def test_a_bots_explanation_names_nothing_hidden_from_the_seat_that_reads_it(
        game_id: str, players: int, bot: str) -> None:
    """``why``: another seat's candidate moves, read by each seat after the bot has moved."""
    s = meeple.load(game_id, players=players).new_state(seed=SEED)
    agents = [make(bot, seed=i) for i in range(players)]
    rows_read = 0
    for _ in range(40):
        if s.is_over:
            break
        actor = s.to_act
        assert actor is not None
        before = s.clone()
        action = agents[actor].choose(info_set(agents[actor], s, actor))
        s.apply(action)
        for viewer in range(players):
            if viewer == actor:
                continue
            rows = explain_for(agents[actor], before, viewer, action)
            worlds = [before.determinize(viewer, j) for j in (1, 2)]
            facts = hidden_facts(before, viewer, worlds) & hidden_facts(
                s, viewer, [s.determinize(viewer, j) for j in (1, 2)])
            text = json.dumps(rows, ensure_ascii=False)
            assert revealed(text, facts) == [], (game_id, actor, viewer, s.n_actions)
            rows_read += len(rows)
    assert rows_read
