"""``meeple compare RUN_A RUN_B``: how every figure of a balance run moved in another
(:mod:`meeple.sim.compare`)."""

from __future__ import annotations

import json
from pathlib import Path

import click

PLOTS_HINT = "--plot needs matplotlib: pip install 'meeple[report]'"


@click.command("compare")
@click.argument("run_a", type=click.Path(file_okay=False, path_type=Path))
@click.argument("run_b", type=click.Path(file_okay=False, path_type=Path))
@click.option("--json", "as_json", is_flag=True, help="Print the comparison as JSON.")
@click.option("--plot", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help="Also draw the changes with their intervals (a forest plot) into this PNG "
                   "file (needs matplotlib).")
@click.option("--rows", type=click.IntRange(min=0), default=25, show_default=True,
              help="Rows shown besides the significant changes (--json has them all).")
def compare_cmd(run_a: Path, run_b: Path, as_json: bool, plot: Path | None,
                rows: int) -> None:
    """Compare two runs of meeple simulate (directories): every seat, role, option value,
    ending, length and margin of RUN_A against RUN_B, each change (B − A) with its 95%
    interval and the significant changes first (Holm's correction).

    Runs on the same seed are paired game by game (same deals), which makes small changes
    visible; runs on other seeds are compared unpaired. Their seats, options and rules may
    differ (the header says how); their game and player count may not (docs/simulate.md,
    "Comparing two runs")."""
    from meeple.sim.compare import compare, print_comparison, write_plot

    from . import console

    result = compare(run_a, run_b)  # a ConfigError is one line and exit code 2
    if plot is not None and not write_plot(result, plot):
        raise click.ClickException(PLOTS_HINT)
    if as_json:
        click.echo(json.dumps(result, indent=1, ensure_ascii=False))
        return
    print_comparison(result, console, rows)
    if plot is not None:
        console.print(f"Plot in {plot}", highlight=False)
