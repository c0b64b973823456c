"""Legal actions, applying them, the turn, the end of the game and the final score.

Turn actions (``Action(kind, card, option)``); locations are pattern Positions 0..8 and
GUARD (9):

=========  ==============================================  =======================
kind       card                                            option
=========  ==============================================  =======================
recruit    the chosen Leader's Position, or -1 (Wizard)    -
capture    attacker's location (0..8, GUARD)               defender seat*10 + loc
brainwash  creature uid in your Dungeon                    -
rescue     rescuer's location (0..8, GUARD)                opponent's seat
move       from Position                                   to Position, or GUARD
swap       Position a                                      adjacent Position b > a
imprison   location (0..8, GUARD)                          -
cast       spell uid in your Spellbook                     -
research   creature uid in your Dungeon                    a same-clan uid > card
end        -                                               -
=========  ==============================================  =======================

Every other choice is a decision (see effects.py) answered by ``Action(kind, choice)``.
Research is free; every other action uses one of the turn's two actions, or an extra one:
first a matching extra (the Night Wing power for a Move/Swap involving a Night Wing, then
a spell's extra of that kind), then one of the two, then an extra "any action".
"""

from __future__ import annotations

from collections.abc import Sequence

from core.contract import (
    Action,
    ActionsByCard,
    ActionsByCardOption,
    Event,
    Outcome,
    checked,
    new_event,
)
from core.firepeak import board
from core.firepeak import effects as fx
from core.firepeak import targets as tg
from core.firepeak.cards import BASE_POWER, CLAN_OF, SPELLS
from core.firepeak.components import payable
from core.firepeak.pattern import ADJACENT, EMPTY, SIZE, WIZARD, is_complete
from core.firepeak.state import GUARD, State, Turn

TURN_KINDS = ("recruit", "capture", "brainwash", "rescue", "move", "swap", "imprison", "cast",
              "research", "end")
NO_OPTION = frozenset({"recruit", "brainwash", "imprison", "cast", "end"})
# The kind of spell extra that pays for an action ("move" covers Move and Swap).
EXTRA_FOR = {"recruit": "recruit", "capture": "capture", "brainwash": "brainwash",
             "rescue": "rescue", "move": "move", "swap": "move"}


# --- paying for actions ----------------------------------------------------------------------

def _night_wing_involved(slots: Sequence[int], a: Action) -> bool:
    uids = [slots[a.card]]
    if a.kind == "swap":
        uids.append(slots[a.option])
    return any(u != EMPTY and CLAN_OF[u] == "night_wing" for u in uids)


def action_source(s: State, a: Action) -> str | None:
    """What pays for turn action ``a``: 'night_wing', an extra kind, 'action', 'any', or None."""
    t = s.turn
    return paid_by(a, t.actions_left, t.bonus, s.clan_powers and not t.night_wing_used,
                   s.players[s.current].pattern)


def paid_by(a: Action, actions_left: int, bonus: Sequence[str], night_wing_free: bool,
            slots: Sequence[int]) -> str | None:
    """What pays for turn action ``a`` given what the turn has left (a state and a view
    both ask): ``night_wing_free`` when the Night Wing power is in play and still unused,
    ``slots`` the mover's pattern."""
    if a.kind in ("move", "swap") and night_wing_free and _night_wing_involved(slots, a):
        return "night_wing"
    extra = EXTRA_FOR.get(a.kind)
    if extra is not None and extra in bonus:
        return extra
    if actions_left > 0:
        return "action"
    if "any" in bonus:
        return "any"
    return None


def _spend(s: State, source: str) -> None:
    t = s.turn
    if source == "night_wing":
        t.night_wing_used = True
    elif source == "action":
        t.actions_left -= 1
    else:
        t.bonus.remove(source)


# --- what is legal ---------------------------------------------------------------------------

def _move_legal(s: State, seat: int, src: int, dst: int) -> bool:
    return dst in board.rearrangements(s, seat)[src][0]


