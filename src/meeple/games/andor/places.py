"""Where Andor's actions happen on the drawn board (docs/boards.md).

Moving is the region stepped into (``region:17``, with or without the wineskin); fighting, and
beginning, joining or going on with a fight, is the creature (``creature:64``); drinking is the
well the hero stands on (``well:14``); buying is the ware in the shop panel (``shop:helm``,
``shop:strength``) or the witch (``witch:30``); picking up is the token where the hero stands
(``ground:26:rune_red``, ``farmer:21``) and dropping a farmer is the farmer the hero carries
(``carried:warrior``); gifts, the falcon and invitations are the other hero
(``hero:archer``); using an article (herb, telescope, shield) is that article on the hero's
own board (``item:herb``); choosing a die (keep, flip, the brew) is the die (``die:1``).
Every key is written by the constructors below, from :data:`KEYS`.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from typing import TYPE_CHECKING, Any, NamedTuple, cast

from meeple.core import Action, Dispatch

from .content import load
from .verbs import (
    AcceptRoll,
    AddHerb,
    AndorVerb,
    Attack,
    Begin,
    BlockCard,
    BlockLoss,
    Buy,
    BuyBrew,
    BuyStrength,
    Decline,
    Done,
    DoubleDie,
    Drink,
    DropFarmer,
    EndDay,
    FlipDie,
    Give,
    GiveGold,
    GiveWillpower,
    HerbWalk,
    HerbWillpower,
    InviteHero,
    Join,
    KeepDie,
    KeepFighting,
    LetHappen,
    Move,
    NoFlip,
    Pass,
    PickFarmer,
    PickUp,
    RollAgain,
    SendFalcon,
    Stop,
    TakeLoss,
    Telescope,
    Withdraw,
)

if TYPE_CHECKING:
    from .game import Andor
    from .view import FightView, HeroView, View

#: The place keys the board draws, by kind: ``{0}``, ``{1}`` are filled by the constructors.
KEYS: dict[str, str] = {
    "region": "region:{0}", "creature": "creature:{0}", "die": "die:{0}", "well": "well:{0}",
    "shop": "shop:{0}", "witch": "witch:{0}", "ground": "ground:{0}:{1}",
    "farmer": "farmer:{0}", "carried": "carried:{0}", "hero": "hero:{0}", "item": "item:{0}",
}

#: Verbs with no spot on the table: they end a move, a turn or a day, answer an event or an
#: invitation, or settle a fight's roll or loss.
BUTTONS: frozenset[type[AndorVerb]] = frozenset({
    Stop,  # ends the move where the hero stands
    Done,  # ends the free actions after a move
    Pass,  # spends an hour doing nothing
    EndDay,  # the hero's marker goes to the sunrise box
    LetHappen,  # the event card is not blocked
    Decline,  # an invitation to a fight is refused
    RollAgain,  # the archer rolls his next die
    NoFlip,  # the wizard leaves the die as it is
    AcceptRoll,  # neither brew nor herb
    TakeLoss,  # no shield
    Withdraw,  # leaves the fight
})


# ---------------------------------------------------------------------- the keys
def region(r: int) -> str:
    """A region of the map: ``region:17``."""
    return KEYS["region"].format(r)


def creature(r: int) -> str:
    """The creature on a region: ``creature:64``."""
    return KEYS["creature"].format(r)


def die(k: int) -> str:
    """A die of the roll in the fight panel: ``die:1``."""
    return KEYS["die"].format(k)


def well(r: int) -> str:
    """The well on a region: ``well:14``."""
    return KEYS["well"].format(r)


def shop(ware: str) -> str:
    """A ware in the shop panel: ``shop:helm``, ``shop:strength``."""
    return KEYS["shop"].format(ware)


def witch(r: int) -> str:
    """The witch on a region: ``witch:30``."""
    return KEYS["witch"].format(r)


def ground(r: int, item_id: str) -> str:
    """An article lying on a region: ``ground:26:rune_red``."""
    return KEYS["ground"].format(r, item_id)


def farmer(r: int) -> str:
    """The farmers on a region: ``farmer:21``."""
    return KEYS["farmer"].format(r)


def carried(hero_id: str) -> str:
    """The farmers a hero carries: ``carried:warrior``."""
    return KEYS["carried"].format(hero_id)


def hero(hero_id: str) -> str:
    """A hero's board: ``hero:archer``."""
    return KEYS["hero"].format(hero_id)


