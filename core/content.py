"""Reading a game's content files: one error type, one TOML loader, typed field readers.

Every game keeps its cards, champions, spells and scenarios as ``[[table]]`` entries in TOML
files under ``core/<game>/content/``. A game reads a file with ``read`` (or ``parse`` for text
already in hand), takes its entries with ``Document.entries`` and reads each entry's fields
through ``Fields``. Anything wrong — a missing file, text that is not TOML, an unknown key, a
missing or mistyped field, a number out of range, a value outside its set, a reused id — raises
``ContentError`` naming the file, the entry and the field, e.g.::

    cards.toml: [[card]] "mystic", field "cost": must be a whole number ≥ 0, not -1

so a typo in content never reaches a game as a silently ignored effect.
"""

from __future__ import annotations

import importlib
import re
import tomllib
from collections.abc import Collection, Hashable, Iterable, Mapping, Sequence
from importlib.machinery import SourceFileLoader, SourcelessFileLoader
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol, cast

if TYPE_CHECKING:
    # importlib.resources costs several milliseconds of start-up (it brings tempfile, shutil
    # and the compression modules along), so it is imported only where it is really used.
    from importlib.resources.abc import Traversable

    class Source(Traversable, Hashable, Protocol):
        """A content file or folder: a packaged resource or a ``pathlib.Path`` (tests read
        broken copies from a temporary folder). Hashable, so a loader can cache per source."""

_ID = re.compile(r"[a-z][a-z0-9_]*")


class ContentError(ValueError):
    """A content file, or one field of one entry in it, that cannot be used.

    ``entry`` is empty when the whole file is at fault (missing, not TOML); ``field`` is empty
    when the entry as a whole is (two entries with one id, a construct that gives nothing).
    Nested fields are written as paths: ``effect[0].n``, ``bonus.keywords``.
    """

    def __init__(self, file: str, entry: str, field: str, problem: str) -> None:
        self.file = file
        self.entry = entry
        self.field = field
        self.problem = problem
        super().__init__(f"{location(file, entry, field)}: {problem}")

    def __reduce__(self) -> tuple[type[ContentError], tuple[str, str, str, str]]:
        # An exception is rebuilt from its args when it crosses processes; these are ours.
        return ContentError, (self.file, self.entry, self.field, self.problem)


def location(file: str, entry: str, field: str) -> str:
    """``file: entry, field "x"`` with the parts that are known."""
    where = f"{file}: {entry}" if entry else file
    if field:
        where += f', field "{field}"' if entry else f': field "{field}"'
    return where


def shown(value: object) -> str:
    """A value as it is written in TOML, for an error message."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, str):
        return f'"{value}"'
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "a table"
    return str(value)


def one_of(options: Iterable[object]) -> str:
    """``"a", "b" or "c"``: the allowed values for an error message."""
    words = [shown(o) for o in options]
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} or {words[-1]}"


def whole_number(lo: int | None, hi: int | None) -> str:
    """``a whole number from 1 to 4`` (or ``≥ 1``, ``≤ 4``): what a number field needs."""
    if lo is not None and hi is not None:
        return f"a whole number from {lo} to {hi}"
    if lo is not None:
        return f"a whole number ≥ {lo}"
    return "a whole number" if hi is None else f"a whole number ≤ {hi}"


# --- files ----------------------------------------------------------------------------------


def content_dir(package: str) -> Source:
    """The ``content`` folder of a game package, wherever the package is installed."""
    spec = importlib.import_module(package).__spec__
    if (spec is not None and spec.origin is not None
            and isinstance(spec.loader, SourceFileLoader | SourcelessFileLoader)):
        # A package in a folder: the folder beside its __init__, which is what
        # importlib.resources.files gives too, without the start-up cost of importing it.
        return Path(spec.origin).parent / "content"
    from importlib.resources import files  # a zip or another importer: ask it

    # Every Traversable the standard library hands out (a Path, a zip path, a namespace
    # package's MultiplexedPath) hashes; only the typeshed Protocol does not say so.
    return cast("Source", files(package).joinpath("content"))


def content_file(package: str, name: str) -> Source:
    """The content file ``name`` of a game package: ``core/<game>/content/<name>``."""
    return cast("Source", content_dir(package).joinpath(name))


def label(table: str, ident: object, key: str = "id") -> str:
    """How errors name an entry: ``[[card]] "mystic"``, ``[[gateway]] slot 2``."""
    return f'[[{table}]] "{ident}"' if isinstance(ident, str) else f"[[{table}]] {key} {ident}"


def read(source: Traversable, tables: Collection[str]) -> Document:
    """The content file at ``source`` (a packaged file or a ``pathlib.Path``), parsed.

    ``tables`` names the ``[[table]]`` arrays the file may hold; anything else at top level
    is refused.
    """
    name = source.name
    try:
        data = source.read_bytes()
    except FileNotFoundError:
        raise ContentError(name, "", "", "file not found") from None
    except OSError as exc:
        raise ContentError(name, "", "", f"cannot be read ({exc.strerror})") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise ContentError(name, "", "", f"not UTF-8 text ({exc.reason} at byte {exc.start})"
                           ) from None
    return parse(text, name, tables)


def parse(text: str, file: str, tables: Collection[str]) -> Document:
    """TOML ``text`` read as the content file called ``file`` (which names it in errors)."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise ContentError(file, "", "", f"not valid TOML ({exc})") from None
    expected = " or ".join(f"[[{t}]]" for t in tables)
    for key in sorted(data):
        if key not in tables:
            raise ContentError(file, "", key, f"unknown top-level key (expected {expected})")
        value = data[key]
        if not isinstance(value, list) or not all(isinstance(e, dict) for e in value):
            raise ContentError(file, "", key, f"must be written as [[{key}]] tables")
    return Document(file, data)


