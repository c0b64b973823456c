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
from core.empires import audit, legal_actions, new_game, view, why_illegal
from core.empires.megastructures import AWAKEN
from core.empires.mines import MINES, STRUCK_A_MINE, mine_ids
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
    assert [e.value for e in events if e.kind == "destroyed"] == [STRUCK_A_MINE]


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
        "a sublight move cannot enter the orbit of top-right left side, which someone else "
        "occupies")
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
    assert why_illegal(s, Action("awaken", red)) == "top-right middle is a megastructure already"


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
        "top-right middle is blockaded by blue's starship")
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
                                     "megastructure", "randomize_technology", "empires",
                                     "corners", "discovery"]
    plain = new_game({"players": 2}, 1).options
    for row in rows:
        before = {"players": 2, "megastructures": row.key == "megastructure"}
        assert row.applies_to(before)
        assert plain.get(row.key, row.default) == row.default  # off by default
        values = row.values(before) if callable(row.values) else row.values
        for value, _ in values:
            s = new_game({**before, row.key: value}, 1)
            assert s.options[row.key] == value and audit(s) == []
    corners, card = rows[6], rows[3]
    assert corners.applies_to({"players": 2}) and not corners.applies_to({"players": 4})
    assert not card.applies_to({"players": 2, "megastructures": False})


# --- the printed discovery token sets ----------------------------------------------------


@pytest.mark.parametrize("players", [2, 3, 4])
def test_printed_sets_give_each_quadrant_its_tokens(players: int) -> None:
    from core.empires.occupancy import quadrant
    from core.empires.setup import printed_sets, tokens

    s = new_game({"players": players, "discovery": "printed"}, 2)
    relics = {t.id for t in tokens() if t.kind == "relic"}
    for q in range(4):
        dealt = [loc.token for j, loc in enumerate(s.locations) if quadrant(j) == q
                 and loc.token]
        named = [t for t in dealt if t not in relics]
        assert set(named) <= set(printed_sets()[players])
        assert len([t for t in dealt if t in relics]) == len(set(t for t in dealt
                                                                 if t in relics))
    assert audit(s) == []
    assert s.tokens_dealt == 4 * len(printed_sets()[players])


def test_the_printed_events_new_world_power_cell_and_settlers() -> None:
    s = game(discovery="printed")
    hole = next(loc.hole for loc in s.locations if loc.token == "new_world"
                and loc.kind == "planet")
    ship = ship_to(s, 0, hole)
    play(s, ("choose", 0), ("discover", ship))
    assert s.players[0].vp == 1
    s = game(discovery="printed")
    p = s.players[0]
    hole = next(loc.hole for loc in s.locations if loc.token == "power_cell")
    ship = ship_to(s, 0, hole)
    p.energy_ready, p.energy_spent = 0, p.energy_ready + p.energy_spent
    play(s, ("choose", 0), ("discover", ship))
    assert p.energy_ready == 2
    s = game(discovery="printed")
    hole = next(loc.hole for loc in s.locations if loc.token == "settlers"
                and loc.kind in ("planet", "relic"))
    ship = ship_to(s, 0, hole)
    play(s, ("choose", 0), ("discover", ship))
    assert s.locations[at(s, hole)].pieces == [(0, "troop")]


def test_settlers_found_on_an_artifact_put_no_troop() -> None:
    found: list[str] = []
    for seed in range(40):
        s = game(seed=seed, discovery="printed")
        found = [loc.hole for loc in s.locations if loc.token == "settlers"
                 and loc.kind == "artifact"]
        if found:
            break
    assert found, "no seed in 40 lays the settlers on an artifact"
    ship = ship_to(s, 0, found[0])
    troops = s.players[0].troops
    play(s, ("choose", 0), ("discover", ship))
    assert s.players[0].troops == troops and s.players[0].vp == 0


def test_a_printed_set_naming_an_unknown_token_fails_loudly(tmp_path: object) -> None:
    from pathlib import Path

    from core.content import ContentError, content_file
    from core.empires.setup import load_tokens

    text = content_file("core.empires", "discovery.toml").read_text()
    bad = Path(str(tmp_path)) / "discovery.toml"
    bad.write_text(text.replace('tokens = ["power_cell", "new_world", "relic", "relic"]',
                                'tokens = ["power_cell", "gold", "relic", "relic"]'))
    with pytest.raises(ContentError, match=r'discovery.toml: \[\[set\]\] players 2, field '
                                           r'"tokens": \'gold\' is neither'):
        load_tokens(bad)


# --- Empires and the Double Energy token -------------------------------------------------


