"""The Villain turn, watched: the events of one ``apply`` turned into the steps the table
shows one after another (display only, no rule).

In solo and co-op the Villains take their whole turn inside the ``apply`` of the heroes'
``end`` (or of the answer to a tie that held it up), so the engine hands the table the
position before and the events. ``build`` replays those events on a copy of the view taken
before — units moved, deployed, hurt and defeated, tokens and tiles moved, Treasures burnt,
Honor and the Schemes in play — and cuts them into ``Frame``s: a Scheme revealed, a Villain
acting, each hex of its walk (its whole path drawn), its attack (the target marked, the line
of sight drawn), what the attack did. Each frame carries the log lines told with it and how
long it stays up (in bot pauses). The table then settles on the real view, so a frame never
needs to be exact in what no event says (a Scheme's bonus to a Villain's numbers is shown
as a mark, ``buffed``).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from rich.text import Text

from core.contract import Event
from core.tactics.field import area_targets, sight_path
from core.tactics.view import TacticsView
from core.tactics.villain_state import VILLAIN, VILLAINS
from tui.games.tactics.villains import walk

# A log line as the table tells it: the text and its style.
Line = tuple[Text | str, str]

# How long each kind of step stays up, in bot pauses: a Scheme is read, a walk is quick.
READ, LOOK, ACT, WALK = 3.0, 1.0, 0.5, 0.3

# Events that show what an action did: told together on one step after it.
RESULTS = frozenset({"damage", "strikeback", "defeated", "spared", "honor", "buff", "pick_up",
                     "beacon", "destroyed", "banish", "equip", "reveal", "removed"})
# Events that are a step of their own once the Villains act.
STEPS = frozenset({"scheme", "threat", "surge", "command", "move", "attack", "deploy",
                   "return", "token", "terrain", "burn", "score_now", "villain_skipped"})


@dataclass(frozen=True)
class Frame:
    """One step of the Villain turn on the table: the position then (``view``), the log
    lines told with it, what happens in words (``now``), the unit acting, a path walked
    (``route``), the hexes attacked and a line of sight, the Villains with a Scheme's bonus
    this turn, and how long it stays up (``weight`` bot pauses)."""

    view: TacticsView
    lines: tuple[Line, ...] = ()
    now: Text = field(default_factory=Text)
    active: int = -1
    route: tuple[int, ...] = ()
    targets: frozenset[int] = frozenset()
    sight: tuple[int, ...] = ()
    buffed: frozenset[int] = frozenset()
    weight: float = LOOK


@dataclass(frozen=True)
class Show:
    """The steps of a batch of events, then the lines told once the table has settled
    (what happened after the Villain turn ended)."""

    frames: tuple[Frame, ...]
    tail: tuple[Line, ...] = ()


def villains_act(before: TacticsView, events: Sequence[Event]) -> bool:
    """Whether this batch holds a Villain turn run by the engine (solo and co-op) to watch."""
    vv = before.villain
    if vv is None or vv.boss_seat >= 0:
        return False
    return any(e.kind == "scheme" or (e.kind in STEPS and e.seat == VILLAIN) for e in events)


class _Board:
    """The view taken before the batch, changed event by event."""

    def __init__(self, v: TacticsView) -> None:
        vv = v.villain
        assert vv is not None
        self.v = v
        self.units = list(v.units)
        self.occupant = list(v.occupant)
        self.occ_side = list(v.occ_side)
        self.terrain = list(v.terrain)
        self.beacon = list(v.beacon)
        self.face_down = list(v.face_down)
        self.honor = list(v.honor)
        self.gear = dict(v.gear)
        self.token = list(vv.token)
        self.in_play = list(vv.in_play)
        self.discard = list(vv.discard)
        self.unseen = list(vv.unseen)
        self.deck_count = vv.deck_count
        self.played = vv.played
        self.side = v.side
        self.side_turns = list(v.side_turns)
        self.buffed: set[int] = set()

    def side_of(self, u: int) -> int:
        seat = self.units[u].seat
        return VILLAINS if seat == VILLAIN else self.v.side_of[seat]

    def place(self, u: int, cell: int) -> None:
        row = self.units[u]
        if row.cell >= 0 and self.occupant[row.cell] == u:
            self.occupant[row.cell] = -1
            self.occ_side[row.cell] = -1
        if cell >= 0:
            self.occupant[cell] = u
            self.occ_side[cell] = self.side_of(u)
        self.units[u] = row._replace(cell=cell)

    def hurt(self, u: int, n: int) -> None:
        if 0 <= u < len(self.units):
            self.units[u] = self.units[u]._replace(damage=self.units[u].damage + n)

    def path(self, u: int, goal: int) -> tuple[int, ...]:
        """The cells a move to ``goal`` walks through from where the unit stands now."""
        return walk(self.view(), u, goal)

    def end_turn(self, side: int) -> None:
        """A side's turn ended: damage and bonuses gone; the Villains' Schemes discarded."""
        self.units = [r._replace(damage=0) for r in self.units]
        self.buffed.clear()
        if 0 <= side < len(self.side_turns):
            self.side_turns[side] += 1
        if side == VILLAINS:
            self.discard += self.in_play
            self.in_play = []
            self.played = 0

    def view(self) -> TacticsView:
        vv = self.v.villain
        assert vv is not None
        villain = replace(vv, token=tuple(self.token), in_play=tuple(self.in_play),
                          discard=tuple(self.discard), unseen=tuple(self.unseen),
                          deck_count=self.deck_count, played=self.played)
        return replace(self.v, units=tuple(self.units), occupant=tuple(self.occupant),
                       occ_side=tuple(self.occ_side), terrain=tuple(self.terrain),
                       beacon=tuple(self.beacon), face_down=tuple(self.face_down),
                       honor=tuple(self.honor), gear=tuple(sorted(self.gear.items())),
                       side=self.side, side_turns=tuple(self.side_turns), cmd=None,
                       pending=None, villain=villain)


def build(before: TacticsView, events: Sequence[Event], lines: Sequence[Line | None],
          after: TacticsView) -> Show:
    """The steps of ``events`` (``lines[i]``: the log line of ``events[i]``, or None), from
    the view ``before`` them; ``after`` names what a step cannot know (a tile laid). No
    steps when the Villains did nothing in the batch."""
    steps = _Steps(_Board(before))
    for e, line in zip(events, lines, strict=True):
        steps.take(e, line, after)
    return steps.show()


class _Steps:
    """The frames cut so far, the lines not told yet, and where the Villain turn is."""

    def __init__(self, board: _Board) -> None:
        self.board = board
        self.frames: list[Frame] = []
        self.told: list[Line] = []
        self.started = False  # a Villain step was shown: results make steps of their own
        self.over = False  # the Villain turn ended: the rest is told once the table settles
        self.active = -1
        self.results = False  # results wait to be shown together

    def take(self, e: Event, line: Line | None, after: TacticsView) -> None:
        k = e.kind
        if self.results and k not in RESULTS:
            self.flush()
        board = self.board
        step = (not self.over and k in STEPS
                and (e.seat == VILLAIN or k not in ("command", "move", "attack", "deploy")))
        if k == "move" and not step:
            board.place(e.card, e.value)
        elif k != "move":
            _change(board, e, after)
        if line is not None:
            self.told.append(line)
        if k == "start_turn" and e.value == VILLAINS:
            board.side = VILLAINS
        elif k == "end_turn":
            board.end_turn(e.value)
            self.over = self.over or (e.value == VILLAINS and self.started)
        elif k in RESULTS:
            self.results = self.started and not self.over
        elif step:
            self.started = True
            self._step(e)

    def _step(self, e: Event) -> None:
        k = e.kind
        if k == "command":
            self.active = e.card
            self.flush(weight=ACT)
        elif k == "move":
            self._walk(e)
        elif k == "attack":
            targets, sight = _aim(self.board, e)
            self.flush(targets=targets, sight=sight)
        elif k == "scheme":
            self.active = -1
            vv = self.board.v.villain
            assert vv is not None
            self.flush(Text(f"The Villains play {vv.schemes[e.card].name}", style="bold"),
                       weight=READ)
        else:
            self.flush()

    def flush(self, now: Text | None = None, *, weight: float = LOOK,
              route: tuple[int, ...] = (), targets: frozenset[int] = frozenset(),
              sight: tuple[int, ...] = ()) -> None:
        """A step showing the board as it is now, with the lines not told yet."""
        self.results = False
        said = now if now is not None else (_now(self.told[-1]) if self.told else Text())
        self.frames.append(Frame(self.board.view(), tuple(self.told), said, self.active,
                                 route, targets, sight, frozenset(self.board.buffed), weight))
        self.told.clear()

    def _walk(self, e: Event) -> None:
        """A move: its whole path drawn with the unit where it starts, then the unit on
        each hex of it in turn (a hex where another unit stands is crossed without
        stopping)."""
        board = self.board
        u, goal = e.card, e.value
        path = board.path(u, goal)
        self.active = u
        self.flush(weight=ACT, route=path)
        now = self.frames[-1].now
        for cell in path:
            if cell != goal and board.occupant[cell] not in (-1, u):
                continue
            board.place(u, cell)
            self.flush(now, weight=WALK, route=path)
        if board.units[u].cell != goal:
            board.place(u, goal)

    def show(self) -> Show:
        if self.results:
            self.flush()
        if not self.started:
            return Show((), ())
        return Show(tuple(self.frames), tuple(self.told))


def _now(line: Line) -> Text:
    """A log line as the Scheme panel's "now" line: unindented, in its style."""
    text, style = line
    return Text(str(text).strip(), style=style)


