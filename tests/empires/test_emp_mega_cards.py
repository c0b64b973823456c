"""The Star Harvester and the Reconstructor (our Megastructure cards beside the rulebook's
Dyson Ring): the card chosen or drawn at set-up, each power, each refusal and why, the words,
snapshots, a bot that uses them, and seeded random games with each card."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Callable

import pytest
from empires_play import WEIGHTS, options_for
from empires_rules_helpers import game, grant, pieces, play, reveal, ship_to, starbase, unlocked

from ai.bots import make_bot
from ai.empires.evaluation import GREEDY, location_worth
from core.contract import Action
from core.empires import (
    apply,
    audit,
    checksum,
    legal_actions,
    new_game,
    restore,
    snapshot,
    view,
    why_illegal,
)
from core.empires.mega_cards import CARDS, DYSON, HARVESTER, RECONSTRUCTOR, REENGINEER, TARGET
from core.empires.occupancy import occupant
from core.empires.settings import SETTINGS
from core.empires.star_harvester import HARVEST
from core.empires.state import PLANET_COLOURS, State
from core.empires.words import describe, event_line
from core.games import Setting

GREEN = REENGINEER + PLANET_COLOURS.index("green")


def card_game(card: str, seed: int = 3) -> State:
    return game(seed=seed, megastructures=True, megastructure=card)


def controlled(s: State, hole: str = "1.middle", seat: int = 0) -> int:
    """An awakened megastructure on the artifact in ``hole`` under ``seat``'s control."""
    i = reveal(s, hole, "artifact")
    s.megastructures = [[i, seat]]
    return i


def energy(s: State, seat: int, ready: int, spent: int) -> None:
    p = s.players[seat]
    while p.energy_ready + p.energy_spent < ready + spent:
        unlocked(s, seat, city=1)
    p.energy_ready, p.energy_spent = ready, p.energy_ready + p.energy_spent - ready


# --- the card at set-up -------------------------------------------------------------------


def test_the_dyson_ring_is_the_default_and_draws_nothing_from_the_generator() -> None:
    plain = new_game({"players": 3, "megastructures": True}, 8)
    named = new_game({"players": 3, "megastructures": True, "megastructure": DYSON}, 8)
    assert plain.mega_card == named.mega_card == DYSON
    assert plain.rng.state == named.rng.state and "megastructure" not in plain.options


def test_a_random_card_is_drawn_from_the_games_seeded_generator() -> None:
    def card(seed: int) -> str:
        return new_game({"players": 2, "megastructures": True, "megastructure": "random"},
                        seed).mega_card

    drawn = [card(seed) for seed in range(20)]
    assert drawn == [card(seed) for seed in range(20)]  # the seed decides
    assert set(drawn) == set(CARDS)
    plain = new_game({"players": 2, "megastructures": True}, 5)
    chosen = new_game({"players": 2, "megastructures": True, "megastructure": "random"}, 5)
    assert plain.rng.state != chosen.rng.state  # one more draw, after everything else


def test_the_card_row_shows_only_with_the_module_and_refuses_an_unknown_card() -> None:
    row = next(Setting(**r) for r in SETTINGS if r["path"] == "megastructure")
    assert not row.applies_to({"players": 2})
    assert row.applies_to({"players": 2, "megastructures": True})
    assert "3 energy" in row.note_for({"megastructures": True, "megastructure": HARVESTER})
    with pytest.raises(ValueError, match="megastructure is one of dyson_ring"):
        new_game({"players": 2, "megastructures": True, "megastructure": "death_star"}, 1)


@pytest.mark.parametrize("card", [HARVESTER, RECONSTRUCTOR])
def test_awakening_costs_three_and_taking_control_four(card: str) -> None:
    s = card_game(card)
    i = reveal(s, "1.middle", "artifact")
    red = ship_to(s, 0, "1.middle")
    energy(s, 0, 2, 0)
    play(s, ("choose", 0))
    assert why_illegal(s, Action("awaken", red)) == "that costs 3 energy and you have 2 ready"
    s.megastructures = [[i, 1]]
    energy(s, 0, 3, 0)
    assert why_illegal(s, Action("seize", red)) == "that costs 4 energy and you have 3 ready"
    s.megastructures = []
    play(s, ("awaken", red))
    assert s.megastructures == [[i, 0]] and s.players[0].energy_ready == 0


# --- the Star Harvester ---------------------------------------------------------------------


def test_harvest_refreshes_two_spent_energy_once_a_turn() -> None:
    s = card_game(HARVESTER)
    i = controlled(s)
    energy(s, 0, 1, 3)
    play(s, ("choose", 3))  # the Interact spends nothing: a boost would
    events = play(s, ("mega", i, 0))
    assert s.players[0].energy_ready == 1 + HARVEST and s.players[0].energy_spent == 1
    assert [e.kind for e in events] == ["harvest", "refresh"]
    play(s, ("boost",))
    assert why_illegal(s, Action("mega", i, 0)) == "each megastructure is used once a turn"


