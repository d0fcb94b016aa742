"""Myth's notation: the text of each verb, and the verb of each text.

A card, a quest or a hero is written by its English name, a side by its compass word, a tile's
passages by their letters in N, E, S, W order and a cell by its offset from the crossroads.
The texts are the records' own, unchanged since the first version of the game.

>>> from .game import Myth
>>> from .verbs import CardId, Cell, Draw, NodTo, Place, Play, Passages
>>> game = Myth(players=3)
>>> text(game, Play(CardId("splinters_of_relic")))
'play Splinters of Relic'
>>> text(game, Place(Passages(7))), text(game, NodTo((1, -2)))
('place NES', 'nod to 1,-2')
>>> parse(game, "play Splinters of Relic")
Play(card='splinters_of_relic')
>>> parse(game, "nod to 1,-2"), parse(game, "draw 3"), parse(game, "order: forbid cards")
(NodTo(cell=(1, -2)), Draw(count=3), DreamOrder(allow=False))
>>> parse(game, "play the Moon")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
meeple.core.errors.IllegalAction: 'play the Moon' is not Myth notation; ...
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from meeple.components.tilegrid import SIDE_NAMES, SIDES
from meeple.core import Dispatch, IllegalAction, Verb

from .verbs import (
    Attack,
    AvataraHeal,
    CardId,
    DeceiveHero,
    DestroyItem,
    DiscardCard,
    Draw,
    DreamOrder,
    EndTurn,
    Explore,
    ExtraTurn,
    Fight,
    Heal,
    HeroId,
    Imprison,
    Move,
    NodTo,
    Pass,
    Passages,
    Place,
    Play,
    QuestId,
    Redraw,
    Remove,
    Resolve,
    Show,
    Side,
    Stay,
    StayPut,
    Swap,
    TargetHero,
)

if TYPE_CHECKING:
    from .content import Content

#: The actions that are their whole text.
FIXED: dict[str, Verb] = {
    "stay": Stay(), "stay put": StayPut(), "pass": Pass(), "fight": Fight(),
    "redraw tile": Redraw(), "extra turn": ExtraTurn(), "heal": Heal(),
    "avatara heal": AvataraHeal(), "end turn": EndTurn(),
    "order: allow cards": DreamOrder(True), "order: forbid cards": DreamOrder(False),
}
_FIXED_TEXT = {verb: words for words, verb in FIXED.items()}
#: What the other seats read of a private action (MYTH-67): the card played or the quest
#: swapped stays secret.
PUBLIC: dict[type[Verb], str] = {Play: "play a card", Swap: "swap a quest"}
#: The verb of each public text: what a seat told only that text knows of the action.
PUBLIC_VERB: dict[str, type[Verb]] = {words: verb for verb, words in PUBLIC.items()}
#: A tile's open sides as letters, in N, E, S, W order.
LETTERS = dict(zip("NESW", SIDES, strict=True))
_SIDE = {name: Side(side) for side, name in SIDE_NAMES.items()}
_CELL = re.compile(r"to (-?\d{1,2}),(-?\d{1,2})")
_PASSAGES = re.compile(r"N?E?S?W?")

TEXT: Dispatch[Content, str] = Dispatch("Myth's notation")


def text(game: Any, verb: Verb) -> str:
    """The action's text of ``verb``."""
    fixed = _FIXED_TEXT.get(verb)
    return fixed if fixed is not None else TEXT(game.content, verb)


@TEXT.on(Draw)
def _draw(c: Content, verb: Draw) -> str:
    return f"draw {verb.count}"


def _way(c: Content, verb: Move | Explore) -> str:
    return f"{verb.word} {SIDE_NAMES[verb.side]}"


TEXT.on(Move)(_way)
TEXT.on(Explore)(_way)


@TEXT.on(Place)
def _place(c: Content, verb: Place) -> str:
    return "place " + "".join(ch for ch, side in LETTERS.items() if verb.passages & side)


def _card(c: Content, verb: Play | Resolve | DiscardCard | DestroyItem) -> str:
    return f"{verb.word} {c.cards[verb.card].name}"


TEXT.on(Play)(_card)
TEXT.on(Resolve)(_card)
TEXT.on(DiscardCard)(_card)
TEXT.on(DestroyItem)(_card)


