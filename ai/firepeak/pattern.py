"""Firepeak pattern solving for bots, hints and the engine: legality, every legal placement,
Move and Swap, and the best resolution of an illegal pattern.

Inputs are plain data, independent of the game engine: a pattern is 9 slots (positions
0..8 as in :mod:`core.firepeak.pattern`), each ``None`` or a creature with a ``clan`` and a
``power`` (:class:`Creature`, or any object with those two attributes). A creature's Power
at position ``q`` is

    creature.power + pos_bonus[q] + (1 if creature.clan == wizard_clan else 0)

so the caller folds into ``creature.power`` what travels with the creature (enchantments,
Atrophy, …) and passes what stays on a position (auras, which also reach the position's
Minions: the caller sums them per position) as ``pos_bonus``. A creature moved to another
position then gets that position's bonus. ``wizard_clan`` is the Clan of the owner's Wizard
(+1 for its creatures in the pattern, including one being placed).

Every query has two exact implementations. ``method="fast"`` (the default) enumerates the
few candidates in plain Python with the rules of :mod:`core.firepeak.pattern`;
``method="cpsat"`` solves the CP-SAT reference model of :mod:`ai.firepeak.pattern_cpsat`
(OR-Tools is imported only then). The tests prove both give identical answers over
thousands of random patterns; CP-SAT's fixed cost (a few ms per solve) is what makes the
fast path the default.

Resolution follows the rulebook procedure, read literally: while some creature is
Leaderless, move a Leaderless creature up into one of its (all empty) Leader positions;
otherwise, while the pattern is illegal, remove any one creature, and start over. It stops
as soon as the pattern is legal. :func:`resolve` picks, among every outcome the procedure
allows, the one keeping the most total Power, then the most creatures, then the smallest
vector of final positions (creatures in order of their starting position, a removed one
counting as 9: keep creatures high in the pattern first, and as high as possible), and
returns one deterministic step sequence reaching it. The fast path is a memoised
branch-and-bound over the procedure's states. The CP-SAT path lists the ways the first round of
up-moves (forced before any removal) can end, usually one, and for each optimises over final
positions (each creature stays, ends at a position
it can climb to through Leader positions, or is removed; the result legal); an optimum the
procedure cannot reach (the step order matters) is cut off and the model solved again.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Literal, Protocol

from core.firepeak.pattern import (
    ADJACENT,
    CLANS,
    EMPTY,
    LEADERS,
    MINIONS,
    OPPOSING,
    SIZE,
    WIZARD,
    WIZARD_MINIONS,
    violations,
)

Method = Literal["fast", "cpsat"]
UpStep = tuple[Literal["up"], int, int]
RemoveStep = tuple[Literal["remove"], int]
Step = UpStep | RemoveStep
REMOVED = SIZE  # a removed creature's "position" in the tie-break vector

_LEAD = tuple(tuple(q for q in LEADERS[p] if q != WIZARD) for p in range(SIZE))
_PAIRS = tuple((q, r) for q in range(SIZE) for r in ADJACENT[q] if r > q)


def _up_closure(p: int) -> frozenset[int]:
    seen = {p}
    todo = [p]
    while todo:
        for q in _LEAD[todo.pop()]:
            if q not in seen:
                seen.add(q)
                todo.append(q)
    return frozenset(seen)


# UP[p]: the positions a creature at p can reach by moving up (p included).
UP: tuple[frozenset[int], ...] = tuple(_up_closure(p) for p in range(SIZE))
# A full deck (6 Clans x Powers 4,4,3,3,3,2,2,2,1,1): the default guess at future draws.
_POWERS = (4, 4, 3, 3, 3, 2, 2, 2, 1, 1)


class CreatureLike(Protocol):
    """Anything with a Clan (one of ``core.firepeak.pattern.CLANS``) and a Power."""

    @property
    def clan(self) -> str: ...

    @property
    def power(self) -> int: ...


@dataclass(frozen=True, slots=True)
class Creature:
    """A creature as the solver sees it: its Clan and the Power it carries."""

    clan: str
    power: int


Pattern = Sequence[CreatureLike | None]
FULL_DECK: tuple[Creature, ...] = tuple(Creature(c, p) for c in CLANS for p in _POWERS)


@dataclass(frozen=True, slots=True)
class Resolution:
    """The chosen outcome of resolving a pattern.

    ``steps`` replay the rulebook procedure (positions as they are when the step is taken);
    ``final`` is the resulting pattern (the caller's creature objects); ``origin[q]`` is the
    starting position of the creature ending at ``q`` (``EMPTY`` if none); ``power`` and
    ``creatures`` are the total Power and number of creatures kept.
    """

    steps: tuple[Step, ...]
    final: tuple[CreatureLike | None, ...]
    origin: tuple[int, ...]
    power: int
    creatures: int


@dataclass(frozen=True, slots=True)
class _Data:
    clans: tuple[str | None, ...]  # per position, None when empty
    powers: tuple[int, ...]  # Power a creature carries (Wizard bonus included), 0 when empty
    bonus: tuple[int, ...]  # per-position modifier
    wizard_clan: str | None

    def carried(self, creature: CreatureLike) -> int:
        return creature.power + (1 if creature.clan == self.wizard_clan else 0)


def _check_clan(clan: str) -> str:
    if clan not in OPPOSING:
        raise ValueError(f"unknown clan {clan!r}; expected one of {', '.join(CLANS)}")
    return clan


def _data(pattern: Pattern, pos_bonus: Sequence[int] | None,
          wizard_clan: str | None) -> _Data:
    if len(pattern) != SIZE:
        raise ValueError(f"a pattern has {SIZE} slots, got {len(pattern)}")
    bonus = tuple(pos_bonus) if pos_bonus is not None else (0,) * SIZE
    if len(bonus) != SIZE:
        raise ValueError(f"pos_bonus needs {SIZE} entries, got {len(bonus)}")
    if wizard_clan is not None:
        _check_clan(wizard_clan)
    clans = tuple(None if c is None else _check_clan(c.clan) for c in pattern)
    wiz = wizard_clan
    powers = tuple(0 if c is None else c.power + (1 if c.clan == wiz else 0) for c in pattern)
    return _Data(clans, powers, bonus, wizard_clan)


def _core_legal(clans: Sequence[str | None], eff: Sequence[int]) -> bool:
    """Legality by ``core.firepeak.pattern.violations`` (``eff``: Power at each position)."""
    slots = [EMPTY if clans[q] is None else q for q in range(SIZE)]

    def clan_at(q: int) -> str:
        return clans[q] or ""

    return not violations(slots, eff.__getitem__, clan_at)


def _effective(d: _Data) -> list[int]:
    return [d.powers[q] + d.bonus[q] for q in range(SIZE)]


def _check_method(method: str) -> None:
    if method not in ("fast", "cpsat"):
        raise ValueError(f"method must be 'fast' or 'cpsat', got {method!r}")


# --- legality, placement, Move, Swap ---------------------------------------------------------


def is_legal(pattern: Pattern, *, pos_bonus: Sequence[int] | None = None,
             wizard_clan: str | None = None, method: Method = "fast") -> bool:
    """Whether every creature of the pattern is legally placed."""
    _check_method(method)
    d = _data(pattern, pos_bonus, wizard_clan)
    if method == "cpsat":
        from ai.firepeak import pattern_cpsat

        return pattern_cpsat.is_legal(d.clans, d.powers, d.bonus)
    return _core_legal(d.clans, _effective(d))


def legal_placements(pattern: Pattern, creature: CreatureLike, *, under: int | None = None,
                     pos_bonus: Sequence[int] | None = None, wizard_clan: str | None = None,
                     method: Method = "fast") -> list[int]:
    """Every empty position where ``creature`` can be added (Recruit, Brainwash, Rescue)
    leaving the whole pattern legal, ascending. ``under`` limits them to the Minion
    positions of one position (Recruit's selected card; ``WIZARD`` for the Wizard)."""
    _check_method(method)
    d = _data(pattern, pos_bonus, wizard_clan)
    clan = _check_clan(creature.clan)
    power = d.carried(creature)
    if under is None:
        allowed: Iterable[int] = range(SIZE)
    elif under == WIZARD:
        allowed = WIZARD_MINIONS
    elif 0 <= under < SIZE:
        allowed = MINIONS[under]
    else:
        raise ValueError(f"under must be a position 0..{SIZE - 1} or WIZARD, got {under}")
    candidates = [q for q in allowed if d.clans[q] is None]
    if method == "cpsat":
        from ai.firepeak import pattern_cpsat

        return pattern_cpsat.placements(d.clans, d.powers, d.bonus, clan, power, candidates)
    clans = list(d.clans)
    eff = _effective(d)
    out = []
    for q in candidates:
        clans[q], eff[q] = clan, power + d.bonus[q]
        if _core_legal(clans, eff):
            out.append(q)
        clans[q], eff[q] = None, d.powers[q] + d.bonus[q]
    return sorted(out)


def legal_moves(pattern: Pattern, *, pos_bonus: Sequence[int] | None = None,
                wizard_clan: str | None = None,
                method: Method = "fast") -> list[tuple[int, int]]:
    """Every Move ``(a, b)``: the creature at ``a`` to the empty position ``b``, leaving the
    whole pattern legal (so no Minion of ``a`` may be left Leaderless or too strong)."""
    _check_method(method)
    d = _data(pattern, pos_bonus, wizard_clan)
    if method == "cpsat":
        from ai.firepeak import pattern_cpsat

        return pattern_cpsat.moves(d.clans, d.powers, d.bonus)
    out = []
    for a in range(SIZE):
        if d.clans[a] is None:
            continue
        for b in range(SIZE):
            if d.clans[b] is not None:
                continue
            clans = list(d.clans)
            eff = _effective(d)
            clans[a], clans[b] = None, d.clans[a]
            eff[a], eff[b] = 0, d.powers[a] + d.bonus[b]
            if _core_legal(clans, eff):
                out.append((a, b))
    return out


def legal_swaps(pattern: Pattern, *, pos_bonus: Sequence[int] | None = None,
                wizard_clan: str | None = None,
                method: Method = "fast") -> list[tuple[int, int]]:
    """Every Swap ``(a, b)``, ``a < b``: two adjacent creatures exchanged, both new
    placements (and so the whole pattern) legal."""
    _check_method(method)
    d = _data(pattern, pos_bonus, wizard_clan)
    if method == "cpsat":
        from ai.firepeak import pattern_cpsat

        return pattern_cpsat.swaps(d.clans, d.powers, d.bonus)
    out = []
    for a, b in _PAIRS:
        if d.clans[a] is None or d.clans[b] is None:
            continue
        clans = list(d.clans)
        eff = _effective(d)
        clans[a], clans[b] = d.clans[b], d.clans[a]
        eff[a], eff[b] = d.powers[b] + d.bonus[a], d.powers[a] + d.bonus[b]
        if _core_legal(clans, eff):
            out.append((a, b))
    return out


# --- resolution of an illegal pattern --------------------------------------------------------

State = tuple[int, ...]  # state[q]: starting position of the creature now at q, or EMPTY
_Key = tuple[int, int, tuple[int, ...]]


class _Procedure:
    """The rulebook procedure over states, with a lean legality test (the tests check it
    against ``core.firepeak.pattern.violations``)."""

    def __init__(self, d: _Data) -> None:
        self.d = d
        self.creatures = tuple(q for q in range(SIZE) if d.clans[q] is not None)
        self.start: State = tuple(q if d.clans[q] is not None else EMPTY for q in range(SIZE))
        self.foe = tuple(None if c is None else OPPOSING[c] for c in d.clans)
        self.best: dict[State, tuple[_Key, State] | None] = {}
        self.incumbent: _Key | None = None

    def legal(self, s: State) -> bool:
        pw, bonus, clans, foe = self.d.powers, self.d.bonus, self.d.clans, self.foe
        for q in range(SIZE):
            c = s[q]
            if c == EMPTY or not _LEAD[q]:
                continue
            total, led = 0, False
            for p in _LEAD[q]:
                e = s[p]
                if e != EMPTY:
                    led = True
                    total += pw[e] + bonus[p]
            if not led or pw[c] + bonus[q] >= total:
                return False
        for q, r in _PAIRS:
            c, e = s[q], s[r]
            if c != EMPTY and e != EMPTY and foe[c] == clans[e]:
                return False
        return True

    @staticmethod
    def leaderless(s: State) -> list[int]:
        return [q for q in range(SIZE)
                if s[q] != EMPTY and _LEAD[q] and all(s[p] == EMPTY for p in _LEAD[q])]

    def choices(self, s: State) -> list[tuple[Step, State]]:
        """The steps the procedure allows from ``s`` (none once legal), in a fixed order."""
        return [] if self.legal(s) else self._steps(s, self.leaderless(s))

    @staticmethod
    def _steps(s: State, lost: list[int]) -> list[tuple[Step, State]]:
        out: list[tuple[Step, State]] = []
        if lost:
            for q in lost:
                for p in _LEAD[q]:
                    t = list(s)
                    t[p], t[q] = s[q], EMPTY
                    out.append((("up", q, p), tuple(t)))
        else:
            for q in range(SIZE):
                if s[q] != EMPTY:
                    t = list(s)
                    t[q] = EMPTY
                    out.append((("remove", q), tuple(t)))
        return out

    def key(self, s: State) -> _Key:
        """Sort key of a final state: lower is better."""
        pw, bonus = self.d.powers, self.d.bonus
        dest = dict.fromkeys(self.creatures, REMOVED)
        power = count = 0
        for q in range(SIZE):
            c = s[q]
            if c != EMPTY:
                dest[c] = q
                power += pw[c] + bonus[q]
                count += 1
        return (-power, -count, tuple(dest[c] for c in self.creatures))

    def optimistic(self, s: State, removing: bool) -> _Key:
        """A key no final state reachable from the illegal state ``s`` can beat: every
        creature kept at its best reachable position (negative Power counted as 0), except
        that when ``removing`` (no creature Leaderless) the weakest one must go."""
        pw, bonus = self.d.powers, self.d.bonus
        best = [max(0, max(pw[c] + bonus[r] for r in UP[q]))
                for q, c in enumerate(s) if c != EMPTY]
        if removing:
            return (min(best) - sum(best), 1 - len(best), ())
        return (-sum(best), -len(best), ())

    def search(self, s: State) -> tuple[_Key, State] | None:
        """The best final state reachable from ``s``, by depth-first branch and bound.

        Returns None or a result no better than the incumbent (the best final state found
        so far) when ``s`` cannot beat the incumbent. Memoised: a stored result is exact
        whenever it beats the incumbent of a later visit (incumbents only improve)."""
        if s in self.best:
            return self.best[s]
        res: tuple[_Key, State] | None = None
        if self.legal(s):
            res = (self.key(s), s)
            if self.incumbent is None or res[0] < self.incumbent:
                self.incumbent = res[0]
        else:
            lost = self.leaderless(s)
            if self.incumbent is None or self.optimistic(s, not lost) < self.incumbent:
                nxt = self._steps(s, lost)
                if not lost:  # removals of the weakest first: a good incumbent early
                    pw, bonus = self.d.powers, self.d.bonus
                    nxt.sort(key=lambda st: pw[s[st[0][1]]] + bonus[st[0][1]])
                for _, t in nxt:
                    r = self.search(t)
                    if r is not None and (res is None or r < res):
                        res = r
        self.best[s] = res
        return res

    def settle(self) -> list[State]:
        """The states the first round of up-moves can end in (the procedure moves every
        Leaderless creature before it removes anything), sorted."""
        out: set[State] = set()
        seen: set[State] = set()
        todo = [self.start]
        while todo:
            s = todo.pop()
            lost = [] if self.legal(s) else self.leaderless(s)
            if not lost:
                out.add(s)
                continue
            for _, t in self._steps(s, lost):
                if t not in seen:
                    seen.add(t)
                    todo.append(t)
        return sorted(out)

    def steps_to(self, target: State, start: State | None = None) -> list[Step] | None:
        """A step sequence from ``start`` (default: the pattern's) to ``target`` (the first
        in the fixed step order), or None if the procedure cannot end there."""
        goal = {c: REMOVED for c in self.creatures}
        for q, c in enumerate(target):
            if c != EMPTY:
                goal[c] = q
        dead: set[State] = set()

        def fits(step: Step, s: State) -> bool:
            c = s[step[1]]
            if step[0] == "remove":
                return goal[c] == REMOVED
            return goal[c] == REMOVED or goal[c] in UP[step[2]]

        def go(s: State) -> list[Step] | None:
            if s in dead:
                return None
            nxt = self.choices(s)
            if not nxt:
                return [] if s == target else None
            for step, t in nxt:
                if fits(step, s):
                    rest = go(t)
                    if rest is not None:
                        return [step, *rest]
            dead.add(s)
            return None

        return go(self.start if start is None else start)

    def solve_cpsat(self) -> State:
        """The best final state by the CP-SAT model, solved once per way the first round of
        up-moves can end (usually one): after it, the final-position model is tight."""
        from ai.firepeak import pattern_cpsat

        def target_of(dest: tuple[int, ...]) -> State:
            t = [EMPTY] * SIZE
            for c, q in zip(self.creatures, dest, strict=True):
                if q != pattern_cpsat.GONE:
                    t[q] = c
            return tuple(t)

        best: tuple[_Key, State] | None = None
        for s0 in self.settle():
            if self.legal(s0):
                final = s0
            else:
                at = {c: q for q, c in enumerate(s0) if c != EMPTY}
                crs = [(self.d.clans[c] or "", self.d.powers[c], at[c]) for c in self.creatures]

                def reachable(dest: tuple[int, ...], start: State = s0) -> bool:
                    return self.steps_to(target_of(dest), start) is not None

                dest, _ = pattern_cpsat.resolve(crs, self.d.bonus, reachable)
                final = target_of(dest)
            cand = (self.key(final), final)
            if best is None or cand < best:
                best = cand
        assert best is not None
        return best[1]


def resolution_choices(pattern: Pattern, *, pos_bonus: Sequence[int] | None = None,
                       wizard_clan: str | None = None) -> list[Step]:
    """The steps the rulebook procedure allows now: up-moves of Leaderless creatures if
    any, else (while the pattern is illegal) the removal of any creature; none if legal."""
    proc = _Procedure(_data(pattern, pos_bonus, wizard_clan))
    return [step for step, _ in proc.choices(proc.start)]


def resolve(pattern: Pattern, *, pos_bonus: Sequence[int] | None = None,
            wizard_clan: str | None = None, method: Method = "fast") -> Resolution:
    """Resolve an illegal pattern the rulebook way, keeping the most Power (see the module
    docstring for the procedure and the tie-break). A legal pattern comes back unchanged,
    with no steps."""
    _check_method(method)
    d = _data(pattern, pos_bonus, wizard_clan)
    proc = _Procedure(d)
    if method == "cpsat":
        final = proc.solve_cpsat()
    else:
        found = proc.search(proc.start)
        assert found is not None  # the first final state found becomes the incumbent
        final = found[1]
    steps = proc.steps_to(final)
    assert steps is not None
    key = proc.key(final)
    return Resolution(
        steps=tuple(steps),
        final=tuple(None if c == EMPTY else pattern[c] for c in final),
        origin=final,
        power=-key[0],
        creatures=-key[1],
    )


# --- choosing a placement for a bot ----------------------------------------------------------


def _fits(clans: Sequence[str | None], eff: Sequence[int], q: int, clan: str,
          power: int) -> bool:
    """Whether a creature of ``clan``/``power`` (at ``q``) could go to ``q`` without a new
    violation at ``q`` or its Minions. A position with no Leader yet is judged by the Clan
    rule alone: its Leader may come later."""
    foe = OPPOSING[clan]
    if any(clans[r] == foe for r in ADJACENT[q]):
        return False
    lead = [p for p in _LEAD[q] if clans[p] is not None]
    if lead and power >= sum(eff[p] for p in lead):
        return False
    for m in MINIONS[q]:
        if clans[m] is not None:
            total = power + sum(eff[p] for p in _LEAD[m] if p != q and clans[p] is not None)
            if eff[m] >= total:
                return False
    return True


def placement_score(pattern: Pattern, creature: CreatureLike, pos: int, *,
                    deck: Iterable[CreatureLike] | None = None,
                    pos_bonus: Sequence[int] | None = None,
                    wizard_clan: str | None = None) -> tuple[int, int, int, int]:
    """How good placing ``creature`` at ``pos`` is for filling the rest of the pattern; higher
    is better. After the placement, count (1) the empty positions some creature of ``deck``
    (the creatures still to come; default: a full deck) could still fill, (2) the
    (position, deck creature) pairs that fit, then prefer (3) more Power at ``pos`` and
    (4) a lower position number (higher in the pattern). Deterministic; legality of the
    placement itself is the caller's business (see :func:`best_placement`)."""
    d = _data(pattern, pos_bonus, wizard_clan)
    if not 0 <= pos < SIZE or d.clans[pos] is not None:
        raise ValueError(f"position {pos} is not an empty position of the pattern")
    clans = list(d.clans)
    eff = _effective(d)
    here = d.carried(creature) + d.bonus[pos]
    clans[pos], eff[pos] = _check_clan(creature.clan), here
    kinds = Counter((c.clan, d.carried(c)) for c in (FULL_DECK if deck is None else deck))
    positions = pairs = 0
    for q in range(SIZE):
        if clans[q] is not None:
            continue
        n = sum(k for (clan, power), k in kinds.items()
                if _fits(clans, eff, q, clan, power + d.bonus[q]))
        positions += n > 0
        pairs += n
    return (positions, pairs, here, -pos)


def best_placement(pattern: Pattern, creature: CreatureLike,
                   candidates: Iterable[int] | None = None, *,
                   deck: Iterable[CreatureLike] | None = None,
                   pos_bonus: Sequence[int] | None = None,
                   wizard_clan: str | None = None) -> int | None:
    """The legal placement (among ``candidates``, default all) with the highest
    :func:`placement_score`, or None when there is none."""
    legal = legal_placements(pattern, creature, pos_bonus=pos_bonus, wizard_clan=wizard_clan)
    wanted = None if candidates is None else set(candidates)
    pool = [q for q in legal if wanted is None or q in wanted]
    if not pool:
        return None
    cards = tuple(FULL_DECK if deck is None else deck)
    return max(pool, key=lambda q: placement_score(pattern, creature, q, deck=cards,
                                                   pos_bonus=pos_bonus,
                                                   wizard_clan=wizard_clan))
