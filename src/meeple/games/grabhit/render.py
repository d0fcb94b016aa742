"""The Grab and Hit table in the terminal (never imported by the rules).

One row per adventurer (life and armour as pips, gold, weapons with their numbers, locations
with world, level and income, cards in hand and on him), the wheel's last sector, the decision
being taken, the auction, the centre, the decks and a key to the symbols. Every word comes from
the game's catalogues; at 120 columns or more the table adds each adventurer's ability and
income.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import TYPE_CHECKING, Any

from rich.console import Console, ConsoleOptions, RenderResult
from rich.table import Table
from rich.text import Text

from .content import tables
from .lookup import ability_name, adventurer, local_id, money, money_acc, money_gen, sector_text, t
from .text import names_of

if TYPE_CHECKING:
    from .view import CardView, LocationView, PendingView, PlayerView, View, WeaponView

#: From this width on, the table shows abilities and incomes too.
WIDE = 120
#: The rulebook's numbers of the phases a turn can lose (GAH-6).
NUMBERS = {"spin": 1, "income": 2, "draw": 3, "free": 4, "hit": 5}


def _pips(have: int, most: int, full: str) -> str:
    return full * have + "·" * max(0, most - have)


def _card(c: CardView | WeaponView, lang: str) -> str:
    return local_id(c["id"], lang)


class Board:
    """The whole table as a rich renderable that fits the width it is given."""

    def __init__(self, view: View, seat: int | None, lang: str) -> None:
        self.view, self.seat, self.lang = view, seat, lang
        self.tx = t(lang)
        self.names = names_of(view, lang)

    def __rich_console__(self, console: Console, options: ConsoleOptions) -> RenderResult:
        yield Text(self._head())
        yield from (Text(line) for line in self._now())
        yield self._table(options.max_width >= WIDE)
        yield from (Text(line) for line in self._market())
        yield Text(self.tx("screen.legend"), style="dim")

    def _head(self) -> str:
        v, tx = self.view, self.tx
        target = money(v["gold_target"], self.lang)
        if v["phase"] == "start":
            return tx("screen.head.setup", target=target)
        phase = "free.limbo" if v["phase"] == "free" and v["step"] == "limbo" else v["phase"]
        return tx("screen.head", round=v["round"], name=self.names[v["active"]],
                  phase=tx(f"phase.{phase}"), target=target)

    def _now(self) -> Iterator[str]:
        """The wheel, the decision being taken, the attack under way, phases lost, the end."""
        v, tx = self.view, self.tx
        sec = v["wheel"] or v["last_spin"]
        if sec is not None:
            yield tx("screen.wheel", sector=sector_text(tables().sectors[sec["index"]],
                                                        self.lang))
        if v["lost_phases"]:
            yield tx("screen.lost", phases=", ".join(str(NUMBERS[p]) for p in v["lost_phases"]))
        if v["pending"] is not None:
            yield self._pending(v["pending"])
        elif v["phase"] == "hit" and v["attack"]["weapon"] is not None:
            w = v["attack"]["weapon"]
            weapon = tx("screen.fists") if w == "fists" else local_id(w, self.lang)
            yield tx("screen.attack", name=self.names[v["active"]], weapon=weapon,
                     hits=tx.count("hits", v["attack"]["hits_left"]))
        if "result" in v:
            r = v["result"]
            who = ", ".join(self.names[s] for s in r["winners"])
            yield tx("screen.over", headline=tx(f"event.game_over.{r['reason']}", names=who))

    def _pending(self, p: PendingView) -> str:
        tx, lang = self.tx, self.lang
        f: dict[str, Any] = {"name": self.names[p["seat"]]}
        kind = p["kind"]
        if kind == "keep" and "cards" in p:
            f["a"], f["b"] = (_card(c, lang) for c in p["cards"])
        elif kind == "buy" and "card" in p:
            loc = _by_id(p["card"]["id"])
            f.update(card=_card(p["card"], lang), price=money_acc(loc.price, lang))
        elif kind == "shield" and "effect" in p:
            card = p["effect"]["card"]
            f["source"] = tx("source.card", card=_card(card, lang)) if card \
                else tx("source.ability")
        return tx(f"screen.pending.{kind}", **f)

    def _table(self, wide: bool) -> Table:
        """A row per adventurer: name and status, life, armour, gold (at 120 columns and more
        also ability and income), then what he holds, one thing a line."""
        tx, lang = self.tx, self.lang
        grid = Table.grid(padding=(0, 1, 0, 0))
        for _ in range(5 if wide else 4):
            grid.add_column(no_wrap=True)
        grid.add_column(overflow="fold")
        for p in self.view["players_info"]:
            marker = "▶" if p["seat"] == self.view["active"] and \
                self.view["phase"] != "start" else " "
            head = [marker + self._name(p), _pips(p["life"], p["max_life"], "♥"),
                    _pips(p["armour"], p["max_armour"], "■"), money(p["gold"], lang)]
            if wide:
                head.append(self._ability(p) + " · " + tx("screen.income",
                                                          coins=money(p["income"], lang))
                            if p["adventurer"] else "")
            status = ", ".join(self._status(p))
            held = [*([status] if status else []),*(self._weapon(w) for w in p["weapons"]),
                    *(self._location(c) for c in p["locations"]), *self._cards(p)]
            grid.add_row(*head, " · ".join(held) or tx("screen.none"))
        return grid

    def _name(self, p: PlayerView) -> str:
        name = self.names[p["seat"]]
        return self.tx("who.you", name=name) if p["seat"] == self.seat else name

    def _status(self, p: PlayerView) -> list[str]:
        tx, out = self.tx, []
        if p["dead"]:
            out.append(tx("screen.status.dead"))
        elif p["died"]:
            out.append(tx("screen.status.died"))
        if p["limbo"]:
            out.append(tx("screen.status.limbo", n=p["limbo"]))
        elif p["immune"]:
            out.append(tx("screen.status.immune"))
        if p["defending"]:
            out.append(tx("screen.status.guarded"))
        return out

    def _weapon(self, w: WeaponView) -> str:
        text = (f"{_card(w, self.lang)} ⚔{w['damage']}×{w['speed']} "
                f"◆{w['durability']}/{w['max_durability']}" + (" ⇣" if w["pierce"] else ""))
        return " + ".join([text, *(_card(b, self.lang) for b in w["blueprints"])])

    def _location(self, c: LocationView) -> str:
        tx = self.tx
        key = "screen.loc.shop" if c["shop"] else "screen.loc"
        return tx(key, card=_card(c, self.lang), world=tx(f"world.{c['world']}"),
                  level=c["level"], income=c["income"])

    def _cards(self, p: PlayerView) -> list[str]:
        lang = self.lang
        return ([_card(c, lang) for c in p["hand"]]
                + ["↑" + _card(c, lang) for c in p["upgrades"]]
                + ["◈" + _card(c, lang) for c in p["shields"]]
                + ["✗" + _card(c, lang) for c in p["curses"]])

    def _ability(self, p: PlayerView) -> str:
        a = adventurer(p["adventurer"]) if p["adventurer"] else None
        if a is None:
            return self.tx("screen.none")
        return self.tx("screen.ability", ability=ability_name(a, self.lang), check=a.check)

    def _market(self) -> Iterator[str]:
        """The auction, the centre and the decks."""
        v, tx, lang = self.view, self.tx, self.lang
        lots = []
        for lot in v["auction"]:
            if lot["bidder"] is not None:
                lots.append(tx("screen.lot.bid", card=_card(lot, lang),
                               coins=money(lot["bid"], lang), name=self.names[lot["bidder"]]))
            else:
                lots.append(tx("screen.lot.none", card=_card(lot, lang),
                               coins=money_gen(lot["opening"], lang)))
        if lots:
            yield tx("screen.auction", lots="; ".join(lots))
        if v["centre"]:
            yield tx("screen.centre", cards=", ".join(_card(c, lang) for c in v["centre"]))
        yield tx("screen.decks", **v["decks"])


def _by_id(cid: str) -> Any:
    return next(c.entry for c in tables().cards if c.entry.id == cid)


def render(view: View, seat: int | None, lang: str = "en") -> Board:
    """The table as ``seat`` sees it, in ``lang``."""
    return Board(view, seat, lang)
