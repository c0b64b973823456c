"""TacticsGreedyBot: a sensible priority player for Ascension Tactics.

Each main-phase action is the first of these that applies: play a card (card draw first,
constructs last, each equipped on the champion it helps most); buy the best card by value
per Rune (champions and monsters it can command, then heroes and constructs, with Mystic
and Heavy Infantry as fallbacks); command the unit with the best single command — an
attack that defeats an enemy (moving first to where it helps most), else a move toward a
shrine it does not hold or onto a Treasure, else a deploy from a free portal — judged one
unit at a time against the board as it is; buy a monster with spare Power; end the turn.
Decisions (Treasure windows included: a Treasure only when it turns the fight) are answered
by :func:`ai.tactics.decisions.answer`.
"""

from __future__ import annotations

from collections.abc import Iterator

from ai.tactics.boss import BossPlayer
from ai.tactics.danger import Threat, danger, hp, threats
from ai.tactics.decisions import answer
from ai.tactics.main_phase import best_rune_buy, play_choice, power_buys, team_step
from ai.tactics.position import cell_bonus, live_shrines, potential
from ai.tactics.reach import Move, Piece, Strike, pieces
from ai.tactics.weights import CTRL, DENY, POWER_SPENT
from ai.tactics.worth import kill_value, loss_value
from core.contract import Action
from core.rng import Rng
from core.tactics import combat, turn
from core.tactics.board import shrine_controller
from core.tactics.state import State
from core.tactics.view import TacticsView, determinize

MIN_GAIN = 0.1  # a command must be worth at least this (beyond its Power) to be given