def test_harvest_is_refused_with_nothing_spent() -> None:
    s = card_game(HARVESTER)
    i = controlled(s)
    energy(s, 0, 1, 0)
    play(s, ("choose", 3))
    assert why_illegal(s, Action("mega", i, 0)) == "you have no spent energy to harvest"


def test_a_plasma_blast_destroys_a_planet_and_the_survivors_go_home() -> None:
    s = card_game(HARVESTER)
    i = controlled(s)
    target = reveal(s, "1.near_x", "planet", "green")
    pieces(s, 1, "1.near_x", "troop", "outpost", "research")
    base = starbase(s, 1, target)
    blue = s.players[1]
    troops, outposts, research = blue.troops, blue.structures["outpost"], blue.structures[
        "research"]
    ship = ship_to(s, 2, "1.near_x")
    tokens = s.destroyed_tokens
    play(s, ("choose", 3))
    events = play(s, ("mega", i, TARGET + target))
    loc = s.locations[target]
    assert loc.destroyed and loc.pieces == [] and s.destroyed_tokens == tokens - 1
    assert (blue.troops, blue.structures["outpost"], blue.structures["research"]) == (
        troops + 1, outposts + 1, research + 1)
    assert base in blue.starbases and not any(d.id == base for d in s.discs)
    assert any(d.id == ship for d in s.discs)  # starships may orbit a destroyed planet
    assert s.players[0].vp == 2  # 4 rival survivors: 1 VP for each 2
    assert events[0].kind == "plasma_blast" and events[0].value == 4
    assert ("Plasma Blast destroys the green planet at top-right bottom side"
            in event_line(s, events[0]))
    assert why_illegal(s, Action("land", ship)) is not None


def test_a_blast_on_robots_puts_them_back_in_the_supply_and_pays_nothing() -> None:
    s = card_game(HARVESTER)
    i = controlled(s)
    target = reveal(s, "1.near_x", "planet", "pink")
    supply = s.robots
    s.locations[target].robots, s.robots = 2, supply - 2
    play(s, ("choose", 3), ("mega", i, TARGET + target))
    assert s.robots == supply and s.locations[target].robots == 0
    assert s.players[0].vp == 0


@pytest.mark.parametrize(("hole", "setup", "why"), [
    ("2.near_x", "planet", "the Plasma Blast reaches only planets in the Star Harvester's "
     "quadrant"),
    ("1.near_x", "hidden", "the Plasma Blast destroys a face-up planet"),
    ("1.edge_x", "artifact", "the Plasma Blast destroys a face-up planet"),
    ("1.near_x", "library", "the Ancient Library's shield turns the Plasma Blast aside"),
    ("1.near_x", "destroyed", "top-right bottom side is destroyed already"),
    ("1.near_x", "no tokens", "no destroyed-planet token is left"),
])
def test_a_plasma_blast_is_refused_with_why(hole: str, setup: str, why: str) -> None:
    s = card_game(HARVESTER)
    i = controlled(s)
    if setup == "hidden":
        target = next(k for k, loc in enumerate(s.locations) if loc.hole == hole)
        s.locations[target].faceup = False
    else:
        target = reveal(s, hole, "artifact" if setup == "artifact" else "planet",
                        "" if setup == "artifact" else "green")
    loc = s.locations[target]
    if setup == "library":
        loc.library, s.libraries = True, s.libraries - 1
    if setup == "destroyed":
        loc.destroyed, s.destroyed_tokens = True, s.destroyed_tokens - 1
    if setup == "no tokens":  # every token already on another planet
        empty = [x for x in s.locations if x.kind == "planet" and x is not loc
                 and not x.destroyed and not x.pieces and not x.robots]
        for other in empty[:s.destroyed_tokens]:
            other.destroyed = True
        s.destroyed_tokens = 0
    play(s, ("choose", 3))
    assert why_illegal(s, Action("mega", i, TARGET + target)) == why


def test_only_the_star_harvesters_own_powers_are_offered_and_others_refused() -> None:
    s = card_game(HARVESTER)
    i = controlled(s)
    energy(s, 0, 1, 1)
    target = reveal(s, "1.near_x", "planet", "green")
    play(s, ("choose", 3))
    offered = {a.option for a in legal_actions(s) if a.kind == "mega"}
    assert {0, TARGET + target} <= offered and all(o == 0 or o >= TARGET for o in offered)
    assert why_illegal(s, Action("mega", i, 1)) == (
        "a Star Harvester harvests (0) or blasts a planet (100 + its location)")


# --- the Reconstructor ----------------------------------------------------------------------


