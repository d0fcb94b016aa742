"""Grab and Hit's notation: the text of each verb, and the verb of each text.

Things are named by their English names; the words around them are fixed:

>>> import meeple
>>> from meeple.games.grabhit.verbs import AdventurerId, CardId, Cast, ServiceId, Visit
>>> game = meeple.load("grabhit", players=3)
>>> text(game, Cast(CardId(50), target=AdventurerId(1)))
'cast Fireball on Violet'
>>> parse(game, "cast Fireball on Violet")
Cast(card=50, target=1, weapon=None)
>>> text(game, Visit(ServiceId(2), CardId(4)))
"visit Armourer's Shop: repair Battle Axe"
>>> parse(game, "bid 3 on Frozen Lake")
Bid(location=33, coins=3)
>>> parse(game, "attack with fists"), parse(game, "use ability on armour")
(Attack(weapon=None), UseAbility(target=None, weapon=None, armour=True))
>>> parse(game, "keep Fireball")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
meeple.core.errors.IllegalAction: 'keep Fireball' is not Grab and Hit notation; ...
"""

from __future__ import annotations

from collections.abc import Callable
from typing import TYPE_CHECKING

from meeple.core import Dispatch, IllegalAction, Verb

from .content import COLOURS, Tables
from .verbs import (
    Accept,
    AdventurerId,
    Attach,
    Attack,
    Bid,
    Block,
    Buy,
    CardId,
    Cast,
    Choose,
    Colour,
    Decline,
    Discard,
    Done,
    Draw,
    Hit,
    Keep,
    Repair,
    ServiceId,
    Spin,
    Take,
    UseAbility,
    Visit,
)

if TYPE_CHECKING:
    from .game import GrabHit

#: The grammar, told when a text is not an action.
GRAMMAR = ("an action is 'choose <adventurer>', 'spin', 'draw <colour>', 'done', 'accept', "
           "'keep|repair|attack with <weapon>', 'attack with fists', "
           "'buy|decline|discard <location>', 'bid <coins> on <location>', "
           "'block with <shield>', 'take <card>', 'attach <blueprint> to <weapon>', "
           "'visit <shop>: <service>', 'cast <scroll>[ on <adventurer or weapon>]', "
           "'use ability[ on <adventurer, weapon or armour>]' or 'hit <adventurer>'")
#: The words of the services a shop gives without a card to name, by the service's kind.
SERVICE_WORDS = {"buy_scroll": "buy a scroll", "repair_armour": "repair armour",
                 "heal": "eat a hot meal"}
#: The word before the card a service names, by the service's kind.
SERVICE_CARD_WORD = {"lift_curse": "lift", "repair_weapon": "repair"}

_TEXT: Dispatch[Tables, str] = Dispatch("Grab and Hit's notation")


def text(game: GrabHit, verb: Verb) -> str:
    """The text of the action whose verb is ``verb``."""
    return _TEXT(game.content, verb)


def _card(c: Tables, card: int) -> str:
    return c.cards[card].entry.name


def _target(c: Tables, target: AdventurerId | None, weapon: CardId | None) -> str:
    if target is not None:
        return f" on {c.adventurers[target].name}"
    return "" if weapon is None else f" on {_card(c, weapon)}"


@_TEXT.on(Choose)
def _choose(c: Tables, v: Choose) -> str:
    return f"choose {c.adventurers[v.adventurer].name}"


@_TEXT.on(Spin, Done, Accept)
def _bare(c: Tables, v: Verb) -> str:
    return v.word


@_TEXT.on(Draw)
def _draw(c: Tables, v: Draw) -> str:
    return f"draw {COLOURS[v.colour]}"


@_TEXT.on(Keep)
def _keep(c: Tables, v: Keep) -> str:
    return f"keep {_card(c, v.weapon)}"


@_TEXT.on(Repair)
def _repair(c: Tables, v: Repair) -> str:
    return f"repair {_card(c, v.weapon)}"


@_TEXT.on(Buy)
def _buy(c: Tables, v: Buy) -> str:
    return f"buy {_card(c, v.location)}"


@_TEXT.on(Decline)
def _decline(c: Tables, v: Decline) -> str:
    return f"decline {_card(c, v.location)}"


@_TEXT.on(Discard)
def _discard(c: Tables, v: Discard) -> str:
    return f"discard {_card(c, v.location)}"


@_TEXT.on(Block)
def _block(c: Tables, v: Block) -> str:
    return f"block with {_card(c, v.shield)}"


@_TEXT.on(Take)
def _take(c: Tables, v: Take) -> str:
    return f"take {_card(c, v.card)}"


@_TEXT.on(Attach)
def _attach(c: Tables, v: Attach) -> str:
    return f"attach {_card(c, v.blueprint)} to {_card(c, v.weapon)}"


@_TEXT.on(Bid)
def _bid(c: Tables, v: Bid) -> str:
    return f"bid {v.coins} on {_card(c, v.location)}"


@_TEXT.on(Visit)
def _visit(c: Tables, v: Visit) -> str:
    sv = c.services[v.service]
    shop = _card(c, c.shops[sv.shop])
    if v.card is None:
        return f"visit {shop}: {SERVICE_WORDS[sv.kind]}"
    return f"visit {shop}: {SERVICE_CARD_WORD[sv.kind]} {_card(c, v.card)}"


@_TEXT.on(Cast)
def _cast(c: Tables, v: Cast) -> str:
    return f"cast {_card(c, v.card)}{_target(c, v.target, v.weapon)}"


