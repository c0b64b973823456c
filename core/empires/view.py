"""What each seat may see: the whole table but what lies face down — a face-down
location's kind and colour and the discovery token on it —, the Empire cards in another
seat's hand during the draft, and the game's generator.
``determinize`` deals the hidden parts back for a search."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import Any

from core.contract import plain_copy
from core.empires.classic_state import Classic
from core.empires.empires import empires
from core.empires.setup import laid_in_sight, tokens
from core.empires.state import State
from core.rng import Rng

HIDDEN = "hidden"
HIDDEN_TOKEN = "?"


class BlankRng(Rng):
    """The generator a view's table carries in place of the game's: no dice of its own to
    show, so any two blanks compare equal (two views of the same table are equal)."""

    __slots__ = ()

    def __eq__(self, other: object) -> bool:
        return isinstance(other, BlankRng)

    def __hash__(self) -> int:
        return 0


@dataclass
class EmpiresView:
    """The table as ``seat`` sees it. ``table`` is a copy of the state with every face-down
    location's token masked (``"?"`` when one lies there) and, unless the set-up laid that
    disc by name in everyone's sight, its kind and colour too (kind ``"hidden"``); a blank
    generator; ``hidden_discs`` is the public count of the masked discs, by (kind, colour)."""

    seat: int
    to_move: int | None
    current: int
    pending: Any
    options: dict[str, Any]
    phase: str
    table: State
    hidden_discs: dict[tuple[str, str], int]


def hide_terraform(c: Classic, hidden: Counter[tuple[str, str]]) -> None:
    """Classic: the Terraform tokens beside the quadrants lie face down; their colours are
    counted with the hidden discs (kind ``"terraform"``)."""
    for pile in c.terraform:
        for colour in pile:
            hidden[("terraform", colour)] += 1
        pile[:] = [HIDDEN_TOKEN] * len(pile)


def deal_terraform(c: Classic, hidden: list[tuple[str, str]], rng: Rng) -> None:
    """The hidden Terraform tokens dealt back at random (taken out of ``hidden``, which is
    shuffled already)."""
    colours = [colour for kind, colour in hidden if kind == "terraform"]
    hidden[:] = [x for x in hidden if x[0] != "terraform"]
    rng.shuffle(colours)
    for pile in c.terraform:
        pile[:] = [colours.pop() if x == HIDDEN_TOKEN else x for x in pile]


def view(state: State, seat: int) -> EmpiresView:
    t = state.copy()
    t.rng = BlankRng(0)
    hidden: Counter[tuple[str, str]] = Counter()
    if t.classic is not None:  # no disc is laid by name; the seat's own scans are its own
        known = frozenset(t.locations[i].hole for i in t.classic.scanned[seat]
                          ) if 0 <= seat < t.n else frozenset()
        hide_terraform(t.classic, hidden)
    else:
        known = laid_in_sight(4 if t.solo is not None else len(t.players))
    for loc in t.locations:
        if not loc.faceup:
            loc.token = HIDDEN_TOKEN if loc.token else ""
            if loc.hole not in known:
                hidden[(loc.kind, loc.colour)] += 1
                loc.kind, loc.colour, loc.inert = HIDDEN, "", False
    if t.solo is not None:  # the deck's order and the tokens discarded unseen are secret
        t.solo.deck = sorted(t.solo.deck)
        t.solo.scrap = [HIDDEN_TOKEN] * len(t.solo.scrap)
    if seat != state.to_move:  # the Empire cards being passed are the holder's alone
        t.empire_hand = [HIDDEN_TOKEN] * len(t.empire_hand)
    return EmpiresView(seat, state.to_move, state.current, list(state.pending),
                       plain_copy(state.options), state.phase, t, dict(sorted(hidden.items())))


def determinize(v: EmpiresView, rng: Rng) -> State:
    """A full state consistent with ``v``: the face-down discs dealt at random over the
    face-down holes, and a random token wherever one lies."""
    s = v.table.copy()
    s.rng = Rng(rng.next64())
    discs = [k for k, n in v.hidden_discs.items() for _ in range(n)]
    rng.shuffle(discs)
    printed = s.options.get("discovery") == "printed"
    ids = [t.id for t in tokens() if not t.module or t.module in s.options["modules"]
           or printed and t.module == "printed"]
    if HIDDEN_TOKEN in s.empire_hand:
        unseen = [e for e in empires() if e not in s.empire]
        rng.shuffle(unseen)
        s.empire_hand = unseen[:len(s.empire_hand)]
    if s.classic is not None:
        deal_terraform(s.classic, discs, rng)
    for loc in s.locations:
        if loc.kind == HIDDEN:
            loc.kind, loc.colour = discs.pop()
            loc.inert = loc.kind == "warpgate"  # a face-down warpgate is never played
        if loc.token == HIDDEN_TOKEN:
            loc.token = ids[rng.below(len(ids))]
    if s.solo is not None:
        rng.shuffle(s.solo.deck)
        relics = [t.id for t in tokens() if t.kind == "relic"]
        s.solo.scrap = [relics[rng.below(len(relics))] for _ in s.solo.scrap]
    return s