def test_re_engineering_develops_a_technology_ahead_of_the_research_facilities() -> None:
    s = card_game(RECONSTRUCTOR)
    i = controlled(s)
    reveal(s, "0.near_x", "planet", "green")
    pieces(s, 0, "0.near_x", "troop", "research")
    s.players[0].tech["green"] = 1
    s.developed.append("green:1")
    play(s, ("choose", 3))
    events = play(s, ("mega", i, GREEN))
    assert s.players[0].tech["green"] == 2 and "green:2" in s.developed
    assert s.players[0].vp == 2  # the first to develop green 2 is paid its level
    assert [e.kind for e in events] == ["reengineer", "tech", "vp"]
    assert event_line(s, events[0]).startswith("red re-engineers a green technology")


def test_re_engineering_to_level_three_brings_the_advanced_starship() -> None:
    s = card_game(RECONSTRUCTOR)
    i = controlled(s)
    reveal(s, "0.near_x", "planet", "green")
    pieces(s, 0, "0.near_x", "troop", "research")
    s.players[0].tech["green"] = 2
    s.developed += ["green:1", "green:2", "green:3"]  # someone else got there first
    play(s, ("choose", 3))
    events = play(s, ("mega", i, GREEN))
    assert s.players[0].tech["green"] == 3 and s.players[0].vp == 0
    assert "advanced" in [e.kind for e in events] and s.players[0].advanced


@pytest.mark.parametrize(("level", "research", "why"), [
    (1, False, "re-engineering needs a research facility of yours on a green planet"),
    (4, True, "you have every green technology already"),
])
def test_re_engineering_is_refused_with_why(level: int, research: bool, why: str) -> None:
    s = card_game(RECONSTRUCTOR)
    i = controlled(s)
    reveal(s, "0.near_x", "planet", "green")
    pieces(s, 0, "0.near_x", "troop", *(["research"] if research else []))
    grant(s, 0, "green", level)
    play(s, ("choose", 3))
    assert why_illegal(s, Action("mega", i, GREEN)) == why


def test_rebuilding_restores_a_destroyed_planet_with_one_of_your_troops() -> None:
    s = card_game(RECONSTRUCTOR)
    i = controlled(s)
    target = reveal(s, "1.near_x", "planet", "pink")
    s.locations[target].destroyed, s.destroyed_tokens = True, s.destroyed_tokens - 1
    tokens, troops = s.destroyed_tokens, s.players[0].troops
    play(s, ("choose", 3))
    assert Action("mega", i, TARGET + target) in legal_actions(s)
    events = play(s, ("mega", i, TARGET + target))
    loc = s.locations[target]
    assert not loc.destroyed and loc.pieces == [(0, "troop")]
    assert s.destroyed_tokens == tokens + 1 and s.players[0].troops == troops - 1
    assert occupant(s, target) == 0
    assert "rebuilds the pink planet at top-right bottom side" in event_line(s, events[0])


@pytest.mark.parametrize(("hole", "destroyed", "troops", "why"), [
    ("1.near_x", False, 1, "the Reconstructor rebuilds a face-up destroyed planet"),
    ("2.near_x", True, 1, "the Reconstructor rebuilds only planets in its own quadrant"),
    ("1.near_x", True, 0, "rebuilding settles a troop from your dashboard, and you have none "
     "there"),
])
def test_rebuilding_is_refused_with_why(hole: str, destroyed: bool, troops: int,
                                        why: str) -> None:
    s = card_game(RECONSTRUCTOR)
    i = controlled(s)
    target = reveal(s, hole, "planet", "pink")
    if destroyed:
        s.locations[target].destroyed, s.destroyed_tokens = True, s.destroyed_tokens - 1
    p = s.players[0]
    for home in ("0.near_x", "0.edge_y") if troops == 0 else ():  # every troop on a planet
        reveal(s, home, "planet", "orange")
        pieces(s, 0, home, *["troop"] * min(3, p.troops))
    assert p.troops == troops or troops == 1
    play(s, ("choose", 3))
    assert why_illegal(s, Action("mega", i, TARGET + target)) == why


def test_the_reconstructor_refuses_another_cards_power() -> None:
    s = card_game(RECONSTRUCTOR)
    i = controlled(s)
    play(s, ("choose", 3))
    assert why_illegal(s, Action("mega", i, 0)) == (
        "a Reconstructor re-engineers (10 + a colour) or rebuilds (100 + a destroyed planet)")
    assert describe(s, Action("mega", i, GREEN)) == (
        "re-engineer the next green technology with the Reconstructor at "
        "the artifact at top-right middle")


# --- snapshots, the audit, a bot ----------------------------------------------------------


@pytest.mark.parametrize("card", CARDS)
def test_a_snapshot_keeps_the_card_and_only_another_card_adds_a_key(card: str) -> None:
    s = card_game(card)
    data = snapshot(s)
    assert ("mega_card" in data) == (card != DYSON)
    back = restore(data)
    assert back.mega_card == card and checksum(back) == checksum(s)
    s.mega_card = "death_star"
    assert "no Megastructure card 'death_star'" in audit(s)


