"""The ``meeple`` command: every subcommand and its option parsing live here, over the
library's layers (the simulator, the arena, the terminal table), which know nothing of it."""

from __future__ import annotations

import importlib.util
import json
import os
import secrets
import sys
from pathlib import Path
from typing import Any

import click
from rich.console import Console
from rich.table import Table

from meeple import __version__
from meeple.agents import syntax as agent_syntax
from meeple.content import localized
from meeple.core import MeepleError, RecordError, game_class, game_ids, list_games
from meeple.i18n import LANGS, language_name
from meeple.tui.levels import help_lines

from .compare import compare_cmd
from .errors import Refused, running
from .overrides import content_cmd, content_options, overriding, refuse_content_vary
from .restrict import RESTRICT_HELP, run_restricted
from .serve import (
    default_db,
    lan_address,
    limit_options,
    limits_from,
    mail_from_flags,
    mail_options,
    open_when_up,
)

console = Console(emoji=False)
#: How a seat's agent is written, in every ``--seats`` help (from the agents' registry).
SEATS = agent_syntax()
#: The longest ``bench --seconds`` (per measurement).
MAX_SECONDS = 3600.0


def parse_pairs(values: tuple[str, ...], flag: str = "--option") -> dict[str, str]:
    """``("a=1", "b=x")`` -> ``{"a": "1", "b": "x"}``, for ``--option`` and ``--vary``
    (values are checked by the game); a malformed or repeated pair is Refused.

    >>> parse_pairs(("a=1", " b = x "))
    {'a': '1', 'b': 'x'}
    """
    out: dict[str, str] = {}
    for p in values:
        key, sep, value = p.partition("=")
        key = key.strip()
        if not sep or not key:
            raise Refused(f"{flag} {p!r} is not NAME=VALUE")
        if key in out:
            raise Refused(f"{flag} {key} is given twice; give each option once")
        out[key] = value.strip()
    return out


def _one_line(text: str) -> str:
    return " ".join(text.split())


class OneLineErrors(click.Group):
    """The ``meeple`` group: every refusal is one line on stderr, never a traceback.

    A usage error or a MeepleError (bad game, option, agent, record...) exits with 2; another
    ClickException keeps its exit code unless it was raised while handling a MeepleError.
    """

    def main(self, args: Any = None, prog_name: str | None = None,
             complete_var: str | None = None, standalone_mode: bool = True,
             **extra: Any) -> Any:
        if not standalone_mode:
            return super().main(args, prog_name, complete_var, False, **extra)
        try:
            rv = super().main(args, prog_name, complete_var, False, **extra)
        except click.Abort:
            click.echo("Aborted!", err=True)
            sys.exit(1)
        except click.UsageError as e:
            hint = f" (see '{e.ctx.command_path} --help')" if e.ctx is not None else ""
            click.echo(f"Error: {_one_line(e.format_message())}{hint}", err=True)
            sys.exit(2)
        except click.ClickException as e:
            code = 2 if isinstance(e.__context__, MeepleError) else e.exit_code
            click.echo(f"Error: {_one_line(e.format_message())}", err=True)
            sys.exit(code)
        except MeepleError as e:
            click.echo(f"Error: {_one_line(str(e))}", err=True)
            sys.exit(2)
        sys.exit(rv if isinstance(rv, int) else 0)


