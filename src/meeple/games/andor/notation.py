"""Andor's notation: the text of each verb, and the verb of each text.

Regions are written by number, creatures and articles by their English names in small
letters, heroes by their hero id, dice by the face they show.

>>> import meeple
>>> from meeple.games.andor.verbs import Face, FlipDie, Item, Move, Region, Seat
>>> g = meeple.load("andor", players=2)
>>> text(g, Move(Region(17), wineskin=True))
'move to 17 with the wineskin'
>>> text(g, FlipDie(Face(8), True, Seat(1)))
'flip black 8 of the archer'
>>> parse(g, "give the shield (damaged) to the archer")
Give(item='shield:worn', hero=1)
>>> parse(g, "fight the gor on 8")
Attack(creature='gor', region=8)
>>> parse(g, "invite the wizard")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
meeple.core.errors.IllegalAction: 'invite the wizard' is not Andor notation; ...
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import TYPE_CHECKING

from meeple.core import Dispatch, IllegalAction, Verb

from .verbs import (
    ACCEPT_ROLL,
    ADD_HERB,
    BEGIN,
    BLOCK_CARD,
    BLOCK_LOSS,
    BUY_BREW,
    BUY_STRENGTH,
    DECLINE,
    DONE,
    DRINK,
    DROP_FARMER,
    END_DAY,
    HERB_WALK,
    HERB_WILLPOWER,
    JOIN,
    KEEP_FIGHTING,
    LET_HAPPEN,
    NO_FLIP,
    PASS,
    PICK_FARMER,
    ROLL_AGAIN,
    STOP,
    TAKE_LOSS,
    TELESCOPE,
    WITHDRAW,
    AndorVerb,
    Attack,
    Buy,
    DoubleDie,
    Face,
    FlipDie,
    Give,
    GiveGold,
    GiveWillpower,
    InviteHero,
    Item,
    KeepDie,
    Kind,
    Move,
    PickUp,
    Region,
    Seat,
    SendFalcon,
)

if TYPE_CHECKING:
    from .game import Andor

#: The verbs without parts, by their text.
FIXED: dict[str, AndorVerb] = {
    "stop": STOP, "done": DONE, "pass": PASS, "end day": END_DAY,
    "drink from the well": DRINK, "buy strength": BUY_STRENGTH,
    "buy witch's brew": BUY_BREW, "pick up a farmer": PICK_FARMER,
    "drop a farmer": DROP_FARMER, "use the herb for willpower": HERB_WILLPOWER,
    "use the herb to walk": HERB_WALK, "look through the telescope": TELESCOPE,
    "block the event with the shield": BLOCK_CARD, "let it happen": LET_HAPPEN,
    "begin the fight": BEGIN, "join the fight": JOIN, "decline": DECLINE,
    "roll again": ROLL_AGAIN, "no flip": NO_FLIP, "accept the roll": ACCEPT_ROLL,
    "add the herb": ADD_HERB, "block the loss with the shield": BLOCK_LOSS,
    "take the loss": TAKE_LOSS, "fight on": KEEP_FIGHTING, "withdraw": WITHDRAW,
}
_TEXT_OF = {type(v): t for t, v in FIXED.items()}

#: The text of each verb: ``TEXT(game, verb)``.
TEXT: Dispatch[Andor, str] = Dispatch("Andor's notation")


def text(game: Andor, verb: Verb) -> str:
    """The action's text of ``verb``."""
    return TEXT(game, verb)


@TEXT.on(*_TEXT_OF)
def _fixed(game: Andor, verb: AndorVerb) -> str:
    return _TEXT_OF[type(verb)]


@TEXT.on(Move)
def _move(game: Andor, verb: Move) -> str:
    return f"move to {verb.region}" + (" with the wineskin" if verb.wineskin else "")


@TEXT.on(Attack)
def _attack(game: Andor, verb: Attack) -> str:
    return f"fight the {game.content.creatures[verb.creature].name.lower()} on {verb.region}"


@TEXT.on(Buy)
def _buy(game: Andor, verb: Buy) -> str:
    return f"buy a {item_name(game, verb.article)}"


@TEXT.on(PickUp)
def _pick_up(game: Andor, verb: PickUp) -> str:
    return f"pick up the {item_name(game, verb.item)}"


@TEXT.on(Give)
def _give(game: Andor, verb: Give) -> str:
    return f"give the {item_name(game, verb.item)} to the {game.hero_ids[verb.hero]}"


@TEXT.on(SendFalcon, GiveGold, GiveWillpower, InviteHero)
def _to_hero(game: Andor, verb: AndorVerb) -> str:
    assert isinstance(verb, (SendFalcon, GiveGold, GiveWillpower, InviteHero))
    return _TO_HERO[type(verb)].format(game.hero_ids[verb.hero])


_TO_HERO = {SendFalcon: "send the falcon to the {}", GiveGold: "give 1 gold to the {}",
            GiveWillpower: "give 1 willpower to the {}", InviteHero: "invite the {}"}


