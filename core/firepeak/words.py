"""Ascension at Firepeak in words: every action and every question, said once.

``say(view, action)`` is an action as the whole app says it: the log line, each menu
entry, the hint and replays (``describe`` is its plain text). ``question(view, decision)``
is what a pending decision asks, and ``menu_question`` what each step of a turn action's
menu asks. A phrase is built from a view (a state is first seen as its mover sees it), so
it never names a card its reader may not see. Pieces that name something are tagged
(``core.words.Word``) so the app can colour them and point at them:

=========  =====================================================
kind       ref
=========  =====================================================
creature   its uid (-1: one the reader may not see, or none yet)
spell      its uid (-1: one the reader may not see)
seat       the seat (a player's name or possessive)
spot       ``spot_ref(seat, loc)``: a Position or a Guard spot
dungeon    the seat whose Dungeon it is
=========  =====================================================

Phrases do not depend on who reads them: players are named (``your`` for a player named
"You"), the mover's own creatures go unqualified, a creature in play carries its effective
Power (``4▲``) and one out of play its printed Power.
"""

from __future__ import annotations

from collections.abc import Callable

from core.contract import Action
from core.firepeak import board
from core.firepeak.cards import BASE_POWER, CLAN_NAMES, CREATURES, N_CREATURES, N_SPELLS, SPELLS
from core.firepeak.effects import (
    BRAINWASH,
    CAPTIVE,
    DRAW,
    NO_TAKE,
    RECRUIT,
    RESCUE,
    place_mode,
)
from core.firepeak.pattern import EMPTY, SIZE, TIER_SIZES, WIZARD
from core.firepeak.state import DUNGEON, GUARD, KEPT_SPELLS, Decision, State
from core.firepeak.view import FirepeakView, view
from core.words import Phrase, Word, plain
from core.words import phrase as say

POWER = "▲"
SPOT = 100  # a spot's ref is seat * SPOT + location
# The name of each kind of turn action (the keys of the table, the reasons).
KIND_NAMES = {"recruit": "Recruit", "capture": "Capture", "brainwash": "Brainwash",
              "rescue": "Rescue", "research": "Research", "move": "Move", "swap": "Swap",
              "imprison": "Imprison", "cast": "Cast", "end": "End turn"}
PLACE_MODES = {RECRUIT: "Recruited", BRAINWASH: "Brainwashed", RESCUE: "Rescued",
               CAPTIVE: "Captured"}

_SIDES = {2: ("left", "right"), 3: ("left", "middle", "right"),
          4: ("far left", "left", "right", "far right")}
# Positions are named the way a player points at them.
POSITION_NAMES: tuple[str, ...] = tuple(
    f"Tier {t + 1} · {side}" for t, n in enumerate(TIER_SIZES) for side in _SIDES[n])


# --- naming things ----------------------------------------------------------------------------

def spot_ref(seat: int, loc: int) -> int:
    """The ref of a ``spot`` word: ``seat``'s location ``loc`` (a Position or GUARD)."""
    return seat * SPOT + loc


def spot_of(ref: int) -> tuple[int, int]:
    """(seat, location) of a ``spot`` word's ref."""
    return divmod(ref, SPOT)


def spot_name(loc: int) -> str:
    """``Tier 2 · middle``, ``Guard``, ``Dungeon`` or ``Wizard`` for a location number."""
    if loc == GUARD:
        return "Guard"
    if loc == DUNGEON:
        return "Dungeon"
    if loc == WIZARD:
        return "Wizard"
    return POSITION_NAMES[loc] if 0 <= loc < SIZE else f"location {loc}"


def spot_said(loc: int) -> str:
    """A location as a player points at it in a sentence: ``the left spot of Tier 2``,
    ``your Guard``, ``your Dungeon``."""
    if 0 <= loc < SIZE:
        tier, side = POSITION_NAMES[loc].split(" · ")
        return f"the {side} spot of {tier}"
    return f"your {spot_name(loc)}"


def clan_name(clan: str) -> str:
    """The clan's printed name."""
    return CLAN_NAMES.get(clan, clan)


def creature(uid: int, hidden: str = "a hidden creature") -> Word:
    """The creature's name, or ``hidden`` for one the reader may not see."""
    if 0 <= uid < N_CREATURES:
        return Word(CREATURES[uid].name, "creature", uid)
    return Word(hidden, "creature", -1)


def spell(uid: int, hidden: str = "a spell") -> Word:
    """The spell's name, or ``hidden`` for one the reader may not see."""
    if 0 <= uid < N_SPELLS:
        return Word(SPELLS[uid].name, "spell", uid)
    return Word(hidden, "spell", -1)


def possessive(name: str) -> str:
    """``your`` for a player named "You", else ``Name's``."""
    return "your" if name == "You" else f"{name}'s"


