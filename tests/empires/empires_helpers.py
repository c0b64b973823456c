"""Tables for the Ascending Empires physics tests: the Starmap's locations with ships,
starbases and warships set about them, and a shorthand to flick on them."""

from __future__ import annotations

from collections.abc import Sequence

from core.empires.geometry import Starmap, starmap
from core.empires.physics import GUARDIAN, NOBODY, Disc, FlickResult, simulate

SHIP = 1100
FIRST_SHIP = 100


def table() -> Starmap:
    return starmap()


def locations() -> list[Disc]:
    """The 28 location discs, ids 0 to 27 in hole order."""
    m = table()
    return [Disc(i, "location", NOBODY, h.x, h.y, m.radius["location"])
            for i, h in enumerate(m.holes)]


def location_id(hole: str) -> int:
    return [h.id for h in table().holes].index(hole)


def beside(hole: str, dx: int, dy: int) -> tuple[int, int]:
    """A point (dx, dy) from the centre of ``hole``."""
    h = table().hole(hole)
    return h.x + dx, h.y + dy


def busy() -> list[Disc]:
    """A crowded mid-game table: every location, in each quadrant two ships of its player in
    orbit of the corner, a rival ship by the middle planet, another by the inner one, a
    starbase in orbit of the near_x planet, and a guardian warship on its space (56 discs)."""
    m = table()
    discs = locations()
    nid = FIRST_SHIP
    for q in range(4):
        sx = -1 if m.hole(f"{q}.corner").x < 0 else 1
        sy = -1 if m.hole(f"{q}.corner").y < 0 else 1
        c = m.hole(f"{q}.corner")
        mid = m.hole(f"{q}.middle")
        inner = m.hole(f"{q}.inner")
        near = m.hole(f"{q}.near_x")
        space = m.spaces[[s.id for s in m.spaces].index(f"{q}.warship")]
        for owner, x, y, kind, r in (
            (q, c.x - sx * 4400, c.y, "ship", SHIP),
            (q, c.x, c.y - sy * 4400, "ship", SHIP),
            ((q + 1) % 4, mid.x - sx * 4500, mid.y, "ship", SHIP),
            ((q + 2) % 4, inner.x + sx * 4500, inner.y, "ship", SHIP),
            ((q + 3) % 4, near.x, near.y + sy * 4600, "starbase", m.radius["starbase"]),
            (GUARDIAN, space.x, space.y, "warship", m.radius["warship"]),
        ):
            discs.append(Disc(nid, kind, owner, x, y, r))
            nid += 1
    return discs


def flick(discs: Sequence[Disc], mover: int, angle: int, power: int, **kw: object
          ) -> FlickResult:
    m = table()
    return simulate(discs, mover, angle, power, half_width=m.half_width, orbit=m.orbit,
                    **kw)  # type: ignore[arg-type]
