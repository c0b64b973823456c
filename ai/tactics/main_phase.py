"""The Tactics bots' main-phase choices outside the commands: which card to play next, what
to buy with Runes and with Power, and how to end one's part of the turn.
"""

from __future__ import annotations

from ai.tactics.worth import card_value, op_number
from core.contract import Action
from core.tactics import combat
from core.tactics import effects as fx
from core.tactics.cards import CardDef
from core.tactics.state import HEAVY_PILE, MYSTIC_PILE, State

_TARGETED = frozenset({"damage", "defeat", "turret_attack"})


def play_choice(s: State, seat: int, legal: list[Action], hold_targeted: bool) -> Action | None:
    """The next card to play: card draw first (more cards to play), then the rest, and
    constructs last. With ``hold_targeted`` a hero whose effect needs an enemy in range is
    kept back while there is none (the command phase may bring one)."""
    plays = [a for a in legal if a.kind == "play"]
    if not plays:
        return None

    def rank(a: Action) -> tuple[int, int]:
        card = s.cards[a.card]
        names = {o.op for o in card.effect}
        if card.kind == "construct":
            return (3, a.card)
        if "draw" in names:
            return (0, a.card)
        if names & {"free_command", "buff"}:
            return (2, a.card)
        return (1, a.card)

    out = []
    for a in sorted(plays, key=rank):
        card = s.cards[a.card]
        if hold_targeted and any(o.op in _TARGETED for o in card.effect) and not _has_targets(
                s, seat, card):
            continue
        out.append(a)
    return out[0] if out else None


def _has_targets(s: State, seat: int, card: CardDef) -> bool:
    """Whether some damage, defeat or Turret attack of ``card`` has an enemy to hit now."""
    for o in card.effect:
        if o.op == "damage" and fx.enemies_near(s, seat, op_number(o, "range", 1)):
            return True
        if o.op == "defeat":
            near = fx.enemies_near(s, seat, op_number(o, "range", 1))
            if any(combat.defense(s, e) <= op_number(o, "max_defense", 0) for e in near):
                return True
        if o.op == "turret_attack" and fx.turret_targets(s, seat):
            return True
    return False


def rune_buys(s: State, legal: list[Action]) -> list[tuple[Action, int, float]]:
    """Every Rune acquisition now with its cost and net value (monsters are Power buys)."""
    out = []
    for a in legal:
        if a.kind != "acquire":
            continue
        if a.card in (MYSTIC_PILE, HEAVY_PILE):
            pile = s.mystics if a.card == MYSTIC_PILE else s.heavies
            out.append((a, s.cards[pile[-1]].cost, card_value(s, a.card)))
            continue
        card = s.cards[a.card]
        if card.kind == "monster":
            continue
        if a.option == 0 and Action("acquire", a.card, 1) in legal:
            continue  # the same Construct may go on top of the deck: that is better
        v = card_value(s, a.card)
        if a.option == 1:
            v += 0.3  # straight to the top of the deck: drawn next turn
        out.append((a, card.cost, v))
    return out


def best_rune_buy(s: State, legal: list[Action], runes: int) -> Action | None:
    """Greedy buying: the best value per Rune among affordable positive-value cards, with
    the piles as fallbacks (Mystic for Runes, Heavy Infantry for Power)."""
    best: tuple[float, Action] | None = None
    for a, cost, v in rune_buys(s, legal):
        if v <= 0 or cost > runes:
            continue
        score = v + 0.05 * cost
        if best is None or score > best[0]:
            best = (score, a)
    return best[1] if best is not None else None


def power_buys(s: State, legal: list[Action]) -> list[tuple[Action, int, float]]:
    """Every monster acquisition now (paid with Power) with its cost and net value."""
    out = []
    for a in legal:
        if a.kind == "acquire" and a.card >= 0 and s.cards[a.card].kind == "monster":
            out.append((a, s.cards[a.card].power_cost, card_value(s, a.card)))
    return out


def team_step(s: State, seat: int, legal: list[Action], switched: bool) -> Action:
    """End of one's part of the turn: a 2 vs 2 captain (the team's first seat) hands over
    once to a partner who has not played yet; otherwise end the turn."""
    sw = Action("switch", -1, 0)
    team = s.sides[s.side]
    if sw in legal and team[0] == seat and not switched and not s.seats[team[1]].plays:
        return sw
    return Action("end", -1, 0)