def player(v: FirepeakView, seat: int) -> Word:
    """The player's name."""
    names = v.options["names"]
    return Word(names[seat] if 0 <= seat < len(names) else f"seat {seat}", "seat", seat)


def owner(v: FirepeakView, seat: int) -> Word:
    """``Bot's`` (``your`` for a player named "You")."""
    return Word(possessive(player(v, seat).text), "seat", seat)


def spot(seat: int, loc: int) -> Word:
    """A Position or a Guard spot of ``seat``, by name."""
    return Word(spot_name(loc), "spot", spot_ref(seat, loc))


def dungeon(v: FirepeakView, seat: int) -> Phrase:
    """``Bot's Dungeon``."""
    return say(owner(v, seat), " ", Word("Dungeon", "dungeon", seat))


def out_of_play(uid: int, seen: bool = True, hidden: str = "a hidden creature") -> Phrase:
    """``Troll 4▲`` with its printed Power (a creature in a Dungeon or a discard pile)."""
    if not seen or not 0 <= uid < N_CREATURES:
        return say(creature(-1, hidden))
    return say(creature(uid), f" {BASE_POWER[uid]}{POWER}")


def in_play(v: FirepeakView, seat: int, loc: int, whose: bool = True, where: bool = True
            ) -> Phrase:
    """``Bot's Troll 4▲ (Tier 1 · left)``: a creature on the table with its effective Power;
    ``whose`` names its owner unless that is the mover (but ``your`` always, for the player
    at the keyboard: "under your Troll"), ``where`` adds its location."""
    p = v.players[seat] if 0 <= seat < len(v.players) else None
    uid = p.at(loc) if p is not None and (0 <= loc < SIZE or loc == GUARD) else EMPTY
    named = seat != mover(v) or player(v, seat).text == "You"
    out = say(owner(v, seat), " ") if whose and named else ()
    if uid == EMPTY or p is None:
        out = say(out, creature(-1, "the new creature"))  # one a plan expects there
    else:
        out = say(out, creature(uid), f" {p.power_at(loc)}{POWER}")
    return say(out, " (", spot(seat, loc), ")") if where else out


def mover(v: FirepeakView) -> int:
    """The seat whose choice the phrases speak of: the one answering a pending question,
    else the one whose turn it is."""
    return v.pending.seat if v.pending is not None else v.current


def seen_view(sv: State | FirepeakView) -> FirepeakView:
    """``sv`` as a view: a state is seen as its mover sees it."""
    if isinstance(sv, State):
        return view(sv, sv.to_move if sv.to_move is not None else -1)
    return sv


# --- actions ---------------------------------------------------------------------------------

def phrase(sv: State | FirepeakView, a: Action) -> Phrase:
    """Action ``a`` in words (see the module's docstring)."""
    v = seen_view(sv)
    a = Action(*a)
    turn = _TURN.get(a.kind)
    if turn is not None:
        return turn(v, a)
    d = v.pending if v.pending is not None and v.pending.kind == a.kind else None
    answer = _ANSWER.get(a.kind)
    if answer is not None:
        return answer(v, d, a.card)
    return say(f"{a.kind} {a.card} {a.option}")


def describe(sv: State | FirepeakView, a: Action) -> str:
    """One short line for the log, the hint panel and replays: the phrase as plain text."""
    return plain(phrase(sv, a))


def _recruit(v: FirepeakView, a: Action) -> Phrase:
    if a.card == WIZARD:
        return say("Recruit under the Wizard")
    return say("Recruit under ", in_play(v, v.current, a.card))


def _capture(v: FirepeakView, a: Action) -> Phrase:
    dseat, dloc = divmod(a.option, 10)
    return say("Capture ", in_play(v, dseat, dloc), " with ", in_play(v, v.current, a.card))


def _brainwash(v: FirepeakView, a: Action) -> Phrase:
    if a.card in (v.players[v.current].dungeon or ()):
        return say("Brainwash ", out_of_play(a.card))
    power = BASE_POWER[a.card] if 0 <= a.card < N_CREATURES else "?"
    return say(f"Brainwash a creature of Power {power}")


def _rescue(v: FirepeakView, a: Action) -> Phrase:
    return say("Rescue from ", dungeon(v, a.option), " with ",
                  in_play(v, v.current, a.card))


def _move(v: FirepeakView, a: Action) -> Phrase:
    me = v.current
    return say("Move ", in_play(v, me, a.card, where=False), " from ", spot(me, a.card),
                  " to ", spot(me, a.option))


def _swap(v: FirepeakView, a: Action) -> Phrase:
    me = v.current
    return say("Swap ", in_play(v, me, a.card), " and ", in_play(v, me, a.option))


def _imprison(v: FirepeakView, a: Action) -> Phrase:
    return say("Imprison ", in_play(v, v.current, a.card))