def test_the_audit_finds_a_dyson_structure_under_another_card() -> None:
    s = card_game(HARVESTER)
    s.dyson[0] = "outpost"
    s.players[0].structures["outpost"] -= 1
    assert "structures on the Dyson Ring card, and the Dyson Ring is not in play" in audit(s)


def test_the_greedy_bot_blasts_a_rivals_planet_with_the_star_harvester() -> None:
    s = card_game(HARVESTER)
    i = controlled(s)
    target = reveal(s, "1.near_x", "planet", "green")
    pieces(s, 1, "1.near_x", "troop", "city", "research")
    play(s, ("choose", 3))
    bot = make_bot("greedy", "empires", seed=2)
    a = bot.choose(view(s, 0), legal_actions(s))
    assert a == Action("mega", i, TARGET + target)


@pytest.mark.parametrize("card", CARDS)
def test_the_greedy_bot_awakens_a_megastructure_it_can_afford(card: str) -> None:
    s = card_game(card)
    i = reveal(s, "1.middle", "artifact")
    red = ship_to(s, 0, "1.middle")
    energy(s, 0, 3, 0)
    play(s, ("choose", 0))
    bot = make_bot("greedy", "empires", seed=4)
    legal = [a for a in legal_actions(s) if a.kind != "flick"]  # the manoeuvres only
    assert bot.choose(view(s, 0), legal) == Action("awaken", red)
    assert i == s.locations.index(s.location("1.middle"))


def test_bots_value_an_artifact_orbit_only_when_they_can_awaken_there() -> None:
    s = card_game(HARVESTER)
    i = reveal(s, "1.middle", "artifact")
    energy(s, 0, 3, 0)
    assert location_worth(s, i, 0) == GREEDY.at_artifact
    energy(s, 0, 2, 1)
    assert location_worth(s, i, 0) == 0.0  # 3 energy needed
    s.megastructures = [[i, 0]]
    energy(s, 0, 4, 0)
    assert location_worth(s, i, 0) == 0.0  # its own already
    plain = game(seed=3)
    j = reveal(plain, "1.middle", "artifact")
    energy(plain, 0, 3, 0)
    assert location_worth(plain, j, 0) == 0.0  # without the module


# --- seeded random games with each card ---------------------------------------------------

GAMES_PER_CARD = 16
# The property test's weights, leaning to awakening and using the card: at 3 energy a
# megastructure is seldom afforded by a drawer that boosts at random.
LEANING = {**WEIGHTS, "boost": 0.02, "awaken": 200.0, "seize": 50.0, "mega": 50.0}


def card_options(seed: int, card: str) -> dict[str, object]:
    """The property test's own mix of players and modules, Megastructures on, ``card``."""
    return {**options_for(24 + seed % 24), "megastructures": True, "megastructure": card}


def leaning_game(card: str, seed: int, watch: Callable[[State, Action], None]
                 ) -> tuple[State, list[Action]]:
    s = new_game(card_options(seed, card), 7000 + seed)
    draw = random.Random(f"mega-{card}-{seed}")
    played: list[Action] = []
    while s.to_move is not None and len(played) < 20000:
        legal = legal_actions(s)
        a = draw.choices(legal, [LEANING.get(x.kind, 1.0) for x in legal])[0]
        apply(s, a)
        played.append(a)
        watch(s, a)
    return s, played


@pytest.mark.parametrize("card", [HARVESTER, RECONSTRUCTOR])
def test_random_games_with_each_card_stay_legal_and_lose_nothing(card: str) -> None:
    used: Counter[str] = Counter()

    def watch(state: State, a: Action) -> None:
        assert audit(state) == [], (a, audit(state))
        assert sum(p.vp for p in state.players) + state.vp_pool >= state.vp_pool_start
        if a.kind == "mega":
            used["target" if a.option >= TARGET else "power"] += 1

    for seed in range(GAMES_PER_CARD):
        s, _ = leaning_game(card, seed, watch)
        assert s.to_move is None and s.mega_card == card, seed  # every game ends
    assert used["target"] and used["power"]  # both powers of the card come up


GOLDEN = {HARVESTER: (6368, 3213107524), RECONSTRUCTOR: (3926, 1280606914)}


@pytest.mark.parametrize("card", [HARVESTER, RECONSTRUCTOR])
def test_golden_replay_with_each_card(card: str) -> None:
    s, played = leaning_game(card, 5, lambda state, a: None)
    assert (len(played), checksum(s)) == GOLDEN[card]
    again = new_game(card_options(5, card), 7005)
    for a in played:
        apply(again, a)
    assert checksum(again) == checksum(s)
