"""Tactics hints: the planner's pick for the seat to move, with a one-line reason.

Deterministic: a fresh planner with a fixed seed answers (it deals the same world from the
view and its CP-SAT models run with a fixed seed, one worker and a full tie-break), so the
same position always gives the same hint. A command's reason names where the unit goes
(the north shrine, a Treasure, a cell) and whom it defeats, with the numbers:
"Command Arha Templar: move next to the north shrine and defeat Twilight Scout (4 >= 3)".
The action itself is always said in its own words (``core.tactics.words.phrase``), the
same the log and the table's lists use; the reason follows it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ai.hint import HINT_SEED, MAX_THEN, Hint
from ai.tactics.boss_hints import boss_hint
from ai.tactics.command_problem import CommandPlan, CommandProblem, early_of
from ai.tactics.decisions import route_pick
from ai.tactics.place_words import place_words
from core.contract import Action
from core.tactics import effects as fx
from core.tactics import routes
from core.tactics.cards import Op
from core.tactics.state import MYSTIC_PILE
from core.tactics.view import TacticsView
from core.tactics.words import phrase, route_phrase, unit_name
from core.words import joined, lowered, plain
from core.words import phrase as words

if TYPE_CHECKING:  # the planner (and OR-Tools with it) loads only when a hint is asked for
    from ai.tactics.planner import TacticsPlannerBot

_DECISION_WHY = {
    "draft": "the best body for the Power it costs",
    "assign": "the best champion for your own roster",
    "mode": "the option worth most now",
    "banish": "the card you miss least",
    "buff": "the unit that will use it",
    "damage": "where it defeats the most valuable enemy",
    "turret_attack": "where it defeats the most valuable enemy",
    "defeat": "the most valuable enemy in reach",
    "free_command": "the costliest unit with something to do",
    "ready": "the costliest champion to command again",
    "acquire_free": "the most valuable card it can take",
    "copy_center": "the strongest hero to copy",
    "place_token": "the best spot for it",
    "move_token": "a better spot for it",
    "forest_under": "slows the most valuable enemy",
    "move_portal": "a portal closer to the shrines",
    "portal_to": "closest to the shrines",
    "destroy_construct": "the costliest construct",
    "order": "the order does not matter here",
    "equip": "the champion it helps most",
    "route": "the way that takes most without walking into harm",
}


def tactics_hint(view: TacticsView, legal: list[Action]) -> Hint:
    """The planner's pick among ``legal`` for the seat of ``view``, and why."""
    if not legal:
        raise ValueError("there is no decision to hint: no legal actions")
    from ai.tactics.planner import TacticsPlannerBot

    if len(legal) == 1:
        only = words(phrase(view, legal[0]), ": the only choice")
        return Hint(legal[0], plain(only), (legal[0],))
    if view.villain is not None and view.villain.boss_seat == view.seat:
        return boss_hint(view, legal)
    bot = TacticsPlannerBot("tactics", HINT_SEED)
    action, plan = bot.recommend(view, legal)
    return Hint(action, reason(view, action, plan, bot), plan)


# --- words -----------------------------------------------------------------------------------

def _op_words(op: Op) -> str:
    if op.op in ("runes", "power", "honor"):
        word = {"runes": "Rune" if op.n == 1 else "Runes", "power": "Power",
                "honor": "Honor"}[op.op]
        return f"+{op.n} {word}"
    if op.op == "draw":
        return f"draw {op.n}"
    return fx.op_text(op)


def effect_words(ops: tuple[Op, ...]) -> str:
    """A card's effect in a few words: '+2 Power, draw 1'."""
    return ", ".join(_op_words(o) for o in ops)


# --- the command plan ------------------------------------------------------------------------

def _mover_index(bot: TacticsPlannerBot, view: TacticsView, action: Action) -> int | None:
    """Which mover of the bot's last plan ``action`` commands (or steps), if any."""
    last = bot.last
    if last is None or last.problem is None or last.plan is None:
        return None
    prob, plan, ps = last.problem, last.plan, last.pieces
    for i, m in enumerate(prob.movers):
        if plan.choice[i] < 0:
            continue
        if action.kind == "command":
            if action.card == -1 and ps[i].new and m.opts[plan.choice[i]].entry == action.option:
                return i
            if action.card == m.unit:
                return i
        elif view.cmd is not None and view.cmd.unit == m.unit:
            return i
    return None