@_TEXT.on(UseAbility)
def _use(c: Tables, v: UseAbility) -> str:
    return "use ability" + (" on armour" if v.armour else _target(c, v.target, v.weapon))


@_TEXT.on(Attack)
def _attack(c: Tables, v: Attack) -> str:
    return "attack with " + ("fists" if v.weapon is None else _card(c, v.weapon))


@_TEXT.on(Hit)
def _hit(c: Tables, v: Hit) -> str:
    return f"hit {c.adventurers[v.target].name}"


# ---------------------------------------------------------------- reading a text back


def parse(game: GrabHit, words: str) -> Verb:
    """The verb written as ``words``; IllegalAction naming the grammar otherwise."""
    head, _, rest = words.partition(" ")
    read = _READ.get(head)
    verb = read(game.content, rest) if read is not None else None
    if verb is None:
        raise IllegalAction(f"{words[:80]!r} is not Grab and Hit notation; {GRAMMAR}")
    return verb


def _named(c: Tables, name: str, *kinds: str) -> CardId | None:
    """The card (its first copy) of this English name and one of these kinds, or None."""
    card = c.named.get(name)
    return CardId(card) if card is not None and c.cards[card].kind in kinds else None


def _adventurer(c: Tables, name: str) -> AdventurerId | None:
    return next((AdventurerId(i) for i, a in enumerate(c.adventurers) if a.name == name), None)


def _read_bare(verb: Verb) -> Callable[[Tables, str], Verb | None]:
    return lambda c, rest: verb if rest == "" else None


def _read_card(make: Callable[[CardId], Verb], *kinds: str,
               prefix: str = "") -> Callable[[Tables, str], Verb | None]:
    def read(c: Tables, rest: str) -> Verb | None:
        if not rest.startswith(prefix):
            return None
        card = _named(c, rest[len(prefix):], *kinds)
        return None if card is None else make(card)
    return read


def _read_choose(c: Tables, rest: str) -> Verb | None:
    a = _adventurer(c, rest)
    return None if a is None else Choose(a)


def _read_hit(c: Tables, rest: str) -> Verb | None:
    a = _adventurer(c, rest)
    return None if a is None else Hit(a)


def _read_draw(c: Tables, rest: str) -> Verb | None:
    return Draw(Colour(COLOURS.index(rest))) if rest in COLOURS else None


def _read_attack(c: Tables, rest: str) -> Verb | None:
    if rest == "with fists":
        return Attack(None)
    return _read_card(Attack, "weapon", prefix="with ")(c, rest)


def _read_attach(c: Tables, rest: str) -> Verb | None:
    bp, _, weapon = rest.partition(" to ")
    b, w = _named(c, bp, "blueprint"), _named(c, weapon, "weapon")
    return None if b is None or w is None else Attach(b, w)


def _read_bid(c: Tables, rest: str) -> Verb | None:
    coins, _, name = rest.partition(" on ")
    loc = _named(c, name, "location")
    if loc is None or not coins.isascii() or not coins.isdigit() or coins != str(int(coins)):
        return None
    return Bid(loc, int(coins))


def _read_visit(c: Tables, rest: str) -> Verb | None:
    shop_name, _, words = rest.partition(": ")
    shop = next((s for s, k in c.shops.items() if c.cards[k].entry.name == shop_name), None)
    for i, sv in enumerate(c.services):
        if sv.shop != shop:
            continue
        if words == SERVICE_WORDS.get(sv.kind):
            return Visit(ServiceId(i))
        head, _, name = words.partition(" ")
        card = _named(c, name, "curse" if sv.kind == "lift_curse" else "weapon")
        if head == SERVICE_CARD_WORD.get(sv.kind) and card is not None:
            return Visit(ServiceId(i), card)
    return None


def _read_aim(c: Tables, rest: str) -> tuple[AdventurerId | None, CardId | None] | None:
    """The adventurer or weapon after " on " (both None when ``rest`` is empty)."""
    if not rest:
        return None, None
    if not rest.startswith(" on "):
        return None
    name = rest[len(" on "):]
    a = _adventurer(c, name)
    w = _named(c, name, "weapon") if a is None else None
    return None if a is None and w is None else (a, w)


def _read_cast(c: Tables, rest: str) -> Verb | None:
    name, on, target = rest.partition(" on ")
    card = _named(c, name, "magic", "curse")
    aim = _read_aim(c, on + target)
    return None if card is None or aim is None else Cast(card, aim[0], aim[1])


def _read_use(c: Tables, rest: str) -> Verb | None:
    if not rest.startswith("ability"):
        return None
    rest = rest[len("ability"):]
    if rest == " on armour":
        return UseAbility(armour=True)
    aim = _read_aim(c, rest)
    return None if aim is None else UseAbility(aim[0], aim[1])


#: How each verb's first word reads the rest of its text.
_READ: dict[str, Callable[[Tables, str], Verb | None]] = {
    "choose": _read_choose, "spin": _read_bare(Spin()), "draw": _read_draw,
    "done": _read_bare(Done()), "accept": _read_bare(Accept()),
    "keep": _read_card(Keep, "weapon"), "repair": _read_card(Repair, "weapon"),
    "buy": _read_card(Buy, "location"), "decline": _read_card(Decline, "location"),
    "discard": _read_card(Discard, "location"),
    "block": _read_card(Block, "shield", prefix="with "),
    "take": _read_card(Take, "blueprint", "magic", "curse"),
    "attach": _read_attach, "bid": _read_bid, "visit": _read_visit, "cast": _read_cast,
    "use": _read_use, "attack": _read_attack, "hit": _read_hit,
}