def _drafted(players: int, cards: list[str], seed: int = 3) -> State:
    """A game with Empires whose draft gave seat k ``cards[k]``; seat 0 to choose its action."""
    s = new_game({"players": players, "steadiness": "exact", "empires": True}, seed)
    s.pending, s.empire_hand = [], []
    s.empire = list(cards)
    for p in s.players:
        p.double = "ready" if cards[p.seat] == "vlix" else ""
    s.current = s.to_move = 0
    assert audit(s) == []
    return s


@pytest.mark.parametrize("players", [2, 3, 4])
def test_the_draft_starts_right_of_the_start_player_who_chooses_last(players: int) -> None:
    from core.empires.empires import empires

    s = new_game({"players": players, "empires": True}, 5)
    start = int(s.pending[1])
    assert len(s.empire_hand) == players + 1 and s.pending[0] == "empire"
    order = []
    while s.pending:
        order.append(s.to_move)
        assert s.to_move is not None
        assert why_illegal(s, Action("choose", 0)) == "choose your Empire card first"
        assert legal_actions(s) == [Action("empire", k) for k in range(len(s.empire_hand))]
        play(s, ("empire", len(s.empire_hand) - 1))
    assert order == [(start - k) % players for k in range(1, players + 1)]
    assert s.current == s.to_move == start and s.phase == "choose"
    assert len(set(s.empire)) == players and set(s.empire) <= set(empires())
    assert s.empire_hand == []  # the card left over went back in the box


def test_an_empire_card_not_in_the_hand_is_refused() -> None:
    s = new_game({"players": 2, "empires": True}, 5)
    assert why_illegal(s, Action("empire", 3)) == "choose one of the 3 Empire cards (0 to 2)"


def test_the_vlix_double_energy_token_boosts_twice_and_a_spare_refresh_readies_it() -> None:
    s = _drafted(2, ["vlix", "tereth"])
    p = s.players[0]
    play(s, ("choose", 0))
    assert Action("boost", 2) in legal_actions(s)
    play(s, ("boost", 2))
    assert s.flicks == 4 and p.double == "spent" and p.energy_ready == 1
    assert why_illegal(s, Action("boost", 2)) == "you have no ready Double Energy token"
    from core.empires.dashboard import refresh

    refresh(s, 0, 1)  # nothing else spent: the single refresh readies the token
    assert p.double == "ready"
    s2 = _drafted(2, ["tereth", "vlix"])
    play(s2, ("choose", 2))
    assert why_illegal(s2, Action("boost", 2)) == "you have no ready Double Energy token"
    s3 = _drafted(2, ["vlix", "tereth"])
    play(s3, ("choose", 2))
    assert why_illegal(s3, Action("boost", 2)) == "Build cannot be boosted"


def test_the_ossari_hold_a_fourth_relic() -> None:
    from core.empires.discovery import relic_limit

    s = _drafted(2, ["ossari", "tereth"])
    assert relic_limit(s, 0) == 4 and relic_limit(s, 1) == 3


def test_the_halcyon_outposts_defend_with_two() -> None:
    from core.empires.occupancy import planet_defence

    s = _drafted(2, ["halcyon", "tereth"])
    i = reveal(s, "1.near_y")
    pieces(s, 0, "1.near_y", "troop", "outpost")
    j = reveal(s, "3.near_y")
    pieces(s, 1, "3.near_y", "troop", "outpost")
    assert (planet_defence(s, i), planet_defence(s, j)) == (3, 2)


def test_the_tereth_marrow_and_sable_score_their_way() -> None:
    from core.empires.occupancy import quadrant

    s = _drafted(3, ["tereth", "marrow", "sable"])
    home = [loc.hole for j, loc in enumerate(s.locations) if quadrant(j) == s.players[0].home
            and loc.kind == "planet" and not loc.robots][0]
    reveal(s, home)
    pieces(s, 0, home, "outpost")
    reveal(s, "3.near_y")
    pieces(s, 1, "3.near_y", "troop", "troop", "troop")
    reveal(s, "2.near_y")
    pieces(s, 2, "2.near_y", "troop")
    from empires_rules_helpers import starbase

    starbase(s, 2, at(s, "2.near_y"))
    parts = final_scores(s)
    assert parts[0]["planets"] == 2  # a home planet worth 2, as elsewhere
    assert parts[1]["troops"] == 3  # 1 VP a troop
    assert parts[2]["empire"] == 1  # a starbase on the map


def test_the_empire_cards_in_hand_are_seen_only_by_their_holder() -> None:
    from core.empires import describe, determinize
    from core.rng import Rng

    s = new_game({"players": 3, "empires": True}, 5)
    holder = s.to_move
    assert holder is not None
    assert view(s, holder).table.empire_hand == s.empire_hand
    other = view(s, (holder + 1) % 3)
    assert other.table.empire_hand == ["?"] * 4
    assert describe(other, Action("empire", 0)) == "choose an Empire card"
    d = determinize(other, Rng(1))
    assert len(d.empire_hand) == 4 and audit(d) == []
