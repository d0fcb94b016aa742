"""The template's notation: the text of each verb, and the verb of each text. The texts are
the records', so a change here must keep every old text reading the same.

>>> import meeple
>>> from meeple.games._template.verbs import CardId, Play
>>> g = meeple.load("_template")
>>> text(g, Play(CardId(1)))
'play flame'
>>> parse(g, "play flame")
Play(card=1)
>>> parse(g, "play joker")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
meeple.core.errors.IllegalAction: 'play joker' is not template notation; an action is ...
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core import IllegalAction, Verb

from .verbs import CardId, Play

if TYPE_CHECKING:
    from .game import Template


def text(game: Template, verb: Verb) -> str:
    """``play <card id>``."""
    assert isinstance(verb, Play)
    return f"{Play.word} {game.content.cards[verb.card].id}"


def parse(game: Template, words: str) -> Verb:
    """The verb written as ``words``; IllegalAction naming the grammar otherwise."""
    word, _, card = words.partition(" ")
    ids = [c.id for c in game.content.cards]
    if word == Play.word and card in ids:
        return Play(CardId(ids.index(card)))
    raise IllegalAction(f"{words[:80]!r} is not template notation; an action is "
                        f"'play <card>', a card one of {', '.join(ids)}")
