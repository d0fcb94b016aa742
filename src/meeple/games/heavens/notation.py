"""The notation of High in the Heavens: each verb as its action's text, and back.

Cards are written by their English names, hexes by their labels (column letter, row number);
these texts are the records', so they never change.

>>> import meeple
>>> from meeple.games.heavens.verbs import AttackTrap, CardId, Hex, Summon
>>> g = meeple.load("heavens")
>>> zeus, e1 = CardId(g.ids.index("zeus")), Hex(g.board.index["e1"])
>>> text(g, Summon(zeus, e1))
'summon Zeus at e1'
>>> parse(g, "summon Zeus at e1") == Summon(zeus, e1)
True
>>> text(g, AttackTrap(zeus, Hex(g.board.index["g7"])))
'attack trap g7 with Zeus'
>>> parse(g, "ability Hermes: Winged Sandals")  # doctest: +ELLIPSIS
UseAbility(card=...)
>>> parse(g, "ability Hermes: Thunderbolt")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
meeple.core.errors.IllegalAction: 'ability Hermes: Thunderbolt' is not High in the Heavens ...
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core import IllegalAction, Verb

from .verbs import (
    Acquire,
    Attack,
    AttackArchitecture,
    AttackBase,
    AttackTrap,
    CardId,
    Confirm,
    Discard,
    Done,
    EndActions,
    Hex,
    Move,
    Play,
    Step,
    Stop,
    Summon,
    Take,
    TargetCharacter,
    TargetHex,
    UseAbility,
)

if TYPE_CHECKING:
    from .game import Heavens

#: The actions that are one word or two, whatever the position.
WORDS: dict[str, Verb] = {"end actions": EndActions(), "done": Done(), "stop": Stop(),
                          "confirm": Confirm(), "take armour": Take("armour"),
                          "take attack": Take("attack")}
GRAMMAR = ("an action is 'end actions', 'done', 'stop', 'confirm', 'take armour|attack', "
           "'summon <card> at <hex>', 'attack <card>|base|trap <hex>|architecture <hex> with "
           "<card>', 'move <card>', 'step <hex>', 'acquire <hex> with <card>', "
           "'ability <card>: <ability>', 'play <card>', 'target <card>|<hex>' or "
           "'discard <card>'")


def text(game: Heavens, verb: Verb) -> str:
    """The action's text: the verb's word, then its cards by name and its hexes by label."""
    name, label = game.names, game.board.labels
    match verb:
        case Summon(card, hex):
            return f"summon {name[card]} at {label[hex]}"
        case Attack(card, target):
            return f"attack {name[target]} with {name[card]}"
        case AttackBase(card):
            return f"attack base with {name[card]}"
        case AttackTrap(card, hex):
            return f"attack trap {label[hex]} with {name[card]}"
        case AttackArchitecture(card, hex):
            return f"attack architecture {label[hex]} with {name[card]}"
        case Acquire(card, hex):
            return f"acquire {label[hex]} with {name[card]}"
        case UseAbility(card):
            return f"ability {name[card]}: {game.ability[card].name}"
        case Play(card):
            return f"play {name[card]}"
        case Move(card) | TargetCharacter(card) | Discard(card):
            return f"{verb.word} {name[card]}"
        case Step(hex) | TargetHex(hex):
            return f"{verb.word} {label[hex]}"
    for words, v in WORDS.items():
        if v == verb:
            return words
    raise ValueError(f"heavens has no notation for {verb!r}")


def parse(game: Heavens, words: str) -> Verb:
    """The verb written as ``words``; IllegalAction naming the grammar when there is none."""
    verb = WORDS.get(words)
    if verb is None:
        head, _, rest = words.partition(" ")
        verb = _two_part(game, head, rest) or _one_part(game, head, rest)
    try:
        if verb is not None and game.action_index(verb) >= 0:  # a verb these options offer
            return verb
    except IllegalAction:
        pass
    raise IllegalAction(f"{words[:80]!r} is not High in the Heavens notation; {GRAMMAR}")


def _one_part(game: Heavens, head: str, rest: str) -> Verb | None:
    """``move``, ``play``, ``discard``, ``step`` and ``target``: a card or a hex."""
    if head in ("step", "target") and rest in game.board.index:
        h = Hex(game.board.index[rest])
        return Step(h) if head == "step" else TargetHex(h)
    c = _card(game, rest)
    if c is None:
        return None
    character = game.is_character[c]
    if head == "move" and character:
        return Move(c)
    if head == "target" and character:
        return TargetCharacter(c)
    if head == "play" and not character:
        return Play(c)
    return Discard(c) if head == "discard" else None


def _two_part(game: Heavens, head: str, rest: str) -> Verb | None:
    """``summon``, ``attack``, ``acquire`` and ``ability``: a card with a hex or a target."""
    if head == "ability":
        who, _, ability = rest.partition(": ")
        c = _character(game, who)
        return UseAbility(c) if c is not None and game.ability[c].name == ability else None
    if head == "summon":
        who, _, where = rest.rpartition(" at ")
        c, h = _character(game, who), game.board.index.get(where)
        return None if c is None or h is None else Summon(c, Hex(h))
    what, _, who = rest.rpartition(" with ")
    c = _character(game, who)
    if c is None:
        return None
    if head == "acquire" and what in game.board.index:
        return Acquire(c, Hex(game.board.index[what]))
    if head != "attack":
        return None
    if what == "base":
        return AttackBase(c)
    kind, _, where = what.partition(" ")
    if kind in ("trap", "architecture") and where in game.board.index:
        h = Hex(game.board.index[where])
        return AttackTrap(c, h) if kind == "trap" else AttackArchitecture(c, h)
    target = _character(game, what)
    return None if target is None else Attack(c, target)


def _card(game: Heavens, name: str) -> CardId | None:
    try:
        return CardId(game.names.index(name))
    except ValueError:
        return None


def _character(game: Heavens, name: str) -> CardId | None:
    c = _card(game, name)
    return c if c is not None and game.is_character[c] else None