@click.group(cls=OneLineErrors, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(version=__version__, prog_name="meeple")
def main() -> None:
    """meeple: play, playtest and balance tabletop adventure games."""


@main.command("games")
@click.option("--json", "as_json", is_flag=True, help="Print the list as JSON.")
def games_cmd(as_json: bool) -> None:
    """List the games: ids, names, player counts and options."""
    infos = list_games()
    if as_json:
        click.echo(json.dumps(infos, ensure_ascii=False, indent=1))
        return
    table = Table(title="meeple games")
    for col in ("id", *(language_name(lang) for lang in LANGS), "players", "options"):
        table.add_column(col)
    for g in infos:
        cls = game_class(g["id"])
        opts = ", ".join(f"{o['name']}={o['default']}" for o in g["options"]) or "—"
        table.add_row(g["id"], *(localized(cls, "name", lang) for lang in LANGS),
                      cls.player_range(), opts)
    console.print(table)


@main.command()
@click.argument("game")
@click.option("--seats", default="human,easy", show_default=True,
              help="Comma-separated seats, one per player: human, a level of bot ("
                   + "; ".join(help_lines()) + "; each game's levels and their measured "
                   "strength: docs/bots.md, \"Levels\") or an agent "
                   f"({SEATS}).")
@click.option("--seed", type=int, default=None,
              help="Seed of the game (default: from the clock). Shown when the game ends.")
@click.option("--record", "record", type=click.Path(dir_okay=False, path_type=Path),
              help="Save the game's record to this file (default: a new file in the user's "
                   "data folder; the path is printed when it is written).")
@click.option("--lang", type=click.Choice(LANGS), default=LANGS[0], show_default=True,
              help="The language of every screen: "
                   + ", ".join(f"{lang} ({language_name(lang)})" for lang in LANGS) + ".")
@click.option("--pace", type=click.FloatRange(0, 60), default=0.0, show_default=True,
              metavar="SECONDS", help="Wait this long after telling each bot decision.")
@click.option("--option", "-o", "options", multiple=True, metavar="NAME=VALUE",
              help="A game option; repeat for several.")
@content_options
def play(game: str, seats: str, seed: int | None, record: Path | None, lang: str,
         pace: float, options: tuple[str, ...], content: Path | None,
         sets: tuple[str, ...]) -> None:
    """Play GAME in the terminal against bots or friends.

    The seed is not shown before the game ends: it would let anyone at the table deal the
    same game and read the hidden cards."""
    from meeple.tui import play_in_terminal

    seat_list = [s.strip() for s in seats.split(",") if s.strip()]
    if seed is None:
        seed = secrets.randbelow(1_000_000_000)
    try:
        with overriding(game, content, sets):
            play_in_terminal(game, seat_list, seed, lang=lang, options=parse_pairs(options),
                             record=record, console=console, pace=pace)
    except MeepleError as e:
        raise click.ClickException(str(e)) from None


@main.command("rules")
@click.argument("game", metavar="GAME", type=click.Choice(game_ids(), case_sensitive=False))
@click.option("--lang", type=click.Choice(LANGS), default=LANGS[0], show_default=True,
              help="The language to print the rules in.")
@click.option("--width", type=click.IntRange(40, 200), default=88, show_default=True,
              help="Columns to lay the text out in.")
def rules_cmd(game: str, lang: str, width: int) -> None:
    """How to play GAME: the goal, a turn, every action and what it costs, the ending, with
    example positions drawn as the terminal draws the board (the page /rules/GAME shows the
    same text)."""
    from meeple.tui.howto import terminal_text

    try:
        click.echo(terminal_text(game.lower(), lang, width), nl=False)
    except MeepleError as e:
        raise click.ClickException(str(e)) from None


@main.command()
@click.argument("file", type=click.Path(exists=True, dir_okay=False, path_type=Path))
@click.option("--step", is_flag=True, help="Show every action, waiting for Enter between them.")
@click.option("--seat", type=int, default=None, help="Show the game through this seat's eyes.")
@click.option("--index", type=int, default=None,
              help="In a JSON Lines file of records (a simulation's records.jsonl): the game "
                   "with this index. Without it, every game of the file is verified.")
def replay(file: Path, step: bool, seat: int | None, index: int | None) -> None:
    """Replay a record FILE, verifying that it reproduces."""
    from meeple.core import ConfigError, load
    from meeple.core import replay as do_replay
    from meeple.core.records import load_json
    from meeple.tui import renderer

    try:
        if index is not None or file.suffix == ".jsonl":
            found = _replay_lines(file, index)
            if found is None:
                return
            record = found
        else:
            record = load_json(file)
            if not isinstance(record, dict):
                raise RecordError(f"{file}: a record is a JSON object, not "
                                  f"{type(record).__name__}")
        try:
            final = do_replay(record)
        except RecordError as e:
            raise RecordError(f"{file}: {e}") from None
        except Exception as e:
            if not record.get("error"):
                raise
            # A game that failed in a simulation: its last action raises again.
            raise click.ClickException(
                f"{file}: the recorded failure reproduces: {type(e).__name__}: {e}") from None
        if seat is not None and not 0 <= seat < final.players:
            raise ConfigError(f"--seat must be 0..{final.players - 1} for this "
                              f"{final.players}-player game, got {seat}")
    except MeepleError as e:
        click.echo(f"Error: {e}", err=True)
        raise SystemExit(2) from None
    if step:
        game = load(record["game"], players=record["players"], options=record.get("options"))
        state = game.new_state(seed=record["seed"])
        render = renderer(game)
        for i, text in enumerate(record["actions"], 1):
            console.print(render(state.view(seat), seat, "en"))
            click.prompt(f"{i}/{len(record['actions'])}: seat {state.to_act} → {text}",
                         default="", show_default=False, prompt_suffix=" ")
            state.apply(text)
        console.print(render(state.view(seat), seat, "en"))
    res = final.result() if final.is_over else None
    click.echo(f"{file}: the record reproduces ({len(record['actions'])} actions"
               + (f", {res.reason}, winners {list(res.winners)})" if res else ", unfinished)"))


def _replay_lines(file: Path, index: int | None) -> dict[str, Any] | None:
    """The record of game ``index`` in a JSON Lines file; None after verifying every line.

    A line that is not a JSON object, or a record that does not reproduce, is a RecordError
    naming the line.
    """
    from meeple.core import replay as do_replay
    from meeple.core.records import load_json

    checked = failed = 0
    try:
        lines = file.read_bytes().split(b"\n")
    except OSError as e:
        raise RecordError(f"{file} cannot be read: {e.strerror or e}") from None
    for number, raw in enumerate(lines):
        if not raw.strip():
            continue
        try:
            record = load_json(raw)
            if not isinstance(record, dict):
                raise RecordError(f"a record is a JSON object, not {type(record).__name__}")
            if index is not None:
                if record.get("index", number) == index:
                    return record
                continue
            if record.get("error"):
                failed += 1  # a simulated game that raised: replay it alone with --index
                continue
            do_replay(record)
        except RecordError as e:
            raise RecordError(f"{file}, line {number + 1}: {e}") from None
        checked += 1
    if index is not None:
        raise RecordError(f"{file} has no game with index {index}")
    skipped = f" ({failed} failed games skipped: replay one with --index)" if failed else ""
    console.print(f"[green]{file}: all {checked} records reproduce[/green]{skipped}")
    return None


@main.command()
@click.argument("games_", metavar="[GAME]...", nargs=-1)
@click.option("--seconds", type=click.FloatRange(0, MAX_SECONDS, min_open=True), default=2.0,
              show_default=True, help="Time spent on each measurement.")
@click.option("--json", "as_json", is_flag=True, help="Print the figures as JSON.")
def bench(games_: tuple[str, ...], seconds: float, as_json: bool) -> None:
    """Measure random-playout speed, clone cost and the tic-tac-toe baselines."""
    from meeple.sim.bench import check_seconds, run_benchmarks

    ids = list(games_) or game_ids()
    check_seconds(seconds)
    for g in ids:
        game_class(g)
    report = run_benchmarks(ids, seconds=seconds, console=None if as_json else console)
    if as_json:
        click.echo(json.dumps(report, indent=1))



class _OneLineUsage(click.Command):
    """A command whose usage errors are one line (``Error: ...``), without the usage text."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        try:
            return super().parse_args(ctx, args)
        except click.UsageError as e:
            raise Refused(e.format_message()) from None


@main.command()
@click.option("--host", default="127.0.0.1", show_default=True,
              help="The address to listen on (0.0.0.0: every network of this machine).")
@click.option("--port", type=click.IntRange(1, 65535), default=8000, show_default=True)
@click.option("--db", "db", default=None, metavar="PATH|URL", envvar="MEEPLE_DB",
              help="Where matches are kept: an SQLite file or a database URL such as "
                   "postgresql://user:password@host/meeple (default: $MEEPLE_DB, else "
                   "meeple.db in the user's data folder).")
@click.option("--open", "open_page", is_flag=True,
              help="Open the lobby in this machine's web browser once the server is up.")
@click.option("--bot-delay", type=click.FloatRange(0, 60), default=0.4, show_default=True,
              metavar="SECONDS", help="Pause before each bot move, so people see it happen.")
@limit_options
@mail_options
def serve(host: str, port: int, db: str | None, open_page: bool, bot_delay: float,
          smtp: str | None, mail_from: str | None, public_url: str | None,
          **bounds: Any) -> None:
    """Serve matches over HTTP and WebSocket: friends and bots at one table.

    Open the address it prints in a browser. Unfinished matches are restored from the
    database and their bots resume. Every limit below has a clear refusal past it
    (docs/server.md, "Limits")."""
    import logging
    import signal

    import uvicorn
    from sqlalchemy.engine import make_url

    from meeple.server import Store, Tables, sqlite_url
    from meeple.server.app import make_app
    from meeple.server.gate import Gate, open_files, protocols

    mail = mail_from_flags(smtp, mail_from, public_url, host, port)
    limits = open_files(limits_from(host, bounds))
    # A file-size limit (ulimit -f) kills a process at the write that passes it, with
    # SIGXFSZ; ignored (as CPython does on start, said here so that it holds wherever the
    # server runs), that write fails with EFBIG instead, the database refuses one commit and
    # the server answers 503 for it while the rest goes on, as on a full disk.
    if hasattr(signal, "SIGXFSZ"):
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
    # The server's own lines (a damaged match, said once) on stderr beside uvicorn's.
    logging.basicConfig(level=logging.WARNING, format="%(levelname)s:  %(name)s: %(message)s")

    url = db if db and "://" in db else sqlite_url(str(Path(db) if db else default_db()))
    # What is printed of the database: the file, or the URL without its password.
    parsed = make_url(url)
    kept = (url.removeprefix("sqlite:///") if url.startswith("sqlite:///")
            else parsed.render_as_string(hide_password=True))
    if url.startswith(("postgresql", "postgres:")) and importlib.util.find_spec("psycopg") is None:
        raise click.ClickException("a PostgreSQL database needs psycopg: "
                                   "pip install 'meeple[postgres]'")
    try:
        app = make_app(Tables(Store(url)), bot_delay=bot_delay, limits=limits, mail=mail)
    except Exception as e:  # a database that cannot be opened: say which and why
        why = str(e).replace(parsed.password, "***") if parsed.password else str(e)
        raise click.ClickException(f"cannot open the database {kept}: {why}") from None
    local = f"http://{'127.0.0.1' if host in ('0.0.0.0', '::') else host}:{port}/"
    console.print(f"meeple is serving at {local} — open it in a browser. Matches are kept in "
                  f"{kept}; stop with Ctrl+C.", markup=False, highlight=False, soft_wrap=True)
    if mail is not None:
        console.print(f"Turns are mailed through {mail.host}:{mail.port} from {mail.sender}, "
                      f"with links to {mail.public}/.", markup=False, highlight=False,
                      soft_wrap=True)
    lan = lan_address() if host in ("0.0.0.0", "::") else None
    if lan:
        console.print(f"On this network: http://{lan}:{port}/", markup=False, highlight=False)
    if open_page:
        open_when_up(host if host not in ("0.0.0.0", "::") else "127.0.0.1", port, local)
    http, ws = protocols(Gate(limits))
    uvicorn.run(app, host=host, port=port, log_level="warning", http=http, ws=ws,
                ws_max_size=limits.frame_bytes)



@main.command("arena")
@click.argument("game")
@click.option("--seats", help=f"Comma-separated agents, one per seat: {SEATS} (docs/bots.md).")
@click.option("--ladder", metavar="RANGE",
              help="Instead of --seats: a budget range doubled step by step (mcts@0.1s..1.6s, "
                   "mcts:50..800), each rung against the one below it.")
@click.option("--against", metavar="AGENT", help="With --ladder: every rung against this agent.")
@click.option("--games", "n_games", type=click.IntRange(min=1), default=20, show_default=True,
              help="Games to play (per ladder step; a multiple of the player count keeps "
                   "seats balanced).")
@click.option("--players", type=click.IntRange(min=1), default=None,
              help="Player count (default: one per agent; 2 on a ladder).")
@click.option("--seed", type=int, default=0, show_default=True, help="Seed of the first game.")
@click.option("--option", "-o", "options", multiple=True, metavar="NAME=VALUE",
              help="A game option; repeat for several.")
@click.option("--jobs", type=click.IntRange(min=1), default=1, show_default=True,
              help="Games played at once in separate processes (same results).")
@click.option("--out", type=click.Path(file_okay=False, path_type=Path), default=None,
              help="Run directory: keeps each game as it finishes; the same command resumes.")
@click.option("--json", "as_json", is_flag=True,
              help="Print the report as JSON (the games' lines go to stderr).")
@content_options
def arena_cmd(game: str, seats: str | None, ladder: str | None, against: str | None,
              n_games: int, players: int | None, seed: int, options: tuple[str, ...],
              jobs: int, out: Path | None, as_json: bool, content: Path | None,
              sets: tuple[str, ...]) -> None:
    """Pit agents against each other in GAME: each game is printed as it ends, then win rates
    with 95% intervals, time per decision (forced decisions apart) and safety-limit endings.

    With --out, an interrupted run resumes: the same command plays only the missing games
    (docs/bots.md, "Measuring")."""
    from meeple.sim.arena import print_report
    from meeple.sim.ladder import print_ladder, streamed

    if (seats is None) == (ladder is None):
        raise Refused("give --seats (agents, one per seat) or --ladder (a budget range)")
    if against is not None and ladder is None:
        raise Refused("--against goes with --ladder")
    try:
        with overriding(game, content, sets):
            report = streamed(Console(stderr=True, emoji=False) if as_json else console, game,
                              seats, ladder, against, n_games, players, seed,
                              parse_pairs(options), jobs, out)
    except KeyboardInterrupt:
        kept = f" {out} keeps the games played; run the same command to resume." if out else ""
        click.echo(f"Interrupted.{kept}", err=True)
        raise SystemExit(130) from None
    if as_json:
        click.echo(json.dumps(report, indent=1))
    elif seats is not None:
        print_report(report, console)
    else:
        print_ladder(report, console)


@main.command("simulate", cls=_OneLineUsage)
@click.argument("game")
@click.option("--games", "-n", type=click.IntRange(min=1), default=100, show_default=True,
              help="How many games to play (raise it and run again to extend a run).")
@click.option("--seats", default="random", show_default=True,
              help=f"Comma-separated agents, one per seat ({SEATS}); "
                   "the last fills the remaining seats.")
@click.option("--players", "-p", type=int, default=None,
              help="Number of players (default: one per agent in --seats, or the game's).")
@click.option("--option", "-o", "options", multiple=True, metavar="NAME=VALUE",
              help="A game option; repeat for several.")
@click.option("--vary", multiple=True, metavar="NAME=V1,V2,...",
              help="Play an option at several values, in turn; the report compares them.")
@click.option("--seed", type=int, default=0, show_default=True,
              help="Seed of the run: game i's seed depends on it and i only.")
@click.option("--jobs", "-j", type=click.IntRange(min=1), default=None,
              help="Games played at once (default: every core, or every Ray CPU).")
@click.option("--backend", type=click.Choice(["processes", "ray"]), default="processes",
              show_default=True, help="Where games run; ray needs pip install 'meeple[ray]' and "
                                      "uses the cluster at RAY_ADDRESS, or a local one.")
@click.option("--out", "out", type=click.Path(path_type=Path), required=True,
              help="Run directory: records, summary and report (an existing run resumes, "
                   "under the same rules only).")
@click.option("--verify", is_flag=True,
              help="Replay every record already in --out first; refuse one that does not "
                   "reproduce.")
@click.option("--json", "as_json", is_flag=True, help="Print the summary as JSON.")
@click.option("--rotate/--no-rotate", default=True, show_default=True,
              help="Move the agents one seat along each game, so every agent plays every seat.")
@click.option("--max-actions", type=click.IntRange(min=1), default=100_000, show_default=True,
              help="A game still going after this many actions counts as failed.")
@click.option("--progress/--no-progress", default=True, show_default=True,
              help="Show a progress bar on stderr.")
@content_options
@click.option("--restrict", multiple=True, metavar="AGENT!no=PREFIX,...", help=RESTRICT_HELP)
@click.option("--shape", type=click.IntRange(min=0), is_flag=False, flag_value=50, default=None,
              metavar="[N]", help="Measure choices per decision, forced decisions, lead "
                                  "changes and drama on N games spread over the run, as they "
                                  "are played (default: a tenth of the games, 5 to 50; 50 if "
                                  "no N is given; 0: none).")
@click.option("--skill", metavar="RANGE", default=None,
              help="Also play the skill ladder RANGE (mcts@0.1s..0.8s or mcts:50..400) on the "
                   "run's players and options: the win rate each doubling of the budget buys.")
@click.option("--skill-games", type=click.IntRange(min=1), default=40, show_default=True,
              help="Games of each --skill step.")
def simulate_cmd(game: str, games: int, seats: str, players: int | None,
                 options: tuple[str, ...], vary: tuple[str, ...], seed: int,
                 jobs: int | None, backend: str, out: Path, as_json: bool, rotate: bool,
                 verify: bool, max_actions: int, progress: bool, content: Path | None,
                 sets: tuple[str, ...], restrict: tuple[str, ...] = (),
                 shape: int | None = None, skill: str | None = None,
                 skill_games: int = 40) -> None:
    """Play GAME many times between agents and report on its balance.

    Writes records.jsonl (every game, replayable), summary.json and report.html into --out.
    Interrupt with Ctrl-C at any time; the same command resumes the run.
    """
    from meeple.sim.report import print_tables
    from meeple.sim.simulate import make_spec, simulate

    refuse_content_vary(vary)
    varied = {k: [x.strip() for x in v.split(",")]
              for k, v in parse_pairs(vary, "--vary").items()}
    if restrict:  # restricted play (meeple.sim.restrict): --seats names the other seats
        given = click.get_current_context().get_parameter_source("seats")
        return run_restricted(
            game, restrict, None if given == click.core.ParameterSource.DEFAULT else seats,
            players, dict(options=parse_pairs(options), vary=varied, seed=seed,
                          max_actions=max_actions, content=content, sets=sets),
            games, out, as_json, console,
            jobs=jobs, backend=backend, progress=progress, verify=verify)
    with running(out):
        spec = make_spec(game, seats=seats, players=players,
                         options=parse_pairs(options), vary=varied, seed=seed,
                         rotate=rotate, max_actions=max_actions, content=content, sets=sets)
        summary = simulate(spec, games, out, jobs=jobs, backend=backend, progress=progress,
                           verify=verify, shape=shape)
        if skill:
            from meeple.sim.skill import add_skill
            summary = add_skill(summary, out, skill, skill_games, jobs or os.cpu_count() or 1)
    if as_json:
        click.echo(json.dumps(summary, indent=1, ensure_ascii=False))
        return
    print_tables(summary, console)
    if summary.get("skill"):
        from meeple.sim.ladder import print_ladder
        print_ladder({**summary["skill"], "game": game, "seed": seed}, console)
    console.print(f"Records, summary and report in {out}/", highlight=False)


main.add_command(compare_cmd)
main.add_command(content_cmd)

from .tune import tune_cmd  # noqa: E402  (registered last: it imports this module's helpers)

main.add_command(tune_cmd)