def _cast(v: FirepeakView, a: Action) -> Phrase:
    return say("Cast ", spell(a.card))


def _research(v: FirepeakView, a: Action) -> Phrase:
    return say("Research with ", out_of_play(a.card), " and ", out_of_play(a.option))


def _end(v: FirepeakView, a: Action) -> Phrase:
    return say("End the turn")


_TURN: dict[str, Callable[[FirepeakView, Action], Phrase]] = {
    "recruit": _recruit, "capture": _capture, "brainwash": _brainwash, "rescue": _rescue,
    "move": _move, "swap": _swap, "imprison": _imprison, "cast": _cast,
    "research": _research, "end": _end,
}


# --- answers to pending questions ------------------------------------------------------------
# ``d`` is the pending question when the view holds it; an answer further along a plan (a
# hint's "then") is said without it, naming only what the reader can already see.

def _offered(d: Decision | None, choice: int) -> bool:
    return d is not None and choice in d.choices


def _discard_spell(v: FirepeakView, d: Decision | None, c: int) -> Phrase:
    seen = c in (v.players[mover(v)].spellbook or ())
    return say("Put back ", spell(c if seen else -1))


def _place(v: FirepeakView, d: Decision | None, c: int) -> Phrase:
    me = mover(v)
    uid = d.source if d is not None else -1
    if uid < 0:
        what = say(creature(-1, "the new creature"))
    elif c == DUNGEON:
        what = out_of_play(uid)
    else:
        power = board.power_for(v.players[me], v.spells_on(uid), uid, c)
        what = say(creature(uid), f" {power}{POWER}")
    if c == DUNGEON:
        return say("Place ", what, " in the ", Word("Dungeon", "dungeon", me))
    if c == GUARD:
        return say("Place ", what, " as ", spot(me, GUARD))
    return say("Place ", what, " in ", spot(me, c))


def _move_up(v: FirepeakView, d: Decision | None, c: int) -> Phrase:
    me = mover(v)
    src, dst = divmod(c, 10)
    return say("Move ", in_play(v, me, src, where=False), " up from ", spot(me, src),
                  " to ", spot(me, dst))


def _remove(v: FirepeakView, d: Decision | None, c: int) -> Phrase:
    return say("Remove ", in_play(v, mover(v), c), " to the discard pile")


def _rescue_pick(v: FirepeakView, d: Decision | None, c: int) -> Phrase:
    if c == NO_TAKE:
        return say("Take no creature")
    taken = out_of_play(c, _offered(d, c), "a creature")
    if d is None:
        return say("Take ", taken)
    return say("Take ", taken, " from ", dungeon(v, d.a))


def _component(v: FirepeakView, d: Decision | None, c: int) -> Phrase:
    seen = c in (v.players[mover(v)].dungeon or ())
    return say("Discard ", out_of_play(c, seen, "a creature"))


def _dungeon_pick(v: FirepeakView, d: Decision | None, c: int) -> Phrase:
    picked = out_of_play(c, _offered(d, c), "a creature")
    if d is None:
        return say("Take ", picked)
    verb = "Discard " if SPELLS[d.source].ops[d.b].name == "purge_dungeon" else "Take "
    return say(verb, picked, " from ", dungeon(v, d.a))


def _salvage(v: FirepeakView, d: Decision | None, c: int) -> Phrase:
    return say("Take back ", out_of_play(c))


def _source(d: Decision | None, hidden: str) -> Word:
    return spell(d.source if d is not None else -1, hidden)


def _aura(v: FirepeakView, d: Decision | None, c: int) -> Phrase:
    seat, pos = divmod(c, 10)
    return say("Put ", _source(d, "the aura"), " on ", owner(v, seat), " ", spot(seat, pos))


def _enchant(v: FirepeakView, d: Decision | None, c: int) -> Phrase:
    seat, loc = divmod(c, 10)
    return say("Put ", _source(d, "the enchantment"), " on ", in_play(v, seat, loc))


def _bind(v: FirepeakView, d: Decision | None, c: int) -> Phrase:
    seat, loc = divmod(c, 10)
    return say("Take ", in_play(v, seat, loc))


def _opponent(v: FirepeakView, d: Decision | None, c: int) -> Phrase:
    op = SPELLS[d.source].ops[d.a].name if d is not None else ""
    if op in ("purge_dungeon", "raid_dungeon"):
        return say("Target ", dungeon(v, c))
    if op == "unseat":
        return say("Target ", owner(v, c), " ", spot(c, GUARD))
    if op == "filch":
        return say("Target ", owner(v, c), " Spellbook")
    return say("Target ", player(v, c))


