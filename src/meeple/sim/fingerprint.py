"""What a run's games were played under: meeple's version, its engine, the game's code and the
game's content, each file hashed, so that a run can refuse to mix old rules with new.

A fingerprint is JSON data kept in ``run.json``::

    {"meeple": "0.1.0",                   meeple's version
     "engine": "5d41402abc4b2a76",         core, components, content reading and the bots
     "code": {"battle.py": "…", …},        every Python file of the game's package
     "content": {"heroes.toml": "…", …},   every content file the game reads, from the folder
                                           it reads them from now (a designer's copy included)
     "set": ["heroes.heron_guard.attack=[30, 34, 38]", …],
                                           the values set from outside the files
                                           (``--set``; the key is absent when none is)
     "folder": "/home/me/my-myth"}         the folder given with ``--content`` (absent
                                           without; added by ``make_spec``)

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
from collections.abc import Iterable, Iterator, Mapping
from contextlib import contextmanager
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Any

from meeple import __version__
from meeple.content import activate, active, content_files, folder, parse_setting, use_content
from meeple.core import ConfigError, ContentError, Game, game_class

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
    out: dict[str, Any] = {"meeple": __version__, "engine": engine_digest(),
                           "code": code_files(cls), "content": content_digests(cls)}
    sets = active(content_package(cls))[1]
    if sets:
        out["set"] = [str(s) for s in sets]
    return out


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


@contextmanager
def overridden(game_id: str, content: str | Path | None = None,
               sets: Iterable[str] = ()) -> Iterator[None]:
    """A block in which ``game_id`` reads its content from ``content`` (a designer's copy of
    its folder; None: the folder it reads now) with the ``--set`` values ``sets`` applied.
    ContentError for a set value that is not ``FILE.ENTRY.FIELD=VALUE`` or names no file; a
    ContentError raised inside says which folder was read."""
    settings = [parse_setting(s) for s in sets]
    keys = [f"{s.file.removesuffix('.toml')}.{s.key}" for s in settings]
    twice = next((k for i, k in enumerate(keys) if k in keys[:i]), None)
    if twice is not None:
        raise ConfigError(f"--set {twice} is given twice; give each value once")
    with use_content(content_package(game_class(game_id)), content, settings):
        try:
            yield
        except ContentError as e:
            if content is None:
                raise
            raise ContentError(f"{e} (the content is read from {content})", file=e.file,
                               entry=e.entry, field=e.field) from None


def keep_overridden(game_id: str, content: str | Path | None, sets: Iterable[str]) -> None:
    """In a worker process: read ``game_id``'s content as :func:`overridden` would, from now
    on, unless it already does (a forked worker inherits what its parent reads)."""
    package = content_package(game_class(game_id))
    wanted = None if content is None else Path(content).resolve()
    now_folder, now_sets = active(package)
    settings = tuple(parse_setting(s) for s in sets)
    if tuple(map(str, now_sets)) != tuple(map(str, settings)) or (
            wanted is not None and wanted != now_folder):
        activate(package, wanted, settings)


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
    if old.get("folder") != new.get("folder"):
        was, now = (f"from {f} (--content)" if f else "from the game's own folder"
                    for f in (old.get("folder"), new.get("folder")))
        out.append(f"the content is read {now}, the run read it {was}")
    sets = set_changes(old.get("set") or [], new.get("set") or [])
    if sets:
        out.append(f"the values set with --set changed: {'; '.join(sets)}")
    return out


def set_changes(old: Iterable[str], new: Iterable[str]) -> list[str]:
    """How the ``--set`` values of a run (``old``) and of now (``new``) differ, in words.

    >>> set_changes(["heroes.archer.life=9", "tiles.hall.doors=2"],
    ...             ["heroes.archer.life=12", "heroes.dwarf.life=5"])
    ['heroes.archer.life is 12, the run had 9', 'heroes.dwarf.life is set to 5, the run did \
not set it', 'tiles.hall.doors is not set, the run set it to 2']
    """
    was = dict(s.partition("=")[::2] for s in old)
    now = dict(s.partition("=")[::2] for s in new)
    out = []
    for key in sorted(set(was) | set(now)):
        if key not in was:
            out.append(f"{key} is set to {now[key]}, the run did not set it")
        elif key not in now:
            out.append(f"{key} is not set, the run set it to {was[key]}")
        elif was[key] != now[key]:
            out.append(f"{key} is {now[key]}, the run had {was[key]}")
    return out


def _changed_files(old: Mapping[str, str], new: Mapping[str, str]) -> list[str]:
    names: Iterable[str] = sorted(set(old) | set(new))
    return [name + (" (new)" if name not in old else " (removed)" if name not in new else "")
            for name in names if old.get(name) != new.get(name)]
