"""``python -m meeple.cli``: the ``meeple`` command."""

from . import main

main()
