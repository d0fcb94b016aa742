"""The games that ship with meeple; each registers by a ``meeple.games`` entry point in
meeple's ``pyproject.toml``, as a game in another package does. ``meeple.list_games()`` lists
the registered games."""
