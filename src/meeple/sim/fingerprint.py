"""What a run's games were played under: meeple's version, its engine, the game's code and the
game's content, each file hashed, so that a run can refuse to mix old rules with new.

A fingerprint is JSON data kept in ``run.json``::

    {"meeple": "0.1.0",                   meeple's version
     "engine": "5d41402abc4b2a76",         core, components, content reading and the bots
     "code": {"battle.py": "…", …},        every Python file of the game's package
     "content": {"heroes.toml": "…", …}}   every content file the game reads, from the folder
                                           it reads them from now (a designer's copy included)

:func:`changes` says, in words, what differs between two fingerprints.

>>> old = {"meeple": "0.1.0", "engine": "a", "code": {"rules.py": "1"},
...        "content": {"heroes.toml": "1", "tiles.toml": "2"}}
>>> new = {**old, "content": {"heroes.toml": "9", "tiles.toml": "2", "extra.toml": "3"}}
>>> changes("myth", old, new)
['the content of myth changed: extra.toml (new), heroes.toml']
>>> changes("myth", old, old)
[]
"""

from __future__ import annotations

import hashlib
import inspect
import sys
from collections.abc import Iterable, Mapping
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from meeple import __version__
from meeple.content import content_files, folder
from meeple.core import Game, game_class

#: Folders of a game's package that hold no rules: words, the drawn board, the how-to pages.
_NOT_RULES = frozenset({"__pycache__", "locale", "board", "howto", "content"})
#: The parts of meeple every game is played with (relative to the ``meeple`` package).
_ENGINE = ("core", "components", "agents", "content.py")


def digest(data: bytes) -> str:
    """A short hash of some bytes: 16 hex digits of their SHA-256."""
    return hashlib.sha256(data).hexdigest()[:16]


def fingerprint(game_id: str) -> dict[str, Any]:
    """The fingerprint of ``game_id`` as it would be played now (see the module's doc)."""
    cls = game_class(game_id)
    return {"meeple": __version__, "engine": engine_digest(),
            "code": code_files(cls), "content": content_digests(cls)}


def engine_digest() -> str:
    """One hash of the Python files of meeple's engine (:data:`_ENGINE`)."""
    root = Path(__file__).resolve().parent.parent
    h = hashlib.sha256()
    for part in _ENGINE:
        for name, data in _python_files(root / part):
            h.update(f"{part}/{name}".encode() + b"\0" + data + b"\0")
    return h.hexdigest()[:16]


def code_files(cls: type[Game[Any]]) -> dict[str, str]:
    """The hash of every Python file of the package that holds ``cls`` (its rules)."""
    return {name: digest(data)
            for name, data in _python_files(Path(inspect.getfile(cls)).resolve().parent)}


def _python_files(root: Path) -> list[tuple[str, bytes]]:
    """(path relative to ``root``, bytes) of the ``.py`` files under ``root`` (or ``root``
    itself, a file), sorted, outside the folders that hold no rules."""
    if root.is_file():
        return [(root.name, root.read_bytes())]
    return [(p.relative_to(root).as_posix(), p.read_bytes()) for p in sorted(root.rglob("*.py"))
            if not _NOT_RULES & set(p.relative_to(root).parts[:-1])]


def content_package(cls: type[Game[Any]]) -> str:
    """The package whose ``content`` folder ``cls`` reads (``meeple.games.myth``)."""
    module = sys.modules[cls.__module__]
    return module.__package__ or cls.__module__


def content_digests(cls: type[Game[Any]]) -> dict[str, str]:
    """The hash of every content file ``cls`` reads, from the folder it reads them from now
    (the shipped one, or a copy put in its place with :func:`meeple.content.use_folder`)."""
    package = content_package(cls)
    try:
        names = content_files(package)
    except (FileNotFoundError, NotADirectoryError, TypeError):
        return {}  # a game without content (or a game that is a lone module, not a package)
    root: Traversable = folder(package)
    out: dict[str, str] = {}
    for name in names:
        node = root
        for part in name.split("/"):
            node = node.joinpath(part)
        out[name] = digest(node.read_bytes())
    return out


def changes(game: str, old: Mapping[str, Any], new: Mapping[str, Any]) -> list[str]:
    """What differs between the fingerprints ``old`` (a run's) and ``new`` (now's), in words;
    empty when nothing does."""
    out = []
    if old.get("meeple") != new.get("meeple"):
        out.append(f"meeple's version changed: the run was played with {old.get('meeple')}, "
                   f"this is {new.get('meeple')}")
    if old.get("engine") != new.get("engine"):
        out.append("meeple's engine changed (its core, components, content reading or bots)")
    for key, what in (("code", "code"), ("content", "content")):
        files = _changed_files(old.get(key) or {}, new.get(key) or {})
        if files:
            out.append(f"the {what} of {game} changed: {', '.join(files)}")
    return out


def _changed_files(old: Mapping[str, str], new: Mapping[str, str]) -> list[str]:
    names: Iterable[str] = sorted(set(old) | set(new))
    return [name + (" (new)" if name not in old else " (removed)" if name not in new else "")
            for name in names if old.get(name) != new.get(name)]
