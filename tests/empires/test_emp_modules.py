"""The optional modules that are switches of new_game: Proximity Mines, Sublight Movement,
Megastructures (the Dyson Ring) and the 2-player destroyed corners; their Setting rows."""

from __future__ import annotations

import pytest
from empires_rules_helpers import (
    aim_at,
    at,
    disc,
    game,
    pieces,
    play,
    reveal,
    ship_at,
    ship_to,
    unlocked,
)

from core.contract import Action
from core.empires import audit, legal_actions, new_game, why_illegal
from core.empires.megastructures import AWAKEN
from core.empires.mines import MINES, mine_ids
from core.empires.physics import Disc
from core.empires.placing import encode
from core.empires.scoring import final_scores
from core.empires.settings import MODULE_SETTINGS
from core.empires.state import State
from core.games import Setting

# --- Proximity Mines ---------------------------------------------------------------------


def _mine_on_map(s: State, seat: int, x: int, y: int) -> int:
    mine = s.players[seat].mines.pop(0)
    s.discs = sorted([*s.discs, Disc(mine, "mine", seat, x, y, 800)], key=lambda d: d.id)
    return mine


def test_each_seat_gets_its_mines_only_with_the_module() -> None:
    s = game(proximity_mines=True)
    assert [p.mines for p in s.players] == [mine_ids(k) for k in range(4)]
    assert len(s.players[0].mines) == MINES
    assert all(p.mines == [] for p in game().players)


def test_a_mine_is_laid_near_your_ship_during_a_move_once_a_turn() -> None:
    s = game(proximity_mines=True)
    ship_at(s, 0, 30000, 27000)
    mine = s.players[0].mines[0]
    spot = encode(30000, 30000)
    assert why_illegal(s, Action("mine", mine, spot)) == (
        "choose an action first (Move, Deploy, Build or Interact)")
    play(s, ("choose", 0))
    assert any(a.kind == "mine" for a in legal_actions(s))
    play(s, ("mine", mine, spot))
    assert disc(s, mine).kind == "mine" and mine not in s.players[0].mines
    other = s.players[0].mines[0]
    assert why_illegal(s, Action("mine", other, encode(30000, 24000))) == (
        "a mine is laid once a turn")
    assert not any(a.kind == "mine" for a in legal_actions(s))


@pytest.mark.parametrize(("x", "y", "reason"), [
    (30000, 40000, "a mine is laid within short range of one of your starships"),
    (22500, 27900, "a mine may not lie on or touch an orbit"),  # the middle planet's ring
    (30000, 28500, "a mine may not lie on or touch another disc"),  # against the ship
    (30000, 46000, "a mine must lie on the map"),
])
def test_a_mine_spot_is_refused_with_the_reason(x: int, y: int, reason: str) -> None:
    s = game(proximity_mines=True)
    ship_at(s, 0, 30000, 27000)
    play(s, ("choose", 0))
    assert why_illegal(s, Action("mine", s.players[0].mines[0], encode(x, y))) == reason


def test_mines_are_laid_only_with_the_module_and_in_a_move() -> None:
    s = game()
    ship_at(s, 0, 30000, 27000)
    play(s, ("choose", 0))
    assert why_illegal(s, Action("mine", 400, encode(30000, 30000))) == (
        "this game is played without Proximity Mines")
    s = game(proximity_mines=True)
    ship_at(s, 0, 30000, 27000)
    play(s, ("choose", 1))
    assert why_illegal(s, Action("mine", 400, encode(30000, 30000))) == (
        "a mine is laid as a manoeuvre, during a Move")


def test_a_ship_that_strikes_a_rivals_mine_goes_home_and_the_layer_takes_a_vp() -> None:
    s = game(proximity_mines=True)
    red = ship_at(s, 0, 30000, 24000)
    mine = _mine_on_map(s, 1, 30000, 30000)
    play(s, ("choose", 0))
    events = play(s, ("flick", red, aim_at(s, red, 30000, 30000, 250)))
    assert red in s.players[0].ships and not any(d.id in (red, mine) for d in s.discs)
    assert mine in s.players[1].mines
    assert s.players[1].vp == 1
    assert [e.value for e in events if e.kind == "destroyed"] == [3]


def test_your_own_mine_stops_your_ship_too_but_pays_nothing() -> None:
    s = game(proximity_mines=True)
    red = ship_at(s, 0, 30000, 24000)
    mine = _mine_on_map(s, 0, 30000, 30000)
    play(s, ("choose", 0), ("flick", red, aim_at(s, red, 30000, 30000, 250)))
    assert red in s.players[0].ships and mine in s.players[0].mines
    assert s.players[0].vp == 0


# --- Sublight Movement -------------------------------------------------------------------


def _open_space(**options: object) -> State:
    """A 2-player game with the guardian warships back in the supply, so only the rival's
    ships (far off round the other warpgate) are enemies."""
    s = game(players=2, sublight=True, **options)
    s.warships += sum(1 for d in s.discs if d.kind == "warship")
    s.discs = [d for d in s.discs if d.kind != "warship"]
    return s


