"""The one module that reads content files: TOML tables validated against pydantic schemas.

A content file holds arrays of tables, one array per section::

    [[weapon]]
    id = "axe"
    name = "Axe"
    name_ru = "Топор"
    source = "authored"
    strength = 3

A game declares a schema per section (a subclass of :class:`Entry`) and loads it::

    WEAPONS = load_section("meeple.games.catacombs", "items.toml", "weapon", Weapon)

Numbers carry their ranges in the schema (:data:`Count`, :data:`Positive`, ``Field(ge=…)``);
fields that name another entry are marked :class:`Ref` and resolved by :func:`check_refs`.
A broken file raises :class:`~meeple.core.ContentError` whose ``file`` is the path relative to
the games folder (``heavens/content/greek.toml``), whose ``entry`` is the referring entry and
whose ``field`` is the field; a whole-file fault names ``line N`` and ``syntax`` (invalid TOML)
or the section twice (a section missing or wrong as a whole).

Content is read from the game package's ``content`` folder, or from another folder while
:func:`use_folder` is active (a designer's modified copy, a test's broken one). Single values
can be set from outside the files too (``--set heroes.heron_guard.attack=[30,34,38]``, a
:class:`Setting`): :func:`use_content` applies them to the parsed files before any schema sees
them, so a set value is validated exactly as a written one. Everything is cached per folder
(and set values), so loading a game again costs a dictionary look-up. Loaded entries are
frozen and shared by every state; states keep only ids.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from dataclasses import field as dataclass_field
from importlib import resources
from importlib.resources.abc import Traversable
from pathlib import Path
from typing import Annotated, Any, Literal, TypeVar

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from meeple.core.errors import ContentError

M = TypeVar("M", bound="Entry")
B = TypeVar("B", bound=BaseModel)
T = TypeVar("T")

#: A number of things: copies, counts, costs, prices, damage, experience.
Count = Annotated[int, Field(ge=0)]
#: At least one: life, health, sizes.
Positive = Annotated[int, Field(ge=1)]


@dataclass(frozen=True)
class Ref:
    """Marks a field that names other entries; ``leaves`` says which values do (str, int)."""

    what: str
    leaves: tuple[str, ...] = ("str",)


class Entry(BaseModel):
    """The fields every content entry has: an id, names, and where its numbers come from."""

    model_config = ConfigDict(frozen=True, extra="forbid")

    id: str = Field(min_length=1)
    name: str = ""
    name_ru: str = ""
    source: Literal["rulebook", "authored"]
    note: str = ""

    def label(self, lang: str = "en") -> str:
        """The name in ``lang``, falling back to English, then to any name, then the id."""
        return localized(self, "name", lang) or self.name_ru or self.id


def localized(entry: object, field: str, lang: str) -> str:
    """A content field in ``lang``: English is ``field``, another language ``field_<lang>``
    (``name_ru``); English when that language has no text, "" when neither has.

    >>> class Card:
    ...     name, name_ru, title = "Sword", "Меч", "Blade"
    >>> localized(Card, "name", "ru"), localized(Card, "title", "ru"), localized(Card, "name", "en")
    ('Меч', 'Blade', 'Sword')
    """
    text = getattr(entry, f"{field}_{lang}", "")  # English has no field of its own
    return str(text or getattr(entry, field, "") or "")


class Table(BaseModel):
    """A single ``[section]`` table (a file's header) rather than an array of entries."""

    model_config = ConfigDict(frozen=True, extra="forbid")


_overrides: dict[str, Path] = {}
#: The values set from outside the files, per package (:func:`use_content`).
_sets: dict[str, tuple[Setting, ...]] = {}
_cache: dict[tuple[str, ...], Any] = {}
_schemas: dict[tuple[str, str, str], type[BaseModel]] = {}


def game_of(package: str) -> str:
    """The game id of a game package (``meeple.games.heavens`` -> ``heavens``)."""
    return package.rsplit(".", 1)[-1]


def where(package: str, filename: str) -> str:
    """How messages name a content file: relative to the games folder."""
    return f"{game_of(package)}/content/{filename}"


#: The content folder shipped with each package, once found.
_shipped: dict[str, Traversable] = {}


def folder(package: str) -> Traversable:
    """The content folder a package reads now: an override, or the one shipped with it."""
    if package in _overrides:
        return _overrides[package]
    found = _shipped.get(package)
    if found is not None:
        return found  # found once: a view that reads its content does not search again
    try:
        found = _shipped[package] = resources.files(package).joinpath("content")
        return found
    except ModuleNotFoundError as e:
        raise ContentError(f"{where(package, '')}: no such game package ({e})",
                           file=where(package, ""), entry="package", field="package") from None


@contextmanager
def use_folder(package: str, path: str | Path) -> Iterator[None]:
    """Read ``package``'s content from ``path`` inside the block; its cache is dropped after."""
    p = Path(path).resolve()
    before = _overrides.get(package)
    _overrides[package] = p
    try:
        yield
    finally:
        if before is None:
            del _overrides[package]
        else:
            _overrides[package] = before
        _drop(str(p))


def _drop(root: str) -> None:
    """Forget what was read from the folder ``root`` (with or without set values)."""
    for key in [k for k in _cache if k[0] == root or k[0].startswith(root + "|")]:
        del _cache[key]


def _root(package: str) -> str:
    """The cache's name for what ``package`` reads now: its folder, and its set values."""
    sets = _sets.get(package)
    root = str(folder(package))
    return f"{root}|set {'; '.join(map(str, sets))}" if sets else root


@dataclass(frozen=True)
class Setting:
    """One content value set from outside the files: ``heroes.heron_guard.attack=[30,34,38]``
    is the file ``heroes.toml``, the key ``heron_guard.attack`` (an entry's id or a single
    table's name, then its field) and the value, a TOML value.

    >>> s = parse_setting("heroes.heron_guard.attack = [30, 34,38]")
    >>> s.file, s.key, s.value, str(s)
    ('heroes.toml', 'heron_guard.attack', [30, 34, 38], 'heroes.heron_guard.attack=[30, 34, 38]')
    >>> str(parse_setting("wheel.gold.label=Gold rush"))
    'wheel.gold.label="Gold rush"'
    """

    file: str
    key: str
    value: Any = dataclass_field(hash=False)

    def __str__(self) -> str:
        return f"{self.file.removesuffix('.toml')}.{self.key}={toml_value(self.value)}"


def parse_setting(text: str) -> Setting:
    """A ``FILE.ENTRY.FIELD=VALUE`` text as a :class:`Setting`; ContentError when it is not
    one. The value is read as TOML (``40``, ``[1, 2]``, ``"text"``, ``true``); a value that is
    not TOML is taken as text."""
    path, sep, raw = text.partition("=")
    file, _, key = path.strip().partition(".")
    if not sep or not file or "." not in key or not raw.strip():
        raise ContentError(f"--set {text.strip()!r} is not FILE.ENTRY.FIELD=VALUE "
                           "(heroes.heron_guard.attack=40, say)", file=file, entry="--set",
                           field="--set")
    try:
        value = tomllib.loads(f"v = {raw.strip()}")["v"]
    except tomllib.TOMLDecodeError as e:
        if raw.strip()[0] in "[{\"'":  # meant as TOML, written wrong
            raise ContentError(f"--set {text.strip()!r}: the value is not a TOML value ({e})",
                               file=f"{file}.toml", entry=key.partition(".")[0],
                               field=key.rpartition(".")[2]) from None
        value = raw.strip()  # a bare word: text
    return Setting(f"{file}.toml", key, value)


def toml_value(value: Any) -> str:
    """A value as TOML writes it (``[1, 2]``, ``"text"``, ``true``, ``{ a = 1 }``)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False)
    if isinstance(value, list):
        return "[" + ", ".join(toml_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{json.dumps(k)} = {toml_value(v)}"
                                for k, v in value.items()) + " }"
    return str(value)


@contextmanager
def use_content(package: str, path: str | Path | None = None,
                sets: Iterable[Setting] = ()) -> Iterator[None]:
    """Read ``package``'s content from ``path`` (the folder it reads now when None) with
    ``sets`` applied, inside the block; ContentError for a set value naming no file."""
    before = _overrides.get(package), _sets.get(package)
    try:
        activate(package, path, sets)
        yield
    finally:
        root = _root(package)
        _overrides.pop(package, None)
        _sets.pop(package, None)
        if before[0] is not None:
            _overrides[package] = before[0]
        if before[1] is not None:
            _sets[package] = before[1]
        if root != _root(package):
            _drop(root)


def activate(package: str, path: str | Path | None, sets: Iterable[Setting]) -> None:
    """Read ``package``'s content from ``path`` (unchanged when None) with ``sets`` from now
    on, for good: a worker process playing a run's games (:func:`use_content` for a block).
    """
    sets = tuple(sets)
    if path is not None:
        _overrides[package] = Path(path).resolve()
    _sets.pop(package, None)
    try:
        files = content_files(package) if sets else []
    except (FileNotFoundError, NotADirectoryError, TypeError):
        files = []  # a game without content: every set value names no file
    for s in sets:
        if s.file not in files:
            name = where(package, s.file)
            shown = ", ".join(f.removesuffix(".toml") for f in files) or "none"
            raise ContentError(f"--set {s}: {game_of(package)} has no content file "
                               f"{s.file.removesuffix('.toml')!r} (its files: {shown})",
                               file=name, entry=s.key.partition(".")[0],
                               field=s.key.rpartition(".")[2])
    if sets:
        _sets[package] = sets


def active(package: str) -> tuple[Path | None, tuple[Setting, ...]]:
    """The folder put in place of ``package``'s shipped one (None: none) and its set values."""
    return _overrides.get(package), _sets.get(package, ())


def _apply_sets(package: str, filename: str, data: dict[str, Any]) -> dict[str, Any]:
    """``data`` (a parsed file) with the values set for it; ContentError for a set value
    whose entry or field the file does not hold."""
    for s in _sets.get(package, ()):
        if s.file == filename:
            _set_one(data, s, where(package, filename))
    return data


def _entries(data: dict[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """(id, table) of every entry of a parsed file; a single ``[table]`` by its name."""
    for section, rows in data.items():
        if isinstance(rows, dict):
            yield section, rows
        elif isinstance(rows, list):
            for row in rows:
                if isinstance(row, dict) and "id" in row:
                    yield str(row["id"]), row


def _set_one(data: dict[str, Any], s: Setting, name: str) -> None:
    entries = dict(_entries(data))
    parts = s.key.split(".")
    k = next((k for k in range(len(parts) - 1, 0, -1) if ".".join(parts[:k]) in entries), 0)
    if not k:
        shown = ", ".join(sorted(entries)[:20]) + (", …" if len(entries) > 20 else "")
        raise ContentError(f"{name}: --set {s}: no entry {parts[0]!r} in this file (its "
                           f"entries: {shown})", file=name, entry=parts[0], field=parts[-1])
    entry, (*inner, last) = ".".join(parts[:k]), parts[k:]
    target = entries[entry]
    for key in inner:
        if not isinstance(target.get(key), dict):
            raise fail(name, entry, ".".join(parts[k:]), f"--set {s}: {key!r} is not a "
                       "table of this entry")
        target = target[key]
    target[last] = s.value


def per_folder(package: str) -> Callable[[Callable[[], T]], Callable[[], T]]:
    """Cache a game's whole-content loader once per content folder."""
    def wrap(fn: Callable[[], T]) -> Callable[[], T]:
        def cached() -> T:
            key = (_root(package), "loader", fn.__module__, fn.__qualname__)
            if key not in _cache:
                value = fn()
                _check_whole(package)
                _cache[key] = value
            return _cache[key]  # type: ignore[no-any-return]
        cached.__doc__ = fn.__doc__
        cached.__name__ = fn.__name__
        return cached
    return wrap


def _check_whole(package: str) -> None:
    """Every file of the folder was read, and every section of it has a schema."""
    root = _root(package)
    read = {k[3]: v for k, v in _cache.items() if k[:3] == (root, "toml", package)}
    used = {(k[3], k[4]) for k in _cache if k[0] == root and k[1] in ("section", "table")
            and k[2] == package}
    for f in content_files(package):
        if f not in read:
            raise ContentError(f"{where(package, f)}: a file the game does not read",
                               file=where(package, f), entry="file", field="file")
    for f, data in read.items():
        for section in data:
            if (f, section) not in used:
                known = ", ".join(sorted(s for g, s in used if g == f))
                raise fail(where(package, f), section, section,
                           f"unknown section (this file holds: {known})")


def content_files(package: str) -> list[str]:
    """Every ``.toml`` file of a package's content folder, relative to it (sorted)."""
    out: list[str] = []

    def walk(node: Traversable, prefix: str) -> None:
        for child in node.iterdir():
            if child.is_dir():
                walk(child, f"{prefix}{child.name}/")
            elif child.name.endswith(".toml"):
                out.append(prefix + child.name)
    walk(folder(package), "")
    return sorted(out)


def schemas() -> dict[tuple[str, str, str], type[BaseModel]]:
    """The schema of every (package, file, section) read so far."""
    return dict(_schemas)


def read_toml(package: str, filename: str) -> dict[str, Any]:
    """The parsed TOML of ``<content folder>/<filename>`` (cached per folder)."""
    key = (_root(package), "toml", package, filename)
    if key not in _cache:
        name = where(package, filename)
        try:
            text = folder(package).joinpath(filename).read_text("utf-8")
        except FileNotFoundError:
            raise ContentError(f"{name}: content file not found", file=name, entry="file",
                               field="file") from None
        except UnicodeDecodeError as e:
            raise ContentError(f"{name}: not UTF-8 text (byte {e.start})", file=name,
                               entry="file", field="encoding") from None
        except OSError as e:
            raise ContentError(f"{name}: content file cannot be read ({e.strerror})",
                               file=name, entry="file", field="file") from None
        _cache[key] = _apply_sets(package, filename, parse_toml(text, name))
    return _cache[key]  # type: ignore[no-any-return]


def parse_toml(text: str, name: str) -> dict[str, Any]:
    """Parse TOML text; a syntax error becomes ContentError naming ``name`` and the line."""
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as e:
        m = re.search(r"line (\d+)", str(e))
        raise ContentError(f"{name}: not valid TOML: {e}", file=name,
                           entry=f"line {m.group(1) if m else '?'}", field="syntax") from None


def _error(e: ValidationError, name: str, section: str, entry: str,
           model: type[BaseModel] | None = None) -> ContentError:
    err = e.errors()[0]
    field = ".".join(str(p) for p in err["loc"]) or section
    head = f"[{section}]" if entry == section else f"[[{section}]] entry {entry!r}"
    msg = err["msg"]
    if err["type"] == "extra_forbidden" and model is not None and len(err["loc"]) == 1:
        msg += f" (its fields are: {', '.join(model.model_fields)})"
    return ContentError(f"{name}: {head}, field {field!r}: {msg}",
                        file=name, entry=entry, field=field)


def validate(data: dict[str, Any], section: str, model: type[M], name: str) -> tuple[M, ...]:
    """Validate every entry of ``data[section]``; the first error raises ContentError."""
    rows = data.get(section)
    if not isinstance(rows, list) or not rows:
        raise ContentError(f"{name}: no [[{section}]] entries", file=name, entry=section,
                           field=section)
    out: list[M] = []
    seen: set[Any] = set()
    for i, row in enumerate(rows):
        entry = str(row.get("id", f"#{i + 1}")) if isinstance(row, dict) else f"#{i + 1}"
        try:
            item = model.model_validate(row)
        except ValidationError as e:
            raise _error(e, name, section, entry, model) from None
        if item.id in seen:
            raise ContentError(f"{name}: [[{section}]] id {item.id!r} appears twice",
                               file=name, entry=str(item.id), field="id")
        seen.add(item.id)
        out.append(item)
    return tuple(out)


def load_section(package: str, filename: str, section: str, model: type[M]) -> tuple[M, ...]:
    """The validated entries of one ``[[section]]`` of a game's content file."""
    key = (_root(package), "section", package, filename, section, model.__qualname__)
    if key not in _cache:
        data = read_toml(package, filename)
        _schemas[(package, filename, section)] = model
        _cache[key] = validate(data, section, model, where(package, filename))
    return _cache[key]  # type: ignore[no-any-return]


def load_table(package: str, filename: str, section: str, model: type[B]) -> B:
    """The validated single ``[section]`` table of a game's content file."""
    key = (_root(package), "table", package, filename, section, model.__qualname__)
    if key not in _cache:
        name = where(package, filename)
        data = read_toml(package, filename).get(section)
        _schemas[(package, filename, section)] = model
        if not isinstance(data, dict):
            raise ContentError(f"{name}: no [{section}] table", file=name, entry=section,
                               field=section)
        try:
            _cache[key] = model.model_validate(data)
        except ValidationError as e:
            raise _error(e, name, section, section, model) from None
    return _cache[key]  # type: ignore[no-any-return]


def fail(name: str, entry: object, field: str, msg: str) -> ContentError:
    """A ContentError about ``entry``'s ``field`` in the file ``name``."""
    return ContentError(f"{name}: entry {str(entry)!r}, field {field!r}: {msg}", file=name,
                        entry=str(entry), field=field)


def _leaves(value: Any, kinds: tuple[str, ...]) -> Iterator[Any]:
    if isinstance(value, (list, tuple)):
        for v in value:
            yield from _leaves(v, kinds)
    elif isinstance(value, bool):
        return
    elif (isinstance(value, str) and "str" in kinds) or (
            isinstance(value, int) and "int" in kinds):
        yield value


def check_refs(entries: Iterable[Any], field: str, targets: Iterable[Any], name: str,
               what: str, *, skip: Iterable[Any] = ("",),
               pick: Callable[[Any], Iterable[Any]] | None = None,
               table: str = "") -> None:
    """Every value ``field`` of ``entries`` holds names one of ``targets``.

    Strings and ints nested in tuples are all checked (the kinds the field's :class:`Ref`
    declares, str by default), or the values ``pick(entry)`` returns; values in ``skip``
    (the empty string) mean "none". The error names the referring entry (by its id, or
    ``table``: the section of a single table) and the field.
    """
    known = set(targets)
    skipped = set(skip)
    for e in entries:
        info = type(e).model_fields.get(field) if isinstance(e, BaseModel) else None
        ref = next((m for m in info.metadata if isinstance(m, Ref)), None) if info else None
        values = pick(e) if pick else _leaves(getattr(e, field),
                                              ref.leaves if ref else ("str",))
        for v in values:
            if v not in known and v not in skipped:
                shown = ", ".join(sorted(map(str, known))[:12])
                raise fail(name, table or getattr(e, "id", e), field,
                           f"{v!r} names no {what} (known: {shown})")


def load_file(path: str | Path, section: str, model: type[M]) -> tuple[M, ...]:
    """Validated entries from a TOML file on disk (a designer's own content)."""
    p = Path(path)
    try:
        text = p.read_text("utf-8")
    except UnicodeDecodeError as e:
        raise ContentError(f"{p}: not UTF-8 text (byte {e.start})", file=str(p), entry="file",
                           field="encoding") from None
    except OSError as e:
        raise ContentError(f"{p}: cannot read ({e.strerror})", file=str(p), entry="file",
                           field="file") from None
    return validate(parse_toml(text, str(p)), section, model, str(p))