def _swap_legal(s: State, seat: int, a: int, b: int) -> bool:
    lo, hi = min(a, b), max(a, b)
    return hi in board.rearrangements(s, seat)[lo][1]


def legal_actions(s: State) -> list[Action]:
    """Every action the seat to move may take now."""
    if s.over:
        return []
    d = s.pending
    if d is not None:
        return list(map(_ANSWER[d.kind].__getitem__, d.choices))
    seat = s.current
    me = s.players[seat]
    t = s.turn
    general = t.actions_left > 0 or "any" in t.bonus
    bonus = t.bonus
    acts: list[Action] = []
    slots = me.pattern
    mine = me.controlled()
    if s.recruit and (general or "recruit" in bonus):
        acts.append(_RECRUIT[WIZARD])
        acts += [_RECRUIT[pos] for pos, _ in mine if pos != GUARD]
    opps = tg.opponents(s, seat)
    if mine and (general or "capture" in bonus):
        ench = s.ench  # without enchantments in play, no creature is warded
        defenders = [o * 10 + loc for o in opps for loc, u in s.players[o].controlled()
                     if not (ench and board.warded(s, u))]
        for loc, _ in mine:
            row = _CAPTURE[loc]
            acts += map(row.__getitem__, defenders)
    if general or "brainwash" in bonus:
        acts += map(_BRAINWASH.__getitem__, me.dungeon)
    if mine and (general or "rescue" in bonus):
        targets = [o for o in opps if s.players[o].dungeon]
        acts += [_RESCUE[loc][o] for loc, _ in mine for o in targets]
    moves = general or "move" in bonus
    night = s.clan_powers and not t.night_wing_used
    if moves:
        acts += _all_moves(board.rearrangements(s, seat))
    elif night:  # only the Night Wing power's free Move or Swap is left
        for src, (dsts, partners) in enumerate(board.rearrangements(s, seat)):
            if not dsts and not partners:
                continue
            nw_u = CLAN_OF[slots[src]] == "night_wing"
            if nw_u:
                acts += map(_MOVE[src].__getitem__, dsts)
            acts += [_SWAP[src][b] for b in partners
                     if nw_u or CLAN_OF[slots[b]] == "night_wing"]
    if general:
        if me.guard != EMPTY:
            acts.append(_IMPRISON[GUARD])
        acts += [_IMPRISON[pos] for pos, _ in mine
                 if pos != GUARD and not board.remove_leaves_leaderless(slots, pos)]
        if me.dungeon:  # every spell takes a component from the Dungeon
            ready = payable(tuple(me.dungeon), board.wizard_clan(s, seat),
                            tuple(sorted(set(me.spellbook))))
            acts += [_CAST[sp] for sp in ready if tg.has_target(s, seat, sp)]
    if len(me.dungeon) > 1 and tg.spells_available(s):
        acts += [_RESEARCH[a][b] for a, b in _research_pairs(me.dungeon)]
    acts.append(_END)
    return acts


Rearrangements = tuple[tuple[tuple[int, ...], tuple[int, ...]], ...]
# The Move and Swap actions of each answer of board.rearrangements (a shared object per
# pattern), by its id: the entry keeps the answer alive, so its id is never reused for
# another while listed here.
_LISTED_MOVES: dict[int, tuple[Rearrangements, list[Action]]] = {}


def _all_moves(found: Rearrangements) -> list[Action]:
    """Every Move and Swap of ``found``, Position by Position, when any may be taken."""
    hit = _LISTED_MOVES.get(id(found))
    if hit is not None and hit[0] is found:
        return hit[1]
    if len(_LISTED_MOVES) >= 256:
        _LISTED_MOVES.clear()
    acts: list[Action] = []
    for src, (dsts, partners) in enumerate(found):
        if dsts:
            acts += map(_MOVE[src].__getitem__, dsts)
        if partners:
            acts += map(_SWAP[src].__getitem__, partners)
    _LISTED_MOVES[id(found)] = (found, acts)
    return acts


