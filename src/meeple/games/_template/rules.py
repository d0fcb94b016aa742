"""Template (TPL): each seat plays its hidden hand one card at a time; most points wins.

TPL-1  Each seat is dealt ``hand_size`` cards from the shuffled deck; hands are hidden.
TPL-2  Seats take turns playing one card face up; its value is added to their score.
TPL-3  When every hand is empty, the highest score wins; equal highest scores share the win.
"""

from __future__ import annotations

from typing import Any

from meeple.components import deck
from meeple.core import Action, Game, Result, Rng, State

from .content import cards
from .params import OPTIONS


class TemplateState(State):
    """Hands and the deck hold card indexes into the game's content."""

    _mutable = ("hands", "pile", "scores")
    game: Template
    hands: list[list[int]]
    pile: list[int]
    scores: list[int]

    def _setup(self) -> None:
        g = self.game
        self.pile = [i for i, c in enumerate(g.cards) for _ in range(c.copies)]
        deck.shuffle(self.pile, self.rng)
        self.hands = [[] for _ in range(self.players)]
        deck.deal(self.pile, self.hands, g.config["hand_size"])  # TPL-1
        self.scores = [0] * self.players
        self.to_act = 0

    def _legal_actions(self) -> list[Action]:
        hand = self.hands[self.to_act or 0]
        return [self.game.plays[i] for i in sorted(set(hand))]

    def _apply(self, action: Action) -> None:
        seat = self.to_act or 0
        card = action.data
        self.hands[seat].remove(card)
        self.scores[seat] += self.game.cards[card].value  # TPL-2
        self._emit("played", seat=seat, card=self.game.cards[card].id)
        nxt = (seat + 1) % self.players
        self.to_act = nxt if self.hands[nxt] else None  # TPL-3: hands empty together

    def _result(self) -> Result:
        best = max(self.scores)
        winners = tuple(s for s, v in enumerate(self.scores) if v == best)
        return Result(winners, tuple(float(v) for v in self.scores), self.n_actions,
                      "hands-empty", f"Highest score {best}.")

    def _view(self, seat: int | None) -> dict[str, Any]:
        ids = [c.id for c in self.game.cards]
        return {
            "phase": "play", "step": "card",
            "scores": list(self.scores),
            "hand_sizes": [len(h) for h in self.hands],
            "hand": sorted(ids[c] for c in self.hands[seat]) if seat is not None else None,
            "deck": deck.public(self.pile),
        }

    def _determinize(self, seat: int, rng: Rng) -> None:
        hidden = [h for s, h in enumerate(self.hands) if s != seat]
        deck.resample([self.pile, *hidden], rng)

    def _validate(self) -> None:
        from collections import Counter

        from meeple.core.validate import in_range, per_seat, refuse

        cards = self.game.cards
        per_seat(self, "hands", "scores")
        in_range(self, "hands", 0, len(cards) - 1)
        in_range(self, "pile", 0, len(cards) - 1)
        in_range(self, "scores", 0, sum(c.value * c.copies for c in cards))
        held = Counter(self.pile + [c for h in self.hands for c in h])
        for i, n in held.items():
            if n > cards[i].copies:
                refuse("hands", f"{cards[i].id} is held {n} times; the game has "
                       f"{cards[i].copies}")
        if self.to_act is not None and not self.hands[self.to_act]:
            refuse(f"hands[{self.to_act}]", "the seat to act has no card to play")


class Template(Game):
    """A tiny hidden-hand card game that shows the shape of a meeple game."""

    id = "_template"
    name = "Template"
    name_ru = "Шаблон"
    description = "The skeleton a new game is copied from."
    min_players, max_players = 2, 4
    options = OPTIONS
    state_class = TemplateState

    def setup(self) -> None:
        self.cards = cards()
        self.plays = tuple(Action(f"play {c.id}", i) for i, c in enumerate(self.cards))