def item(article: str) -> str:
    """An article on the taker's own board: ``item:herb``."""
    return KEYS["item"].format(article)


# ---------------------------------------------------------------------- where actions happen
class Table(NamedTuple):
    """What a place is looked up in: the game and the acting seat's view."""

    game: Andor
    view: View


#: The place of each verb that is not a button: ``PLACES(table, verb)``.
PLACES: Dispatch[Table, str] = Dispatch("Andor's places")


@cache
def _regions() -> int:
    return len(load().regions)


def _me(view: View) -> HeroView:
    seat = view.get("seat")
    return view["heroes"][seat if isinstance(seat, int) else 0]


def _fight(view: View) -> FightView:
    f = view["fight"]
    assert f is not None
    return f


def where(game: Andor, action: Action, view: Mapping[str, Any]) -> str | None:
    """The place of ``action`` in the acting seat's ``view``; None for a button."""
    verb = action[1]
    if type(verb) in BUTTONS:
        return None
    return PLACES(Table(game, cast("View", view)), verb)


@PLACES.on(Move)
def _move(t: Table, verb: Move) -> str:
    return region(verb.region)


@PLACES.on(Attack)
def _attack(t: Table, verb: Attack) -> str:
    return creature(verb.region)


@PLACES.on(Begin, Join, KeepFighting)
def _fought(t: Table, verb: AndorVerb) -> str:
    return creature(_fight(t.view)["region"])


@PLACES.on(GiveGold, GiveWillpower, SendFalcon, InviteHero, Give)
def _to_hero(t: Table, verb: AndorVerb) -> str:
    assert isinstance(verb, (GiveGold, GiveWillpower, SendFalcon, InviteHero, Give))
    return hero(t.game.hero_ids[verb.hero])


#: Verbs played on an article of the hero's own board.
ARTICLE = {HerbWillpower: "herb", HerbWalk: "herb", AddHerb: "herb", Telescope: "telescope",
           BlockCard: "shield", BlockLoss: "shield"}


@PLACES.on(*ARTICLE)
def _article(t: Table, verb: AndorVerb) -> str:
    return item(ARTICLE[type(verb)])


@PLACES.on(KeepDie)
def _kept(t: Table, verb: KeepDie) -> str:
    return die(len(_fight(t.view)["dice"]) - 1)


@PLACES.on(FlipDie, DoubleDie)
def _die(t: Table, verb: AndorVerb) -> str:
    """The die a flip or the brew names: the first with that face and colour."""
    assert isinstance(verb, (FlipDie, DoubleDie))
    fight = _fight(t.view)
    for k, v in enumerate(fight["dice"]):
        if v == verb.face and (k == fight["black"]) == verb.black:
            return die(k)
    raise ValueError(f"no die shows {verb.face}")


@PLACES.on(Drink)
def _drink(t: Table, verb: Drink) -> str:
    return well(_me(t.view)["region"])


@PLACES.on(Buy)
def _buy(t: Table, verb: Buy) -> str:
    return shop(verb.article)


@PLACES.on(BuyStrength)
def _buy_strength(t: Table, verb: BuyStrength) -> str:
    return shop("strength")


@PLACES.on(BuyBrew)
def _buy_brew(t: Table, verb: BuyBrew) -> str:
    return witch(_me(t.view)["region"])


@PLACES.on(PickUp)
def _pick_up(t: Table, verb: PickUp) -> str:
    return ground(_me(t.view)["region"], verb.item)


