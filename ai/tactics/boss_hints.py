"""Hints for the Boss player in Become the Boss: which Scheme to play, how to command the
Villain a Scheme names, how to break the Villains' ties — the planner's Boss judgement
(:mod:`ai.tactics.boss`), with the reason in plain words and its numbers:

* a Scheme: "Play Night Raid (then Iron Muster): by the end of the turn the Villains gain
  3 Honor and defeat Arha Templar";
* a command: "Move to (5,1): move next to the north shrine, then defeat Arha Templar
  (6 >= 4)", "Move to (6,1): 2 hexes from its objective token";
* a tie: "Choose (4,2): the Villains end the turn best off this way (+2 Honor)".
"""

from __future__ import annotations

from ai.hint import HINT_SEED, Hint
from ai.tactics.boss import BOSS_DECISIONS, BossPlayer, Outlook, outlook, playout
from ai.tactics.boss_command import BossCommand
from ai.tactics.place_words import place_words
from core.contract import Action
from core.rng import Rng
from core.tactics import combat
from core.tactics.state import State
from core.tactics.view import TacticsView, determinize
from core.tactics.villain import token_cell
from core.tactics.words import phrase, scheme_name, unit_name
from core.words import plain


def is_boss_seat(view: TacticsView) -> bool:
    """Whether the seat of ``view`` is the Boss player's."""
    return view.villain is not None and view.villain.boss_seat == view.seat


def outlook_words(view: TacticsView | State, out: Outlook) -> str:
    """What a play-out brings the Villains, in a few words."""
    if out.won:
        return "the Villains win this turn"
    if out.lost_game:
        return "nothing better: the heroes win whatever you play"
    parts = []
    if out.honor:
        parts.append(f"gain {out.honor} Honor")
    if out.defeated:
        parts.append("defeat " + " and ".join(unit_name(view, u) for u in out.defeated))
    if out.lost:
        parts.append("lose " + " and ".join(unit_name(view, u) for u in out.lost))
    if out.hero_honor:
        parts.append(f"give the heroes {out.hero_honor} Honor")
    if not parts:
        return "the Villains end the turn best placed for the shrines and their tokens"
    return "by the end of the turn the Villains " + ", ".join(parts)


def command_reason(view: TacticsView, s: State, c: BossCommand) -> str:
    """Why this command: where the Villain ends and whom it defeats or wears down."""
    here = s.units[c.unit].cell
    parts = []
    if c.target >= 0:
        strength = combat.strength(s, c.unit) * (2 if c.double else 1)
        need = combat.defense(s, c.target) - s.units[c.target].damage
        name = unit_name(view, c.target)
        verb = (f"defeat {name} ({strength} >= {need})" if strength >= need
                else f"wear down {name} ({strength} of {need})")
        parts.append(verb)
    place = _place(view, s, c.unit, c.end)
    if c.end != here:
        # A plain cell is named by the action already: say what it is good for.
        move = place.split(", ", 1)[1] if place.startswith("to ") and ", " in place \
            else f"move {place}"
        parts.insert(0 if not c.early else len(parts), move)
    else:
        place = ("on " + place[5:] if place.startswith("onto ")
                 else "at " + place[3:] if place.startswith("to ") else place)
        parts.append(f"stay {place}")
    return ", then ".join(parts)


def _place(view: TacticsView, s: State, u: int, cell: int) -> str:
    """Where a Villain ends: by the shrines, else how far that leaves it from its token."""
    words = place_words(view, cell)
    v = s.villain
    if not words.startswith("to ") or v is None or v.kind_of(s.units[u].card) < 0:
        return words
    away = s.map.distance(cell, token_cell(s, u))
    if away == 0:
        return f"{words}, onto its objective token"
    return f"{words}, {away} hex{'es' if away > 1 else ''} from its objective token"


def boss_hint(view: TacticsView, legal: list[Action]) -> Hint:
    """The Boss player's hint: the planner's Boss pick among ``legal`` and why."""
    s = determinize(view, Rng.stream(HINT_SEED, "bot:tactics-planner"))
    me = view.seat
    boss = BossPlayer(pairs=True)
    action = boss.act(s, me, legal)
    said = plain(phrase(view, action))
    if action.kind == "scheme" and boss.last_outlook is not None:
        then = [scheme_name(view, x) for x in boss.last_order[1:]]
        after = f" (then {', '.join(then)})" if then else ""
        why = outlook_words(view, boss.last_outlook)
        return Hint(action, f"{said}{after}: {why}", (action,))
    if s.pending and s.pending[-1].kind in BOSS_DECISIONS:
        sim = s.copy()
        from core.tactics import rules

        rules.apply(sim, action)
        out = outlook(s, playout(sim, me, []), me)
        return Hint(action, f"{said}: the best choice for the Villains — "
                    f"{outlook_words(view, out)}", (action,))
    if boss.last_command is not None:
        rest = boss.steps.get((s.turn_no, s.villain.played if s.villain else 0,
                               boss.last_command.unit), [])
        plan = (action, *rest)
        return Hint(action, f"{said}: {command_reason(view, s, boss.last_command)}", plan)
    return Hint(action, f"{said}: the Villain's command is complete", (action,))


__all__ = ["boss_hint", "command_reason", "is_boss_seat", "outlook_words"]