def test_a_sublight_move_slides_a_ship_up_to_the_long_range_for_a_flick() -> None:
    s = _open_space()
    red = ship_at(s, 0, 30000, 27000)
    play(s, ("choose", 0))
    assert any(a.kind == "sublight" for a in legal_actions(s))
    play(s, ("sublight", red, encode(30000, 33000)))
    assert (disc(s, red).x, disc(s, red).y) == (30000, 33000)
    assert s.flicks == 1


@pytest.mark.parametrize(("x", "y", "reason"), [
    (30000, 27000 - 12001, "a sublight move goes at most the long range"),
    (22500, 20000, "a sublight move cannot pass over or stop on another disc"),
    (30000, 46000, "the ship must stop on the map"),
])
def test_a_sublight_move_is_refused_with_the_reason(x: int, y: int, reason: str) -> None:
    s = _open_space()
    red = ship_at(s, 0, 30000, 27000)
    play(s, ("choose", 0))
    assert why_illegal(s, Action("sublight", red, encode(x, y))) == reason


def test_a_sublight_move_keeps_out_of_the_long_range_of_enemy_ships() -> None:
    s = _open_space()
    red = ship_at(s, 0, 30000, 27000)
    ship_at(s, 1, 30000 - (1100 * 2 + 12000 + 500), 30000)  # just beyond long range
    play(s, ("choose", 0))
    assert why_illegal(s, Action("sublight", red, encode(30000, 33000))) is None
    assert why_illegal(s, Action("sublight", red, encode(29000, 33000))) == (
        "a sublight move cannot come within long range of an enemy ship")


def test_a_sublight_move_cannot_enter_a_rivals_planet_orbit() -> None:
    s = _open_space()
    i = reveal(s, "1.near_y")
    pieces(s, 1, "1.near_y", "troop")
    red = ship_at(s, 0, 17000, 27000)
    play(s, ("choose", 0))
    spot = encode(8500 + 3200 + 1100 + 700, 24500)  # in the band round 1.near_y
    assert why_illegal(s, Action("sublight", red, spot)) == (
        "a sublight move cannot enter the orbit of 1.near_y, which someone else occupies")
    s.locations[i].pieces = []
    s.players[1].troops += 1
    assert why_illegal(s, Action("sublight", red, spot)) is None


def test_sublight_is_refused_without_the_module() -> None:
    s = game()
    red = ship_at(s, 0, 30000, 27000)
    play(s, ("choose", 0))
    assert why_illegal(s, Action("sublight", red, encode(30000, 33000))) == (
        "this game is played without Sublight Movement")


# --- Megastructures ----------------------------------------------------------------------


def _at_artifact(s: State, seat: int, hole: str = "1.middle") -> tuple[int, int]:
    i = reveal(s, hole, "artifact")
    return i, ship_to(s, seat, hole)


def _ready(s: State, seat: int, n: int) -> None:
    """Exactly ``n`` energy ready (locks taken as cities would if more is needed)."""
    p = s.players[seat]
    while p.energy_ready + p.energy_spent < n:
        unlocked(s, seat, city=1)
    total = p.energy_ready + p.energy_spent
    p.energy_ready, p.energy_spent = n, total - n


def test_awakening_a_dyson_ring_costs_two_energy_at_a_face_up_artifact() -> None:
    s = game(megastructures=True)
    i, red = _at_artifact(s, 0)
    _ready(s, 0, 1)
    play(s, ("choose", 0))
    assert why_illegal(s, Action("awaken", red)) == "that costs 2 energy and you have 1 ready"
    _ready(s, 0, 2)
    play(s, ("awaken", red))
    assert s.megastructures == [[i, 0]]
    assert s.players[0].energy_ready == 0 and s.players[0].energy_spent >= AWAKEN
    assert why_illegal(s, Action("awaken", red)) == "1.middle is a megastructure already"


def test_awakening_is_refused_at_a_planet_a_face_down_disc_or_a_blockade() -> None:
    s = game(megastructures=True)
    unlocked(s, 0, city=2)
    reveal(s, "1.near_x", "planet", "green")
    green = ship_to(s, 0, "1.near_x")
    hidden = next(loc.hole for loc in s.locations if not loc.faceup and loc.kind == "artifact")
    dark = ship_to(s, 0, hidden)
    i, red = _at_artifact(s, 0)
    ship_to(s, 1, "1.middle", angle=18000)
    play(s, ("choose", 0))
    assert why_illegal(s, Action("awaken", green)) == (
        "a megastructure is awakened on a face-up artifact")
    assert why_illegal(s, Action("awaken", dark)) == (
        "a megastructure is awakened on a face-up artifact")
    assert why_illegal(s, Action("awaken", red)) == (
        "1.middle is blockaded by blue's starship")
    assert i == at(s, "1.middle")


def test_taking_control_from_a_rival_costs_one_more_energy() -> None:
    s = game(megastructures=True)
    i, red = _at_artifact(s, 0)
    s.megastructures = [[i, 1]]
    _ready(s, 0, 2)
    play(s, ("choose", 0))
    assert why_illegal(s, Action("seize", red)) == "that costs 3 energy and you have 2 ready"
    _ready(s, 0, 3)
    play(s, ("seize", red))
    assert s.megastructures == [[i, 0]] and s.players[0].energy_ready == 0


