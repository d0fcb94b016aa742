"""Myth's actions as people read them: what each costs and does (docs/words.md).

A label is built from the action's wire text alone (``play Trow``, ``swap Slay a Wight``,
``nod to 1,-2``), never its data, so a logged action reads like a legal one; the taker's own
view, when given, adds what depends on the moment: the price with the Codex or off new ground,
the cell a move leads to, the odds of an attack.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from meeple.core import Action

from .content import load
from .lookup import brief
from .params import (
    AVATARA_HEAL_COST,
    EXTRA_TURN_COST,
    HEAL_COST,
    LEVEL_COST,
    REDRAW_COST,
    SWAP_COST,
)
from .text import (
    LETTERS,
    SIDE_BITS,
    card_name,
    cell,
    cost,
    hero_name,
    quest_name,
    res,
    sides_of,
    tile_name,
    tr,
)

if TYPE_CHECKING:
    from meeple.core import Game

View = Mapping[str, Any] | None
#: Wire texts that are the whole action: text -> kind.
EXACT = {
    "stay": "stay", "stay put": "stayput", "pass": "pass", "fight": "fight",
    "redraw tile": "redraw", "extra turn": "extra", "heal": "heal", "avatara heal": "avatara",
    "end turn": "end", "order: allow cards": "allow", "order: forbid cards": "forbid",
    "play a card": "play_hidden", "swap a quest": "swap_hidden",
}
#: Wire texts that are a word and an argument: prefix -> kind.
PREFIXES = ("draw", "move", "explore", "place", "play", "resolve", "nod to", "discard",
            "destroy", "deceive", "remove", "imprison", "attack", "target", "show", "swap")
STEP = {"north": (0, -1), "east": (1, 0), "south": (0, 1), "west": (-1, 0)}
#: Kinds that always spend resources; ``play`` and ``draw`` may.
PAID = frozenset({"redraw", "remove", "swap", "swap_hidden", "heal", "avatara", "extra",
                  "show", "play_hidden"})


def parse(text: str) -> tuple[str, str]:
    """An action's wire text as ``(kind, argument)``."""
    if text in EXACT:
        return EXACT[text], ""
    for p in PREFIXES:
        if text.startswith(p + " "):
            return p.split()[0], text[len(p) + 1:]
    raise ValueError(f"not a Myth action: {text!r}")


def _hero_id(name: str) -> str:
    return next(h.id for h in load().heroes.values() if h.name == name)


def _me(view: View) -> Mapping[str, Any] | None:
    """The hero whose turn it is (who pays for the turn's choices)."""
    return None if view is None else view["heroes"][view["current"]]


def draw_cost(game: Game[Any], hand: int, n: int) -> int:
    """MYTH-31: what drawing ``n`` cards costs with ``hand`` cards held."""
    size = int(game.config["hand_size"])
    return sum(2 ** (k - size) for k in range(hand + 1, hand + n + 1) if k > size)


def play_cost(cid: str, view: View) -> int:
    """What the taker pays to play ``cid``: the Codex takes one off, explored ground doubles."""
    base = load().cards[cid].cost
    if view is None or view.get("seat") is None:
        return base
    mine = view["heroes"][view["seat"]]
    c = max(1, base - 1) if base and "codex" in mine["items"] else base
    double = view["double_cost"] and view["step"] == "offer"  # only while cards are offered
    return c * 2 if double else c


def chance(view: Mapping[str, Any], monster: str) -> int:
    """The percent chance that one attack of the hero to act kills ``monster`` (MYTH-53)."""
    me = view["heroes"][view["current"]]
    here = me["cell"]
    cs = load().cards
    dark = sum(cs[c].value for x, y, cards in view["lasting"] if [x, y] == here
               for c in cards if cs[c].effect == "darkness")
    need = cs[monster].defence - me["attack"] + dark  # the roll must be higher than this
    return int(max(0, min(100, 100 - need)))


def _monsters_here(view: Mapping[str, Any]) -> list[str]:
    here = view["heroes"][view["current"]]["cell"]
    return next((list(dict.fromkeys(m)) for x, y, m in view["enemies"] if [x, y] == here), [])