class _Answers(dict[str, ActionsByCard]):
    """The shared answers ``Action(kind, choice, 0)`` of each kind of decision."""

    def __missing__(self, kind: str) -> ActionsByCard:
        table = self[kind] = ActionsByCard(kind)
        return table


# Shared Actions by kind (see ActionsByCard): made once, handed out by every listing.
_ANSWER = _Answers()
_RECRUIT, _BRAINWASH, _IMPRISON, _CAST = (
    ActionsByCard(k) for k in ("recruit", "brainwash", "imprison", "cast"))
_CAPTURE, _RESCUE, _MOVE, _SWAP, _RESEARCH = (
    ActionsByCardOption(k) for k in ("capture", "rescue", "move", "swap", "research"))
_END = Action("end", -1, 0)


def _research_pairs(dungeon: list[int]) -> list[tuple[int, int]]:
    if len(dungeon) < 2:
        return []
    if len(set(map(CLAN_OF.__getitem__, dungeon))) == len(dungeon):
        return []  # no two of one clan: the usual Dungeon
    by_clan: dict[str, list[int]] = {}
    for u in sorted(dungeon):
        by_clan.setdefault(CLAN_OF[u], []).append(u)
    return [(x, y) for group in by_clan.values() for i, x in enumerate(group)
            for y in group[i + 1:]]


def _loc_ok(loc: int) -> bool:
    return 0 <= loc < SIZE or loc == GUARD


def why_illegal(s: State, a: Action) -> str | None:
    """The reason ``a`` cannot be taken now, or None if it can."""
    if s.over:
        return "the game is over"
    d = s.pending
    if d is not None:
        if a.kind != d.kind:
            return f"answer the pending {d.kind!r} choice first"
        if a.option != 0:
            return "a choice is given by its card field alone (option 0)"
        return None if a.card in d.choices else f"{a.card} is not one of the offered choices"
    if a.kind not in TURN_KINDS:
        return f"there is no pending choice, and {a.kind!r} is not a turn action"
    if a.kind in NO_OPTION and a.option != 0:
        return f"{a.kind} takes no option (use 0)"
    seat = s.current
    if a.kind == "end":
        return None if a.card == -1 else "end takes no card (use -1)"
    if a.kind == "research":
        return _why_research(s, a)
    reason = _why_target(s, a)
    if reason is not None:
        return reason
    if action_source(s, a) is None:
        return f"you have no action left this turn that can {a.kind}"
    if a.kind == "cast":
        if not fx.component_choices(s, seat, SPELLS[a.card].component,
                                    SPELLS[a.card].component.count, -1):
            return f"your Dungeon lacks the component {SPELLS[a.card].name} needs"
        if not tg.has_target(s, seat, a.card):
            return f"{SPELLS[a.card].name} has nothing to act on now"
    return None


def _why_research(s: State, a: Action) -> str | None:
    dungeon = s.players[s.current].dungeon
    if a.card not in dungeon or a.option not in dungeon:
        return "Research discards two creatures from your own Dungeon"
    if a.card >= a.option:
        return "name the two creatures in increasing uid order"
    if CLAN_OF[a.card] != CLAN_OF[a.option]:
        return "Research needs two creatures of the same clan"
    if not tg.spells_available(s):
        return "there are no spells left to draw"
    return None


