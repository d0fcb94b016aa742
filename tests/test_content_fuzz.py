"""Every content file of every game, broken in every way, is refused at load with a ContentError.

The breakages are made from the real files: for each file and section, a missing required field,
a wrong type for every field, an unknown extra key, a duplicate id, an empty section, an
unknown section, invalid TOML, an out-of-range number for every ranged field (read from the
schema's own bounds) and a dangling value in every reference field (the fields a schema marks
:class:`~meeple.content.Ref`). Each is written into a copy of the game's content folder and
the game is loaded through ``meeple.load`` (its ``setup``) while :func:`use_folder` points the
game at the copy. The error must name the broken file (relative to the games folder), the
entry and the field.
"""

from __future__ import annotations

import json
import random
import shutil
import tomllib
import types
import typing
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import annotated_types as at
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from pydantic import BaseModel
from pydantic.fields import FieldInfo

import meeple
from meeple.content import Ref, content_files, schemas, use_folder, where
from meeple.core import ContentError, MeepleError
from meeple.games._template.content import cards

GAMES = ("myth", "catacombs", "heavens", "andor", "grabhit", "_template")
DANGLING = {"str": "no_such_id", "int": 9999}
#: Int and float fields that may take any value, and why.
SIGNED = {
    ("andor", "Event", "amount"): "an event gives or takes willpower, gold or strength",
}


def package(game: str) -> str:
    return f"meeple.games.{game}"


def load(game: str) -> None:
    """Load a game the way a player does (its setup reads and checks all of its content)."""
    if game == "_template":
        cards()
    else:
        meeple.load(game)


for _g in GAMES:  # every game loads its shipped content, and so registers its schemas
    load(_g)


# ----------------------------------------------------------------------------- TOML writing
def _value(v: Any) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, float)):
        return repr(v)
    if isinstance(v, str):
        return json.dumps(v, ensure_ascii=False)
    if isinstance(v, list):
        return "[" + ", ".join(_value(x) for x in v) + "]"
    if isinstance(v, dict):
        return "{" + ", ".join(f"{json.dumps(k)} = {_value(x)}" for k, x in v.items()) + "}"
    raise TypeError(v)


def dump(data: dict[str, Any]) -> str:
    """TOML text for ``data``: arrays of tables and tables of inline values."""
    lines = [f"{json.dumps(k)} = {_value(v)}" for k, v in data.items()
             if not (isinstance(v, dict) or (isinstance(v, list) and v
                                              and all(isinstance(r, dict) for r in v)))]
    for k, v in data.items():
        rows = [v] if isinstance(v, dict) else v
        if isinstance(v, dict) or (isinstance(v, list) and v
                                   and all(isinstance(r, dict) for r in v)):
            for row in rows:
                lines.append(f"[{json.dumps(k)}]" if isinstance(v, dict) else f"[[{k}]]")
                lines += [f"{json.dumps(f)} = {_value(x)}" for f, x in row.items()]
    return "\n".join(lines) + "\n"


# ------------------------------------------------------------------------- schema reading
def _split(ann: Any) -> tuple[Any, list[Any]]:
    """The bare type and the metadata of an annotation (Annotated and FieldInfo unwrapped)."""
    meta: list[Any] = []
    while typing.get_origin(ann) is typing.Annotated:
        ann, *extra = typing.get_args(ann)
        for m in extra:
            meta += m.metadata if isinstance(m, FieldInfo) else [m]
    return ann, meta


def _bounds(meta: list[Any]) -> list[int | float]:
    out: list[int | float] = []
    for m in meta:
        if isinstance(m, at.Ge):
            out.append(m.ge - 1)  # type: ignore[operator]
        elif isinstance(m, at.Gt):
            out.append(m.gt)  # type: ignore[arg-type]
        elif isinstance(m, at.Le):
            out.append(m.le + 1)  # type: ignore[operator]
        elif isinstance(m, at.Lt):
            out.append(m.lt)  # type: ignore[arg-type]
    return out


Path_ = tuple[Any, ...]


