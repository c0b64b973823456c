"""The dice of Firepeak's turn actions, for the bots: odds, and each chance result scripted.

Capture and Rescue are duels (a die plus the difference of the two sides against a die),
Brainwash is one die against the creature's Power. :func:`dice_scripts` lists each possible
result of an action with its probability and the dice that produce it, which
:class:`ScriptedRng` then rolls in the bot's own world.
"""

from __future__ import annotations

from functools import cache

from core.contract import Action
from core.firepeak import board
from core.firepeak.board import TIER1
from core.firepeak.cards import BASE_POWER, CLAN_OF, SPELLS
from core.firepeak.pattern import EMPTY
from core.firepeak.state import GUARD, ROLL_INDEX, State
from core.rng import Rng


@cache
def duel_odds(diff: int) -> tuple[float, float, float]:
    """(win, tie, lose) of die + ``diff`` against a die."""
    win = tie = 0
    for a in range(1, 7):
        for b in range(1, 7):
            t = a + diff - b
            win += t > 0
            tie += t == 0
    return win / 36, tie / 36, (36 - win - tie) / 36


def capture_diff(s: State, seat: int, att_loc: int, dseat: int, dloc: int) -> int:
    """What ``seat``'s creature at ``att_loc`` adds to its die against the defender's die
    when it Captures ``dseat``'s creature at ``dloc``."""
    att = board.creature_at(s, seat, att_loc)
    dfd = board.creature_at(s, dseat, dloc)
    attack = board.power_at(s, seat, att, att_loc) \
        + board.spell_mods(s, seat, att, att_loc, "attack") + s.turn.rolls[0]
    defend = board.power_at(s, dseat, dfd, dloc) + board.spell_mods(s, dseat, dfd, dloc, "defend")
    if dloc in TIER1:
        defend += 1
    if s.clan_powers and CLAN_OF[dfd] == "gaias_children":
        defend += 1
    return attack - defend


def rescue_diff(s: State, seat: int, loc: int, victim: int) -> int:
    """What ``seat``'s creature at ``loc`` adds to its die against ``victim``'s Guard's die
    when it Rescues from ``victim``'s Dungeon."""
    hero = board.creature_at(s, seat, loc)
    mine = board.power_at(s, seat, hero, loc) + board.spell_mods(s, seat, hero, loc, "rescue") \
        + s.turn.rolls[1]
    if s.clan_powers and CLAN_OF[hero] == "holy_order":
        mine += 1
    guard = s.players[victim].guard
    theirs = 0
    if guard != EMPTY:
        theirs = board.power_at(s, victim, guard, GUARD) \
            + board.spell_mods(s, victim, guard, GUARD, "guard")
    return mine - theirs


def brainwash_odds(s: State, seat: int, uid: int) -> float:
    me = s.players[seat]
    bonus = s.turn.rolls[ROLL_INDEX["brainwash"]] + (
        SPELLS[me.circle].brainwash if me.circle != EMPTY else 0)
    return sum(1 for d in range(1, 7) if d + bonus > BASE_POWER[uid]) / 6


class ScriptedRng(Rng):
    """An Rng whose next dice are fixed (then random again): one chance outcome of an action
    in a bot's own world."""

    __slots__ = ("rolls",)

    def __init__(self, state: int, rolls: list[int]) -> None:
        super().__init__(state)
        self.rolls = rolls

    def die(self, sides: int = 6) -> int:
        if self.rolls:
            return self.rolls.pop(0)
        return super().die(sides)

    def copy(self) -> Rng:
        return ScriptedRng(self.state, list(self.rolls)) if self.rolls else Rng(self.state)


def _duel_scripts(diff: int) -> list[tuple[float, list[int]]]:
    """(probability, two dice) for each possible result of die + diff against a die."""
    win, tie, lose = duel_odds(diff)
    out = []
    if win:
        out.append((win, [6, 1] if 6 + diff > 1 else [6, 6]))
    if lose:
        out.append((lose, [1, 6] if 1 + diff < 6 else [1, 1]))
    if tie:
        a = next(a for a in range(1, 7) if 1 <= a + diff <= 6)
        out.append((tie, [a, a + diff]))
    return out


def dice_scripts(s: State, a: Action) -> list[tuple[float, list[int]]]:
    """The chance outcomes of turn action ``a`` as (probability, dice to script)."""
    seat = s.current
    if a.kind == "capture":
        dseat, dloc = divmod(a.option, 10)
        return _duel_scripts(capture_diff(s, seat, a.card, dseat, dloc))
    if a.kind == "rescue":
        return _duel_scripts(rescue_diff(s, seat, a.card, a.option))
    if a.kind == "brainwash":
        p = brainwash_odds(s, seat, a.card)
        out = []
        if p > 0:
            out.append((p, [6]))
        if p < 1:
            out.append((1 - p, [1]))
        return out
    return [(1.0, [])]