def test_the_dyson_ring_builds_an_outpost_then_a_city_and_scores_them() -> None:
    s = game(megastructures=True)
    i, _ = _at_artifact(s, 0)
    s.megastructures = [[i, 0]]
    _ready(s, 0, 2)
    play(s, ("choose", 3), ("mega", i, 0))
    assert s.dyson[0] == "outpost" and s.players[0].structures["outpost"] == 3
    assert final_scores(s)[0]["dyson_ring"] == 1
    play(s, ("boost",))
    assert why_illegal(s, Action("mega", i, 0)) == "each megastructure is used once a turn"
    s.used = []
    play(s, ("mega", i, 0))
    assert s.dyson[0] == "city" and s.players[0].structures["outpost"] == 4
    assert s.players[0].structures["city"] == 3
    assert final_scores(s)[0]["dyson_ring"] == 2
    s.used = []
    play(s, ("boost",))
    assert why_illegal(s, Action("mega", i, 0)) == "your city already stands on the Dyson Ring"


def test_only_the_controller_uses_a_megastructure() -> None:
    s = game(megastructures=True)
    i, _ = _at_artifact(s, 0)
    s.megastructures = [[i, 1]]
    play(s, ("choose", 3))
    assert why_illegal(s, Action("mega", i, 1)) == "you do not control this megastructure"


def test_an_overload_sends_every_troop_and_ship_in_the_quadrant_home() -> None:
    s = game(megastructures=True)
    i, red = _at_artifact(s, 0)
    s.megastructures = [[i, 0]]
    reveal(s, "1.near_x", "planet", "green")
    reveal(s, "1.edge_y", "planet", "pink")
    pieces(s, 1, "1.near_x", "troop", "troop", "outpost")
    pieces(s, 0, "1.edge_y", "troop")
    blues = [ship_to(s, 1, "1.edge_x"), ship_to(s, 1, "1.edge_x", angle=18000)]
    far = ship_to(s, 1, "2.middle")
    home = [d.id for d in s.discs if d.kind == "ship" and d.owner == 1 and d.x > 0 < d.y
            and d.id not in blues]  # blue's two starting ships, by its warpgate
    assert len(home) == 2
    play(s, ("choose", 3), ("mega", i, 1))
    assert s.megastructures == [[i, -1]]
    assert not any(d.kind == "ship" and d.id in (red, *blues, *home) for d in s.discs)
    assert any(d.id == far for d in s.discs)  # another quadrant
    assert s.locations[at(s, "1.near_x")].pieces == [(1, "outpost")]
    assert s.locations[at(s, "1.edge_y")].pieces == []
    assert s.players[0].vp == 3  # 6 rival pieces: 2 troops, 4 ships (red's own are free)
    assert audit(s) == []


def test_megastructure_actions_need_the_module() -> None:
    s = game()
    _, red = _at_artifact(s, 0)
    play(s, ("choose", 0))
    assert why_illegal(s, Action("awaken", red)) == "this game is played without Megastructures"


# --- set-up variants and the Setting rows ------------------------------------------------


def test_two_player_destroyed_corners_replace_wormhole_pair_a() -> None:
    s = new_game({"players": 2, "corners": "destroyed"}, 4)
    corners = {loc.hole: (loc.wormhole, loc.destroyed) for loc in s.locations
               if loc.hole.endswith("corner")}
    assert corners == {"0.corner": ("B", False), "1.corner": ("", True),
                       "2.corner": ("B", False), "3.corner": ("", True)}
    assert s.destroyed_tokens == 0 and audit(s) == []
    with pytest.raises(ValueError, match="destroyed corners are a 2-player set-up"):
        new_game({"players": 3, "corners": "destroyed"}, 4)


@pytest.mark.parametrize(("options", "message"), [
    ({"sublight": "yes"}, "sublight is on (true) or off (false), not 'yes'"),
    ({"corners": "none"}, "corners is one of wormholes, destroyed, not 'none'"),
])
def test_a_wrong_module_option_is_refused_by_name(options: dict[str, object],
                                                  message: str) -> None:
    with pytest.raises(ValueError, match=message.replace("(", r"\(").replace(")", r"\)")):
        new_game({"players": 2, **options}, 1)


def test_the_module_setting_rows_build_settings_new_game_accepts() -> None:
    rows = [Setting(**row) for row in MODULE_SETTINGS]
    assert [r.key for r in rows] == ["sublight", "proximity_mines", "megastructures",
                                     "corners"]
    plain = new_game({"players": 2}, 1).options
    for row in rows:
        assert plain[row.key] == row.default  # off by default
        values = row.values({"players": 2}) if callable(row.values) else row.values
        for value, _ in values:
            s = new_game({"players": 2, row.key: value}, 1)
            assert s.options[row.key] == value and audit(s) == []
    corners = rows[-1]
    assert corners.applies_to({"players": 2}) and not corners.applies_to({"players": 4})
