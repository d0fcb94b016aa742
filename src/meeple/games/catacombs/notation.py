"""The catacombs' notation: the text of each verb, as players type it and records store it, and
the verb of each text.

Things are written by their English names in the content (``buy Short Sword``, ``enter
north-east``, ``take Crossroads``), sides by their words (``explore north``, ``break west
wall``) and a tile's passages by their letters, north first (``place NES``).

>>> import meeple
>>> game = meeple.load("catacombs", players=3)
>>> from meeple.games.catacombs.verbs import Buy, Dir, ItemId, Sides
>>> text(game, Explore(Dir(0))), text(game, BreakWall(Dir(3))), text(game, Place(Sides(7)))
('explore north', 'break west wall', 'place NES')
>>> text(game, Brew(ItemId(game.content.item_index["strength"]), cristall=True))
'brew Strength Potion with Cristall'
>>> parse(game, "offer trade to seat 2"), parse(game, "ask 100 coins"), parse(game, "stay")
(OfferTrade(partner=2), AskCoins(coins=100), Stay())
>>> parse(game, "buy Dagger") == Buy(ItemId(0))
True
>>> parse(game, "place SN")  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
meeple.core.errors.IllegalAction: 'place SN' is not catacombs notation; ...
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.core import Dispatch, IllegalAction, Verb

from .board import DIRS, mask_text
from .verbs import (
    ITEM_VERBS,
    RAISES,
    Accept,
    AskCoins,
    Attack,
    BreakWall,
    Brew,
    BuyExperience,
    BuyTurn,
    CancelTrade,
    Decline,
    Dir,
    DrawTile,
    EndTurn,
    Enter,
    EntranceId,
    Explore,
    Fight,
    GiveCoins,
    ItemId,
    OfferTrade,
    Place,
    Propose,
    Raise,
    Redraw,
    RefuseTile,
    Retreat,
    Seat,
    Sides,
    Sneak,
    SpeedTo,
    SpeedWalk,
    Stay,
    Step,
    Stop,
    TakeTile,
    TileId,
    TurnTile,
    Walk,
)

if TYPE_CHECKING:
    from .content import Catalog
    from .game import Catacombs

#: The verbs that are one fixed text.
FIXED: dict[type[Verb], str] = {
    Walk: "walk", SpeedWalk: "speed walk", Stay: "stay", Stop: "stop", Fight: "fight",
    Retreat: "retreat", Attack: "attack", DrawTile: "draw tile", RefuseTile: "refuse tile",
    BuyTurn: "buy extra turn", BuyExperience: "buy experience", Redraw: "use Spinner to redraw",
    Propose: "propose", CancelTrade: "cancel trade", Accept: "accept", Decline: "decline",
    EndTurn: "end turn",
}
_BY_TEXT = {words: verb for verb, words in FIXED.items()}
_ITEM_VERB = {v.word: v for v in ITEM_VERBS}
_SIDE_VERB: dict[str, type[Explore | Step | Sneak]] = {"explore": Explore, "step": Step,
                                                      "sneak": Sneak}
GRAMMAR = ("an action is 'enter <entrance>', 'explore|step|sneak <side>', 'break <side> wall', "
           "'speed to <entrance>', 'take <tile>', 'place <sides>', 'turn tile to <sides>', "
           "'raise strength|armour|health', 'equip|unequip|buy|sell|drink|use|sacrifice|give|ask "
           "<item>', 'brew <potion>[ with Cristall]', "
           "'give|ask 10|100 coins', 'offer trade to seat <n>' or one of "
           + ", ".join(repr(t) for t in FIXED.values()))

#: The text of each verb with fields: ``WRITE(content, verb)``.
WRITE: Dispatch[Catalog, str] = Dispatch("the catacombs' notation")


@WRITE.on(Enter)
def _enter(content: Catalog, verb: Enter) -> str:
    return f"enter {content.entrances[verb.entrance].name}"


@WRITE.on(SpeedTo)
def _speed_to(content: Catalog, verb: SpeedTo) -> str:
    return f"speed to {content.entrances[verb.entrance].name}"


@WRITE.on(Explore, Step, Sneak)
def _toward(content: Catalog, verb: Verb) -> str:
    assert isinstance(verb, (Explore, Step, Sneak))
    return f"{verb.word} {DIRS[verb.direction]}"


@WRITE.on(BreakWall)
def _break(content: Catalog, verb: BreakWall) -> str:
    return f"break {DIRS[verb.direction]} wall"


@WRITE.on(TakeTile)
def _take(content: Catalog, verb: TakeTile) -> str:
    return f"take {next(t.name for t in content.tiles if t.id == verb.tile)}"


@WRITE.on(Place)
def _place(content: Catalog, verb: Place) -> str:
    return f"place {mask_text(verb.sides)}"


@WRITE.on(TurnTile)
def _turn_tile(content: Catalog, verb: TurnTile) -> str:
    return f"turn tile to {mask_text(verb.sides)}"


@WRITE.on(Raise)
def _raise(content: Catalog, verb: Raise) -> str:
    return f"raise {verb.stat}"


@WRITE.on(*ITEM_VERBS)
def _thing(content: Catalog, verb: Verb) -> str:
    assert isinstance(verb, ITEM_VERBS)
    return f"{verb.word} {content.items[verb.item].name}"


@WRITE.on(Brew)
def _brew(content: Catalog, verb: Brew) -> str:
    return f"brew {content.items[verb.potion].name}" + (" with Cristall" if verb.cristall else "")


@WRITE.on(GiveCoins, AskCoins)
def _coins(content: Catalog, verb: Verb) -> str:
    assert isinstance(verb, (GiveCoins, AskCoins))
    return f"{verb.word} {verb.coins} coins"


@WRITE.on(OfferTrade)
def _offer(content: Catalog, verb: OfferTrade) -> str:
    return f"offer trade to seat {verb.partner}"


def text(game: Catacombs, verb: Verb) -> str:
    """The text of the action whose verb is ``verb``."""
    fixed = FIXED.get(verb.__class__)
    return fixed if fixed is not None else WRITE(game.content, verb)


# ---------------------------------------------------------------- reading
def _dir(name: str) -> Dir | None:
    return Dir(DIRS.index(name)) if name in DIRS else None


def _sides(letters: str) -> Sides | None:
    mask = sum(1 << "NESW".index(ch) for ch in set(letters) if ch in "NESW")
    return Sides(mask) if mask else None


def _entrance(content: Catalog, name: str) -> EntranceId | None:
    return next((EntranceId(i) for i, e in enumerate(content.entrances) if e.name == name), None)


def _item(content: Catalog, name: str) -> ItemId | None:
    return next((ItemId(it.index) for it in content.items if it.name == name), None)


def _placed(content: Catalog, head: str, rest: str) -> Verb | None:
    """A verb naming a side, an entrance, a tile or its sides (or None)."""
    if head in _SIDE_VERB:
        d = _dir(rest)
        return None if d is None else _SIDE_VERB[head](d)
    if head == "break":
        d = _dir(rest.removesuffix(" wall"))
        return None if d is None else BreakWall(d)
    if head in ("enter", "speed"):
        e = _entrance(content, rest.removeprefix("to ") if head == "speed" else rest)
        return None if e is None else Enter(e) if head == "enter" else SpeedTo(e)
    if head == "take":
        tile = next((t.id for t in content.tiles if t.name == rest), None)
        return None if tile is None else TakeTile(TileId(tile))
    if head in ("place", "turn"):
        m = _sides(rest.removeprefix("tile to ") if head == "turn" else rest)
        return None if m is None else Place(m) if head == "place" else TurnTile(m)
    return None


def _read(content: Catalog, head: str, rest: str) -> Verb | None:
    """The verb ``head rest`` reads as (checked against its text by :func:`parse`), or None."""
    if head == "raise":
        stat = next((s for s in RAISES if s == rest), None)
        return None if stat is None else Raise(stat)
    if head == "offer":
        seat = rest.removeprefix("trade to seat ")
        return OfferTrade(Seat(int(seat))) if seat.isdigit() and len(seat) < 4 else None
    if head == "brew":
        potion = _item(content, rest.removesuffix(" with Cristall"))
        return None if potion is None else Brew(potion, rest.endswith(" with Cristall"))
    if head in ("give", "ask") and rest.endswith(" coins"):
        amount = rest.removesuffix(" coins")
        if not (amount.isdigit() and len(amount) < 6):
            return None
        return GiveCoins(int(amount)) if head == "give" else AskCoins(int(amount))
    if head in _ITEM_VERB:
        item = _item(content, rest)
        return None if item is None else _ITEM_VERB[head](item)
    return _placed(content, head, rest)


def parse(game: Catacombs, words: str) -> Verb:
    """The verb written as ``words``, one the game offers; IllegalAction naming the grammar
    otherwise."""
    fixed = _BY_TEXT.get(words)
    head, _, rest = words.partition(" ")
    verb = fixed() if fixed is not None else _read(game.content, head, rest)
    if verb is not None and text(game, verb) == words:
        try:
            game.action_index(verb)
            return verb
        except IllegalAction:
            pass
    raise IllegalAction(f"{words[:60]!r} is not catacombs notation; {GRAMMAR}")