class TacticsGreedyBot:
    """Plays the first sensible thing by priority, one command at a time."""

    name = "greedy"

    def __init__(self, game: str = "tactics", seed: int = 0) -> None:
        if game != "tactics":
            raise ValueError(f"the Tactics {self.name} bot plays Tactics only, not {game!r}")
        self.game = game
        self.rng = Rng.stream(seed, "bot:tactics-greedy")
        self.steps: dict[int, list[Action]] = {}
        self.switched = -1
        # Become the Boss: each Scheme weighed alone, the Villains commanded by CP-SAT.
        self.boss = BossPlayer(pairs=False)

    def choose(self, view: TacticsView, legal: list[Action]) -> Action:
        """The action to take now."""
        return self.recommend(view, legal)[0]

    def recommend(self, view: TacticsView, legal: list[Action]
                  ) -> tuple[Action, tuple[Action, ...]]:
        """The action to take now, and the plan it belongs to (just itself)."""
        if len(legal) == 1:
            return legal[0], (legal[0],)
        s = determinize(view, self.rng)
        a = self.act(s, view.seat, legal)
        return a, (a,)

    def act(self, s: State, me: int, legal: list[Action]) -> Action:
        """The action for seat ``me`` (to move) in the full state ``s`` — a dealt world, or
        another bot's simulation."""
        if s.villain is not None and s.villain.boss_seat == me:
            return self.boss.act(s, me, legal)
        if s.pending:
            return answer(s, me, legal, self.rng)
        if s.cmd is not None:
            return self._command_step(s, me, legal)
        return self._main(s, me, legal)

    def _main(self, s: State, me: int, legal: list[Action]) -> Action:
        a = play_choice(s, me, legal, hold_targeted=False)
        if a is not None:
            return a
        a = best_rune_buy(s, legal, s.seats[me].runes)
        if a is not None:
            return a
        a = self._command(s, me, legal)
        if a is not None:
            return a
        best: tuple[float, Action] | None = None
        for a, _cost, v in power_buys(s, legal):
            if v > 0 and (best is None or v > best[0]):
                best = (v, a)
        if best is not None:
            return best[1]
        end = team_step(s, me, legal, self.switched == s.turn_no)
        if end.kind == "switch":
            self.switched = s.turn_no
        return end

    # --- commands ----------------------------------------------------------------------------

    def _command(self, s: State, me: int, legal: list[Action]) -> Action | None:
        cmds = [a for a in legal if a.kind == "command"]
        if not cmds:
            return None
        best = self._best_command(s, me, s.seats[me].power)
        if best is None:
            return None
        gain, piece, steps = best
        start = (Action("command", -1, steps[0].option) if piece.new
                 else Action("command", piece.unit, 0))
        if start not in legal:
            return None
        if piece.new:
            steps = steps[1:]  # the command itself deploys the new Cultist
            self.steps = {turn.reserve_cultist(s, me): steps}
        else:
            self.steps = {piece.unit: steps}
        return start

    def _best_command(self, s: State, me: int, power: int
                      ) -> tuple[float, Piece, list[Action]] | None:
        side = s.side_of[me]
        th = threats(s, side)
        best: tuple[float, Piece, list[Action]] | None = None
        for p in pieces(s, me, power, keep=4, th=th):
            if p.forced:
                continue
            for score, steps in self._free_moves(s, me, side, th, p):
                score -= POWER_SPENT * p.cost
                if best is None or score > best[0] + 1e-9:
                    best = (score, p, steps)
        if best is None or best[0] < MIN_GAIN:
            return None
        return best

    def _score(self, s: State, me: int, side: int, th: Threat, p: Piece, mv: Move,
               early: tuple[Strike, ...]) -> tuple[float, list[Action]]:
        """One command's worth: the best single attack (before or after the move) that
        defeats, plus what the end cell brings (shrines, Treasure, position) minus danger."""
        steps: list[Action] = []
        if p.start < 0:
            steps.append(Action("deploy", -1, mv.entry))
        best_att: tuple[float, Strike, bool] | None = None
        life = hp(s, p.unit) if p.start >= 0 else combat.defense(s, p.unit)
        for late, sts in ((False, early), (True, mv.late)):
            for st in sts:
                v = sum(kill_value(s, t) for t in st.hits if st.strength >= hp(s, t))
                if v <= 0:
                    continue
                if st.back >= life:
                    v -= loss_value(s, p.unit)
                if v > 0 and (best_att is None or v > best_att[0]):
                    best_att = (v, st, late)
        value = 0.0
        fallen: set[int] = set()
        if best_att is not None:
            v, st, late = best_att
            value += v
            fallen = {t for t in st.hits if st.strength >= hp(s, t)}
            act = Action("attack", -1 if p.area else st.hits[0], 0)
            if not late:
                steps.append(act)
        here = p.start if p.start >= 0 else mv.entry
        if mv.dest != here:
            steps.append(Action("move", -1, mv.dest))
        if best_att is not None and best_att[2]:
            steps.append(Action("attack", -1 if p.area else best_att[1].hits[0], 0))
        steps.append(Action("done", -1, 0))
        value += self._shrine_delta(s, side, p.start, mv.dest, fallen)
        value += cell_bonus(s, side, mv.dest) if mv.dest != p.start else 0.0
        spd = combat.speed(s, p.unit)
        value += potential(s, side, mv.dest, spd) - (
            potential(s, side, p.start, spd) if p.start >= 0 else -0.5)
        value -= danger(s, th, p.unit, mv.dest)
        if p.start >= 0:
            value += danger(s, th, p.unit, p.start)
        return value, steps

    def _shrine_delta(self, s: State, side: int, frm: int, to: int, fallen: set[int]) -> float:
        """Honor-weighted change in shrines held (and denied) if a unit goes ``frm`` -> ``to``
        and ``fallen`` enemies leave the field."""
        occ = list(s.occ_side)
        for t in fallen:
            occ[s.units[t].cell] = -1
        after = list(occ)
        if frm >= 0:
            after[frm] = -1
        after[to] = side
        v = 0.0
        for c in live_shrines(s):
            h = s.map.shrine_honor[c]
            b, a = shrine_controller(s.map, c, s.occ_side), shrine_controller(s.map, c, after)
            v += CTRL * h * ((a == side) - (b == side))
            v += DENY * h * ((b not in (-1, side)) - (a not in (-1, side)))
        return v

    def _command_step(self, s: State, me: int, legal: list[Action]) -> Action:
        cmd = s.cmd
        assert cmd is not None
        queue = self.steps.get(cmd.unit)
        if queue is None:
            # A command the bot did not start (a free command, or a second figure): take the
            # best single command for this unit as if it were choosing now.
            queue = self._forced_steps(s, me, cmd.unit)
            self.steps[cmd.unit] = queue
        while queue:
            a = queue.pop(0)
            if a in legal:
                return a
        done = Action("done", -1, 0)
        return done if done in legal else legal[0]

    def _free_moves(self, s: State, me: int, side: int, th: Threat, p: Piece
                    ) -> Iterator[tuple[float, list[Action]]]:
        """Each move of ``p`` with its score and steps. One unit at a time, on the board as it
        stands: cells and portals held by the seat's other units are out of reach for now."""
        for mv in p.moves:
            if mv.dest != p.start and s.occupant[mv.dest] >= 0:
                continue
            if mv.entry >= 0 and s.occupant[mv.entry] >= 0:
                continue
            early = next((sts for e, sts in p.early if e == mv.entry), ())
            yield self._score(s, me, side, th, p, mv, early)

    def _forced_steps(self, s: State, me: int, u: int) -> list[Action]:
        side = s.side_of[me]
        th = threats(s, side)
        best: tuple[float, list[Action]] | None = None
        for p in pieces(s, me, 0, keep=4, th=th):
            if p.unit != u:
                continue
            for score, steps in self._free_moves(s, me, side, th, p):
                if best is None or score > best[0] + 1e-9:
                    best = (score, steps)
        return best[1] if best is not None else []