def _why_target(s: State, a: Action) -> str | None:
    """Checks of the action's own cards and places (not of what pays for it)."""
    seat = s.current
    me = s.players[seat]
    kind = a.kind
    if kind == "recruit":
        if not s.recruit:
            return "the Recruitment deck is empty"
        if a.card != WIZARD and not (0 <= a.card < SIZE and me.pattern[a.card] != EMPTY):
            return "choose your Wizard or a creature in your pattern as the Leader"
        return None
    if kind == "brainwash":
        return None if a.card in me.dungeon else "that creature is not in your Dungeon"
    if kind == "cast":
        return None if a.card in me.spellbook else "that spell is not in your Spellbook"
    if not _loc_ok(a.card) or board.creature_at(s, seat, a.card) == EMPTY:
        return "you control no creature there"
    if kind == "capture":
        dseat, dloc = divmod(a.option, 10)
        if not (0 <= dseat < s.n) or dseat == seat:
            return "the defender must be an opponent's creature"
        if not _loc_ok(dloc) or board.creature_at(s, dseat, dloc) == EMPTY:
            return "that opponent controls no creature there"
        if board.warded(s, board.creature_at(s, dseat, dloc)):
            return "that creature cannot be chosen to defend (Aegis)"
        return None
    if kind == "rescue":
        if not (0 <= a.option < s.n) or a.option == seat:
            return "choose an opponent's Dungeon"
        return None if s.players[a.option].dungeon else "that Dungeon is empty"
    if kind == "imprison":
        if a.card != GUARD and board.remove_leaves_leaderless(me.pattern, a.card):
            return "imprisoning it would leave a creature without a Leader"
        return None
    if a.card == GUARD:
        return "the Guard cannot move into the pattern"
    if kind == "move":
        if not _loc_ok(a.option) or a.option == a.card:
            return "move to another Position or to your Guard spot"
        if a.option == GUARD and me.guard != EMPTY:
            return "you already have a Guard"
        if a.option != GUARD and me.pattern[a.option] != EMPTY:
            return "creatures only go to empty Positions"
        if not _move_legal(s, seat, a.card, a.option):
            return "that move would leave an illegal pattern"
        return None
    if kind == "swap":
        if not (0 <= a.option < SIZE) or a.option not in ADJACENT[a.card] \
                or a.option <= a.card:
            return "swap two adjacent Positions, the lower first"
        if me.pattern[a.option] == EMPTY:
            return "a Swap exchanges two creatures"
        if not _swap_legal(s, seat, a.card, a.option):
            return "that swap would leave an illegal pattern"
        return None
    return f"unknown action {kind!r}"


# --- applying --------------------------------------------------------------------------------

def apply(s: State, a: Action) -> list[Event]:
    """Check and carry out ``a``; refuse an illegal one with the reason, changing nothing."""
    return apply_legal(s, checked(s, a, why_illegal))


def apply_legal(s: State, a: Action) -> list[Event]:
    """Carry out ``a``, just taken from ``legal_actions(s)``, without checking it again.

    For self-play and search only: anything from a person, a save or a replay goes through
    ``apply``, which refuses an illegal action.
    """
    ev: list[Event] = []
    s.steps += 1
    d = s.pending
    if d is not None:
        s.pending = None
        fx.answer(s, d, a.card, ev)
    elif a.kind == "end":
        _end_turn(s, ev)
        return ev
    elif a.kind == "research":
        _research(s, a.card, a.option, ev)
    else:
        source = action_source(s, a)
        assert source is not None
        _spend(s, source)
        ACTIONS[a.kind](s, a, ev)
    fx.run(s, ev)
    return ev


def _recruit(s: State, a: Action, ev: list[Event]) -> None:
    seat = s.current
    uid = s.recruit.pop()
    s.held = uid
    ev.append(new_event(("recruit", seat, -1, a.card)))
    if not s.recruit:
        s.deck_out = True
        ev.append(new_event(("last_card", seat, -1, 0)))
    fx.push_place(s, seat, fx.RECRUIT, a.card, uid, -1)