def ranged(ann: Any, meta: list[Any], path: Path_ = ()) -> Iterator[tuple[Path_, Any, list[Any]]]:
    """(path, number type, out-of-range values) for every number inside an annotation.

    A path step is a field name (nested table), a position (list element) or ``"*"`` (the
    first value of a table keyed by names).
    """
    ann, more = _split(ann)
    meta = meta + more
    origin, args = typing.get_origin(ann), typing.get_args(ann)
    if origin in (typing.Union, types.UnionType):
        for a in args:
            yield from ranged(a, meta, path)
    elif origin in (list, tuple):
        items = [a for a in args if a is not Ellipsis]
        fixed = origin is tuple and Ellipsis not in args
        for j, a in enumerate(items if fixed else items[:1]):
            yield from ranged(a, [], (*path, j))
    elif origin is dict:
        yield from ranged(args[1], [], (*path, "*"))
    elif isinstance(ann, type) and issubclass(ann, BaseModel):
        for name, info in ann.model_fields.items():
            yield from ranged(info.annotation, list(info.metadata), (*path, name))
    elif ann in (int, float):
        bad = _bounds(meta)
        if bad:
            yield path, ann, bad


def unbounded(model: type[BaseModel]) -> Iterator[str]:
    """Number fields of a schema that declare no range."""
    for name, info in model.model_fields.items():
        base, meta = _split(info.annotation)
        if base in (int, float) and not _bounds(list(info.metadata) + meta):
            yield name


def ref_of(model: type[BaseModel], field: str) -> Ref | None:
    info = model.model_fields[field]
    return next((m for m in [*info.metadata, *_split(info.annotation)[1]]
                 if isinstance(m, Ref)), None)


# ------------------------------------------------------------------------ the breakages
@dataclass(frozen=True)
class Case:
    """One breakage of one file, and what the error must name."""

    game: str
    file: str          # relative to the content folder
    what: str
    text: str
    entry: str | None  # None: any non-empty entry
    field: str | None  # None: any non-empty field; else the error's field starts with it

    def __str__(self) -> str:
        return f"{self.game}/{self.file}: {self.what}"


def _get(value: Any, path: Path_) -> Any:
    for step in path:
        if step == "*":
            if not isinstance(value, dict) or not value:
                return None
            value = next(iter(value.values()))
        elif isinstance(step, int):
            if not isinstance(value, list) or len(value) <= step:
                return None
            value = value[step]
        else:
            if not isinstance(value, dict) or step not in value:
                return None
            value = value[step]
    return value


def _set(row: dict[str, Any], path: Path_, new: Any) -> None:
    value: Any = row
    for step in path[:-1]:
        value = _get(value, (step,))
    last = path[-1]
    if last == "*":
        last = next(iter(value))
    value[last] = new


def _leaf_path(value: Any, kind: str, path: Path_ = ()) -> Path_ | None:
    """The path of the first str (or int) leaf in a value; a table's keys are str leaves."""
    if isinstance(value, bool):
        return None
    if isinstance(value, str):
        return path if kind == "str" and value else None
    if isinstance(value, int):
        return path if kind == "int" else None
    if isinstance(value, list):
        for j, v in enumerate(value):
            if (p := _leaf_path(v, kind, (*path, j))) is not None:
                return p
    if isinstance(value, dict) and value:
        return (*path, "key") if kind == "str" else _leaf_path(next(iter(value.values())),
                                                               kind, (*path, "*"))
    return None


def _wrong(v: Any) -> Any:
    if isinstance(v, (bool, int, float, list, dict)):
        return "not-this-type"
    return 12


def _drop(row: dict[str, Any], name: str) -> None:
    row.pop(name)


def _mistype(row: dict[str, Any], name: str) -> None:
    row[name] = _wrong(row[name])


def _label(row: dict[str, Any], i: int, section: str, table: bool) -> str:
    return section if table else str(row.get("id", f"#{i + 1}"))


