"""The save file format: a magic prefix, then one msgpack map that carries its own checksum.

Layout::

    b"ASCEND\\x00" + msgpack({"format", "app_version", "game", "options", "seed", "actions",
                              "checksums", "snapshot", "meta", "checksum"})

A file must be exactly these bytes: top-level keys in this order, and every value in the
shortest msgpack form ``msgpack.packb`` produces, so that any change to a file is refused.

``checksum`` is defined as::

    body = msgpack.packb({name: stored[name] for name in FIELDS}, use_bin_type=True)
    checksum = int.from_bytes(hashlib.blake2b(body, digest_size=8).digest(), "big")

that is, the nine other fields, in the order of ``FIELDS``, each in its stored form (every
action a ``[kind, card, option]`` list). Nested maps keep the order they have in the file,
so a reader re-packs exactly the bytes the writer hashed.

Everything read from disk is untrusted: ``decode`` parses under small explicit limits and
checks every field, and the only exception it lets out is ``SaveError``.
"""

from __future__ import annotations

import hashlib
import importlib.metadata
import types
from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import Any

import msgpack

from core.contract import Action
from core.record import GameRecord
from core.rng import FIRST_GENERATOR

# 2: a game's options name the version of its random-number generator ("generator"); a
# format 1 save has none, and replays with the first (``core.rng.FIRST_GENERATOR``).
FORMAT_VERSION = 2

try:
    APP_VERSION: str = importlib.metadata.version("ascend")
except importlib.metadata.PackageNotFoundError:
    # Running from a source tree that was never installed.
    APP_VERSION = "0.0.0"

MAGIC = b"ASCEND\x00"
FIELDS: tuple[str, ...] = (
    "format",
    "app_version",
    "game",
    "options",
    "seed",
    "actions",
    "checksums",
    "snapshot",
    "meta",
)
CHECKSUM_FIELD = "checksum"

# The longest game we have seen is ~4,400 actions (four random players, the largest Honor
# pool) and the largest real save ~17 KB; these bounds leave ten times that room and keep
# what a hostile file can cost small: parsing it stays under a second and tens of MB.
MAX_ACTIONS = 50_000
MAX_FILE_SIZE = 2 * 1024 * 1024
MAX_STR_LEN = 64 * 1024
MAX_BIN_LEN = 1024 * 1024
MAX_ARRAY_LEN = 2 * MAX_ACTIONS
MAX_MAP_LEN = 10_000
# Every list, map and element parsed costs Python tens of bytes for one byte of file;
# counting them all bounds memory where the length limits alone cannot.
MAX_ITEMS = 500_000
MAX_DEPTH = 100
# A save is stamped with the time it was made: a stamp outside these years is not one.
SAVED_YEARS = (2000, 2999)

INT_MIN = -(2**63)
INT_MAX = 2**64 - 1

META_REQUIRED: tuple[str, ...] = ("players", "turn", "saved_at")


@dataclass(frozen=True)
class Container:
    """One kind of file ascend writes: its magic prefix, its fields in order (``format``
    first; a ``checksum`` field follows them), the newest format this version reads, and
    what the player calls it. Every kind is read under the same limits and checks."""

    magic: bytes
    fields: tuple[str, ...]
    version: int
    noun: str
    # Fields added after format 1, with the format that added them: a file of an older
    # format has none of them (its reader fills them in).
    since: Mapping[str, int] = field(default_factory=dict)

    def fields_of(self, fmt: int) -> tuple[str, ...]:
        """The fields a file of format ``fmt`` holds, in order."""
        return tuple(f for f in self.fields if self.since.get(f, 1) <= fmt)


GAME_SAVE = Container(MAGIC, FIELDS, FORMAT_VERSION, "save")


class SaveError(Exception):
    """A save that cannot be read or written; ``str()`` is one line for the player."""

    def __init__(self, path: str, reason: str) -> None:
        # Both go to args so the error survives pickling (e.g. across worker processes).
        super().__init__(path, reason)
        self.path = path
        self.reason = reason

    def __str__(self) -> str:
        return f"{self.path}: {self.reason}" if self.path else self.reason