def _change(board: _Board, e: Event, after: TacticsView) -> None:
    """What event ``e`` changes on the board (moves are walked by ``_walk``)."""
    k = e.kind
    if k in ("deploy", "return"):
        board.place(e.card, e.value)
    elif k == "defeated":
        board.place(e.card, -1)
        board.units[e.card] = board.units[e.card]._replace(damage=0)
    elif k in ("damage", "strikeback"):
        board.hurt(e.card, e.value)
    elif k == "honor" and 0 <= e.seat < len(board.honor):
        board.honor[e.seat] += e.value
    elif k == "token":
        board.token[e.card] = e.value
    elif k == "terrain":
        board.terrain[e.value] = after.terrain[e.value]
    elif k in ("burn", "pick_up"):
        cell = e.value
        board.face_down = [c for c in board.face_down if c != cell]
    elif k == "beacon":
        board.beacon[e.value] = board.side_of(e.card)
    elif k == "buff" and e.seat == VILLAIN:
        board.buffed.add(e.card)
    elif k == "equip" and e.seat == VILLAIN:
        board.gear[e.value] = board.gear.get(e.value, ()) + (e.card,)
    elif k == "scheme":
        board.in_play.append(e.card)
        board.played = e.value
        if e.card in board.unseen:
            board.unseen.remove(e.card)
            board.deck_count = max(0, board.deck_count - 1)


def _aim(board: _Board, e: Event) -> tuple[frozenset[int], tuple[int, ...]]:
    """An attack's marks: the hexes attacked (every one in range for an Area attack) and the
    line of sight to a target more than a hex away."""
    v = board.view()
    attacker, target = e.card, e.value
    hit = [target] if target >= 0 else area_targets(v, attacker)
    cells = frozenset(v.units[t].cell for t in hit if v.units[t].cell >= 0)
    sight: tuple[int, ...] = ()
    here = v.units[attacker].cell
    if target >= 0 and here >= 0 and v.units[target].cell >= 0 and \
            v.map.distance(here, v.units[target].cell) > 1:
        sight = tuple(sight_path(v, attacker, v.units[target].cell) or ())
    return cells, sight


__all__ = ["ACT", "LOOK", "READ", "WALK", "Frame", "Line", "Show", "build", "villains_act"]
