"""Hostile save files, as hypothesis strategies, and what ascend makes of each.

Every case starts from a real save of a real game (Ascension, Firepeak, Tactics) and breaks
it one way: bit flips, a cut, junk after the end, another magic or format, a field replaced
by a hostile value with the file's checksum recomputed (so only the contents can refuse
it), or msgpack built by hand. :func:`classify` opens the file the way Continue does
(store, then replay or snapshot) and, if it opens, plays on from it the way a table does.
The only acceptable answers are "refused with a one-line reason" and "accepted and
playable"; anything that raises otherwise is a crash, anything slower than the limit a hang.

The test suite draws a few hundred cases; ``python -m bench.hostile_saves`` thousands.
"""

from __future__ import annotations

import contextlib
import signal
from collections.abc import Callable, Iterator
from functools import cache
from pathlib import Path
from typing import Any

import msgpack
from hypothesis import strategies as st

from core.games import get_game
from core.rng import Rng
from saves.format import MAGIC, SaveError, checksum_of, encode
from saves.loader import load_game, make_save
from saves.store import SaveStore

REFUSED, ACCEPTED, CRASHED, HUNG = "refused", "accepted", "crashed", "hung"
SECONDS = 5  # far beyond any honest load: a case that takes longer has hung


class Crash(AssertionError):
    """A hostile file that made ascend raise something other than a refusal."""


@cache
def real_saves() -> tuple[tuple[str, bytes], ...]:
    """A save of each game after some seeded random play, as file bytes."""
    out = []
    for game, options, steps in (
        ("ascension", {"players": 2}, 60),
        ("firepeak", {"players": 3, "variants": {"clan_powers": True}}, 40),
        ("tactics", {"players": 2}, 50),
    ):
        mod = get_game(game)
        seats = ["human"] + ["bot:random"] * (options["players"] - 1)
        state = mod.new_game({**options, "seats": seats}, 11)
        rng = Rng.stream(11, "hostile")
        actions, sums = [], []
        for _ in range(steps):
            if state.to_move is None:
                break
            action = rng.choice(mod.legal_actions(state))
            mod.apply(state, action)
            actions.append(action)
            sums.append(mod.checksum(state))
        meta = {"players": list(state.options["names"]), "turn": mod.turn_number(state)}
        save = make_save(game, state.options, 11, actions, sums, mod.snapshot(state), meta)
        out.append((game, encode(save)))
    return tuple(out)


def _top(data: bytes) -> dict[str, Any]:
    top: dict[str, Any] = msgpack.unpackb(data[len(MAGIC):], raw=False, strict_map_key=False)
    return top


def repacked(top: dict[str, Any]) -> bytes:
    """File bytes for ``top`` with the checksum recomputed, as ascend would write them."""
    stored = {k: v for k, v in top.items() if k != "checksum"}
    return MAGIC + msgpack.packb({**stored, "checksum": checksum_of(stored)}, use_bin_type=True)


# --- the strategies ------------------------------------------------------------------------

base = st.sampled_from(range(3)).map(lambda i: real_saves()[i][1])

hostile_scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-(2**63), 2**64 - 1),
    st.sampled_from([0, -1, 1, 2, 3, 99, 99_999, 2**31, -(2**31), 2**63 - 1]),
    st.floats(allow_nan=True), st.text(max_size=30), st.binary(max_size=30),
    st.sampled_from(["", "end", "play", "9999-12-31T23:59:59-14:00", "x" * 5000]),
)
hostile_values = st.recursive(
    hostile_scalars,
    lambda inner: st.one_of(st.lists(inner, max_size=6),
                            st.dictionaries(st.text(max_size=8), inner, max_size=4)),
    max_leaves=12,
)


@st.composite
def bit_flips(draw: st.DrawFn) -> bytes:
    data = bytearray(draw(base))
    for _ in range(draw(st.integers(1, 8))):
        i = draw(st.integers(0, len(data) - 1))
        data[i] ^= 1 << draw(st.integers(0, 7))
    return bytes(data)


@st.composite
def truncations(draw: st.DrawFn) -> bytes:
    data = draw(base)
    return data[: draw(st.integers(0, len(data) - 1))]


@st.composite
def junk_appended(draw: st.DrawFn) -> bytes:
    return draw(base) + draw(st.binary(min_size=1, max_size=64))


@st.composite
def other_headers(draw: st.DrawFn) -> bytes:
    data = draw(base)
    if draw(st.booleans()):
        return draw(st.binary(min_size=0, max_size=7)) + data[len(MAGIC):]
    top = _top(data)
    top["format"] = draw(st.sampled_from([0, -1, 2, 99, 2**63 - 1]))
    return repacked(top)


def _paths(node: Any, prefix: tuple[Any, ...] = ()) -> Iterator[tuple[Any, ...]]:
    """Every place inside a decoded save where a value sits."""
    yield prefix
    if isinstance(node, dict):
        for key, value in node.items():
            yield from _paths(value, (*prefix, key))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from _paths(value, (*prefix, i))


