"""Legal actions, applying them, the end of a turn and of the game, and the final score."""

from __future__ import annotations

from core.ascension import effects as fx
from core.ascension.cards import CardDef
from core.ascension.state import HAND_SIZE, State, Turn
from core.contract import (
    Action,
    ActionsByCard,
    Event,
    Outcome,
    SharedEvents,
    checked,
    new_action,
)
from core.decks import DRAWS as _DRAWS
from core.decks import draw

PLAY, ACTIVATE, ACQUIRE, DEFEAT, END, CHOOSE, DECLINE = (
    "play", "activate", "acquire", "defeat", "end", "choose", "decline")


# One shared Action per card (or option) of each kind, made on first use.
_PLAY, _ACQUIRE, _DEFEAT, _CHOOSE = (ActionsByCard(k) for k in (PLAY, ACQUIRE, DEFEAT, CHOOSE))
_END_ACTION = Action(END, -1, 0)
_DECLINE_ACTION = Action(DECLINE, -1, 0)
_PLAYED, _TURN_ENDS, _TURN_STARTS = (SharedEvents(k, by) for k, by in (
    ("play", "card"), ("end_turn", "value"), ("start_turn", "value")))
# Bound once: ``map`` over a hand then calls C code only, with no method made per call.
_play_of, _choose_of = _PLAY.__getitem__, _CHOOSE.__getitem__


def acquire_cost(s: State, uid: int) -> int:
    """Runes a card costs the current player now (after Reactor Monk's discount)."""
    card = s.cards[uid]
    cost = card.cost
    if card.kind == "construct":
        cost = max(0, cost - s.turn.discount)
    return cost


def mechana_construct(s: State, uid: int) -> bool:
    """Whether ``uid`` is a construct the current player's Mechana-only Runes may buy (one
    printed Mechana, or any while Hedron Link Device is in play)."""
    return s.cards[uid].kind == "construct" and fx.is_mechana(s, s.current, uid)


def runes_for(s: State, uid: int) -> int:
    """Runes the current player can spend on ``uid`` (Mechana-only Runes count for those)."""
    extra = s.turn.mechana_runes if mechana_construct(s, uid) else 0
    return s.turn.runes + extra


def ability_refusal(s: State, uid: int, index: int) -> str | None:
    """Why ability ``index`` of the current player's construct ``uid`` cannot be used now."""
    card = s.cards[uid]
    ab = card.abilities[index]
    t = s.turn
    if (uid, index) in t.used:
        return f"{card.name} has already used that ability this turn"
    if ab.pay_runes > t.runes:
        return f"that needs {ab.pay_runes} Runes; you have {t.runes}"
    if ab.needs_hero and not fx.faction_played(s.cards, t.played, ab.needs_hero):
        return f"that needs a {ab.needs_hero.capitalize()} hero played this turn"
    return None


def acquirable(s: State) -> list[int]:
    """Cards on offer to acquire: center-row heroes and constructs, and each pile's top."""
    offer = [u for u in s.center_row if u >= 0 and s.cards[u].kind != "monster"]
    if s.mystics:
        offer.append(s.mystics[-1])
    if s.heavies:
        offer.append(s.heavies[-1])
    return offer


def defeatable(s: State) -> list[int]:
    return [u for u in s.center_row if u >= 0 and s.cards[u].kind == "monster"] + [s.cultist]


_NEVER = 1 << 62
# The last center row seen by ``legal_actions`` (a copy), the card table it was read with,
# its cheapest hero or construct and its weakest monster (_NEVER when none). One tuple,
# replaced whole, so a reader never sees one row's figures with another's cards.
_row_seen: tuple[list[int], tuple[CardDef, ...], int, int] = ([], (), _NEVER, _NEVER)


def _see_row(row: list[int], cards: tuple[CardDef, ...]) -> tuple[
        list[int], tuple[CardDef, ...], int, int]:
    global _row_seen
    on_row = [cards[u] for u in row if u >= 0]
    seen = (row[:], cards,
            min((c.cost for c in on_row if c.kind != "monster"), default=_NEVER),
            min((c.power for c in on_row if c.kind == "monster"), default=_NEVER))
    _row_seen = seen
    return seen


