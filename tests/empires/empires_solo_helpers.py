"""Tables for the Solo Campaign tests: a scenario set up at steadiness "exact", then cleared
of the first Invasion card's robots and warships so a test lays out exactly the table a
rulebook case describes; shorthands to draw a given card and to answer the invaders."""

from __future__ import annotations

from empires_rules_helpers import at, reveal

from core.contract import Action, Event
from core.empires import apply, audit, invasion, new_game
from core.empires.solo_board import robot_to_supply
from core.empires.solo_rules import after_action
from core.empires.solo_state import Solo
from core.empires.state import State


def solo_game(scenario: int = 1, seed: int = 3, clear: bool = True) -> State:
    """A scenario at its first turn; ``clear`` takes the robots and warships off the map,
    turns every location but the warpgates face down again (the set-up's tokens stay
    discarded; its settlers, libraries and Megastructures are gone), closes the first
    card's question and leaves the player to choose an action."""
    s = new_game({"mode": "solo", "scenario": scenario, "steadiness": "exact"}, seed)
    if clear:
        for loc in s.locations:
            s.robots += loc.robots
            loc.robots = 0
            if loc.kind != "warpgate":
                loc.faceup = False
        for d in list(s.discs):
            if d.kind == "robot":
                robot_to_supply(s, d.id)
            if d.kind == "warship":
                s.discs.remove(d)
                s.warships += 1
        s.pending = []
        sv(s).steps = []
        sv(s).settlers, sv(s).settlers_start, sv(s).megas = [], 0, []
        for loc in s.locations:
            if loc.library:
                loc.library, s.libraries = False, s.libraries + 1
        s.phase = "choose"
        assert audit(s) == [], audit(s)
    return s


def sv(s: State) -> Solo:
    assert s.solo is not None
    return s.solo


def draw(s: State, card: str) -> list[Event]:
    """The next draw is ``card`` (taken from wherever it lies among the cards)."""
    solo = sv(s)
    for pile in (solo.deck, solo.discard, solo.warship_pile):
        if card in pile:
            pile.remove(card)
    solo.deck.insert(0, card)
    events = invasion.start_turn(s) + after_action(s)
    assert audit(s) == [], audit(s)
    return events


def answer(s: State, choice: int) -> list[Event]:
    events = apply(s, Action("solo", choice))
    assert audit(s) == [], audit(s)
    return events


def planet(s: State, hole: str, colour: str) -> int:
    """The location in ``hole`` made a face-up planet of ``colour`` ("blue": relic)."""
    if colour == "blue":
        return reveal(s, hole, "relic", "")
    return reveal(s, hole, "planet", colour)


__all__ = ["answer", "at", "carry_out", "draw", "planet", "solo_game", "sv"]


def carry_out(s: State, *steps: str) -> list[Event]:
    """The invaders carry out ``steps`` now, as a card would have them."""
    sv(s).steps = list(steps)
    events = invasion.run(s) + after_action(s)
    assert audit(s) == [], audit(s)
    return events
