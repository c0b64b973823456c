"""The Firepeak turn actions worth a bot's search, and the ones its rules take outright.

:func:`candidates` prunes a turn's legal actions to the few worth scoring (useful Recruits,
Captures and Rescues with fair odds, one Brainwash per kind of creature, every Cast, the
Moves that improve the table); :func:`research_pair` is the Research taken by rule;
:func:`recruit_fit` is the chance a Recruit's draw fits under a Leader.
"""

from __future__ import annotations

import core.firepeak as F
from ai.firepeak.dice import brainwash_odds, capture_diff, duel_odds, rescue_diff
from ai.firepeak.evaluation import own_score
from core.contract import Action
from core.firepeak import board
from core.firepeak.cards import BASE_POWER, CLAN_OF
from core.firepeak.pattern import EMPTY, MINIONS, WIZARD, WIZARD_MINIONS
from core.firepeak.state import GUARD, State


def recruit_fit(s: State, seat: int, leader: int) -> float:
    """The chance the next draw fits under ``leader`` (Wizard or a Position)."""
    slots = s.players[seat].pattern
    under = WIZARD_MINIONS if leader == WIZARD else MINIONS[leader]
    empty = [q for q in under if slots[q] == EMPTY]
    if not empty or not s.recruit:
        return 0.0
    hits = 0
    for u in s.recruit:
        if any(board.can_place(s, seat, u, q) for q in empty):
            hits += 1
    return hits / len(s.recruit)


def research_pair(s: State, seat: int, legal: list[Action]) -> Action | None:
    """A Research worth doing: two same-clan Dungeon creatures neither of which can go into
    the pattern now, the least valuable pair first."""
    pairs = [a for a in legal if a.kind == "research"]
    if not pairs:
        return None
    fits = {u: bool(board.open_positions(s, seat, u)) for u in s.players[seat].dungeon}
    ok = [a for a in pairs if not fits.get(a.card) and not fits.get(a.option)]
    if not ok:
        return None
    return min(ok, key=lambda a: (BASE_POWER[a.card] + BASE_POWER[a.option], a.card, a.option))


def candidates(s: State, legal: list[Action], me: int, limit_capture: int = 4,
               limit_moves: int = 3) -> list[Action]:
    """The turn actions worth searching (pruned), without Research and End."""
    out: list[Action] = []
    slots = s.players[me].pattern
    recruits = [a for a in legal if a.kind == "recruit"]
    useful = [a for a in recruits
              if any(slots[q] == EMPTY for q in (WIZARD_MINIONS if a.card == WIZARD
                                                 else MINIONS[a.card]))]
    out += useful or recruits[:1]
    caps = []
    for a in legal:
        if a.kind == "capture":
            dseat, dloc = divmod(a.option, 10)
            win, _, lose = duel_odds(capture_diff(s, me, a.card, dseat, dloc))
            if win < 0.3:
                continue
            dfd = board.creature_at(s, dseat, dloc)
            gain = win * (2 + board.power_at(s, dseat, dfd, dloc))
            risk = lose * (0.5 if a.card == GUARD else 2 + board.power_at(
                s, me, board.creature_at(s, me, a.card), a.card))
            caps.append((gain - risk, a))
    caps.sort(key=lambda x: -x[0])
    out += [a for _, a in caps[:limit_capture]]
    seen_kind: set[tuple[str, int]] = set()
    for a in legal:
        if a.kind == "brainwash":
            key = (CLAN_OF[a.card], BASE_POWER[a.card])
            if key in seen_kind or brainwash_odds(s, me, a.card) <= 0:
                continue
            if not board.open_positions(s, me, a.card) and s.players[me].guard != EMPTY:
                continue
            seen_kind.add(key)
            out.append(a)
    best_rescue: dict[int, tuple[float, Action]] = {}
    for a in legal:
        if a.kind == "rescue":
            win, _, _ = duel_odds(rescue_diff(s, me, a.card, a.option))
            # Prefer the Guard or a weak creature as the one at risk.
            risk = 0 if a.card == GUARD else 0.02 * board.power_at(
                s, me, board.creature_at(s, me, a.card), a.card)
            v = win - risk
            if win >= 0.3 and (a.option not in best_rescue or v > best_rescue[a.option][0]):
                best_rescue[a.option] = (v, a)
    out += [a for _, a in best_rescue.values()]
    out += [a for a in legal if a.kind == "cast"]
    moves = [a for a in legal if a.kind in ("move", "swap")]
    if moves and limit_moves > 0:
        base = own_score(s, me)
        scored = []
        for a in moves:
            t = s.copy()
            F.apply(t, a)
            v = own_score(t, me) - base
            if v > 0.05:
                scored.append((v, a))
        scored.sort(key=lambda x: -x[0])
        out += [a for _, a in scored[:limit_moves]]
    return out
