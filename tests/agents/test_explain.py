"""A bot's explanation as another seat may read it: its hidden candidates never by name."""

from __future__ import annotations

from collections.abc import Iterator

import meeple
from meeple.agents import GreedyAgent, InfoSet, explain, explain_for, make
from meeple.core import Action, State


def bot_moves(game_id: str, seed: int, steps: int) -> Iterator[tuple[State, Action, GreedyAgent]]:
    """(state before, action, the agent) for each decision of a greedy-only game."""
    s = meeple.load(game_id).new_state(seed=seed)
    bot = GreedyAgent(seed=seed)
    for _ in range(steps):
        if s.is_over:
            return
        seat, before = s.to_act, s.clone()
        assert seat is not None
        a = bot.choose(InfoSet(s, seat))
        yield before, a, bot
        s.apply(a)


def test_explain_rows_hold_actions() -> None:
    s = meeple.load("tictactoe").new_state()
    agent = make("greedy", seed=1)
    played = agent.choose(InfoSet(s, 0))  # nine moves of equal value: a tie broken at random
    rows = explain(agent)
    assert all(isinstance(a, Action) for a, _ in rows)
    assert rows[0][0] == played  # the played move heads its equals


def test_the_bots_own_seat_reads_every_candidate_by_its_text() -> None:
    for before, a, bot in bot_moves("myth", 3, 30):
        rows = explain_for(bot, before, before.to_act or 0, a)
        assert rows == [(b.text, why) for b, why in explain(bot)]


def test_myth_candidates_of_another_seat_read_as_their_public_text() -> None:
    hidden_seen = 0
    for before, a, bot in bot_moves("myth", 3, 120):
        actor = before.to_act
        assert actor is not None
        own = [b.text for b, _ in explain(bot)]
        viewer = (actor + 1) % before.players
        texts = [t for t, _ in explain_for(bot, before, viewer, a)]
        assert len(texts) == len(set(texts))  # alike rows are merged
        for t in texts:
            if t is not None and t.startswith("play "):
                assert t == "play a card"
            if t is not None and t.startswith("swap "):
                assert t == "swap a quest"
            if t is not None and t.startswith("show "):  # a quest shown is public once shown
                assert t == a.text
        hidden_seen += sum(t.startswith(("play ", "swap ")) for t in own) > 1
    assert hidden_seen > 5  # the bot did weigh several hidden moves at once


def test_heavens_cards_in_a_bots_hand_are_named_only_once_played() -> None:
    game = meeple.load("heavens")
    name = dict(zip(game.ids, game.names, strict=True))  # type: ignore[attr-defined]
    hidden_rows = named = 0
    for before, a, bot in bot_moves("heavens", 3, 150):
        actor = before.to_act
        assert actor is not None
        hand = before.view(actor)["hands"][actor]["cards"]
        names = {name[c] for c in hand}
        viewer = 1 - actor
        seen = before.view(viewer)
        assert seen["hands"][actor]["cards"] is None
        if seen["sides"][actor]["deck"] == 0:
            continue  # no card left to draw: the hand is all the viewer has not seen elsewhere
        rows = explain_for(bot, before, viewer, a)
        for text, _ in rows:
            if text is None:
                hidden_rows += 1
            elif text != a.text:
                assert not any(n in text for n in names), (text, sorted(names))
        named += any(n in b.text for b, _ in explain(bot) if b != a for n in names)
    assert hidden_rows > 5 and named > 5


def test_the_played_move_reads_as_the_viewers_events_show_it() -> None:
    for before, a, bot in bot_moves("myth", 5, 60):
        actor = before.to_act
        assert actor is not None
        after = before.clone()
        after.apply(a)
        viewer = (actor + 2) % before.players
        shown = after.events(viewer)[len(before.events(viewer))]
        rows = dict(explain_for(bot, before, viewer, a))
        if any(b == a for b, _ in explain(bot)):
            assert shown["action"] in rows
