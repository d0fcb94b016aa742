"""The searching bot at a Myth table: it walks on where the rule of thumb walks on."""

from __future__ import annotations

import meeple
from meeple.agents import info_set, make

#: The first 27 actions of a two-player game (seed 3000) of the search against greedy. The
#: search's hero, level 1 with one resource, stands on explored ground west of the start; his
#: rival, level 2 with nine resources, holds cards he may lay on a hero who moves.
OPENING = (
    "draw 0", "explore west", "place EW", "play Splinters of Relic", "pass", "deceive Warrior",
    "resolve Shiver Magic", "discard Stygian Knight", "discard Fetch", "resolve Fury of Shiver",
    "end turn", "draw 2", "explore south", "place NE", "play Wight", "play Soulless",
    "resolve Wight", "remove Soulless", "attack Wight", "show Slay a Wight", "draw 1",
    "explore west", "place E", "pass", "play The Help (left)", "end turn", "draw 0",
)


def test_a_searching_hero_walks_on_towards_new_ground_as_the_plan_does() -> None:
    """Below "move east" the search's tree holds every card the rival may lay on a hero who
    moves, each at its worst; below "stay" nothing happens. Within its few actions of horizon
    a hero who walks on only gives his rival a chance, and a search left to its visits stood
    still in some of its seeds (and lost the race to level 4). The game's hints keep a move
    the search cannot tell from the rule of thumb's (``p3``), and a hero who can walk on is
    not weighed standing still (``bots.walk_on``, MYTH-38), so the search without the plan
    walks on too: the hero walks on in every seed."""
    st = meeple.load("myth", players=2).new_state(seed=3000)
    for text in OPENING:
        st.apply(text)
    assert [a.text for a in st.legal_actions()] == ["move east", "stay"] and st.to_act == 0

    def picks(spec: str) -> list[str]:
        out = []
        for seed in range(8):
            bot = make(spec, seed=seed, game=st.game)
            out.append(bot.choose(info_set(bot, st, 0)).text)
        return out

    assert picks("mcts:200") == ["move east"] * 8
    assert picks("mcts:200:p0") == ["move east"] * 8
