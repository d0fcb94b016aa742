"""How the commands fail: bad input is :class:`Refused` (one line, exit code 2), and a run into
a directory (:func:`running`) turns the engine's errors, a failing disk and Ctrl-C into words."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import click

from meeple.core import MeepleError


class Refused(click.ClickException):
    """Bad input to a command: one line on stderr, exit code 2 (as for a usage error)."""

    exit_code = 2


@contextmanager
def running(out: Path) -> Iterator[None]:
    """Around a run that keeps its games in ``out``: a MeepleError is Refused, an OSError (the
    disk filled up, the directory went away...) names ``out``, and Ctrl-C says the run resumes,
    exit code 130."""
    try:
        yield
    except MeepleError as e:
        raise Refused(str(e)) from None
    except OSError as e:
        raise click.ClickException(f"{out}: {e}") from None
    except KeyboardInterrupt:
        click.echo(f"Interrupted. {out} is consistent; run the same command to resume.",
                   err=True)
        raise SystemExit(130) from None