class Document:
    """A parsed content file: its ``[[table]]`` entries, each to be read through ``Fields``."""

    def __init__(self, file: str, data: Mapping[str, Any]) -> None:
        self.file = file
        self._data = data

    def entries(self, table: str, key: str = "id") -> list[Fields]:
        """The ``[[table]]`` entries in file order (none if the file has none).

        Each entry is named in errors by its ``key`` field (``[[card]] "mystic"``,
        ``[[gateway]] slot 2``) or, without a usable one, by its place (``[[card]] #3``). Two
        entries with the same ``key`` value are refused.
        """
        out: list[Fields] = []
        seen: set[object] = set()
        for i, raw in enumerate(self._data.get(table, [])):
            ident = raw.get(key)
            if isinstance(ident, str) or type(ident) is int:
                named = label(table, ident, key)
                if ident in seen:
                    raise ContentError(self.file, named, key, f"the same {key} is used twice")
                seen.add(ident)
            else:
                named = f"[[{table}]] #{i + 1}"
            out.append(Fields(raw, self.file, named))
        return out


# --- fields ---------------------------------------------------------------------------------


class Fields:
    """One TOML table of a content file (an entry, or a table nested in one), read field by
    field: every reader checks the value and raises ``ContentError`` naming where it is.

    A reader with ``default=None`` requires the field; with a default, a missing field gives
    the default (which is not checked). ``prefix`` is the path of a nested table inside its
    entry (``effect[0].``), so errors name the field exactly.
    """

    def __init__(self, raw: Mapping[str, Any], file: str, entry: str, prefix: str = "",
                 paths: Mapping[str, str] | None = None) -> None:
        self.raw = raw
        self.file = file
        self.entry = entry
        self.prefix = prefix
        self._paths = dict(paths or {})

    def __contains__(self, key: str) -> bool:
        return key in self.raw

    def path(self, key: str) -> str:
        """Where ``key`` is written, relative to the entry (``""`` = this table itself)."""
        if key in self._paths:
            return self._paths[key]
        return self.prefix + key if key else self.prefix.rstrip(".")

    def fail(self, key: str, problem: str) -> ContentError:
        """The error for field ``key`` of this table (``""``: the table as a whole)."""
        return ContentError(self.file, self.entry, self.path(key), problem)

    def only(self, allowed: Iterable[str], what: str = "") -> None:
        """Refuse every key not in ``allowed``, naming it (``what`` says whose fields these are:
        ``for a hero``)."""
        extra = sorted(set(self.raw) - set(allowed))
        if extra:
            rest = extra[1:]
            also = f" (so {'is' if len(rest) == 1 else 'are'} {', '.join(rest)})" if rest else ""
            raise self.fail(extra[0], f"unknown field{' ' + what if what else ''}{also}")

    def missing(self, key: str, kind: str) -> ContentError:
        """The error for a required field ``key`` that is not written (it needs a ``kind``)."""
        return self.fail(key, f"missing: needs {kind}")

    def integer(self, key: str, default: int | None = None, *, lo: int | None = None,
                hi: int | None = None) -> int:
        """A whole number (``true`` is not 1), from ``lo`` to ``hi`` where given."""
        # Messages are built only on failure: this runs for every number of every file.
        if key not in self.raw:
            if default is None:
                raise self.missing(key, whole_number(lo, hi))
            return default
        value = self.raw[key]
        if (type(value) is not int or (lo is not None and value < lo)
                or (hi is not None and value > hi)):
            raise self.fail(key, f"must be {whole_number(lo, hi)}, not {shown(value)}")
        return value

    def identifier(self, key: str = "id") -> str:
        """An id: lower_snake_case, starting with a letter."""
        if key not in self.raw:
            raise self.missing(key, "an id")
        value = self.raw[key]
        if not isinstance(value, str) or not _ID.fullmatch(value):
            raise self.fail(key, f"must be a lower_snake_case id, not {shown(value)}")
        return value

    def text(self, key: str, default: str | None = None, *, blank: bool = True) -> str:
        """A string; ``blank=False`` refuses one that is empty or only spaces."""
        if key not in self.raw:
            if default is None:
                raise self.missing(key, "text")
            return default
        value = self.raw[key]
        if not isinstance(value, str):
            raise self.fail(key, f"must be text, not {shown(value)}")
        if not blank and not value.strip():
            raise self.fail(key, "must not be empty")
        return value

    def choice(self, key: str, options: Sequence[str], default: str | None = None) -> str:
        """One string of ``options``."""
        if key not in self.raw:
            if default is None:
                raise self.missing(key, f"one of {one_of(options)}")
            return default
        value = self.raw[key]
        if not isinstance(value, str) or value not in options:
            raise self.fail(key, f"must be one of {one_of(options)}, not {shown(value)}")
        return value

    def flag(self, key: str, default: bool | None = None) -> bool:
        """``true`` or ``false``."""
        if key not in self.raw:
            if default is None:
                raise self.missing(key, "true or false")
            return default
        value = self.raw[key]
        if not isinstance(value, bool):
            raise self.fail(key, f"must be true or false, not {shown(value)}")
        return value

    def items(self, key: str, default: Sequence[Any] | None = None) -> list[Any]:
        """A list, its items unchecked (the caller reads them)."""
        if key not in self.raw:
            if default is None:
                raise self.missing(key, "a list")
            return list(default)
        value = self.raw[key]
        if not isinstance(value, list):
            raise self.fail(key, f"must be a list, not {shown(value)}")
        return value

    def strings(self, key: str, default: Sequence[str] | None = None, *,
                options: Sequence[str] | None = None) -> tuple[str, ...]:
        """A list of strings, each one of ``options`` where given."""
        values = self.items(key, default)
        for i, v in enumerate(values):
            if not isinstance(v, str):
                raise self.fail(key, f"must be a list of text, item {i + 1} is {shown(v)}")
            if options is not None and v not in options:
                raise self.fail(key, f"{shown(v)} is not one of {one_of(options)}")
        return tuple(values)

    def integers(self, key: str, default: Sequence[int] | None = None) -> tuple[int, ...]:
        """A list of whole numbers."""
        values = self.items(key, default)
        for i, v in enumerate(values):
            if type(v) is not int:
                raise self.fail(key, f"must be a list of whole numbers, item {i + 1} is "
                                     f"{shown(v)}")
        return tuple(values)

    def table(self, key: str, default: Mapping[str, Any] | None = None) -> Fields:
        """A nested table, read through its own ``Fields``."""
        if key not in self.raw:
            if default is None:
                raise self.missing(key, "a table")
            return self.nested(default, self.path(key))
        value = self.raw[key]
        if not isinstance(value, dict):
            raise self.fail(key, f"must be a table, not {shown(value)}")
        return self.nested(value, self.path(key))

    def tables(self, key: str, default: Sequence[Any] | None = None) -> list[Fields]:
        """A list of tables (``[{op = "draw", n = 1}, ...]``), each read through its own
        ``Fields`` named ``key[i]``."""
        return self.tables_in(self.items(key, default), self.path(key))

    def tables_in(self, value: object, path: str) -> list[Fields]:
        """``value`` (found at ``path`` in this entry) as a list of tables, e.g. one option
        of a list of options."""
        if not isinstance(value, list):
            raise ContentError(self.file, self.entry, path, f"must be a list of tables, not "
                                                            f"{shown(value)}")
        out = []
        for i, item in enumerate(value):
            if not isinstance(item, dict):
                raise ContentError(self.file, self.entry, f"{path}[{i}]",
                                   f"must be a table, not {shown(item)}")
            out.append(self.nested(item, f"{path}[{i}]"))
        return out

    def nested(self, raw: Mapping[str, Any], path: str) -> Fields:
        """A table found at ``path`` inside this entry."""
        return Fields(raw, self.file, self.entry, f"{path}." if path else "")

    def overlaid(self, key: str) -> Fields:
        """This table with the fields of its nested table ``key`` written over it (an
        edition's changes over the printed card); errors in those fields name ``key.field``."""
        over = self.table(key, {})
        merged = {k: v for k, v in self.raw.items() if k != key}
        merged.update(over.raw)
        paths = {k: over.path(k) for k in over.raw}
        return Fields(merged, self.file, self.entry, self.prefix, paths)