def legal_actions(s: State) -> list[Action]:
    """Every action the seat to move may take now."""
    if s.over:
        return []
    if s.pending:
        d = s.pending[-1]
        acts = list(map(_choose_of, d.choices))
        if d.optional:
            acts.append(_DECLINE_ACTION)
        return acts
    # The hottest function of self-play: the row is scanned once, inline, on purpose.
    t = s.turn
    cards = s.cards
    me = s.players[s.current]
    acts = list(map(_play_of, me.hand))  # no Python-level loop
    runes, power = t.runes, t.power
    if me.constructs:
        for c in me.constructs:
            for i, ab in enumerate(cards[c].abilities):
                if (c, i) in t.used or ab.pay_runes > runes or (
                        ab.needs_hero and not fx.faction_played(cards, t.played, ab.needs_hero)):
                    continue
                acts.append(new_action((ACTIVATE, c, i)))
    # Every card on offer costs a Rune or more and every monster needs Power (the card
    # loader checks both), so a player with neither (each turn's start) is spared the scan.
    buy = runes or t.mechana_runes or t.discount
    if buy or power:
        row = s.center_row
        seen = _row_seen
        if row != seen[0] or cards is not seen[1]:
            seen = _see_row(row, cards)
        defeats: list[Action] = []
        # Most scans find nothing (five in six in random self-play): the row's cheapest
        # card and weakest monster say so without looking at each card.
        if power >= seen[3] or runes + t.mechana_runes + t.discount >= seen[2]:
            # Mechana-only Runes buy Mechana constructs: every one with Hedron Link Device.
            link = t.mechana_runes > 0 and any(cards[c].passive == "all_mechana"
                                               for c in me.constructs)
            for u in row:
                if u < 0:
                    continue
                card = cards[u]
                if card.kind == "monster":
                    if card.power <= power:
                        defeats.append(_DEFEAT[u])
                elif not buy:
                    continue
                elif card.kind == "construct":
                    have = runes + t.mechana_runes if card.faction == "mechana" or link else runes
                    if card.cost - t.discount <= have:  # a discount beyond the cost is no gain
                        acts.append(_ACQUIRE[u])
                elif card.cost <= runes:
                    acts.append(_ACQUIRE[u])
        if s.mystics and cards[s.mystics[-1]].cost <= runes:
            acts.append(_ACQUIRE[s.mystics[-1]])
        if s.heavies and cards[s.heavies[-1]].cost <= runes:
            acts.append(_ACQUIRE[s.heavies[-1]])
        acts += defeats
        if cards[s.cultist].power <= power:
            acts.append(_DEFEAT[s.cultist])
    acts.append(_END_ACTION)
    return acts


def why_illegal(s: State, a: Action) -> str | None:
    """The reason ``a`` cannot be taken now, or None if it can."""
    if s.over:
        return "the game is over"
    kind, uid = a.kind, a.card
    # Actions compare by value (replays, hints, tests), so only one spelling of each is legal.
    if kind in (END, DECLINE) and (uid != -1 or a.option != 0):
        return f"'{kind}' takes no card or option"
    if kind != ACTIVATE and a.option != 0:
        return f"'{kind}' takes no option"
    if s.pending:
        d = s.pending[-1]
        if kind == CHOOSE and uid in d.choices:
            return None
        if kind == DECLINE:
            return None if d.optional else "this choice cannot be declined"
        return "finish the current choice first"
    if kind in (CHOOSE, DECLINE):
        return "there is no choice to make"
    if kind == END:
        return None
    if not 0 <= uid < len(s.cards):
        return f"there is no card {uid}"
    card = s.cards[uid]
    me = s.players[s.current]
    t = s.turn
    if kind == PLAY:
        return None if uid in me.hand else f"{card.name} is not in your hand"
    if kind == ACTIVATE:
        if uid not in me.constructs:
            return f"{card.name} is not one of your constructs in play"
        if not card.abilities:
            return f"{card.name} works on its own; it has nothing to activate"
        if not 0 <= a.option < len(card.abilities):
            return f"{card.name} has no such ability"
        return ability_refusal(s, uid, a.option)
    if kind == ACQUIRE:
        if uid not in acquirable(s):
            return f"{card.name} is not on offer"
        cost, have = acquire_cost(s, uid), runes_for(s, uid)
        return None if cost <= have else f"{card.name} costs {cost} Runes; you have {have}"
    if kind == DEFEAT:
        if uid not in defeatable(s):
            return f"{card.name} is not a monster you can fight"
        if card.power > t.power:
            return f"{card.name} needs {card.power} Power; you have {t.power}"
        return None
    return f"unknown action {kind!r}"


def apply(s: State, a: Action) -> list[Event]:
    """Check and carry out ``a``; refuse an illegal one with the reason, changing nothing."""
    return apply_legal(s, checked(s, a, why_illegal))