@TEXT.on(KeepDie)
def _keep(game: Andor, verb: KeepDie) -> str:
    return f"keep {verb.face}"


@TEXT.on(FlipDie)
def _flip(game: Andor, verb: FlipDie) -> str:
    black = "black " if verb.black else ""
    return f"flip {black}{verb.face} of the {game.hero_ids[verb.hero]}"


@TEXT.on(DoubleDie)
def _double(game: Andor, verb: DoubleDie) -> str:
    return f"double {'black ' if verb.black else ''}{verb.face} with the brew"


def item_name(game: Andor, item: str) -> str:
    """An item as the notation names it: its English name (the worn side's) in small letters."""
    art = game.content.articles[item.partition(":")[0]]
    if item.endswith(":worn"):
        return (art.worn_name or art.label("en")).lower()
    return art.label("en").lower()


# ---------------------------------------------------------------------- parsing
GRAMMAR = ("an action is 'move to <region>[ with the wineskin]', 'fight the <creature> on "
           "<region>', 'buy a <article>', 'pick up the <article>', 'give the <article> to the "
           "<hero>', 'give 1 gold|willpower to the <hero>', 'send the falcon to the <hero>', "
           "'invite the <hero>', 'keep <face>', 'flip [black ]<face> of the <hero>', "
           "'double [black ]<face> with the brew', or one of: " + ", ".join(map(repr, FIXED)))

#: Each verb with parts: its pattern and how its parts make the verb.
PATTERNS: tuple[tuple[re.Pattern[str], Callable[[Andor, re.Match[str]], AndorVerb]], ...] = (
    (re.compile(r"move to ([0-9]+)( with the wineskin)?"),
     lambda g, m: Move(Region(int(m[1])), m[2] is not None)),
    (re.compile(r"fight the (.+) on ([0-9]+)"),
     lambda g, m: Attack(_names(g)[0][m[1]], Region(int(m[2])))),
    (re.compile(r"buy a (.+)"), lambda g, m: Buy(_names(g)[1][m[1]])),
    (re.compile(r"pick up the (.+)"), lambda g, m: PickUp(_names(g)[1][m[1]])),
    (re.compile(r"give 1 gold to the (\w+)"), lambda g, m: GiveGold(_seat(g, m[1]))),
    (re.compile(r"give 1 willpower to the (\w+)"), lambda g, m: GiveWillpower(_seat(g, m[1]))),
    (re.compile(r"give the (.+) to the (\w+)"),
     lambda g, m: Give(_names(g)[1][m[1]], _seat(g, m[2]))),
    (re.compile(r"send the falcon to the (\w+)"), lambda g, m: SendFalcon(_seat(g, m[1]))),
    (re.compile(r"invite the (\w+)"), lambda g, m: InviteHero(_seat(g, m[1]))),
    (re.compile(r"keep ([0-9]+)"), lambda g, m: KeepDie(Face(int(m[1])))),
    (re.compile(r"flip (black )?([0-9]+) of the (\w+)"),
     lambda g, m: FlipDie(Face(int(m[2])), m[1] is not None, _seat(g, m[3]))),
    (re.compile(r"double (black )?([0-9]+) with the brew"),
     lambda g, m: DoubleDie(Face(int(m[2])), m[1] is not None)),
)


def _names(game: Andor) -> tuple[dict[str, Kind], dict[str, Item]]:
    """Creature kinds and items by the names the notation gives them (a few dozen, built
    when a text is parsed: parsing is never in the rules' hot path)."""
    kinds = {cr.name.lower(): Kind(k) for k, cr in game.content.creatures.items()}
    items = {}
    for a in game.content.articles.values():
        items[item_name(game, a.id)] = Item(a.id)
        if a.worn_name:
            items[item_name(game, f"{a.id}:worn")] = Item(f"{a.id}:worn")
    return kinds, items


def _seat(game: Andor, hero: str) -> Seat:
    return Seat(game.hero_ids.index(hero))


def parse(game: Andor, words: str) -> AndorVerb:
    """The verb written as ``words``; IllegalAction naming the grammar otherwise."""
    verb = FIXED.get(words)
    if verb is None:
        verb = _with_parts(game, words)
    if verb is None:
        raise IllegalAction(f"{words[:80]!r} is not Andor notation; {GRAMMAR}")
    return verb


def _with_parts(game: Andor, words: str) -> AndorVerb | None:
    """The verb with parts written as ``words``, if it is one this game can offer."""
    for pattern, make in PATTERNS:
        m = pattern.fullmatch(words)
        if m is None:
            continue
        try:
            verb = make(game, m)
        except (KeyError, ValueError):  # a name or a hero this game does not have
            return None
        try:
            game.action_index(verb)
        except IllegalAction:  # a region, a face or a seat out of range
            return None
        return verb
    return None
