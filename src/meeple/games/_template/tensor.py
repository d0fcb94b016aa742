"""The template's view as numbers, for learning environments (docs/rl.md; optional).

``layout(game)`` declares named fields of fixed shapes, once for the game's players, options
and content; ``encode(game, view, out)`` writes one seat's view into a zeroed buffer of that
layout. It reads the view and the game's content only, never a state, so two worlds a seat
cannot tell apart encode alike. Seen from the observing seat (a spectator is seat 0); per-seat
fields start with that seat and go on in seat order. Every value lies in [0, 1]:

- ``hand``: copies of each card kind (content order) in the seat's hand, over the hand size;
- ``hand_sizes``: per seat, its cards over the hand size;
- ``scores``: per seat, its score over the most a hand can score (hand size × best value);
- ``deck``: the cards left over the deck's size; ``to_act``: per seat, whether it decides;
- ``phase``, ``step``, ``decision``: one-hots, each with a spare last cell for a new word.

>>> import meeple
>>> g = meeple.load("_template", players=2)
>>> s = g.new_state(seed=1)
>>> obs, lay = g.observe(s.view(0)), g.observation_layout()
>>> round(sum(obs[lay.offset("hand"):lay.offset("hand_sizes")]), 3), obs[lay.offset("to_act")]
(1.0, 1.0)
"""

from __future__ import annotations

from array import array
from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, get_args

from meeple.core.tensors import Layout

from .turn import Phase, Step

if TYPE_CHECKING:
    from .game import Template

#: The one-hots' words, from the game's own types; ``decision`` is the base's turn kind (a game
#: with a decision stack adds its decisions' kinds).
VOCABULARIES = (("phase", (*get_args(Phase), "other")), ("step", (*get_args(Step), "other")),
                ("decision", ("turn", "other")))


def layout(game: Template) -> Layout:
    """The fields: their sizes follow the players and the content, never the state."""
    n = game.players
    return Layout(("hand", (len(game.content.cards),)), ("hand_sizes", (n,)), ("scores", (n,)),
                  ("deck", (1,)), ("to_act", (n,)),
                  *((field, (len(words),)) for field, words in VOCABULARIES))


class Tables:
    """What ``encode`` looks up, made once per game by ``game.planned(Tables)``: absolute
    offsets, each card id's cell, each word's cell, and the scales."""

    __slots__ = ("card", "deck", "hand", "offsets", "score", "words")

    def __init__(self, game: Template) -> None:
        lay, cards = game.observation_layout(), game.content.cards
        size = game.config["hand_size"]
        self.card = {c.id: lay.offset("hand") + i for i, c in enumerate(cards)}
        self.offsets = tuple(lay.offset(f) for f in ("hand_sizes", "scores", "deck", "to_act"))
        self.hand, self.score = 1 / size, 1 / (size * max(c.value for c in cards))
        self.deck = 1 / sum(c.copies for c in cards)
        #: per one-hot: its words' cells, and its spare last cell
        self.words = tuple(({w: lay.offset(f) + i for i, w in enumerate(words)},
                            lay.offset(f) + len(words) - 1) for f, words in VOCABULARIES)


def encode(game: Template, view: Mapping[str, Any], out: array[float]) -> None:
    """Write ``view`` into ``out``: lookups and stores only, no checks (it runs every step)."""
    t = game.planned(Tables)  # built the first time, kept on the game
    seat, n = view["seat"], game.players
    me = 0 if seat is None else seat
    for cid in view["hand"] or ():  # a spectator holds no hand
        out[t.card[cid]] += t.hand
    sizes, scores, deck, to_act = t.offsets
    hand_sizes, points = view["hand_sizes"], view["scores"]
    for s in range(n):
        out[sizes + (s - me) % n] = hand_sizes[s] * t.hand
        out[scores + (s - me) % n] = points[s] * t.score
    out[deck] = view["deck"]["count"] * t.deck
    if view["to_act"] is not None:
        out[to_act + (view["to_act"] - me) % n] = 1.0
    (phases, phase_other), (steps, step_other), (kinds, kind_other) = t.words
    out[phases.get(view["phase"], phase_other)] = 1.0
    out[steps.get(view["step"], step_other)] = 1.0
    if view["decision"] is not None:  # None once the game is over
        out[kinds.get(view["decision"]["kind"], kind_other)] = 1.0
