"""A co-operative game's team in the game's shape: its win rate overall (with the player count),
by the set of roles dealt (Andor's heroes), by each role that was not in every game and by each
value of a varied option (Andor's legend), each with its 95% Wilson interval; and the margin,
read from the result's ``extra`` of the sampled games.

The team's figure is printed once: a role held in every game, the one set of roles of a run
that always deals the same, or an option that took one value would only repeat it, so the rows
show only what differs from it (:func:`rows`). ``summary.json`` keeps every row, by id.

**Margin.** A co-operative game has no runner-up to be ahead of; what the team had to spare is
whatever the game's result puts in ``extra``. Each entry that is a number (Andor's ``day``) or
a single capital letter (Andor's ``letter``, the narrator on the legend track A–N, ordered
alphabetically) is summed up over the sampled games the team won and those it lost: median and
10th–90th percentiles (:func:`margins`).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from .counts import distribution, part, share_text

if TYPE_CHECKING:
    from .tally import Tally


def team_shape(tally: Tally) -> dict[str, Any]:
    """The team's win rate over the finished games, and by roles and varied option values."""
    finished = tally.finished
    roles = tally.roles
    names = Counter(key.split("=", 1)[0] for key in tally.option_games)
    return {
        **part(finished - tally.without_winner, finished),
        "players": len(tally.seat_games),
        "sets": [{"roles": list(dealt), **part(roles.set_wins[dealt], n)}
                 for dealt, n in sorted(roles.sets.items(), key=lambda x: (-x[1], x[0]))],
        "roles": [{"name": r, **part(roles.game_wins[r], n)}
                  for r, n in sorted(roles.game_games.items(), key=lambda x: (-x[1], x[0]))],
        "options": [{"name": key, **part(tally.option_wins[key, 0], n)}
                    for key, n in sorted(tally.option_games.items())
                    if names[key.split("=", 1)[0]] > 1],
    }


def rows(team: dict[str, Any]) -> list[tuple[str, str, str]]:
    """The team's rows of the shape's table: its win rate once, then only the rows that differ
    from it (a set of roles when several were dealt, a role missing from some games, each
    value of a varied option)."""
    n = team["n"]
    sets = team.get("sets", [])
    note = f"of {n:,} finished games, {team.get('players', '?')} players"
    if len(sets) == 1:
        note += "; every game: " + ", ".join(sets[0]["roles"])
    out = [("Team wins", share_text(team), note)]
    if len(sets) > 1:
        out += [("Team wins with " + ", ".join(s["roles"]), share_text(s),
                 f"{s['n']:,} games") for s in sets]
    out += [(f"Team wins with {r['name']}", share_text(r), f"{r['n']:,} games with it")
            for r in team.get("roles", []) if r["n"] < n]
    out += [(f"Team wins at {o['name']}", share_text(o), f"{o['n']:,} games")
            for o in team.get("options", [])]
    return out


# ---------------------------------------------------------------------------- margins
def margins(results: Iterable[dict[str, Any]]) -> dict[str, dict[str, Any]]:
    """Each number or capital letter of the results' ``extra``, over the games won and over
    the games lost: ``{"won": {"day": distribution, ...}, "lost": {...}}`` (a letter's
    quantiles are letters).

    >>> m = margins([{"winners": [0, 1], "extra": {"day": 7, "letter": "N"}},
    ...              {"winners": [], "extra": {"day": 4, "letter": "K", "roles": ["a"]}},
    ...              {"winners": [], "extra": {"day": 6, "letter": "M"}}])
    >>> m["won"]["day"]["median"], m["lost"]["day"]["median"], m["lost"]["letter"]["max"]
    (7, 4, 'M')
    """
    counts: dict[str, dict[str, Counter[Any]]] = {"won": {}, "lost": {}}
    letters: set[str] = set()
    for result in results:
        extra = result.get("extra")
        if not isinstance(extra, dict):
            continue
        side = counts["won" if result.get("winners") else "lost"]
        for key, value in extra.items():
            if isinstance(value, int | float) and not isinstance(value, bool):
                side.setdefault(key, Counter())[value] += 1
            elif isinstance(value, str) and len(value) == 1 and value.isupper():
                side.setdefault(key, Counter())[ord(value)] += 1
                letters.add(key)
    out: dict[str, dict[str, Any]] = {}
    for side_name, side in counts.items():
        out[side_name] = {}
        for key, found in sorted(side.items()):
            d = distribution(found, histogram=False)
            if key in letters:
                d = {k: chr(v) if k in ("min", "max", "p10", "median", "p90") else v
                     for k, v in d.items() if k != "mean"}
            out[side_name][key] = d
    return out


def margin_rows(margin: dict[str, dict[str, Any]], games: int) -> list[tuple[str, str, str]]:
    """A row per entry of the results' ``extra``: its median (10th–90th percentile) at the end
    of won and of lost games."""
    out = []
    for key in sorted(set(margin.get("won", {})) | set(margin.get("lost", {}))):
        cells = [f"{side} {_spread(margin[side][key])}"
                 for side in ("won", "lost") if key in margin.get(side, {})]
        out.append((f"{key.replace('_', ' ').capitalize()} at the end", "; ".join(cells),
                    f"median (10th–90th percentile) of the games won and of those lost; "
                    f"{games:,} sampled games"))
    return out


def _spread(d: dict[str, Any]) -> str:
    def num(x: Any) -> str:
        return x if isinstance(x, str) else f"{x:,}" if isinstance(x, int) else f"{x:,.1f}"

    return f"{num(d['median'])} ({num(d['p10'])}–{num(d['p90'])}; {d['n']:,} games)"
