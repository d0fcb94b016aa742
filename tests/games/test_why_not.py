""""Why not?" never guesses (docs/contract.md): every action a game says is forbidden, with its
reason, is indeed illegal at that moment, the reason is words in the seat's language, and it is
built from the seat's own view, so it tells nothing the seat may not know."""

from __future__ import annotations

import pytest

from meeple.core import game_class
from meeple.i18n import LANGS

from .checked import checked_games
from .words import problems, random_play

GAMES = checked_games()
COUNTS = [(g, n) for g in GAMES for n in game_class(g).allowed_players()]


@pytest.mark.parametrize(("game_id", "players"), COUNTS)
def test_every_reason_is_for_an_illegal_action_and_in_words(game_id: str, players: int) -> None:
    told = 0
    for seed in (1, 2, 3):
        for st in random_play(game_id, players, seed):
            if st.is_over:
                continue
            view = st.view(st.to_act)
            legal = set(st.legal_actions())
            for lang in LANGS:
                for action, reason in st.game.why_not(view, lang):
                    told += 1
                    assert action not in legal, (
                        f"{game_id}: why_not says {action.text!r} is forbidden, but it is legal")
                    assert not problems(reason, lang, st.game), (reason, lang)
    if game_id not in ("tictactoe", "_template"):
        assert told, f"{game_id} never said why an expected action is missing"
