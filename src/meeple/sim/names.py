"""The names a designer reads in place of the ids a run records: a role by its name in the
game's catalogue (``archer`` is "The archer Chada" in Andor, ``heron_guard`` "Heron Guard" in
Myth), an ending by its words (``gold-target`` reads "gold target"). Options stay as the
command line names them (``gold_target=30``): a designer types them.

No game has words for its endings yet (its ``outcome`` is a whole sentence about one result),
so an ending reads as its id with hyphens and underscores turned to spaces; so does a role the
catalogue does not know. ``failed``-game endings (``error: TooLong``) stay as they are.

Only the words people read change: ``summary.json`` and ``meeple compare --json`` keep the ids,
which are data. :func:`shown` is the summary as the report (terminal, page and plots) shows it:
the same figures under names, and a co-operative game's team figure once (its seats, roles
and option values are the team's rows of the shape, :mod:`meeple.sim.team`).
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import lru_cache
from typing import Any

from meeple.core import load

from . import shape as shapes


def plain(word: str) -> str:
    """An id as words: ``"castle-overrun"`` -> ``"castle overrun"``."""
    return word.replace("_", " ").replace("-", " ")


@dataclass(frozen=True)
class Names:
    """A game's names for the ids of its roles (its catalogue's, by id)."""

    catalogue: Mapping[str, str] = field(default_factory=dict)

    @classmethod
    def of(cls, game: str, players: int | None = None,
           options: Mapping[str, Any] | None = None) -> Names:
        """The names of ``game`` (plain words for all when it cannot be loaded)."""
        return _names(str(game), players, json.dumps(dict(options or {}), sort_keys=True))

    def role(self, role: str) -> str:
        """A role by its name: ``"archer"`` -> ``"The archer Chada"``; ``"hero: archer"`` (a
        kind of role) keeps its kind.

        >>> Names({"archer": "The archer Chada"}).role("hero: archer")
        'hero: The archer Chada'
        >>> Names().role("heron_guard")
        'heron guard'
        """
        kind, sep, rest = role.rpartition(": ")
        return f"{kind}{sep}{self.catalogue.get(rest) or rest.replace('_', ' ')}"

    @staticmethod
    def reason(reason: str) -> str:
        """An ending in words; a failed game's (``error: …``) as it is.

        >>> Names.reason("castle-overrun"), Names.reason("error: TooLong")
        ('castle overrun', 'error: TooLong')
        """
        return reason if reason.startswith("error: ") else plain(reason)

    def row(self, category: str, name: str) -> str:
        """The name of a row of ``category`` (``"role"``, ``"ending at gold_target=30"``) as
        read."""
        base = category.partition(" at ")[0]
        if base == "role":
            return self.role(name)
        return self.reason(name) if base == "ending" else name

    def label(self, text: str) -> str:
        """A row's label made of ids (``meeple compare``'s ``only_a``) as read.

        >>> Names({"greek": "Greek Pantheon"}).label("role: greek (team)")
        'role: Greek Pantheon (team)'
        >>> Names().label("ending at gold_target=30: gold-target")
        'ending at gold_target=30: gold target'
        """
        category, sep, name = text.partition(": ")
        if not sep:
            return text
        team = " (team)" if name.endswith(" (team)") else ""
        return f"{category}: {self.row(category, name.removesuffix(team))}{team}"


@lru_cache(maxsize=32)
def _names(game: str, players: int | None, options: str) -> Names:
    try:
        loaded = load(game, players=players, options=json.loads(options))
        catalogue = loaded.catalogue("en")
    except Exception:  # an unknown game, an option it no longer has: plain words will do
        try:
            catalogue = load(game).catalogue("en")
        except Exception:
            return Names()
    return Names({k: str(v["name"]) for k, v in catalogue.items()
                  if isinstance(v, Mapping) and v.get("name")})


# ------------------------------------------------------------------------- the summary
def shown(summary: dict[str, Any]) -> dict[str, Any]:
    """The summary as the report shows it (see the module): names in place of ids, and a
    co-operative game's team figure once. The summary itself is left as it is."""
    run = summary.get("run") or {}
    names = Names.of(run.get("game", ""), run.get("players"), run.get("options"))
    out = dict(summary)
    out["roles"] = [{**r, "name": names.role(r["name"])} for r in summary.get("roles", [])]
    out["endings"] = [{**e, "reason": names.reason(e["reason"])}
                      for e in summary.get("endings", [])]
    out["values"] = [_value(v, names) for v in summary.get("values", [])]
    for key in ("suspicious", "suspicious_actions"):
        if key in summary:
            out[key] = [_listed(r, names) for r in summary[key]]
    if summary.get("shape"):
        out["shape"] = _shape(summary["shape"], names)
    if summary.get("cooperative"):
        out["seats"], out["roles"], out["options"] = [], [], []
        out["values"] = [{**v, "roles": [r for r in v["roles"]
                                         if r["n"] < v["length"]["turns"]["n"]]}
                         for v in out["values"]]
    return out


def _listed(r: dict[str, Any], names: Names) -> dict[str, Any]:
    return {**r, "name": names.row(r["category"], r["name"])}


def _value(v: dict[str, Any], names: Names) -> dict[str, Any]:
    return {**v, "endings": [{**e, "reason": names.reason(e["reason"])} for e in v["endings"]],
            "roles": [{**r, "name": names.role(r["name"])} for r in v["roles"]]}


def _shape(found: dict[str, Any], names: Names) -> dict[str, Any]:
    out = dict(found)
    limited = found["safety_limit"]
    reasons = {names.reason(r): c for r, c in limited["reasons"].items()}
    out["safety_limit"] = {**limited, "reasons": reasons}
    out["warning"] = shapes.safety_warning(limited, reasons) if found.get("warning") else None
    if "defeats" in found:
        out["defeats"] = [{**d, "reason": names.reason(d["reason"])} for d in found["defeats"]]
    team = found.get("team")
    if team:
        out["team"] = {**team,
                       "sets": [{**s, "roles": [names.role(r) for r in s["roles"]]}
                                for s in team.get("sets", [])],
                       "roles": [{**r, "name": names.role(r["name"])}
                                 for r in team.get("roles", [])]}
    return out
