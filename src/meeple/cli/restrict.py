"""``meeple simulate GAME --restrict SPEC``: what an action, card or ability is worth
(:mod:`meeple.sim.restrict`; docs/simulate.md, "Restricted play")."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import click
from rich.console import Console

from .errors import running

RESTRICT_HELP = ("An agent with a restriction, AGENT!no=PREFIX[,PREFIX...] (greedy!no=heal): "
                 "each deal is played by it and by the agent without it, in the same seat, and "
                 "the win rate it loses is reported with a 95% paired interval; repeat for a "
                 "table. --seats then names the other seats (default: the agent without its "
                 "restriction).")


def run_restricted(game: str, restricts: tuple[str, ...], seats: str | None,
                   players: int | None, spec: dict[str, Any], games: int, out: Path,
                   as_json: bool, console: Console, **how: Any) -> None:
    """Play the arms of every restriction into ``out`` and print the table; ``spec`` is what
    every arm's run is made with (options, vary, seed, max_actions, content, sets: see
    :func:`meeple.sim.simulate.make_spec`), ``how`` where it runs (jobs, backend, progress,
    verify). Bad input is Refused (:func:`.errors.running`)."""
    from meeple.sim.restrict import plan, print_table, run

    with running(out):
        p = plan(game, restricts, seats=seats, players=players, **spec)
        table = run(p, games, out, **how)
    if as_json:
        click.echo(json.dumps(table, indent=1, ensure_ascii=False))
        return
    print_table(table, console)
    console.print(f"Arms, table (restrict.json) and report in {out}/", highlight=False)
