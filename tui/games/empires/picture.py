"""What the Starmap shows, and its legend: the screen turns a seat's view into a
``StarPicture`` (locations with what holds them, the discs on the map, the chosen ship, its
aim, the range rings, the flight being shown) and ``canvas`` draws it. Nothing here decides
a rule: who occupies a planet is ``core.empires.occupancy``'s answer, read once here.

Every colour is doubled by a glyph or an attribute, so the map reads with ``NO_COLOR``:
a player's ships are that player's shape (● ■ ▲ ◆), starbases the same shape hollow
(○ □ △ ◇), advanced starships the shape bold and underlined; a location shows a letter for
what it is (o p k g: an orange, purple, pink or green planet; R a relic planet, A an
artifact, W a warpgate, ? face down, @ face down under a wormhole, x destroyed; H the Heart
of the Builders in the solo game's last scenario), the mark of
who holds it on its left (a player's shape, r for robots) and how many pieces on its right.
Warships are ✦ and, in the Solo Campaign, a robot standing in an orbit ¤ — marks no player's
shape uses, in colours of their own. The Solo Campaign's settlers are ⌂: above the letter of
a planet they live on (with their count when more than one), and beside a starship
carrying one.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field

from core.empires.geometry import starmap
from core.empires.occupancy import ROBOTS, occupant
from core.empires.physics import GUARDIAN, Frame
from core.empires.placing import location_discs
from core.empires.solo_state import heart_discs
from core.empires.state import PLANET_COLOURS, State
from core.empires.technology import advanced_name

SHAPES = ("●", "■", "▲", "◆")
HOLLOW = ("○", "□", "△", "◇")
WARSHIP = "✦"
ROBOT_MARK = "r"
ROBOT_DISC = "¤"  # a solo robot standing in an orbit: the invaders' own mark, not a shape
SETTLER = "⌂"  # the solo game's settlers: a home, unlike any shape, letter or invader mark
SETTLER_COLOUR = "#8fd3ff"
# Mid-luminance player colours (red, blue, yellow, white pieces on a dark map).
PLAYER_COLOURS = {"red": "#ff4d4d", "blue": "#4d8dff", "yellow": "#f0d000", "white": "#f4f4f4"}
PLANET_FILL = {"orange": "#e8862a", "purple": "#9b5de5", "pink": "#f27ab8", "green": "#3fb950"}
PLANET_LETTER = {"orange": "o", "purple": "p", "pink": "k", "green": "g"}
RELIC_FILL = "#c9a227"
ARTIFACT_FILL = "#3cc6c6"
HIDDEN_FILL = "#6e6e7a"
DESTROYED_FILL = "#4a2020"
SPACE = "#0c1022"
GUARDIAN_COLOUR = "#d0d0d0"
ROBOT_COLOUR = "#ff9e3d"
HEART_FILL = "#b0305a"
HEART_LETTER = "H"
KIND_LETTER = {"relic": "R", "artifact": "A", "warpgate": "W"}
NAMES = {"o": "orange planet", "p": "purple planet", "k": "pink planet", "g": "green planet",
         "R": "relic planet", "A": "artifact", "W": "warpgate", "?": "face down",
         "@": "face down, wormhole", "x": "destroyed", "H": "the Heart of the Builders"}


@dataclass(frozen=True)
class Place:
    """A location disc: where, its fill colour, its letter, who holds it (a seat,
    ``ROBOTS`` or None) and how many pieces are on it (troops and structures; robots)."""

    index: int
    x: int
    y: int
    fill: str
    letter: str
    holder: int | None
    pieces: int
    orbit: bool = True  # the Heart of the Builders has none
    settlers: int = 0  # the Solo Campaign's settlers living there


@dataclass(frozen=True)
class Piece:
    """A disc that moves or guards: ``kind`` is ship, advanced, starbase, warship or (solo)
    robot; ``settlers``: how many settlers a starship carries (the Solo Campaign)."""

    id: int
    kind: str
    seat: int
    x: int
    y: int
    settlers: int = 0


@dataclass(frozen=True)
class StarPicture:
    """Everything the map draws. ``colours``: each seat's player colour (hex).
    ``aim``: (angle in hundredths of a degree, reach in map units) from ``selected``;
    ``rings``: radii in map units drawn round ``selected`` (the range ruler)."""

    places: tuple[Place, ...]
    pieces: tuple[Piece, ...]
    colours: tuple[str, ...]
    selected: int | None = None
    aim: tuple[int, int] | None = None
    rings: tuple[int, ...] = ()
    hinted: int | None = None
    half_width: int = 45000
    radius: dict[str, int] = field(default_factory=dict)

    def piece(self, disc_id: int) -> Piece | None:
        return next((p for p in self.pieces if p.id == disc_id), None)


def place_letter(table: State, i: int) -> tuple[str, str]:
    """The letter and fill colour of location ``i`` as the table shows it."""
    loc = table.locations[i]
    if loc.destroyed:
        return "x", DESTROYED_FILL
    if not loc.faceup:
        return ("@" if loc.wormhole else "?"), HIDDEN_FILL
    colour = loc.terraform or (loc.colour if loc.kind == "planet" else "")
    if loc.kind == "warpgate":
        return "W", PLAYER_COLOURS.get(loc.colour, HIDDEN_FILL)
    if colour in PLANET_FILL:
        return (PLANET_LETTER[colour] if loc.kind == "planet" else "R"), PLANET_FILL[colour]
    return KIND_LETTER.get(loc.kind, "?"), RELIC_FILL if loc.kind == "relic" else ARTIFACT_FILL


def piece_kind(kind: str, disc_id: int) -> str:
    if kind == "ship" and advanced_name(disc_id):
        return "advanced"
    return kind


def build(table: State, *, frame: Frame | None = None, selected: int | None = None,
          aim: tuple[int, int] | None = None, rings: Sequence[int] = (),
          hinted: int | None = None) -> StarPicture:
    """The picture of ``table`` (a seat's view of it). ``frame``: a moment of a flick being
    shown, whose positions replace the table's (the discs it took off are gone)."""
    moved = {i: (x, y) for i, x, y in frame.moved} if frame is not None else {}
    gone = set(frame.removed) if frame is not None else set()
    living = Counter(i for i, _ in table.solo.settlers) if table.solo is not None else Counter()
    aboard = Counter(ship for ship, _ in table.solo.aboard) if table.solo else Counter()
    places = []
    for i, d in enumerate(location_discs()):
        letter, fill = place_letter(table, i)
        loc = table.locations[i]
        holder = occupant(table, i) if loc.faceup else None
        count = loc.robots if holder == ROBOTS else len(loc.pieces)
        places.append(Place(i, d.x, d.y, fill, letter, holder, count, settlers=living[i]))
    for heart in heart_discs(table.solo):  # scenario 6: a ship that touches it is lost
        places.append(Place(heart.id, heart.x, heart.y, HEART_FILL, HEART_LETTER, None, 0,
                            orbit=False))
    pieces = []
    for d in table.discs:
        if d.id in gone or d.kind not in ("ship", "starbase", "warship", "robot"):
            continue
        x, y = moved.get(d.id, (d.x, d.y))
        seat = d.owner if d.owner != GUARDIAN else -1
        pieces.append(Piece(d.id, piece_kind(d.kind, d.id), seat, x, y, aboard[d.id]))
    colours = tuple(PLAYER_COLOURS.get(p.colour, "#ffffff") for p in table.players)
    m = starmap()
    return StarPicture(tuple(places), tuple(pieces), colours, selected, aim, tuple(rings),
                       hinted, m.half_width, dict(m.radius))


def glyph(piece: Piece) -> str:
    """The one-character mark of a piece (its owner's shape; hollow for a starbase)."""
    if piece.kind == "robot":
        return ROBOT_DISC
    if piece.kind == "warship" or piece.seat < 0:
        return WARSHIP
    if piece.kind == "starbase":
        return HOLLOW[piece.seat % len(HOLLOW)]
    return SHAPES[piece.seat % len(SHAPES)]


def holder_mark(holder: int | None) -> str:
    if holder is None:
        return ""
    if holder == ROBOTS:
        return ROBOT_MARK
    return SHAPES[holder % len(SHAPES)]


def legend(seat_names: Sequence[str], colours: Sequence[str]) -> list[tuple[str, str]]:
    """(mark, words) lines for the side panel and the help."""
    out = [(f"{SHAPES[i]} {HOLLOW[i]}", f"{name}: ship, starbase")
           for i, name in enumerate(seat_names)]
    out.append((WARSHIP, "guardian warship"))
    out.append(("o p k g", "planets by colour"))
    out.append(("R A W", "relic planet, artifact, warpgate"))
    out.append(("? @ x", "face down, wormhole, destroyed"))
    return out


__all__ = ["HOLLOW", "NAMES", "PLANET_COLOURS", "SETTLER", "SHAPES", "Piece", "Place",
           "StarPicture", "build", "glyph", "holder_mark", "legend", "place_letter"]
