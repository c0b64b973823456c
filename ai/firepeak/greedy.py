"""FirepeakGreedyBot: a sensible priority player for Ascension at Firepeak.

Each turn action is the first of these that applies: Research with a pair of Dungeon
creatures that cannot go into the pattern (free); cast a spell that improves its table (an
extra-action spell only when that action has a use); Brainwash a Dungeon creature that fits
the pattern at even odds or better; Capture when the odds and the prize are good; Rescue
when likely to win; Recruit under the Leader a draw most likely fits under; else end the
turn. Decisions are answered from :mod:`ai.firepeak.decisions` (placements keep Positions
fillable, an illegal pattern is resolved by :func:`ai.firepeak.pattern.resolve` to keep the most
Power, a spell's target is tried on a copy of the bot's own world).
"""

from __future__ import annotations

from ai.firepeak.candidates import recruit_fit, research_pair
from ai.firepeak.decisions import best_answer
from ai.firepeak.dice import brainwash_odds, capture_diff, duel_odds, rescue_diff
from ai.firepeak.evaluation import begin, evaluate, game_will_end_after_draw, terminal_value
from ai.firepeak.worlds import deal_world, expected
from core.contract import Action
from core.firepeak import board
from core.firepeak.cards import BASE_POWER, SPELLS
from core.firepeak.pattern import EMPTY, WIZARD
from core.firepeak.state import GUARD, State
from core.firepeak.view import FirepeakView
from core.rng import Rng

END = Action("end", -1, 0)
CAPTURE_WIN = 0.55
CAPTURE_GAIN = 1.2
RESCUE_WIN = 0.6
CAST_GAIN = 0.4


class FirepeakGreedyBot:
    name = "greedy"

    def __init__(self, game: str = "firepeak", seed: int = 0) -> None:
        if game != "firepeak":
            raise ValueError(f"the Firepeak {self.name} bot plays Firepeak only, not {game!r}")
        self.game = game
        self.rng = Rng.stream(seed, "bot:firepeak-greedy")

    def choose(self, view: FirepeakView, legal: list[Action]) -> Action:
        return self.recommend(view, legal)[0]

    def recommend(self, view: FirepeakView, legal: list[Action]
                  ) -> tuple[Action, tuple[Action, ...]]:
        if len(legal) == 1:
            return legal[0], (legal[0],)
        s = deal_world(view, self.rng)
        begin(s)
        me = view.seat
        if s.pending is not None:
            a = answer(s, legal)
            return a, (a,)
        a = self.turn_action(s, me, legal)
        return a, (a,)

    # --- the turn ----------------------------------------------------------------------------

    def turn_action(self, s: State, me: int, legal: list[Action]) -> Action:
        research = research_pair(s, me, legal)
        if research is not None:
            return research
        for pick in (self._cast, self._brainwash, self._capture, self._rescue, self._recruit):
            a = pick(s, me, legal)
            if a is not None and a in legal:
                return a
        return END if END in legal else legal[-1]

    def _cast(self, s: State, me: int, legal: list[Action]) -> Action | None:
        casts = [a for a in legal if a.kind == "cast"]
        if not casts:
            return None
        base = evaluate(s, me)
        best, best_gain = None, CAST_GAIN
        for a in casts:
            if not self._extra_has_use(s, me, legal, a.card):
                continue
            gain = expected(s, a, me, deep=True) - base
            if gain > best_gain:
                best, best_gain = a, gain
        return best

    def _extra_has_use(self, s: State, me: int, legal: list[Action], spell: int) -> bool:
        for op in SPELLS[spell].ops:
            if op.name != "extra_action":
                continue
            if op.action == "recruit" and len(s.recruit) < 3:
                return False
            if op.action == "capture" and self._capture(s, me, legal, 0.45, 0.5) is None:
                return False
            if op.action == "brainwash" and self._brainwash(s, me, legal, 0.3) is None:
                return False
            if op.action == "rescue" and not any(a.kind == "rescue" for a in legal):
                return False
            if op.action == "move":
                return False
        return True

    def _brainwash(self, s: State, me: int, legal: list[Action], min_odds: float = 0.5
                   ) -> Action | None:
        best, best_v = None, 0.0
        for a in legal:
            if a.kind != "brainwash":
                continue
            p = brainwash_odds(s, me, a.card)
            if p < min_odds or not board.open_positions(s, me, a.card):
                continue
            v = p * (1 + BASE_POWER[a.card])
            if v > best_v:
                best, best_v = a, v
        return best

    def _capture(self, s: State, me: int, legal: list[Action], min_win: float = CAPTURE_WIN,
                 min_gain: float = CAPTURE_GAIN) -> Action | None:
        best, best_v = None, min_gain
        for a in legal:
            if a.kind != "capture":
                continue
            dseat, dloc = divmod(a.option, 10)
            win, _, lose = duel_odds(capture_diff(s, me, a.card, dseat, dloc))
            if win < min_win:
                continue
            dfd = board.creature_at(s, dseat, dloc)
            att = board.creature_at(s, me, a.card)
            gain = win * (2 + board.power_at(s, dseat, dfd, dloc))
            risk = lose * (0.5 if a.card == GUARD else 2 + board.power_at(s, me, att, a.card))
            if gain - risk > best_v:
                best, best_v = a, gain - risk
        return best

    def _rescue(self, s: State, me: int, legal: list[Action]) -> Action | None:
        best, best_v = None, RESCUE_WIN
        for a in legal:
            if a.kind != "rescue":
                continue
            win, _, _ = duel_odds(rescue_diff(s, me, a.card, a.option))
            if win >= best_v:
                best, best_v = a, win
        return best

    def _recruit(self, s: State, me: int, legal: list[Action]) -> Action | None:
        recruits = [a for a in legal if a.kind == "recruit"]
        if not recruits:
            return None
        if len(s.recruit) == 1 and game_will_end_after_draw(s) \
                and terminal_value(s, me) < 0:
            return None  # drawing the last card would end a game we are losing
        slots = s.players[me].pattern
        best, best_v = recruits[0], -1.0
        for a in recruits:
            v = recruit_fit(s, me, a.card)
            # Among equal chances, prefer a strong Leader (room for stronger Minions).
            v += 0.001 * (board.power_at(s, me, slots[a.card], a.card)
                          if a.card != WIZARD and slots[a.card] != EMPTY else 5)
            if v > best_v:
                best, best_v = a, v
        return best


def answer(s: State, legal: list[Action]) -> Action:
    """The answer to the world's pending decision (it must be the bot's own)."""
    d = s.pending
    assert d is not None
    c = best_answer(s, d)
    a = Action(d.kind, c, 0)
    return a if a in legal else legal[0]