def file_cases(game: str, fname: str, text: str) -> Iterator[Case]:
    """Every breakage of one real file."""
    pkg = package(game)
    data = tomllib.loads(text)
    yield Case(game, fname, "invalid TOML", text + "\n[[broken\n", None, "syntax")
    yield Case(game, fname, "unknown section", text + '\n[[no_such_section]]\nid = "x"\n',
               "no_such_section", "no_such_section")
    for section, rows in data.items():
        model = schemas()[(pkg, fname, section)]
        table = isinstance(rows, dict)
        rows = [rows] if table else rows

        def case(what: str, i: int, change: Callable[[dict[str, Any]], Any], field: str,
                 entry: str | None = "", *, sec: str = section,
                 table: bool = table) -> Case:
            new = json.loads(json.dumps(data))
            target = new[sec] if table else new[sec][i]
            change(target)
            label = entry if entry != "" else _label(target, i, sec, table)
            return Case(game, fname, f"[{sec}] {what}", dump(new), label, field)

        first = rows[0]
        for name, info in model.model_fields.items():
            if info.is_required() and name in first:
                yield case(f"missing {name}", 0, partial(_drop, name=name), name,
                           None if name == "id" else "")
        for name in first:
            yield case(f"wrong type of {name}", 0, partial(_mistype, name=name), name,
                       str(_wrong(first[name])) if name == "id" and not table else "")
        yield case("unknown key", 0, lambda r: r.__setitem__("no_such_key", 1), "no_such_key")
        if not table:
            new = {**data, section: [*rows, rows[0]]}
            yield Case(game, fname, f"[{section}] duplicate id", dump(new),
                       str(first.get("id")), "id")
            yield Case(game, fname, f"[{section}] empty", dump({**data, section: []}),
                       section, section)
        for name, info in model.model_fields.items():
            for path, _, bad in ranged(info.annotation, list(info.metadata), (name,)):
                i = next((k for k, r in enumerate(rows) if _get(r, path) is not None), None)
                if i is None:
                    continue
                for value in bad:
                    yield case(f"{'.'.join(map(str, path))} = {value}", i,
                               partial(_set, path=path, new=value), name)
            ref = ref_of(model, name)
            for kind in ref.leaves if ref else ():
                for i, row in enumerate(rows):
                    if name not in row or (p := _leaf_path(row[name], kind, (name,))) is None:
                        continue
                    yield case(f"dangling {name} ({kind}) in entry {i}", i,
                               partial(_dangle, path=p, kind=kind), name)


def _dangle(row: dict[str, Any], path: Path_, kind: str) -> None:
    if path[-1] == "key":
        table = _get(row, path[:-1])
        first = next(iter(table))
        table[DANGLING["str"]] = table.pop(first)
    else:
        _set(row, path, DANGLING[kind])


def content_dir(game: str) -> Path:
    return Path(meeple.__file__).parent / "games" / game / "content"


def all_cases() -> Iterator[Case]:
    for game in GAMES:
        for fname in content_files(package(game)):
            yield from file_cases(game, fname, (content_dir(game) / fname).read_text("utf-8"))


def attempt(scratch: Path, case: Case) -> ContentError | None:
    """Load the game with one broken file; the ContentError, or None if it loaded."""
    target = scratch / case.file
    original = target.read_bytes()
    target.write_text(case.text, "utf-8")
    try:
        with use_folder(package(case.game), scratch):
            load(case.game)
    except ContentError as e:
        return e
    finally:
        target.write_bytes(original)
    return None


# ----------------------------------------------------------------------------- the tests
def test_every_content_file_of_a_game_is_read_when_the_game_loads() -> None:
    for game in GAMES:
        read = {f for (p, f, _) in schemas() if p == package(game)}
        assert read == set(content_files(package(game))), game


def test_every_number_in_a_schema_has_a_range() -> None:
    found = {(game, m.__name__, f) for (p, _, _), m in schemas().items()
             for game in [p.rsplit(".", 1)[-1]] for f in unbounded(m)}
    assert found == set(SIGNED)


def test_the_writer_reproduces_every_real_file() -> None:
    for game in GAMES:
        for fname in content_files(package(game)):
            data = tomllib.loads((content_dir(game) / fname).read_text("utf-8"))
            assert tomllib.loads(dump(data)) == data


