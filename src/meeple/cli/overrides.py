"""``--content DIR`` and ``--set FILE.ENTRY.FIELD=VALUE``: the content a command's games are
played under, changed without Python; and ``meeple content GAME --export DIR``, the shipped
files to start from (docs/simulate.md, "Changing the numbers")."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any, TypeVar

import click

from meeple.content import content_files, folder, read_toml
from meeple.core import MeepleError, game_class, load
from meeple.sim.fingerprint import content_package, overridden

from .errors import Refused

F = TypeVar("F", bound=Callable[..., Any])

CONTENT_HELP = ("Read the game's content from DIR, a copy of its content folder (meeple "
                "content GAME --export DIR), checked as the shipped one is.")
SET_HELP = ("Set one content value, e.g. heroes.heron_guard.attack=[30,34,38]: the file "
            "(without .toml), the entry's id, the field, and a TOML value; repeat for several.")


def content_options(fn: F) -> F:
    """Add ``--content DIR`` and ``--set FILE.ENTRY.FIELD=VALUE`` to a command."""
    fn = click.option("--set", "sets", multiple=True, metavar="FILE.ENTRY.FIELD=VALUE",
                      help=SET_HELP)(fn)
    return click.option("--content", "content", default=None, metavar="DIR",
                        type=click.Path(exists=True, file_okay=False, path_type=Path),
                        help=CONTENT_HELP)(fn)


@contextmanager
def overriding(game: str, content: Path | None, sets: tuple[str, ...]) -> Iterator[None]:
    """A block in which ``game`` is played under ``--content`` and ``--set``. The game is
    loaded (its whole content checked) first, so a broken value stops the command before
    anything is played: ContentError naming the file, the entry and the field."""
    if content is None and not sets:
        yield
        return
    with overridden(game.lower(), content, sets):
        load(game.lower())
        yield


def refuse_content_vary(vary: tuple[str, ...]) -> None:
    """``--vary`` plays game options; a content value (``heroes.x.attack``) is refused."""
    for text in vary:
        name = text.partition("=")[0].strip()
        if "." in name:
            raise Refused(f"--vary {name}: --vary plays game options at several values, and "
                          "a content value cannot be varied within one run; run once per "
                          f"value with --set {name}=VALUE, each into its own --out")


@click.command("content")
@click.argument("game")
@click.option("--export", type=click.Path(path_type=Path), default=None, metavar="DIR",
              help="Write the game's content files into DIR (an empty or new folder).")
@click.option("--force", is_flag=True,
              help="With --export: write over the files of a folder that is not empty (other "
                   "files there are left, and a .toml file the game does not read is refused "
                   "when DIR is used).")
def content_cmd(game: str, export: Path | None, force: bool) -> None:
    """List GAME's content files and entries, or write them to DIR (--export) to change
    them: then play with --content DIR, or set single values with --set."""
    try:
        package = content_package(game_class(game.lower()))
        files = content_files(package)
    except (FileNotFoundError, NotADirectoryError, TypeError):
        files = []
    except MeepleError as e:
        raise Refused(str(e)) from None
    if not files:
        raise Refused(f"{game} has no content files: its numbers are in its code")
    if export is None:
        for name in files:
            ids = [i for i, _ in _entry_ids(package, name)]
            click.echo(f"{name.removesuffix('.toml')}: {', '.join(ids)}")
        click.echo(f"Set a value with --set FILE.ENTRY.FIELD=VALUE, or copy the files with "
                   f"meeple content {game} --export DIR.")
        return
    _export(package, files, export, force)
    click.echo(f"Wrote {len(files)} content files of {game} to {export}. Change them, then "
               f"play with --content {export}.")


def _entry_ids(package: str, name: str) -> list[tuple[str, str]]:
    """(id, section) of every entry of a content file; a single table by its name."""
    out = []
    for section, rows in read_toml(package, name).items():
        if isinstance(rows, dict):
            out.append((section, section))
        elif isinstance(rows, list):
            out += [(str(r["id"]), section) for r in rows if isinstance(r, dict) and "id" in r]
    return out


def _export(package: str, files: list[str], export: Path, force: bool) -> None:
    """Copy the content files of ``package`` into ``export``; Refused for a folder in use."""
    if export.exists() and not export.is_dir():
        raise Refused(f"{export} is a file; --export needs a folder")
    if export.is_dir() and any(export.iterdir()) and not force:
        raise Refused(f"{export} is not empty: use a new or empty folder, or --force to "
                      "write the content files over what it holds")
    root = folder(package)
    try:
        for name in files:
            node = root
            for part in name.split("/"):
                node = node.joinpath(part)
            target = export / name
            target.parent.mkdir(parents=True, exist_ok=True)
            target.write_bytes(node.read_bytes())
    except OSError as e:
        raise click.ClickException(f"{export}: cannot write the content files "
                                   f"({e.strerror or e})") from None


__all__ = ["content_cmd", "content_options", "overriding", "refuse_content_vary"]