def apply_legal(s: State, a: Action) -> list[Event]:
    """Carry out ``a``, just taken from ``legal_actions(s)``, without checking it again.

    For self-play and search only: anything from a person, a save or a replay goes through
    ``apply``, which refuses an illegal action.
    """
    events: list[Event] = []
    s.steps += 1
    kind = a[0]
    if s.pending:
        d = s.pending.pop()
        fx.answer(s, d, a[1] if kind == CHOOSE else None, events)
    elif kind == PLAY:
        # Playing a card, written out here: more than half of all actions are plays.
        uid = a[1]
        seat = s.current
        me = s.players[seat]
        me.hand.remove(uid)
        events.append(_PLAYED[seat][uid])
        cards = s.cards
        card = cards[uid]
        if card.kind == "construct":
            fx.enter_play(s, seat, uid, events)
        else:
            t = s.turn
            t.played.append(uid)
            gain = card.quick_gain
            if gain is not None and not t.waiting:
                # Nothing can react to a hero that only adds Runes or Power unless a
                # construct has a trigger: then the effect engine is not needed (the
                # common case of self-play).
                for c in me.constructs:
                    if cards[c].triggers:
                        break
                else:
                    t.runes += gain[0]
                    t.power += gain[1]
                    return events
            fx.hero_played(s, uid, events)
    elif kind == ACTIVATE:
        _activate(s, a[1], a[2], events)
    elif kind == ACQUIRE:
        _acquire(s, a[1], events)
    elif kind == DEFEAT:
        s.turn.power -= s.cards[a[1]].power
        fx.defeat(s, s.current, a[1], events)
    elif kind == END:
        _end_turn(s, events)
        return events
    if s.work:
        fx.run(s, events)
    return events


def _activate(s: State, uid: int, index: int, events: list[Event]) -> None:
    ab = s.cards[uid].abilities[index]
    s.turn.used.add((uid, index))
    s.turn.runes -= ab.pay_runes
    events.append(Event("activate", s.current, uid, index))
    if ab.banish_self:
        s.players[s.current].constructs.remove(uid)
        s.void.append(uid)
        events.append(Event("banish", s.current, uid))
    fx.push(s, ab.effect, uid)


def _acquire(s: State, uid: int, events: list[Event]) -> None:
    t = s.turn
    card = s.cards[uid]
    cost = acquire_cost(s, uid)
    if card.kind == "construct":
        t.discount = 0
        if mechana_construct(s, uid):
            from_mech = min(cost, t.mechana_runes)
            t.mechana_runes -= from_mech
            cost -= from_mech
    t.runes -= cost
    fx.take_offered(s, uid, events)
    fx.acquire(s, s.current, uid, events)


def _end_turn(s: State, events: list[Event]) -> None:
    """Discard hand and played cards, draw 5, and pass the turn (or take an extra one)."""
    seat = s.current
    me = s.players[seat]
    me.discard += s.turn.played
    me.discard += me.hand
    deck = me.deck
    if len(deck) >= HAND_SIZE:
        # decks.draw's usual case written out (every turn ends here): the top five, in
        # the order popping them one by one gives.
        me.hand = deck[:-HAND_SIZE - 1:-1]
        del deck[-HAND_SIZE:]
        events.append(_DRAWS[seat][HAND_SIZE])
    else:
        me.hand = []
        draw(me, s.rng, seat, HAND_SIZE, events)
    s.turn = Turn()
    events.append(_TURN_ENDS[seat][0])
    if s.extra_turn:
        # An extra turn is taken even in the last round (the Tablet may be used then): it
        # is not counted in turns_taken, so the round still ends with every seat even.
        s.extra_turn = False
        events.append(_TURN_STARTS[seat][1])
        return
    s.turns_taken[seat] += 1
    seats = len(s.players)  # s.n without the property call
    if s.ending and seat == seats - 1:
        s.over = True
        events.append(Event("game_over", -1))
        return
    s.current = (seat + 1) % seats
    events.append(_TURN_STARTS[s.current][0])


def card_honor(s: State, seat: int) -> int:
    """Honor printed on every card the player owns, heroes played this turn included."""
    total = sum(s.cards[u].honor for u in s.players[seat].owned())
    if seat == s.current:
        total += sum(s.cards[u].honor for u in s.turn.played)
    return total


def scores(s: State) -> tuple[int, ...]:
    return tuple(p.honor + card_honor(s, i) for i, p in enumerate(s.players))


def outcome(s: State) -> Outcome | None:
    """Scores (tokens + card Honor); ties go to most tokens; a full tie is shared."""
    if not s.over:
        return None
    sc = scores(s)
    best = max(sc)
    leaders = [i for i, v in enumerate(sc) if v == best]
    tiebreak = ""
    if len(leaders) > 1:
        most = max(s.players[i].honor for i in leaders)
        leaders = [i for i in leaders if s.players[i].honor == most]
        tiebreak = ("tied on Honor: most Honor tokens wins" if len(leaders) == 1
                    else "tied on Honor and on Honor tokens: a shared win")
    return Outcome(
        scores=sc,
        winners=tuple(leaders),
        tiebreak=tiebreak,
        details={
            "tokens": [p.honor for p in s.players],
            "card_honor": [card_honor(s, i) for i in range(s.n)],
            "turns": list(s.turns_taken),
        },
    )