def command_words(view: TacticsView, bot: TacticsPlannerBot, i: int,
                  step: Action | None = None) -> str:
    """'deploy at (10,4) and move next to the north shrine and defeat Twilight Scout
    (4 >= 3)'; for a ``step`` of a command already under way only what that step is for."""
    last = bot.last
    # Only asked for a mover :func:`_mover_index` found, so the bot holds a plan.
    assert last is not None and last.problem is not None and last.plan is not None
    prob: CommandProblem = last.problem
    plan: CommandPlan = last.plan
    m = prob.movers[i]
    o = m.opts[plan.choice[i]]
    parts: list[tuple[str, str]] = []
    if m.start < 0:
        parts.append(("deploy", _step(view, Action("deploy", -1, o.entry))))
    here = m.start if m.start >= 0 else o.entry
    if o.dest != here:
        parts.append(("move", f"move {place_words(view, o.dest)}"))
    elif m.start >= 0:
        place = place_words(view, o.dest)
        place = place.replace("to ", "at ", 1) if place.startswith("to ") else place
        parts.append(("move", "stay " + place.replace("onto ", "on ", 1)))
    hits: list[int] = []
    for atks, counts in ((early_of(m, o.entry), plan.early[i]), (o.late, plan.late[i])):
        for a, k in zip(atks, counts, strict=True):
            if k:
                hits += [f for f in a.hits if f not in hits]
    for f in hits:
        foe = prob.foes[f]
        name = unit_name(view, foe.unit)
        dealt = _damage_by(prob, plan, f)
        if f in plan.kills:
            if len(dealt) == 1:
                parts.append(("attack", f"defeat {name} ({dealt[0][1]} >= {foe.need})"))
            else:
                total = " + ".join(str(d) for _, d in dealt)
                parts.append(("attack", f"defeat {name} together ({total} >= {foe.need})"))
        else:
            parts.append(("attack", _step(view, Action("attack", foe.unit))))
    if step is not None:
        if step.kind == "done":
            return "its command is complete"
        if step.kind == "move":
            return (f"{place_words(view, step.option)}" if not place_words(
                view, step.option).startswith("to ") else "a better place for next turn")
        if step.kind == "attack":
            name = unit_name(view, step.card) if step.card >= 0 else ""
            mine = [txt for kind, txt in parts if kind == "attack" and (not name or name in txt)]
            return mine[0] if mine else "wear it down"
        parts = [p for p in parts if p[0] != step.kind]
        if step.kind == "deploy":
            return "then " + " and ".join(txt for _, txt in parts) if parts else ""
    return " and ".join(txt for _, txt in parts) if parts else "hold its ground"


def _step(view: TacticsView, step: Action) -> str:
    """A step of the plan inside the reason, in the step's own words (``deploy at (3,4)``)."""
    return plain(lowered(phrase(view, step)))


def _damage_by(prob: CommandProblem, plan: CommandPlan, f: int
               ) -> list[tuple[int, int]]:
    out = []
    for i, m in enumerate(prob.movers):
        k = plan.choice[i]
        if k < 0:
            continue
        o = m.opts[k]
        dmg = 0
        for atks, counts in ((early_of(m, o.entry), plan.early[i]), (o.late, plan.late[i])):
            for a, c in zip(atks, counts, strict=True):
                if f in a.hits:
                    dmg += a.strength * c
        if dmg:
            out.append((m.unit, dmg))
    return out


def route_words(view: TacticsView, action: Action) -> str:
    """For a move whose ways differ, the way the bots would take (its route in the words the
    route choice uses); "" when the way does not matter."""
    if action.kind != "move" or view.cmd is None:
        return ""
    listed = routes.routes(view, view.cmd.unit, action.option)
    if len(listed) < 2:
        return ""
    return plain(route_phrase(view, listed[route_pick(view.scen, listed)]))


# --- the reason ------------------------------------------------------------------------------

def reason(view: TacticsView, action: Action, plan: tuple[Action, ...],
           bot: TacticsPlannerBot) -> str:
    """The hint's line: the action in its own words, why, and the commands planned next."""
    out = phrase(view, action)
    why = _why(view, action, bot)
    if why:
        out = words(out, f": {why}")
    rest = [a for a in plan[1:] if a.kind not in ("end", "done")]
    if rest and view.pending is None and action.kind == "command":
        named = [lowered(phrase(view, a)) for a in rest if a.kind == "command"][:MAX_THEN]
        if named:
            out = words(out, ", then ", joined(named, ", ", ", "))
    return plain(out)


def _why(view: TacticsView, action: Action, bot: TacticsPlannerBot) -> str:
    """Why the planner picked ``action``, in a few words ("" when it goes without saying)."""
    k = action.kind
    if view.pending is not None:
        d = view.pending
        if d.kind == "react":
            if view.attack is not None and view.attack.attacker < 0:
                return "it saves your unit" if k == "treasure" else "no Treasure saves a unit here"
            return "it turns this fight" if k == "treasure" else "no Treasure changes this fight"
        if k == "decline":
            return "nothing here is worth it"
        return _DECISION_WHY.get(d.kind, "")
    if k in ("command", "deploy", "move", "attack", "done"):
        i = _mover_index(bot, view, action)
        why = ""
        if i is not None:
            why = command_words(view, bot, i, None if k == "command" else action)
        elif k == "done":
            why = "nothing more worth doing with this unit"
        way = route_words(view, action)
        return f"{why}, going {way}" if why and way else way or why
    if k == "play":
        card = view.cards[action.card]
        if card.kind == "construct":
            b = card.bonus
            bits = [f"+{v} {n}" for n, v in (("Strength", b.strength), ("Defense", b.defense),
                                              ("Speed", b.speed)) if v > 0]
            bits += sorted(b.keywords)
            if b.command:
                bits.append(f"{b.command:+d} command cost")
            if bits:
                return "equip: " + ", ".join(bits)
        return effect_words(card.effect)
    if k == "acquire":
        if action.card < 0:
            return "+2 Runes each play" if action.card == MYSTIC_PILE else "+2 Power each play"
        card = view.cards[action.card]
        if card.kind in ("champion", "monster"):
            return (f"{card.strength}/{card.defense}, command {card.command}: a new unit for "
                    "your roster")
        return effect_words(card.effect) or card.kind
    if k == "end":
        me = view.me
        left = []
        if me.runes:
            left.append(f"{me.runes} Rune{'s' if me.runes != 1 else ''}")
        if me.power:
            left.append(f"{me.power} Power")
        return ("nothing left worth " + " or ".join(left)) if left else "nothing left to do"
    if k == "switch":
        return "your partner has not acted yet"
    return ""


__all__ = ["reason", "route_words", "tactics_hint"]
