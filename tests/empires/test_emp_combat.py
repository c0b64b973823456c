"""Attacks at the end of a turn: the rulebook's two examples, defended planets, ranges,
guardian robots and warships, relic strength."""

from __future__ import annotations

from empires_rules_helpers import game, pieces, play, reveal, ship_at, ship_to

from core.contract import Action
from core.empires import legal_actions, why_illegal
from core.empires.geometry import starmap
from core.empires.maneuvers import new_ship, place_in_orbit, towards_centre
from core.empires.occupancy import is_planet, occupant, orbiting, planet_defence
from core.empires.physics import Disc
from core.empires.state import State, advanced_ids


def _attack_phase(s: State, choice: int = 3) -> None:
    play(s, ("choose", choice), ("end",))


def test_two_ships_in_short_range_destroy_a_rival_ship_for_1_vp() -> None:
    # Rulebook: both red ships (strength 1 each) are within short range of the blue ship
    # (defence 1); 2 > 1, so it is destroyed and red takes 1 VP.
    s = game()
    blue = ship_at(s, 1, 0, 0)
    r1 = ship_at(s, 0, 0, 5000, ship=100)
    r2 = ship_at(s, 0, 0, -5000, ship=101)
    _attack_phase(s)
    assert Action("attack", r1, blue) in legal_actions(s)
    play(s, ("attack", r1, blue), ("attack", r2, blue), ("end",))
    assert blue in s.players[1].ships and s.players[0].vp == 1


def test_one_ship_alone_does_not_beat_a_defence_of_one() -> None:
    s = game()
    blue = ship_at(s, 1, 0, 0)
    r1 = ship_at(s, 0, 0, 5000, ship=100)
    _attack_phase(s)
    play(s, ("attack", r1, blue), ("end",))
    assert any(d.id == blue for d in s.discs) and s.players[0].vp == 0


def test_short_range_only_unless_long_range_lasers() -> None:
    s = game()
    t = starmap()
    gap = 2 * t.radius["ship"] + (t.short_range + t.long_range) // 2
    blue = ship_at(s, 1, 0, 0)
    red = ship_at(s, 0, 0, gap, ship=100)
    _attack_phase(s)
    assert why_illegal(s, Action("attack", red, blue)) == (
        "that target is out of this starship's reach")
    s.players[0].tech["orange"] = 1
    s.developed.append("orange:1")
    assert why_illegal(s, Action("attack", red, blue)) is None


def test_four_ships_overrun_a_planet_of_defence_three_for_3_vp() -> None:
    # Rulebook: 4 red ships round the yellow planet with a troop, an outpost and a starbase
    # (defence 3): 4 > 3, all of it goes home and red takes 3 VP.
    s = game()
    i = reveal(s, "2.middle", "planet", "pink")
    pieces(s, 2, "2.middle", "troop", "outpost")
    y = s.players[2]
    base = y.starbases.pop(0)
    y.structures["starbase"] -= 1
    placed = place_in_orbit(s, i, new_ship(2, base)._replace(kind="starbase", r=1250), 27000)
    assert placed is not None
    s.discs = sorted([*s.discs, placed], key=lambda d: d.id)
    assert planet_defence(s, i) == 3
    reds = [ship_to(s, 0, "2.middle", a, ship=k)
            for a, k in ((0, 100), (9000, 101), (18000, None), (4500, None))]
    _attack_phase(s)
    for r in reds:
        play(s, ("attack", r, i))
    play(s, ("end",))
    assert s.locations[i].pieces == [] and orbiting(s, i, "starbase") == []
    assert y.troops == 4 and y.structures["outpost"] == 4 and base in y.starbases
    assert s.players[0].vp == 3


def test_a_planet_with_a_rival_ship_in_orbit_is_defended() -> None:
    s = game()
    i = reveal(s, "2.middle", "planet", "pink")
    pieces(s, 2, "2.middle", "troop")
    red = ship_to(s, 0, "2.middle", 0, ship=100)
    ship_to(s, 2, "2.middle", 18000, ship=120)
    _attack_phase(s)
    assert why_illegal(s, Action("attack", red, i)) == (
        "that target is out of this starship's reach")


def test_each_ship_attacks_one_target() -> None:
    s = game()
    blue = ship_at(s, 1, 0, 0)
    red = ship_at(s, 0, 0, 5000, ship=100)
    _attack_phase(s)
    play(s, ("attack", red, blue))
    assert why_illegal(s, Action("attack", red, blue)) == "each starship attacks one target"


def test_robots_driven_off_discover_a_new_planet_and_gain_one() -> None:
    s = game(players=2)
    i = next(k for k, loc in enumerate(s.locations) if loc.robots == 1)
    hole = s.locations[i].hole
    ship_to(s, 0, hole, 0, ship=100)
    ship_to(s, 0, hole, 18000, ship=101)
    _attack_phase(s)
    play(s, ("attack", 100, i), ("attack", 101, i), ("end",))
    assert s.players[0].vp == 1 and s.pending[0] == "robots"
    options = legal_actions(s)
    quadrant = starmap().holes[i].quadrant
    assert options and all(starmap().holes[a.card].quadrant == quadrant for a in options)
    planet = next(a.card for a in options
                  if s.locations[a.card].kind in ("planet", "relic"))
    play(s, ("robots", planet))
    assert s.locations[planet].robots == 2 and s.locations[planet].faceup
    assert s.current == 1 and s.pending == []


