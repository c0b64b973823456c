"""Ascending Empires states as plain data for saves, and back. ``restore`` refuses data that
is not a snapshot of a possible table (the audit must find nothing wrong with it)."""

from __future__ import annotations

import zlib
from dataclasses import fields
from typing import Any

from core.contract import plain_copy, snapshot_reader
from core.empires.audit import problems
from core.empires.classic_state import classic_data, classic_from
from core.empires.physics import KINDS, Disc
from core.empires.solo_state import solo_data, solo_from
from core.empires.start import normalize_options
from core.empires.state import Location, Player, State
from core.rng import Rng

FORMAT = 1
_LOCATION_FIELDS = [f.name for f in fields(Location)]
_PLAYER_FIELDS = [f.name for f in fields(Player)]
# The State's plain fields after options, rng, locations, discs and players, in order.
_APART = ("solo", "classic", "mega_card")  # packed apart, only when a game has them
_SCALARS = [name for name in [f.name for f in fields(State)][5:] if name not in _APART]
DYSON = State.__dataclass_fields__["mega_card"].default


def snapshot(s: State) -> dict[str, Any]:
    """The state as msgpack-friendly data (lists, ints, strings, bools); ``restore``
    inverts it."""
    return plain_copy({
        "format": FORMAT,
        "options": s.options,
        "rng": s.rng.state,
        "locations": [[getattr(loc, k) for k in _LOCATION_FIELDS] for loc in s.locations],
        "discs": [list(d) for d in s.discs],
        "players": [[getattr(p, k) for k in _PLAYER_FIELDS] for p in s.players],
        "table": [getattr(s, k) for k in _SCALARS],
        # Only a solo game has the key, so a competitive snapshot is as it always was.
        **({} if s.solo is None else {"solo": solo_data(s.solo)}),
        **({} if s.classic is None else {"classic": classic_data(s.classic)}),
        # Likewise only a game with another Megastructure card than the Dyson Ring.
        **({} if s.mega_card == DYSON else {"mega_card": s.mega_card}),
    })


@snapshot_reader
def restore(data: dict[str, Any]) -> State:
    """Rebuild a state from ``snapshot`` data; ValueError saying why for anything else."""
    if data.get("format") != FORMAT:
        raise ValueError(f"not an Ascending Empires snapshot of format {FORMAT}")
    opts = normalize_options(data["options"])
    locations = []
    for row in data["locations"]:
        loc = Location(**_row(_LOCATION_FIELDS, row, "a location"))
        loc.pieces = [(int(seat), str(kind)) for seat, kind in loc.pieces]
        locations.append(loc)
    discs = []
    for row in data["discs"]:
        d = Disc(int(row[0]), str(row[1]), int(row[2]), int(row[3]), int(row[4]), int(row[5]),
                 bool(row[6]))
        if d.kind not in KINDS:
            raise ValueError(f"disc {d.id} of unknown kind {d.kind!r}")
        discs.append(d)
    players = []
    for row in data["players"]:
        p = Player(**_row(_PLAYER_FIELDS, row, "a dashboard"))
        players.append(p)
    scalars = _row(_SCALARS, data["table"], "the table's counts")
    s = State(opts, Rng(int(data["rng"])), locations, discs, players, **scalars)
    if (data.get("solo") is None) != (opts.get("mode") != "solo"):
        raise ValueError("a solo game needs its solo table, and only a solo game has one")
    if data.get("solo") is not None:
        s.solo = solo_from(data["solo"])
    if (data.get("classic") is None) != (opts.get("rules") != "classic"):
        raise ValueError("a Classic game needs its Classic table, and only a Classic game has one")
    if data.get("classic") is not None:
        s.classic = classic_from(data["classic"])
    s.mega_card = str(data.get("mega_card", DYSON))
    if len(players) != opts["players"]:
        raise ValueError(f"{len(players)} dashboards for {opts['players']} players")
    wrong = problems(s)
    if wrong:
        raise ValueError(f"not a possible table: {wrong[0]}")
    return s


def _row(names: list[str], row: Any, what: str) -> dict[str, Any]:
    if not isinstance(row, list) or len(row) != len(names):
        raise ValueError(f"not a snapshot: {what} needs {len(names)} fields")
    return dict(zip(names, row, strict=True))


def checksum(s: State) -> int:
    """A CRC of the whole state: changes whenever anything in it does."""
    flat = repr(snapshot(s)).encode()
    return zlib.crc32(flat)