def _dispel(v: FirepeakView, d: Decision | None, c: int) -> Phrase:
    for uid, spells in v.ench:
        if c in spells:
            for seat, p in enumerate(v.players):
                for loc in (*range(SIZE), GUARD):
                    if p.at(loc) == uid:
                        return say("Discard ", spell(c), " from ", in_play(v, seat, loc))
    for seat, p in enumerate(v.players):
        if c in p.auras:
            return say("Discard ", spell(c), " from ", owner(v, seat), " ",
                          spot(seat, p.auras.index(c)))
        if p.circle == c:
            return say("Discard ", owner(v, seat), " circle, ", spell(c))
    return say("Discard ", spell(c))


def _tremor(v: FirepeakView, d: Decision | None, c: int) -> Phrase:
    seat, rest = divmod(c, 100)
    a, b = divmod(rest, 10)
    return say("Swap ", in_play(v, seat, a), " and ", in_play(v, seat, b, whose=False))


def _extra_spell(v: FirepeakView, d: Decision | None, c: int) -> Phrase:
    return say("Draw the extra spell" if c == DRAW else "Draw no extra spell")


_ANSWER: dict[str, Callable[[FirepeakView, Decision | None, int], Phrase]] = {
    "discard_spell": _discard_spell, "place": _place, "move_up": _move_up,
    "remove": _remove, "rescue_pick": _rescue_pick, "component": _component,
    "aura": _aura, "enchant": _enchant, "opponent": _opponent,
    "dungeon_pick": _dungeon_pick, "salvage": _salvage, "dispel": _dispel,
    "tremor": _tremor, "bind": _bind, "extra_spell": _extra_spell,
}


# --- questions -------------------------------------------------------------------------------

def question(sv: State | FirepeakView, d: Decision) -> Phrase:
    """What pending decision ``d`` asks, in a line."""
    v = seen_view(sv)
    k = d.kind
    source = spell(d.source, "the spell")
    if k == "discard_spell":
        left = v.players[d.seat].spellbook_count - KEPT_SPELLS
        return say(f"Keep {KEPT_SPELLS} spells: put one back ({left} to go)")
    if k == "place":
        how = PLACE_MODES.get(place_mode(d)[0], "New")
        if d.source < 0:
            return say(f"{how} creature: where does it go?")
        c = CREATURES[d.source]
        return say(f"{how} ", creature(d.source),
                      f" ({c.power}{POWER}, {clan_name(c.clan)}): where does it go?")
    if k == "move_up":
        return say("Illegal pattern: move a Leaderless creature up")
    if k == "remove":
        return say("Illegal pattern: remove a creature to the discard pile")
    if k == "rescue_pick":
        return say("Rescue won: take a creature from ", dungeon(v, d.a), " (or none)")
    if k == "extra_spell":
        return say("Research with Dawn Keepers: draw an extra spell?")
    if k == "component":
        return say("Cast ", source, ": discard a component from your Dungeon")
    if k == "dungeon_pick":
        return say(source, ": pick from ", dungeon(v, d.a))
    if k == "bind":
        return say(source, f": take which creature (printed Power {d.b} or less)?")
    asks = _SPELL_ASKS.get(k)
    return say(source, f": {asks}") if asks is not None else say(k)


_SPELL_ASKS = {
    "aura": "put the aura on which Position?",
    "enchant": "enchant which creature?",
    "opponent": "which opponent?",
    "salvage": "take which creature back from the discard pile?",
    "dispel": "discard which spell in play?",
    "tremor": "swap which two adjacent creatures?",
}


def menu_question(v: FirepeakView, kind: str, step: int, sample: Action) -> Phrase:
    """What step ``step`` of the menu of ``kind`` actions asks; ``sample`` is one of the
    actions still offered (the ones chosen so far share its earlier parts)."""
    if step > 0:
        mine = creature(v.players[v.current].at(sample.card), "the creature")
        follow = {"capture": ("Capture with ", ": which creature defends?"),
                  "rescue": ("Rescue with ", ": from whose Dungeon?"),
                  "move": ("Move ", ": to where?")}.get(kind)
        if follow is not None:
            return say(follow[0], mine, follow[1])
    return say(_MENU_ASKS.get(kind, f"{KIND_NAMES.get(kind, kind)}: which one?"))


_MENU_ASKS = {
    "recruit": "Recruit: under which Leader does the new creature go?",
    "capture": "Capture: which of your creatures attacks?",
    "brainwash": "Brainwash: which creature of your Dungeon? (roll above its Power)",
    "rescue": "Rescue: which of your creatures goes?",
    "move": "Move: which creature?",
    "swap": "Swap: which two adjacent creatures?",
    "imprison": "Imprison: which creature goes into your Dungeon?",
    "research": "Research: discard two creatures of one clan, draw a spell",
    "cast": "Cast which spell? (greyed ones say why not)",
}