@PLACES.on(PickFarmer)
def _pick_farmer(t: Table, verb: PickFarmer) -> str:
    return farmer(_me(t.view)["region"])


@PLACES.on(DropFarmer)
def _drop_farmer(t: Table, verb: DropFarmer) -> str:
    return carried(_me(t.view)["hero"])


def places(view: Mapping[str, Any]) -> frozenset[str]:
    """Every place the board draws for ``view``."""
    v = cast("View", view)
    out = {region(r) for r in range(_regions())}
    out |= {creature(c["region"]) for c in v["creatures"]}
    f = v["fight"]
    if f is not None:
        out.add(creature(f["region"]))
        out |= {die(k) for k in range(len(f["dice"]))}
    out |= {well(r) for r, _ in v["wells"]}
    out |= {shop(a) for a in v["stock"]} | {shop("strength")}
    if v["witch"] is not None:
        out.add(witch(v["witch"]))
    out |= {ground(r, it) for r, items in v["ground"] for it in items}
    out |= {farmer(r) for r, _ in v["farmers"]}
    for h in v["heroes"]:
        out.add(hero(h["hero"]))
        if h["farmers"]:
            out.add(carried(h["hero"]))
    out |= {item(a.partition(":")[0]) for a in _me(v)["articles"]}
    return frozenset(out)


# ---------------------------------------------------------------------- what changed
def contents(view: Mapping[str, Any]) -> dict[str, object]:
    """What each place of ``view`` holds, for comparing two views (a place missing here holds
    nothing): a region its heroes, creature, fog, farmers, articles, well, closure and witch;
    a creature its kind and numbers; a die its face; a hero his board; a ware its stock."""
    v = cast("View", view)
    here: dict[int, list[object]] = {}

    def at(r: int) -> list[object]:
        return here.setdefault(r, [])

    out: dict[str, object] = {}
    for h in v["heroes"]:
        at(h["region"]).append(("hero", h["hero"]))
        out[hero(h["hero"])] = (h["region"], h["strength"], h["willpower"], h["gold"],
                                h["hours"], h["ended"], tuple(h["articles"]), h["farmers"])
        if h["farmers"]:
            out[carried(h["hero"])] = h["farmers"]
    for c in v["creatures"]:
        at(c["region"]).append(("creature", c["kind"]))
        out[creature(c["region"])] = (c["kind"], c["strength"], c["willpower"])
    f = v["fight"]
    if f is not None:
        out[creature(f["region"])] = (f["kind"], f["strength"], f["willpower"])
        for k, face in enumerate(f["dice"]):
            out[die(k)] = (face, k == f["black"])
    for r, token in v["fog"]:
        at(r).append(("fog", token))
    for r, n in v["farmers"]:
        at(r).append(("farmers", n))
        out[farmer(r)] = n
    for r, items in v["ground"]:
        at(r).append(("ground", tuple(items)))
        for it in items:
            out[ground(r, it)] = items.count(it)
    for r, full in v["wells"]:
        at(r).append(("well", full))
        out[well(r)] = full
    for r in v["blocked"]:
        at(r).append(("blocked",))
    if v["witch"] is not None:
        at(v["witch"]).append(("witch",))
        out[witch(v["witch"])] = True
    out.update((shop(a), n) for a, n in v["stock"].items())
    out.update((region(r), tuple(things)) for r, things in here.items())
    for a in _me(v)["articles"]:
        key = item(a.partition(":")[0])
        held = out.get(key, ())
        out[key] = (*cast("tuple[str, ...]", held), a)
    return out


def changed(game: Andor, before: Mapping[str, Any], after: Mapping[str, Any]
            ) -> frozenset[str]:
    """The places of ``after`` whose content differs from ``before`` (two views of one seat):
    heroes and creatures that moved or whose numbers changed, fog revealed, wells emptied or
    filled, farmers and articles taken or left, stock sold, dice rolled."""
    old, new = contents(before), contents(after)
    return frozenset(k for k in places(after) if old.get(k) != new.get(k))
