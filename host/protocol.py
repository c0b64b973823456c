"""What a session and the table service say to each other, and how it is framed.

One stream socket per session (a socketpair the host makes, so the service knows the user
without asking). Each frame is a 5-byte header (length, kind) and a body. A session sends
msgpack only (plain data the service checks); the service answers in pickle, because views
are the game's own dataclasses and the service is the trusted side: it never unpickles.
"""

from __future__ import annotations

import pickle
import socket
import struct
from dataclasses import dataclass, field
from typing import Any

import msgpack

from core.contract import Action, Event, Outcome

HEADER = struct.Struct("!IB")
PLAIN, TRUSTED = 0, 1  # msgpack from a session; pickle from the service
# A request is a few hundred bytes; a view of the largest table a few hundred kilobytes.
MAX_REQUEST = 256 * 1024
MAX_REPLY = 16 * 1024 * 1024


class ProtocolError(Exception):
    """A frame that is too large, of the wrong kind, or not what it says."""


@dataclass(frozen=True)
class Seen:
    """What one seat (or a spectator) may know of a table after ``step`` actions: its view,
    the actions it may take now (empty unless it is to move) and the result once over."""

    step: int
    view: Any
    legal: list[Action] = field(default_factory=list)
    outcome: Outcome | None = None


@dataclass(frozen=True)
class Move:
    """An action taken at a table, as told to a seat that did not take it: the seat, the
    action, what happened, the log line the table would write, and what the seat may now
    know (``seen.step`` is the number of actions taken with this one)."""

    seat: int
    action: Action
    events: list[Event]
    said: str
    seen: Seen


def frame(kind: int, body: bytes) -> bytes:
    """A frame of ``body``."""
    return HEADER.pack(len(body), kind) + body


def request_frame(message: dict[str, Any]) -> bytes:
    """A session's request, in msgpack."""
    return frame(PLAIN, msgpack.packb(message, use_bin_type=True))


def reply_frame(message: dict[str, Any]) -> bytes:
    """A service message (a reply or a push), pickled."""
    return frame(TRUSTED, pickle.dumps(message, protocol=pickle.HIGHEST_PROTOCOL))


def parse_request(kind: int, body: bytes) -> dict[str, Any]:
    """A session's request as a map; ProtocolError for anything else."""
    if kind != PLAIN:
        raise ProtocolError("a session sends plain data only")
    try:
        message = msgpack.unpackb(body, raw=False, strict_map_key=True,
                                  max_str_len=MAX_REQUEST, max_array_len=4096,
                                  max_map_len=256)
    except (ValueError, msgpack.ExtraData, msgpack.FormatError, msgpack.StackError) as exc:
        raise ProtocolError(f"not a request ({type(exc).__name__})") from exc
    if not isinstance(message, dict) or not isinstance(message.get("op"), str):
        raise ProtocolError("a request is a map with an 'op'")
    return message


def read_frame(sock: socket.socket, limit: int = MAX_REPLY) -> tuple[int, bytes]:
    """One frame from a blocking socket; EOFError when the other side has gone."""
    kind_and_size = _read_exactly(sock, HEADER.size)
    size, kind = HEADER.unpack(kind_and_size)
    if size > limit:
        raise ProtocolError(f"a frame of {size} bytes is over the limit of {limit}")
    return kind, _read_exactly(sock, size)


def _read_exactly(sock: socket.socket, n: int) -> bytes:
    chunks, left = [], n
    while left:
        chunk = sock.recv(min(left, 1 << 20))
        if not chunk:
            raise EOFError("the other side closed the connection")
        chunks.append(chunk)
        left -= len(chunk)
    return b"".join(chunks)


def parse_reply(kind: int, body: bytes) -> dict[str, Any]:
    """A message from the service (trusted: the host that started this session)."""
    if kind != TRUSTED:
        raise ProtocolError("the service sends pickled messages")
    message = pickle.loads(body)  # noqa: S301 - from the host process that made this session
    if not isinstance(message, dict):
        raise ProtocolError("a service message is a map")
    return message
