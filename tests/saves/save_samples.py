"""Sample saves and a hand-rolled writer, shared by the save tests.

``raw_file`` builds file bytes straight from msgpack and hashlib, following the format's
documented checksum rule rather than calling the code under test, so the tests also pin
the on-disk definition.
"""

from __future__ import annotations

import dataclasses
import hashlib
from typing import Any

import msgpack

from core.contract import Action
from saves.format import FORMAT_VERSION, SaveFile

MAGIC = b"ASCEND\x00"
BODY_ORDER = (
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


def sample_save(**changes: Any) -> SaveFile:
    save = SaveFile(
        format=FORMAT_VERSION,
        app_version="0.1.0",
        game="ascension",
        options={"players": 2, "seats": ["human", "bot"], "variant": {"pack": "base", "n": 3}},
        seed=2**63 + 5,
        actions=[Action("buy", 12, 0), Action("pass"), Action("banish", -1, 2)],
        checksums=[0xDEADBEEF, 2**64 - 1, 0],
        snapshot={
            "rng": 12345,
            "seats": [
                {"hand": [1, 2, 3], "honor": 4, "name": "Ana"},
                {"hand": [], "honor": -2, "name": "Bot"},
            ],
            "row": [None, 7, 8.5, True, b"\x00\xff"],
            "pending": {"kind": "choose", "options": [[1, 2], [3]]},
            7: "an int key",
        },
        meta={
            "players": ["Ana", "Bot"],
            "turn": 3,
            "saved_at": "2026-11-29T13:55:01+00:00",
            "title": "Friday game",
        },
    )
    return dataclasses.replace(save, **changes)


def stored_fields(save: SaveFile) -> dict[str, Any]:
    """The nine body fields as they sit in the file."""
    return {
        "format": save.format,
        "app_version": save.app_version,
        "game": save.game,
        "options": save.options,
        "seed": save.seed,
        "actions": [list(a) for a in save.actions],
        "checksums": save.checksums,
        "snapshot": save.snapshot,
        "meta": save.meta,
    }


def raw_checksum(stored: dict[str, Any]) -> int:
    # Fields a test removed are left out, so a file with a missing field can still be built.
    body = msgpack.packb({k: stored[k] for k in BODY_ORDER if k in stored}, use_bin_type=True)
    return int.from_bytes(hashlib.blake2b(body, digest_size=8).digest(), "big")


def raw_file(stored: dict[str, Any], checksum: Any = None) -> bytes:
    """File bytes for ``stored`` with a correct checksum, unless ``checksum`` is given."""
    value = raw_checksum(stored) if checksum is None else checksum
    return MAGIC + msgpack.packb({**stored, "checksum": value}, use_bin_type=True)