@dataclass
class SaveFile:
    """One saved game: the record that replays it, a snapshot that restores it, and meta."""

    format: int
    app_version: str
    game: str
    options: dict[str, Any]
    seed: int
    actions: list[Action]
    checksums: list[int]
    snapshot: Any
    meta: dict[str, Any]

    def record(self) -> GameRecord:
        return GameRecord(
            game=self.game,
            options=dict(self.options),
            seed=self.seed,
            actions=list(self.actions),
            checksums=list(self.checksums),
        )


class InvalidData(Exception):
    """Why data is not a valid file of its kind, before we know which path to blame (the
    readers turn it into a ``SaveError`` naming the file)."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


_Invalid = InvalidData


class _TooManyItems(Exception):
    pass


class _ItemBudget:
    """Unpacker hook that counts each list and map with its elements, and stops the parse
    past the budget (scalars count through the container that holds them)."""

    def __init__(self, limit: int) -> None:
        self.left = limit

    def __call__(self, obj: Any) -> Any:
        self.left -= 1 + len(obj)
        if self.left < 0:
            raise _TooManyItems
        return obj


def encode(save: SaveFile) -> bytes:
    """The file bytes for ``save``; ``ValueError`` if a field holds something unsaveable."""
    stored: dict[str, Any] = {
        "format": save.format,
        "app_version": save.app_version,
        "game": save.game,
        "options": save.options,
        "seed": save.seed,
        "actions": [list(a) if isinstance(a, tuple | list) else a for a in save.actions],
        "checksums": save.checksums,
        "snapshot": save.snapshot,
        "meta": save.meta,
    }
    try:
        for name in FIELDS:
            _check_plain(stored[name], name)
        _build(stored)
    except _Invalid as exc:
        raise ValueError(f"cannot save: {exc.reason}") from None
    # Short tuples are written padded, exactly as the Action the reader will rebuild.
    stored["actions"] = [list(Action(*a)) for a in stored["actions"]]
    return write_container(stored, GAME_SAVE)


def write_container(stored: dict[str, Any], kind: Container) -> bytes:
    """The file bytes for the field values ``stored`` (already checked plain) of ``kind``."""
    return kind.magic + _pack({**stored, CHECKSUM_FIELD: checksum_of(stored, kind.fields)})


def decode(data: bytes, path: str) -> SaveFile:
    """Parse and check ``data`` read from ``path``; raises ``SaveError`` and nothing else."""
    try:
        return _build(read_container(data, GAME_SAVE))
    except _Invalid as exc:
        raise SaveError(path, exc.reason) from None


def check_plain(stored: dict[str, Any], fields: tuple[str, ...]) -> None:
    """Refuse (ValueError) field values a file cannot hold: only nil, bool, int, float, str,
    bytes, lists and maps, not too deep, ints within 64 bits."""
    try:
        for name in fields:
            _check_plain(stored[name], name)
    except _Invalid as exc:
        raise ValueError(exc.reason) from None


def checksum_of(stored: dict[str, Any], fields: tuple[str, ...] = FIELDS) -> int:
    """The checksum of a file body given as its stored field values (see module docstring)."""
    return _digest(_pack({name: stored[name] for name in fields}))


def _pack(obj: Any) -> bytes:
    return msgpack.packb(obj, use_bin_type=True)


def _digest(body: bytes) -> int:
    return int.from_bytes(hashlib.blake2b(body, digest_size=8).digest(), "big")


def read_container(data: bytes, kind: Container) -> dict[str, Any]:
    """The field values of a file of ``kind``, every byte checked (limits, format, fields,
    checksum, canonical form); raises ``_Invalid`` with the reason (``SaveError`` is raised
    by the callers, who know the path)."""
    size = len(data)
    magic, fields, noun = kind.magic, kind.fields, kind.noun
    if size == 0:
        raise _Invalid("the file is empty")
    if size > MAX_FILE_SIZE:
        raise _Invalid(f"the file is too large ({size} bytes; a {noun} is at most "
                       f"{MAX_FILE_SIZE})")
    if bytes(data[: len(magic)]) != magic:
        if size < len(magic) and magic.startswith(bytes(data)):
            raise _Invalid(f"the file is truncated (ends after {size} bytes)")
        raise _Invalid(f"not an ascend {noun} file")
    top = _unpack(memoryview(data)[len(magic) :], size)
    if not isinstance(top, dict):
        raise _Invalid(f"the {noun} data should be a map, not {_kind(top)}")

    # The format is checked before anything else: a newer format may lay out every other
    # field differently, and "update ascend" is the only useful thing to tell the player.
    if "format" not in top:
        raise _Invalid("field 'format' is missing")
    fmt = top["format"]
    if not _is_int(fmt):
        raise _Invalid(f"field 'format' should be an int, not {_kind(fmt)}")
    if fmt > kind.version:
        raise _Invalid(
            f"made by a newer ascend ({noun} format {fmt}; this version reads up to "
            f"{kind.version})"
        )
    if fmt < 1:
        raise _Invalid(f"unknown {noun} format {fmt} (formats start at 1)")

    fields = kind.fields_of(fmt)
    for key in top:
        if key not in fields and key != CHECKSUM_FIELD:
            raise _Invalid(f"unexpected field {_short(key)}")
    for key in (*fields, CHECKSUM_FIELD):
        if key not in top:
            raise _Invalid(f"field {key!r} is missing")
    stored_sum = top[CHECKSUM_FIELD]
    if not _is_int(stored_sum):
        raise _Invalid(f"field 'checksum' should be an int, not {_kind(stored_sum)}")

    # Plain-data checks come before the checksum because re-packing needs plain data; the
    # checksum comes before the per-field checks so damage is reported as damage.
    stored = {name: top[name] for name in fields}
    for name in fields:
        _check_plain(stored[name], name)
    if checksum_of(stored, fields) != stored_sum:
        raise _Invalid("the checksum does not match; the file is damaged")
    # msgpack can spell one value several ways (12345 as uint16 or int16); the checksum only
    # covers values, so a changed byte could slip through as an equal value. Requiring the
    # exact bytes ascend writes means any change to the file is refused.
    if magic + _pack({**stored, CHECKSUM_FIELD: stored_sum}) != data:
        raise _Invalid("the file is damaged (its bytes are not in the form ascend writes)")
    return stored


def _unpack(payload: memoryview, size: int) -> Any:
    budget = _ItemBudget(MAX_ITEMS)
    unpacker = msgpack.Unpacker(
        raw=False,
        use_list=True,
        strict_map_key=False,
        max_buffer_size=MAX_FILE_SIZE,
        max_str_len=MAX_STR_LEN,
        max_bin_len=MAX_BIN_LEN,
        max_array_len=MAX_ARRAY_LEN,
        max_map_len=MAX_MAP_LEN,
        max_ext_len=0,
        list_hook=budget,
        object_hook=budget,
    )
    try:
        unpacker.feed(payload)
        top = unpacker.unpack()
    except msgpack.OutOfData:
        raise _Invalid(f"the file is truncated (ends after {size} bytes)") from None
    except _TooManyItems:
        raise _Invalid(f"the data holds more than {MAX_ITEMS} values") from None
    except msgpack.StackError:
        raise _Invalid("the data is nested too deeply") from None
    except Exception as exc:
        # Any other failure of the parser on untrusted bytes means the same to the player.
        detail = str(exc).splitlines()[0][:120] if str(exc) else type(exc).__name__
        raise _Invalid(f"the data is malformed ({detail})") from None
    extra = len(payload) - unpacker.tell()
    if extra:
        raise _Invalid(f"the file has {extra} unexpected bytes after the save data")
    return top


def _is_int(x: Any) -> bool:
    return isinstance(x, int) and not isinstance(x, bool)


def _kind(x: Any) -> str:
    if x is None:
        return "nil"
    if isinstance(x, bool):
        return "bool"
    if isinstance(x, int):
        return "int"
    if isinstance(x, float):
        return "float"
    if isinstance(x, str):
        return "str"
    if isinstance(x, bytes | bytearray):
        return "bytes"
    if isinstance(x, msgpack.ExtType):
        return "msgpack extension"
    if isinstance(x, list | tuple):
        return "list"
    if isinstance(x, dict):
        return "map"
    return type(x).__name__


# Where a nested value sits, as a linked chain (parent, key): building a path string per
# element would copy long keys once per level, which a hostile file could make explode.
_Loc = tuple[Any, Any] | None


def _short(value: Any, limit: int = 40) -> str:
    """A repr cut to ``limit`` characters: messages stay one line whatever a file holds."""
    text = repr(value)
    return text if len(text) <= limit else text[: limit - 4] + "...'"


def _render(field: str, loc: _Loc) -> str:
    keys: list[str] = []
    while loc is not None:
        loc, key = loc
        keys.append(_short(key, 20))
    return field + "".join(f"[{k}]" for k in reversed(keys))


def _check_plain(value: Any, field: str) -> None:
    """Refuse anything but nil/bool/int/float/str/bytes/list/map, too deep or too big ints.

    Iterative, so a deep structure cannot exhaust Python's recursion limit.
    """
    stack: list[tuple[Any, int, _Loc]] = [(value, 0, None)]
    while stack:
        item, depth, loc = stack.pop()
        if item is None or isinstance(item, bool | float | str | bytes):
            continue
        if isinstance(item, int):
            if not INT_MIN <= item <= INT_MAX:
                raise _Invalid(f"field {_render(field, loc)!r} holds an int outside 64 bits")
            continue
        if depth >= MAX_DEPTH:
            raise _Invalid(f"field {field!r} is nested more than {MAX_DEPTH} levels deep")
        # ExtType is a namedtuple, so it must be caught before tuples are taken as lists.
        if isinstance(item, list | tuple) and not isinstance(item, msgpack.ExtType):
            # Most of a save is flat lists of ints (card zones, checksums): check those in
            # one C-level pass instead of one stack entry per element.
            if item and set(map(type, item)) == {int} and min(item) >= INT_MIN and (
                    max(item) <= INT_MAX):
                continue
            for i, v in enumerate(item):
                kind = type(v)
                if kind is str or kind is float or kind is bool or v is None or kind is bytes:
                    continue
                if kind is int and INT_MIN <= v <= INT_MAX:
                    continue
                stack.append((v, depth + 1, (loc, i)))
            continue
        if isinstance(item, dict):
            for k, v in item.items():
                if not (isinstance(k, str) or _is_int(k)):
                    raise _Invalid(
                        f"field {_render(field, loc)!r} has a {_kind(k)} key; keys are str or int"
                    )
                stack.append((v, depth + 1, (loc, k)))
            continue
        raise _Invalid(
            f"field {_render(field, loc)!r} holds a {_kind(item)}, which a save cannot store"
        )


def _expect(value: Any, where: str, kind: type | types.UnionType, label: str) -> None:
    ok = _is_int(value) if kind is int else isinstance(value, kind)
    if not ok:
        raise _Invalid(f"field {where!r} should be {label}, not {_kind(value)}")


def _build(stored: dict[str, Any]) -> SaveFile:
    """Check the type of every field (values already plain) and build the ``SaveFile``."""
    _expect(stored["format"], "format", int, "an int")
    _expect(stored["app_version"], "app_version", str, "a str")
    _expect(stored["game"], "game", str, "a str")
    if not stored["game"]:
        raise _Invalid("field 'game' is empty")
    options = stored["options"]
    _expect(options, "options", dict, "a map")
    for key in options:
        _expect(key, "options key", str, "a str")
    _expect(stored["seed"], "seed", int, "an int")
    raw_actions = _list(stored["actions"], "actions")
    if len(raw_actions) > MAX_ACTIONS:
        raise _Invalid(f"the save holds {len(raw_actions)} actions; a game has at most "
                       f"{MAX_ACTIONS}")
    actions = [_action(a, i) for i, a in enumerate(raw_actions)]
    checksums = _list(stored["checksums"], "checksums")
    for i, c in enumerate(checksums):
        _expect(c, f"checksums[{i}]", int, "an int")
    if len(checksums) > len(actions):
        raise _Invalid(f"field 'checksums' has {len(checksums)} entries for {len(actions)} actions")
    meta = _meta(stored["meta"])
    if stored["format"] < 2 and "generator" not in options:
        # Written before generators had versions: every game then used the first one.
        options = {**options, "generator": FIRST_GENERATOR}
    return SaveFile(
        format=stored["format"],
        app_version=stored["app_version"],
        game=stored["game"],
        options=options,
        seed=stored["seed"],
        actions=actions,
        checksums=list(checksums),
        snapshot=stored["snapshot"],
        meta=meta,
    )


def _list(value: Any, where: str) -> list[Any]:
    if not isinstance(value, list | tuple):
        raise _Invalid(f"field {where!r} should be a list, not {_kind(value)}")
    return list(value)


def _action(value: Any, i: int) -> Action:
    # The common, well-formed case without building any message text.
    if type(value) in (list, tuple) and 1 <= len(value) <= 3 and type(value[0]) is str and all(
            type(x) is int for x in value[1:]):
        return Action(*value)
    where = f"actions[{i}]"
    if not isinstance(value, list | tuple):
        raise _Invalid(f"field {where!r} should be a list [kind, card, option], not {_kind(value)}")
    if not 1 <= len(value) <= 3:
        raise _Invalid(f"field {where!r} has {len(value)} elements; an action has 1 to 3")
    _expect(value[0], f"{where}.kind", str, "a str")
    if len(value) > 1:
        _expect(value[1], f"{where}.card", int, "an int")
    if len(value) > 2:
        _expect(value[2], f"{where}.option", int, "an int")
    return Action(*value)


def _meta(meta: Any) -> dict[str, Any]:
    _expect(meta, "meta", dict, "a map")
    for key in META_REQUIRED:
        if key not in meta:
            raise _Invalid(f"field 'meta.{key}' is missing")
    players = meta["players"]
    _expect(players, "meta.players", list | tuple, "a list")
    for i, name in enumerate(players):
        _expect(name, f"meta.players[{i}]", str, "a str")
    _expect(meta["turn"], "meta.turn", int, "an int")
    saved_at = meta["saved_at"]
    _expect(saved_at, "meta.saved_at", str, "a str")
    try:
        stamp = datetime.fromisoformat(saved_at)
    except ValueError:
        raise _Invalid(
            f"field 'meta.saved_at' is not an ISO date and time: {_short(saved_at)}"
        ) from None
    # Checked on the year as written: turning an extreme stamp into another time zone is
    # what overflows.
    first, last = SAVED_YEARS
    if not first <= stamp.year <= last:
        raise _Invalid(f"field 'meta.saved_at' is not a plausible save time: {_short(saved_at)}")
    for key, value in meta.items():
        _expect(key, "meta key", str, "a str")
        if key in META_REQUIRED:
            continue
        if not (isinstance(value, str) or _is_int(value)):
            raise _Invalid(
                f"field 'meta.{_short(key)[1:-1]}' should be a str or an int, not {_kind(value)}"
            )
    return meta


def saved_time(save: Any) -> datetime:
    """When ``save`` (anything with its ``meta``) was made, as an aware datetime (naive
    stamps are taken as UTC)."""
    stamp = datetime.fromisoformat(save.meta["saved_at"])
    return stamp if stamp.tzinfo else stamp.replace(tzinfo=UTC)
