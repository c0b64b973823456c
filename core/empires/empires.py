"""Empires and the Double Energy token (rulebook: "Empires", "Double Energy Token"; an
optional module, ``empires``; the cards in ``content/empires.toml``, ours but the Vlix).

Set-up deals one Empire card more than there are players to the seat on the start player's
right; each seat in turn to the right (counter-clockwise) keeps one and passes the rest on,
the start player choosing last; the card left over goes back in the box. While the draft
runs the question is ``["empire", start]`` and the seat choosing is the one to move.

Abilities, each asked of ``has_empire``: the Vlix's Double Energy token (``Player.double``:
"" none, "ready" or "spent"; spent by ``boost 2`` for two boosts at once; refreshed by a
refresh left over once the single energy is all ready), the Ossari's fourth relic, the
Tereth's 2 VP home planets, the Halcyon's 2-defence outposts, the Marrow's 1 VP troops and
the Sable's 1 VP starbases at the end.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import TYPE_CHECKING

from core.content import ContentError, content_file, read
from core.contract import Event
from core.empires.state import State
from core.rng import Rng

if TYPE_CHECKING:
    from core.content import Source

ABILITIES = ("vlix", "ossari", "tereth", "halcyon", "marrow", "sable")
DOUBLE = 2  # the boosts the Double Energy token gives


@dataclass(frozen=True)
class Empire:
    id: str
    name: str
    text: str


@functools.cache
def empires() -> dict[str, Empire]:
    return load(content_file("core.empires", "empires.toml"))


def load(source: Source) -> dict[str, Empire]:
    """The Empire cards of a content file; ContentError naming entry and field if wrong."""
    out: dict[str, Empire] = {}
    for f in read(source, ("empire",)).entries("empire"):
        f.only(("id", "name", "text"))
        e = Empire(f.choice("id", ABILITIES), f.text("name", blank=False),
                   f.text("text", blank=False))
        out[e.id] = e
    if len(out) < 5:
        raise ContentError(source.name, "", "", "needs 5 Empire cards for a 4-player draft")
    return out


def on(state: State) -> bool:
    return bool(state.options.get("empires"))


def has_empire(state: State, seat: int, empire: str) -> bool:
    return bool(state.empire) and 0 <= seat < len(state.empire) and state.empire[seat] == empire


def deal(state: State, rng: Rng) -> None:
    """n + 1 cards to the seat on the start player's right, who chooses first."""
    cards = list(empires())
    rng.shuffle(cards)
    start = state.current
    state.empire = [""] * state.n
    state.empire_hand = cards[:state.n + 1]
    state.pending = ["empire", start]
    state.current = state.to_move = (start - 1) % state.n


def choose_reason(state: State, k: int) -> str | None:
    if not 0 <= k < len(state.empire_hand):
        return f"choose one of the {len(state.empire_hand)} Empire cards (0 to " \
               f"{len(state.empire_hand) - 1})"
    return None


def choose(state: State, k: int) -> list[Event]:
    seat = state.current
    card = state.empire_hand.pop(k)
    state.empire[seat] = card
    if card == "vlix":
        state.players[seat].double = "ready"
    events = [Event("empire", seat, ABILITIES.index(card))]
    start = int(state.pending[1])
    if seat == start:  # the start player chose last: the card left goes back in the box
        state.empire_hand = []
        state.pending = []
        return events + [Event("turn", start)]
    state.current = state.to_move = (seat - 1) % state.n
    return events


def double_reason(state: State) -> str | None:
    p = state.players[state.current]
    if p.double != "ready":
        return "you have no ready Double Energy token"
    if state.phase != "act":
        return "boosting is done while taking the action, before the end of the turn"
    if state.action not in ("move", "deploy", "interact"):
        return "Build cannot be boosted"
    return None


def double_boost(state: State) -> list[Event]:
    state.players[state.current].double = "spent"
    if state.action == "move":
        state.flicks += DOUBLE
    else:
        state.uses += DOUBLE
    return [Event("boost", state.current, -1, DOUBLE)]


def empire_problems(state: State) -> list[str]:
    """The audit's look: a card per seat once the draft is over, none twice, the hand only
    during the draft, the Double Energy token only with the Vlix."""
    out: list[str] = []
    chosen = [e for e in state.empire if e]
    if len(set(chosen)) != len(chosen) or any(e not in empires() for e in chosen):
        out.append(f"empires {state.empire}: unknown or chosen twice")
    if state.empire and not on(state) or on(state) and len(state.empire) != state.n:
        out.append("empire cards do not match the module")
    drafting = bool(state.pending) and state.pending[0] == "empire"
    if not drafting and (state.empire_hand or "" in state.empire and on(state)):
        out.append("the Empire draft is unfinished outside the draft")
    for p in state.players:
        if p.double not in ("", "ready", "spent"):
            out.append(f"seat {p.seat}: Double Energy token {p.double!r}")
        if p.double and not has_empire(state, p.seat, "vlix"):
            out.append(f"seat {p.seat}: a Double Energy token without the Vlix")
    return out