@pytest.fixture(scope="module")
def scratch(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    out = {}
    for game in GAMES:
        out[game] = tmp_path_factory.mktemp(game.strip("_")) / "content"
        shutil.copytree(content_dir(game), out[game])
    return out


def test_the_untouched_copies_load(scratch: dict[str, Path]) -> None:
    for game in GAMES:
        with use_folder(package(game), scratch[game]):
            load(game)


def test_every_breakage_of_every_file_is_refused_naming_file_entry_and_field(
        scratch: dict[str, Path]) -> None:
    cases = list(all_cases())
    accepted, misnamed = [], []
    for case in cases:
        err = attempt(scratch[case.game], case)
        if err is None:
            accepted.append(str(case))
            continue
        ok = (err.file == where(package(case.game), case.file) and err.entry and err.field
              and (case.entry is None or err.entry == case.entry)
              and (case.field is None or err.field.split(".")[0] == case.field)
              and "/tmp" not in str(err) and str(Path.home()) not in str(err))
        if not ok:
            misnamed.append(f"{case}: file={err.file!r} entry={err.entry!r} "
                            f"field={err.field!r}: {err}")
    print(f"\n{len(cases)} breakages tried, {len(accepted)} accepted, {len(misnamed)} misnamed")
    assert len(cases) > 1000
    assert not accepted, "\n".join(accepted)
    assert not misnamed, "\n".join(misnamed)


@dataclass(frozen=True)
class Spot:
    """A number in a real file: where it is and the range its schema allows."""

    game: str
    file: str
    section: str
    row: int | None    # None: a single table
    path: Path_
    kind: Any
    bad: tuple[Any, ...]


def spots() -> list[Spot]:
    out = []
    for game in GAMES[:-1]:
        for fname in content_files(package(game)):
            data = tomllib.loads((content_dir(game) / fname).read_text("utf-8"))
            for section, rows in data.items():
                model = schemas()[(package(game), fname, section)]
                for name, info in model.model_fields.items():
                    for path, kind, bad in ranged(info.annotation, list(info.metadata), (name,)):
                        for i, r in enumerate([rows] if isinstance(rows, dict) else rows):
                            if _get(r, path) is not None:
                                out.append(Spot(game, fname, section,
                                                None if isinstance(rows, dict) else i, path,
                                                kind, tuple(bad)))
    return out


SPOTS = spots()


@st.composite
def in_range(draw: st.DrawFn) -> tuple[Spot, Any]:
    spot = draw(st.sampled_from(SPOTS))
    lo = min(spot.bad)
    hi = max(spot.bad) if len(spot.bad) > 1 else lo + 20
    if spot.kind is float:
        return spot, draw(st.floats(lo, hi, exclude_min=True, exclude_max=True))
    return spot, draw(st.integers(lo + 1, hi - 1 if len(spot.bad) > 1 else hi))


@settings(max_examples=120, deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(change=in_range())
def test_numbers_within_their_ranges_load_or_are_refused_and_never_crash_play(
        scratch: dict[str, Path], change: tuple[Spot, Any]) -> None:
    """Any in-range number either passes every check, and then three random games play
    without an exception that is not meeple's, or is refused by a check across entries.

    (Myth's rules read the shipped content kept in ``base.C``, so for Myth this covers
    loading only.)
    """
    spot, value = change
    target = scratch[spot.game] / spot.file
    original = target.read_bytes()
    data = tomllib.loads(original.decode("utf-8"))
    row = data[spot.section] if spot.row is None else data[spot.section][spot.row]
    _set(row, spot.path, value)
    target.write_text(dump(data), "utf-8")
    try:
        with use_folder(package(spot.game), scratch[spot.game]):
            try:
                game = meeple.load(spot.game)
            except ContentError as e:
                assert e.file == where(package(spot.game), spot.file) or e.file.startswith(
                    f"{spot.game}/content/")
                assert e.entry and e.field
                return
            for seed in range(3):
                state = game.new_state(seed=seed)
                moves = random.Random(seed)
                for _ in range(300):
                    if state.is_over:
                        break
                    try:
                        state.apply(moves.choice(state.legal_actions()))
                    except MeepleError:
                        break
    finally:
        target.write_bytes(original)
