"""The optional modules of "Variable Setup and Optional Modules" that are switches of
``new_game`` (each off by default; the Setting rows are in ``settings.py``):

- ``sublight``: a Move may slide a ship in a straight line instead of a flick
  (``sublight.py``);
- ``proximity_mines``: each seat has mines to lay as a manoeuvre (``mines.py``);
- ``megastructures``: artifacts can be awakened into megastructures (``megastructures.py``);
  ``megastructure`` names the card: ``dyson_ring`` (the default), ``star_harvester``,
  ``reconstructor`` or ``random`` (drawn at set-up); kept only when given;
- ``empires``: each seat drafts an Empire card with its ability (``empires.py``);
- ``randomize_technology``: each of the 8 technology tiles shows side A or B at random, the
  same for everyone (``technology.side_of``; the B sides are ours);
- ``corners``: in a 2-player game, ``"destroyed"`` puts destroyed-planet tokens on one pair
  of corner relic planets instead of wormhole A (the box has six tokens: the set-up uses
  four, so only one pair can be replaced);
- ``discovery``: ``"random"`` (the rulebook's "Randomize Discovery Tokens", every set-up's
  default here) or ``"printed"``: each quadrant gets the printed set of its player count
  (``content/discovery.toml``, ours where the rulebook's lists fall short).

The Guardian Warships and Ancient Libraries events stay in the ``modules`` list.
"""

from __future__ import annotations

from typing import Any

FLAGS = ("sublight", "proximity_mines", "megastructures", "empires", "randomize_technology")
CHOICES = {"corners": ("wormholes", "destroyed"), "discovery": ("random", "printed")}
CARD_CHOICES = ("dyson_ring", "star_harvester", "reconstructor", "random")
KEYS = (*FLAGS, *CHOICES, "megastructure")


def normalize(options: dict[str, Any], players: int) -> dict[str, Any]:
    """The module switches with their defaults; ValueError naming the one that is wrong."""
    out: dict[str, Any] = {}
    for key in FLAGS:
        value = options.get(key, False)
        if type(value) is not bool:
            raise ValueError(f"{key} is on (true) or off (false), not {value!r}")
        out[key] = value
    for key, allowed in CHOICES.items():
        value = options.get(key, allowed[0])
        if value not in allowed:
            raise ValueError(f"{key} is one of {', '.join(allowed)}, not {value!r}")
        out[key] = value
    if "megastructure" in options:  # left out when not given: old options read as they did
        card = options["megastructure"]
        if card not in CARD_CHOICES:
            raise ValueError(f"megastructure is one of {', '.join(CARD_CHOICES)}, "
                             f"not {card!r}")
        out["megastructure"] = card
    if out["corners"] != "wormholes" and players != 2:
        raise ValueError("destroyed corners are a 2-player set-up")
    return out
