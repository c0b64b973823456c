"""Dealing a game against the Villains: the part of ``table_setup.new_state`` that is theirs.

Once the common parts are dealt, ``prepare`` deals what does not wait for the Villain roster:
the Scheme deck (a campaign's removed Schemes out, the difficulty's discards), the hero
rosters (fixed by a campaign chapter, the scenario's suggested ones, or a draft to come, in
the picks ``draft_order`` gives), and a campaign's Power and Treasures. What follows once the
heroes are known is ``villain_setup``.
"""

from __future__ import annotations

from core.tactics.state import DRAFT_ROW, State, join_roster
from core.tactics.villain_options import RANDOM_BOSS
from core.tactics.villain_state import hero_count
from core.tactics.villains import DIFFICULTIES

SOLO_PICKS = 4  # a lone hero drafts four champions
COOP_PICKS = 3  # each of two heroes drafts three, alternating


def heroes(s: State) -> int:
    return hero_count(s.options["mode"], s.n)


def prepare(s: State, starting: list[int]) -> None:
    """Deal what does not depend on the Villain roster (``starting``: the starting
    champions' uids)."""
    v = s.villain
    assert v is not None
    opts = s.options
    gone = set(opts["removed_schemes"])
    v.removed = [i for i, d in enumerate(v.schemes) if d.id in gone]
    v.deck = [i for i in range(len(v.schemes)) if i not in v.removed]
    s.rng.shuffle(v.deck)
    for _ in range(min(DIFFICULTIES[opts["difficulty"]], len(v.deck))):
        v.discard.append(v.deck.pop())
    ids = {s.cards[u].id: u for u in starting}
    fixed_villains = set(s.scen.villains)
    if opts.get("boss", RANDOM_BOSS) != RANDOM_BOSS:
        fixed_villains.add(opts["boss"])  # a chosen Boss is a fixed Villain too
    rosters = opts["heroes"] or _suggested(s)
    if opts["draft"] and not opts["heroes"]:
        # A fixed Villain roster's namesakes are not drafted: the figure is the Villain's.
        s.draft_deck = [u for u in starting if s.cards[u].id not in fixed_villains]
        s.box = sorted(u for u in starting if s.cards[u].id in fixed_villains)
        s.rng.shuffle(s.draft_deck)
        s.draft_row = [s.draft_deck.pop() for _ in range(min(DRAFT_ROW, len(s.draft_deck)))]
    else:
        for seat, roster in enumerate(rosters):
            for cid in roster:
                join_roster(s, seat, ids.pop(cid))
        s.box = sorted(ids.values())
    # Every Villain card waits in the box until the roster is drawn.
    s.box = sorted(s.box + list(range(v.first_card, v.first_card + len(v.defs))))
    for seat in range(heroes(s)):
        p = s.seats[seat]
        p.power += opts["first_power"]
        for _ in range(opts["treasures"]):
            if s.bag:
                p.treasures.append(s.bag.pop())


def _suggested(s: State) -> list[list[str]]:
    rosters = s.scen.hero_rosters
    if heroes(s) == 1:
        return [list(rosters["solo"][0])]
    return [list(r) for r in rosters["coop"]]


def draft_order(s: State) -> list[int]:
    """The picks: four for a lone hero; two heroes alternate, three each, seat 0 first."""
    if heroes(s) == 1:
        return [0] * SOLO_PICKS
    return [0, 1] * COOP_PICKS


__all__ = ["COOP_PICKS", "SOLO_PICKS", "draft_order", "heroes", "prepare"]
