"""The Starmap drawn in cells: it fits the space it is given, every piece has its mark
whatever the colours, and a frame of a flight moves and removes pieces."""

from __future__ import annotations

import pytest

from core.empires.aim import Aim
from core.empires.flight import flight_path
from core.empires.setup import new_game
from tui.games.empires import canvas, picture


def chars(p: picture.StarPicture, cols: int, rows: int) -> list[str]:
    return ["".join(ch for ch, _ in line) for line in canvas.draw(p, cols, rows)]


@pytest.mark.parametrize(("cols", "rows"), [(38, 19), (64, 32), (50, 19), (38, 30)])
def test_the_map_is_the_largest_square_that_fits(cols: int, rows: int) -> None:
    s = new_game({"players": 2}, 1)
    lines = chars(picture.build(s), cols, rows)
    assert len(lines) == rows and all(len(line) == cols for line in lines)
    sc = canvas.scale(cols, rows, 45000)
    assert sc.side == min(cols, 2 * rows)
    # The centre of the map is the centre of the widget, and points go back and forth.
    assert abs(sc.to_cell(0, 0)[0] - cols // 2) <= 1 and abs(sc.to_cell(0, 0)[1] - rows // 2) <= 1
    x, y = sc.to_map(*sc.to_cell(20000, -10000))
    assert abs(x - 20000) <= sc.unit and abs(y + 10000) <= 2 * sc.unit


@pytest.mark.parametrize("players", [2, 3, 4])
def test_every_seat_and_location_has_a_mark_without_colour(players: int) -> None:
    s = new_game({"players": players}, 2)
    text = "".join(chars(picture.build(s), 64, 32))
    for seat in range(players):
        assert picture.SHAPES[seat] in text  # its starships, by shape
    for i, loc in enumerate(s.locations):
        letter, _ = picture.place_letter(s, i)
        assert letter in text
        if loc.faceup and loc.kind == "warpgate" and not loc.inert:
            assert "W" in text


def test_the_chosen_ship_is_reversed_and_its_aim_drawn() -> None:
    s = new_game({"players": 2}, 2)
    ship = next(d for d in s.discs if d.kind == "ship")
    cells = canvas.draw(picture.build(s, selected=ship.id, aim=(0, 20000)), 64, 32)
    marks = [(ch, st) for line in cells for ch, st in line]
    assert any(ch == picture.SHAPES[ship.owner] and st.reverse for ch, st in marks)
    assert any(ch == canvas.AIM_END for ch, _ in marks)
    assert sum(ch == canvas.AIM_DOT for ch, _ in marks) >= 3


def test_a_frame_moves_the_flicked_ship_and_removes_what_was_taken_off() -> None:
    s = new_game({"players": 2, "steadiness": "exact"}, 2)
    ship = next(d for d in s.discs if d.kind == "ship")
    assert ship.x < -30000  # by the left edge, beside its warpgate
    frames = flight_path(s.discs, ship.id, Aim(18000, 1000))  # out over the near edge
    assert ship.id in frames[-1].removed
    last = picture.build(s, frame=frames[-1])
    assert last.piece(ship.id) is None
    middle = picture.build(s, frame=frames[len(frames) // 2])
    moved = middle.piece(ship.id)
    assert moved is not None and (moved.x, moved.y) != (ship.x, ship.y)