def _capture(s: State, a: Action, ev: list[Event]) -> None:
    seat = s.current
    dseat, dloc = divmod(a.option, 10)
    att = board.creature_at(s, seat, a.card)
    dfd = board.creature_at(s, dseat, dloc)
    ev.append(new_event(("capture", seat, att, a.option)))
    attack = fx.die(s, seat, att, ev) + board.power_at(s, seat, att, a.card) \
        + board.spell_mods(s, seat, att, a.card, "attack") + s.turn.rolls[0]
    defend = fx.die(s, dseat, dfd, ev) + board.power_at(s, dseat, dfd, dloc) \
        + board.spell_mods(s, dseat, dfd, dloc, "defend")
    defend += board.defence_bonus(dloc, CLAN_OF[dfd], s.clan_powers)
    ev.append(new_event(("totals", seat, attack, defend)))
    if attack > defend:
        fx.take(s, dseat, dloc, ev)
        s.players[seat].dungeon.append(dfd)
        ev.append(new_event(("captured", seat, dfd, attack - defend)))
        if s.clan_powers and CLAN_OF[att] == "twilight_spawn" and a.card != GUARD \
                and fx.die(s, seat, dfd, ev) > BASE_POWER[dfd]:
            fx.push_place(s, seat, fx.CAPTIVE, a.card, dfd, seat)
    elif defend > attack:
        fx.take(s, seat, a.card, ev)
        s.players[dseat].dungeon.append(att)
        ev.append(new_event(("capture_lost", seat, att, defend - attack)))
    else:
        ev.append(new_event(("capture_tie", seat, att, attack)))


def _brainwash(s: State, a: Action, ev: list[Event]) -> None:
    seat = s.current
    power = BASE_POWER[a.card]
    ev.append(new_event(("brainwash", seat, -1, power)))  # only the announced Power is revealed
    roll = fx.die(s, seat, -1, ev)
    me = s.players[seat]
    bonus = s.turn.rolls[2] + (SPELLS[me.circle].brainwash if me.circle != EMPTY else 0)
    ev.append(new_event(("brainwash_total", seat, roll + bonus, power)))
    if roll + bonus <= power:
        ev.append(new_event(("brainwash_failed", seat, -1, power)))
        return
    ev.append(new_event(("brainwash_won", seat, -1, power)))
    if s.clan_powers and CLAN_OF[a.card] == "doombringers" and not s.turn.doombringer_used:
        s.turn.doombringer_used = True
        s.turn.bonus.append("any")
        ev.append(new_event(("extra_action", seat, a.card, 1)))
    fx.push_place(s, seat, fx.BRAINWASH, 0, a.card, seat)


def _rescue(s: State, a: Action, ev: list[Event]) -> None:
    seat, victim = s.current, a.option
    hero = board.creature_at(s, seat, a.card)
    ev.append(new_event(("rescue", seat, hero, victim)))
    mine = fx.die(s, seat, hero, ev) + board.power_at(s, seat, hero, a.card) \
        + board.spell_mods(s, seat, hero, a.card, "rescue") + s.turn.rolls[1]
    if s.clan_powers and CLAN_OF[hero] == "holy_order":
        mine += 1
    guard = s.players[victim].guard
    theirs = fx.die(s, victim, guard, ev)
    if guard != EMPTY:
        theirs += board.power_at(s, victim, guard, GUARD) \
            + board.spell_mods(s, victim, guard, GUARD, "guard")
    ev.append(new_event(("totals", seat, mine, theirs)))
    if mine > theirs:
        ev.append(new_event(("rescue_won", seat, hero, victim)))
        s.work.append(("rescue_pick", seat, victim))
    elif theirs > mine:
        fx.take(s, seat, a.card, ev)
        s.players[victim].dungeon.append(hero)
        ev.append(new_event(("rescue_lost", seat, hero, victim)))
    else:
        ev.append(new_event(("rescue_tie", seat, hero, victim)))


def _move(s: State, a: Action, ev: list[Event]) -> None:
    p = s.players[s.current]
    uid = p.pattern[a.card]
    p.pattern[a.card] = EMPTY
    if a.option == GUARD:
        p.guard = uid
    else:
        p.pattern[a.option] = uid
    ev.append(new_event(("move", s.current, uid, a.option)))


def _swap(s: State, a: Action, ev: list[Event]) -> None:
    slots = s.players[s.current].pattern
    slots[a.card], slots[a.option] = slots[a.option], slots[a.card]
    ev.append(new_event(("swap", s.current, a.card, a.option)))