def test_three_robots_destroy_their_planet_when_attacked() -> None:
    s = game(players=2)
    i = next(k for k, loc in enumerate(s.locations) if loc.robots == 1)
    s.locations[i].robots, s.robots = 3, s.robots - 2
    hole = s.locations[i].hole
    for k, a in zip((100, 101, None, None), (0, 9000, 18000, 27000), strict=True):
        ship_to(s, 0, hole, a, ship=k)
    _attack_phase(s)
    for d in orbiting(s, i):
        play(s, ("attack", d.id, i))
    play(s, ("end",))
    assert s.locations[i].destroyed and s.locations[i].robots == 0
    assert s.players[0].vp == 3


def test_a_guardian_warship_takes_defence_2_and_pays_2_vp_and_2_energy() -> None:
    s = game(players=2)
    space = starmap().spaces[0]
    ships = [ship_at(s, 0, space.x + dx, space.y, ship=k)
             for dx, k in ((4000, 100), (-4000, 101), (0, None))]
    s.discs = sorted([d._replace(y=space.y + 4000) if d.id == ships[2] else d
                      for d in s.discs], key=lambda d: d.id)
    s.discs = sorted([d._replace(x=space.x) if d.id == ships[2] else d for d in s.discs],
                     key=lambda d: d.id)
    p = s.players[0]
    p.energy_ready, p.energy_spent = p.energy_ready - 2, p.energy_spent + 2
    _attack_phase(s)
    for ship in ships:
        play(s, ("attack", ship, 300))
    play(s, ("end",))
    assert p.vp == 2 and p.energy_spent == 0 and not any(d.id == 300 for d in s.discs)


def test_a_relics_strength_goes_to_one_attack() -> None:
    s = game()
    blue = ship_at(s, 1, 0, 0)
    red = ship_at(s, 0, 0, 5000, ship=100)
    s.players[0].relics = ["strike_bonus"]
    s.tokens_dealt += 1
    play(s, ("choose", 3), ("relic", 0), ("end",), ("attack", red, blue))
    assert Action("bonus", blue) in legal_actions(s)
    play(s, ("bonus", blue), ("end",))
    assert blue in s.players[1].ships and s.players[0].vp == 1


def test_the_juggernaut_cannot_be_attacked() -> None:
    s = game()
    jug = advanced_ids(1)["green"]
    s.players[1].tech["green"] = 3
    s.developed += ["green:1", "green:2", "green:3"]
    s.players[1].advanced_locked.remove(jug)
    s.players[1].advanced.append(jug)
    ship_at(s, 1, 0, 0, ship=jug)
    red = ship_at(s, 0, 0, 5000, ship=100)
    _attack_phase(s)
    assert why_illegal(s, Action("attack", red, jug)) == (
        "that target is out of this starship's reach")


def test_robots_driven_off_with_nowhere_to_go_stay_in_the_supply_once_and_end_the_game() -> None:
    """Every location face up and every free planet held: the robots of a fallen planet have
    nowhere to go. They went back to the supply when it fell and must not be counted there a
    second time (a 10,000-game sweep found 13 robots of 12, game 3314 at step 17040)."""
    s = game(players=3)
    i = next(k for k, loc in enumerate(s.locations) if loc.robots == 1)
    for j, loc in enumerate(s.locations):
        if j != i and not loc.faceup and not loc.inert:
            loc.faceup = True
            if loc.token:
                s.discarded.append(loc.token)
                loc.token = ""
    free = [j for j, loc in enumerate(s.locations) if j != i and is_planet(loc)
            and occupant(s, j) is None and not loc.library]
    bases = [(seat, b) for seat in (1, 2) for b in s.players[seat].starbases]
    assert len(free) <= len(bases) + s.robots
    for j in free:
        if bases:
            seat, b = bases.pop(0)
            s.players[seat].starbases.remove(b)
            s.players[seat].structures["starbase"] -= 1
            placed = place_in_orbit(s, j, Disc(b, "starbase", seat, 0, 0,
                                               starmap().radius["starbase"]), towards_centre(j))
            assert placed is not None
            s.discs = sorted([*s.discs, placed], key=lambda d: d.id)
        else:
            s.locations[j].robots, s.robots = 1, s.robots - 1
    hole = s.locations[i].hole
    ship_to(s, 0, hole, 0, ship=100)
    ship_to(s, 0, hole, 18000, ship=101)
    supply = s.robots
    _attack_phase(s)
    play(s, ("attack", 100, i), ("attack", 101, i), ("end",))  # play() audits every step
    assert s.locations[i].robots == 0 and s.robots == supply + 1
    assert s.pending == [] and s.end_triggered