def _fields(game: Game[Any], kind: str, arg: str, lang: str, view: View) -> tuple[str, dict[str, Any]]:
    """The variant of ``kind``'s sentence and its fields."""
    t = tr(lang)
    me = _me(view)
    if kind == "draw":
        n = int(arg)
        paid = draw_cost(game, me["hand"], n) if me is not None else 0
        f = {"count": t.count("cards", n), "cost": res(paid, lang),
             "size": game.config["hand_size"]}
        return (".none" if not n else ".paid" if paid else ""), f
    if kind in ("move", "explore"):
        f = {"dir": t(f"dir.{arg}")}
        if kind == "move" and me is not None:
            dx, dy = STEP[arg]
            return ".to", {**f, "cell": cell((me["cell"][0] + dx, me["cell"][1] + dy), lang)}
        return "", f
    if kind == "place":
        f = {"sides": sides_of(sum(SIDE_BITS[LETTERS[ch]] for ch in arg), lang)}
        if view is not None and view.get("drawn_tile"):
            return ".tile", {**f, "tile": tile_name(view["drawn_tile"], lang)}
        return "", f
    if kind in ("play", "resolve", "discard", "destroy", "remove", "imprison", "attack"):
        return _card_fields(kind, load().card_by_name[arg], lang, view)
    if kind == "nod":
        x, y = arg.split(",")
        return "", {"cell": cell((int(x), int(y)), lang)}
    if kind in ("deceive", "target"):
        f = {"hero": hero_name(_hero_id(arg), lang)}
        if kind == "target" and view is not None and view.get("striker"):
            return ".monster", {**f, "monster": card_name(view["striker"], lang)}
        return "", f
    if kind in ("show", "swap"):
        return _quest_fields(kind, arg, lang, me)
    return _plain_fields(kind, lang, me)


def _card_fields(kind: str, cid: str, lang: str, view: View) -> tuple[str, dict[str, Any]]:
    t = tr(lang)
    f: dict[str, Any] = {"card": card_name(cid, lang), "monster": card_name(cid, lang)}
    if kind == "play":
        return "", {**f, "cost": cost(play_cost(cid, view), lang), "effect": brief(cid, lang)}
    if kind == "remove":
        return "", {**f, "cost": res(load().cards[cid].damage + 1, lang)}
    if kind == "imprison" and view is not None:
        return ".room", {**f, "load": view["tain_load"], "capacity": load().cards["tain"].value}
    if kind == "attack" and view is not None:
        return ".odds", {**f, "chance": t("percent", n=chance(view, cid))}
    return "", f


def _quest_fields(kind: str, arg: str, lang: str,
                  me: Mapping[str, Any] | None) -> tuple[str, dict[str, Any]]:
    qid = load().quest_by_name[arg]
    f: dict[str, Any] = {"quest": quest_name(qid, lang)}
    if kind == "swap":
        return "", {**f, "cost": res(SWAP_COST, lang)}
    if me is None:
        return "", f
    level = me["level"]
    return ".cost", {**f, "cost": res(LEVEL_COST[level], lang), "level": level + 1}


def _plain_fields(kind: str, lang: str,
                  me: Mapping[str, Any] | None) -> tuple[str, dict[str, Any]]:
    t = tr(lang)
    price = {"redraw": REDRAW_COST, "heal": HEAL_COST, "avatara": AVATARA_HEAL_COST,
             "extra": EXTRA_TURN_COST, "swap_hidden": SWAP_COST}.get(kind, 0)
    f: dict[str, Any] = {"cost": res(price, lang)}
    if kind == "heal" and me is not None:
        rate = load().heroes[me["hero"]].heal
        return ".rate", {**f, "life": t.count("life", rate)}
    return "", f


def _key(kind: str, variant: str) -> str:
    """``play_hidden`` is the ``hidden`` variant of ``play``."""
    if kind.endswith("_hidden"):
        return kind.removesuffix("_hidden") + ".hidden"
    return kind + variant


def label(game: Game[Any], action: Action, lang: str = "en", view: View = None) -> str:
    """The action as its taker reads it in a menu, with what it costs and does."""
    kind, arg = parse(action[0])
    variant, fields = _fields(game, kind, arg, lang, view)
    if kind == "fight" and view is not None:
        t = tr(lang)
        odds = [t("label.odds", monster=card_name(m, lang),
                  chance=t("percent", n=chance(view, m))) for m in _monsters_here(view)]
        return t("label.fight.odds", odds=", ".join(odds))
    return tr(lang)("label." + _key(kind, variant), **fields)


def told(game: Game[Any], text: str, lang: str = "en") -> str:
    """An action as others are told of it: ``plays a card face down``, ``goes north``."""
    kind, arg = parse(text)
    variant, fields = _fields(game, kind, arg, lang, None)
    return tr(lang)("did." + _key(kind, variant), **fields)


def costs(game: Game[Any], action: Action, view: View = None) -> bool:
    """Whether the action spends resources (menus list such actions after the free ones)."""
    kind, arg = parse(action[0])
    if kind in PAID:
        return True
    if kind == "play":
        return play_cost(load().card_by_name[arg], view) > 0
    if kind == "draw":
        me = _me(view)
        return me is not None and draw_cost(game, me["hand"], int(arg)) > 0
    return False