def _imprison(s: State, a: Action, ev: list[Event]) -> None:
    uid = fx.take(s, s.current, a.card, ev)
    s.players[s.current].dungeon.append(uid)
    ev.append(new_event(("imprison", s.current, uid, a.card)))


def _cast(s: State, a: Action, ev: list[Event]) -> None:
    fx.start_cast(s, s.current, a.card, ev)


def research_draws(s: State, seat: int) -> int:
    """Spells one Research draws for certain: 1, +1 for Circle of Lore. With Clan Powers
    on, two Dawn Keepers let the player draw one more if they wish (``dawn_draw``)."""
    p = s.players[seat]
    return 1 + (SPELLS[p.circle].research if p.circle != EMPTY else 0)


def dawn_draw(s: State, clan: str) -> bool:
    """Whether this Research may draw the Dawn Keepers' extra spell (the rulebook's "may":
    the player is asked once the other draws are made)."""
    return s.clan_powers and clan == "dawn_keepers"


def _research(s: State, x: int, y: int, ev: list[Event]) -> None:
    seat = s.current
    p = s.players[seat]
    for u in (x, y):
        p.dungeon.remove(u)
        s.creature_discard.append(u)
    ev.append(new_event(("research", seat, x, y)))
    for _ in range(research_draws(s, seat)):
        fx.draw_spell(s, seat, ev)
    if dawn_draw(s, CLAN_OF[x]):
        s.work.append(("extra_spell", seat))


ACTIONS = {"recruit": _recruit, "capture": _capture, "brainwash": _brainwash,
           "rescue": _rescue, "move": _move, "swap": _swap, "imprison": _imprison,
           "cast": _cast}


def _end_turn(s: State, ev: list[Event]) -> None:
    """Pass the turn; after the turn that drew the last Recruitment card, the game ends —
    unless the reshuffle-once variant turns the creature discard pile into a new deck."""
    seat = s.current
    s.turns_taken[seat] += 1
    ev.append(new_event(("end_turn", seat, -1, 0)))
    if s.deck_out:
        if s.options["variants"]["reshuffle_once"] and not s.reshuffled and s.creature_discard:
            s.recruit, s.creature_discard = s.creature_discard, []
            s.rng.shuffle(s.recruit)
            s.reshuffled = True
            s.deck_out = False
            ev.append(new_event(("recruit_reshuffle", seat, -1, len(s.recruit))))
        else:
            s.over = True
            ev.append(new_event(("game_over", -1, -1, 0)))
            return
    s.current = (seat + 1) % s.n
    s.turn = Turn()
    ev.append(new_event(("start_turn", s.current, -1, 0)))


# --- the end ---------------------------------------------------------------------------------

def scores(s: State) -> tuple[int, ...]:
    """Total effective Power of the creatures in each pattern."""
    return tuple(board.pattern_power(s, i) for i in range(s.n))


def creature_counts(s: State) -> tuple[int, ...]:
    return tuple(sum(u != EMPTY for u in p.pattern) for p in s.players)


def outcome(s: State) -> Outcome | None:
    """A complete pattern wins outright; otherwise most Power, then most creatures, else
    a draw shared by the tied seats."""
    if not s.over:
        return None
    sc = scores(s)
    counts = creature_counts(s)
    done = tuple(i for i, p in enumerate(s.players) if is_complete(p.pattern))
    details = {"turns": list(s.turns_taken), "creatures": list(counts),
               "complete": list(done)}
    if done:
        return Outcome(sc, done, "completed the pattern", details)
    best = max(sc)
    leaders = [i for i, v in enumerate(sc) if v == best]
    tiebreak = ""
    if len(leaders) > 1:
        most = max(counts[i] for i in leaders)
        leaders = [i for i in leaders if counts[i] == most]
        tiebreak = ("tied on Power: most creatures in the pattern wins" if len(leaders) == 1
                    else "tied on Power and on creatures: a draw")
    return Outcome(sc, tuple(leaders), tiebreak, details)