@st.composite
def tampered(draw: st.DrawFn) -> bytes:
    """One value anywhere in the save replaced, the checksum made to match: the kind of
    edit that only the contents can give away."""
    top = _top(draw(base))
    places = [p for p in _paths(top) if p and p[0] != "checksum"]
    where = draw(st.sampled_from(places))
    parent = top
    for key in where[:-1]:
        parent = parent[key]
    parent[where[-1]] = draw(hostile_values)
    try:
        return repacked(top)
    except (ValueError, TypeError, OverflowError):
        return draw(base)  # msgpack cannot even write it: nothing to test


@st.composite
def nudged(draw: st.DrawFn) -> bytes:
    """An int in the snapshot moved by a little or a lot (seat 1 -> 2, card 5 -> 99,999),
    in a save marked as another version's whose actions no longer replay, so the loader
    must judge the snapshot alone; checksum recomputed."""
    top = _top(draw(base))
    top["app_version"] = "0.0.1"
    places = [p for p in _paths(top["snapshot"], ("snapshot",))
              if _get(top, p).__class__ is int]
    where = draw(st.sampled_from(places))
    parent = _get(top, where[:-1])
    parent[where[-1]] += draw(st.sampled_from(NUDGES))
    top["checksums"] = [0] * len(top["actions"])  # the replay diverges at step 1
    return repacked(top)


NUDGES = (-2, -1, 1, 2, 50, 99, 99_999)


def every_nudge() -> Iterator[bytes]:
    """Each real save with each int of its snapshot moved by each of :data:`NUDGES`, in a
    save of another version whose actions no longer replay (the systematic ``nudged``)."""
    for _, data in real_saves():
        for where in [p for p in _paths(_top(data)["snapshot"], ("snapshot",))
                      if _get(_top(data), p).__class__ is int]:
            for delta in NUDGES:
                top = _top(data)
                top["app_version"] = "0.0.1"
                _get(top, where[:-1])[where[-1]] += delta
                top["checksums"] = [0] * len(top["actions"])
                yield repacked(top)


def _get(top: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        top = top[key]
    return top


@st.composite
def handmade(draw: st.DrawFn) -> bytes:
    value = draw(st.one_of(hostile_values, st.fixed_dictionaries({
        "format": st.just(1), "app_version": st.text(max_size=5), "game": st.sampled_from(
            ["ascension", "firepeak", "tactics", "chess", ""]),
        "options": hostile_values, "seed": hostile_scalars, "actions": hostile_values,
        "checksums": hostile_values, "snapshot": hostile_values, "meta": hostile_values,
    })))
    try:
        packed = msgpack.packb(value, use_bin_type=True)
    except (ValueError, TypeError, OverflowError):
        packed = b""
    if isinstance(value, dict) and draw(st.booleans()):
        with contextlib.suppress(ValueError, TypeError, OverflowError, KeyError):
            return repacked(value)
    return MAGIC + packed


hostile_files = st.one_of(bit_flips(), truncations(), junk_appended(), other_headers(),
                          tampered(), nudged(), handmade())


# --- what ascend makes of one -------------------------------------------------------------


def classify(data: bytes, folder: Path) -> str:
    """``refused`` or ``accepted`` (and played on); raises :class:`Crash` for anything else
    and ``TimeoutError`` past :data:`SECONDS`."""
    path = folder / "case.ascend"
    path.write_bytes(data)
    with _time_limit(SECONDS):
        try:
            save = SaveStore(folder).load(path)
            state, _ = load_game(save, str(path))
        except SaveError as exc:
            reason = str(exc)
            if "\n" in reason or len(reason) > 400 or not reason.startswith(str(path)):
                raise Crash(f"a refusal that is not one short line naming the file: "
                            f"{reason[:200]!r}") from exc
            return REFUSED
        except Exception as exc:
            raise Crash(f"{type(exc).__name__}: {exc}"[:300]) from exc
        try:
            _play_on(get_game(save.game), state)
        except Exception as exc:
            raise Crash(f"opened, then {type(exc).__name__}: {exc}"[:300]) from exc
    return ACCEPTED


def _play_on(mod: Any, state: Any) -> None:
    """What a table does with a position: views for every seat, the legal actions in
    words, and a few moves."""
    rng = Rng.stream(1, "hostile-play")
    for _ in range(5):
        for seat in range(int(state.options["players"])):
            mod.view(state, seat)
        if state.to_move is None:
            mod.outcome(state)
            return
        legal = mod.legal_actions(state)
        for action in legal:
            mod.describe(state, action)
        mod.apply(state, rng.choice(legal))
        if mod.audit(state):
            raise AssertionError(f"an accepted save plays into an illegal state: "
                                 f"{mod.audit(state)[0]}")


@contextlib.contextmanager
def _time_limit(seconds: int) -> Iterator[None]:
    def expired(signum: int, frame: Any) -> None:
        raise TimeoutError(f"no answer within {seconds} s")

    old: Callable[..., Any] | int | None = signal.signal(signal.SIGALRM, expired)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)