def _monster(c: Content, verb: Remove | Imprison | Attack) -> str:
    return f"{verb.word} {c.cards[verb.monster].name}"


TEXT.on(Remove)(_monster)
TEXT.on(Imprison)(_monster)
TEXT.on(Attack)(_monster)


@TEXT.on(NodTo)
def _nod(c: Content, verb: NodTo) -> str:
    return f"nod to {verb.cell[0]},{verb.cell[1]}"


def _hero(c: Content, verb: DeceiveHero | TargetHero) -> str:
    return f"{verb.word} {c.heroes[verb.hero].name}"


TEXT.on(DeceiveHero)(_hero)
TEXT.on(TargetHero)(_hero)


def _quest(c: Content, verb: Show | Swap) -> str:
    return f"{verb.word} {c.quests[verb.quest].name}"


TEXT.on(Show)(_quest)
TEXT.on(Swap)(_quest)


# ------------------------------------------------------------------ reading a text
def _count(c: Content, rest: str) -> Verb | None:
    if rest.isdigit() and len(rest) < 5 and rest == str(int(rest)):
        return Draw(int(rest))
    return None


def _side(make: Callable[[Side], Verb]) -> Callable[[Content, str], Verb | None]:
    return lambda c, rest: make(_SIDE[rest]) if rest in _SIDE else None


def _passages(c: Content, rest: str) -> Verb | None:
    if not rest or not _PASSAGES.fullmatch(rest):
        return None
    return Place(Passages(sum(LETTERS[ch] for ch in rest)))


def _cell(c: Content, rest: str) -> Verb | None:
    m = _CELL.fullmatch(rest)
    return NodTo((int(m[1]), int(m[2]))) if m else None


def _by_card(make: Callable[[CardId], Verb]) -> Callable[[Content, str], Verb | None]:
    return lambda c, rest: (make(CardId(c.card_by_name[rest])) if rest in c.card_by_name
                            else None)


def _by_monster(make: Callable[[CardId], Verb]) -> Callable[[Content, str], Verb | None]:
    def read(c: Content, rest: str) -> Verb | None:
        cid = c.card_by_name.get(rest)
        return make(CardId(cid)) if cid is not None and c.cards[cid].monster else None
    return read


def _by_hero(make: Callable[[HeroId], Verb]) -> Callable[[Content, str], Verb | None]:
    return lambda c, rest: (make(HeroId(c.hero_by_name[rest])) if rest in c.hero_by_name
                            else None)


def _by_quest(make: Callable[[QuestId], Verb]) -> Callable[[Content, str], Verb | None]:
    return lambda c, rest: (make(QuestId(c.quest_by_name[rest])) if rest in c.quest_by_name
                            else None)


#: The verbs whose first word is followed by what they are about.
ARGUMENTS: dict[str, Callable[[Content, str], Verb | None]] = {
    "draw": _count, "move": _side(Move), "explore": _side(Explore), "place": _passages,
    "play": _by_card(Play), "resolve": _by_card(Resolve), "nod": _cell,
    "discard": _by_card(DiscardCard), "destroy": _by_card(DestroyItem),
    "deceive": _by_hero(DeceiveHero), "remove": _by_monster(Remove),
    "imprison": _by_monster(Imprison), "attack": _by_monster(Attack),
    "target": _by_hero(TargetHero), "show": _by_quest(Show), "swap": _by_quest(Swap),
}


def parse(game: Any, words: str) -> Verb:
    """The verb written as ``words``; IllegalAction naming the grammar otherwise."""
    fixed = FIXED.get(words)
    if fixed is not None:
        return fixed
    word, _, rest = words.partition(" ")
    read = ARGUMENTS.get(word)
    verb = read(game.content, rest) if read is not None else None
    if verb is None:
        raise IllegalAction(
            f"{words!r} is not Myth notation; an action is 'draw <n>', 'move|explore <side>', "
            "'stay', 'place <NESW>', 'redraw tile', 'order: allow|forbid cards', "
            "'play|resolve|discard|destroy <card>', 'pass', 'nod to <x>,<y>', 'stay put', "
            "'deceive|target <hero>', 'remove|imprison|attack <monster>', 'fight', "
            "'show|swap <quest>', 'heal', 'avatara heal', 'extra turn' or 'end turn'")
    return verb
