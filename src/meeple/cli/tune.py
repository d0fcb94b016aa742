"""``meeple tune GAME --param NAME=LO..HI --target EXPR --budget N --out DIR``: search options
and content numbers for settings that meet a target (:mod:`meeple.sim.tune`;
docs/simulate.md, "Tuning")."""

from __future__ import annotations

import importlib.util
import json
from pathlib import Path
from typing import Any

import click

from meeple.core import MeepleError

from .errors import Refused, running
from .overrides import content_options

PARAM_HELP = ("A number to search, NAME=LO..HI: a game option (gold_target=30..80) or a "
              "content number FILE.ENTRY.FIELD (adventurers.ashir.capital=5..20); whole "
              "numbers when the value is one; repeat for several.")
TARGET_HELP = ("What to reach, a penalty to minimise: balance, balance<=K, length=LO..HI, "
               "first<=K; join several with a comma (docs/simulate.md, \"Tuning\").")


@click.command("tune")
@click.argument("game")
@click.option("--param", "params", multiple=True, required=True, metavar="NAME=LO..HI",
              help=PARAM_HELP)
@click.option("--target", required=True, metavar="EXPR", help=TARGET_HELP)
@click.option("--budget", type=click.IntRange(min=1), default=20, show_default=True,
              help="How many settings to try (trials).")
@click.option("--games-per-trial", "games", type=click.IntRange(min=1), default=100,
              show_default=True, help="Games played for each trial.")
@click.option("--confirm-games", type=click.IntRange(min=1), default=None,
              help="Games of the confirmation run of the best settings, on new seeds "
                   "(default: 4 × --games-per-trial).")
@click.option("--seats", default="random", show_default=True,
              help="Comma-separated agents, one per seat; the last fills the remaining seats.")
@click.option("--players", "-p", type=int, default=None,
              help="Number of players (default: one per agent in --seats, or the game's).")
@click.option("--option", "-o", "options", multiple=True, metavar="NAME=VALUE",
              help="A game option fixed for every trial; repeat for several.")
@content_options
@click.option("--seed", type=int, default=0, show_default=True,
              help="Seed of the search and of every trial's games (the confirmation plays "
                   "seed + 1).")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
              help="Games played at once (default: every core).")
@click.option("--backend", type=click.Choice(["processes", "ray"]), default="processes",
              show_default=True, help="Where the games run (as for meeple simulate).")
@click.option("--out", type=click.Path(path_type=Path), required=True,
              help="Folder: trials/<n>/ (a run each), confirm/<n>/ (the best trial's "
                   "confirmation run and its report), best.toml and tune.json. The same "
                   "command resumes.")
@click.option("--json", "as_json", is_flag=True, help="Print tune.json to standard output.")
def tune_cmd(game: str, params: tuple[str, ...], target: str, budget: int, games: int,
             confirm_games: int | None, seats: str, players: int | None,
             options: tuple[str, ...], content: Path | None, sets: tuple[str, ...],
             seed: int, jobs: int | None, backend: str, out: Path, as_json: bool) -> None:
    """Search GAME's options and content numbers (--param) for the settings that best meet
    --target: each trial is a run of meeple simulate, scored by a penalty; the best settings
    are played again on new seeds and written to best.toml (as --option and --set values).
    Needs Optuna: pip install 'meeple[tune]'."""
    from meeple.sim.tune import INSTALL_HINT

    from . import console, parse_pairs

    if importlib.util.find_spec("optuna") is None:
        raise click.ClickException(INSTALL_HINT)
    from meeple.sim.tune import lines, make_plan, tune

    try:
        plan = make_plan(game, params, target, games, seats=seats, players=players,
                         options=parse_pairs(options), sets=sets, content=content,
                         seed=seed, confirm_games=confirm_games)
    except MeepleError as e:
        raise Refused(str(e)) from None

    def said(row: dict[str, Any]) -> None:
        if as_json:
            return
        shown = ", ".join(f"{k}={v:.4g}" if isinstance(v, float) else f"{k}={v}"
                          for k, v in row["settings"].items())
        score = (f"penalty {row['penalty']:.2f}" if row.get("penalty") is not None
                 else f"failed: {row.get('error')}")
        console.print(f"trial {row['number']}: {shown} → {score}", highlight=False)

    with running(out):
        record = tune(plan, budget, out, jobs=jobs, backend=backend, on_trial=said)
    if as_json:
        click.echo(json.dumps(record, indent=1, ensure_ascii=False))
        return
    for line in lines(record):
        console.print(line, highlight=False, soft_wrap=True)
    console.print(f"Best settings in {out}/best.toml, the confirmation's report in "
                  f"{out}/{record['confirm']['dir']}/, every trial in {out}/tune.json",
                  highlight=False,
                  soft_wrap=True)


__all__ = ["tune_cmd"]
