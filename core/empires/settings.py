"""The New game screen's rows for Ascending Empires' optional modules (rulebook: "Variable
Setup and Optional Modules"; the options themselves are read in ``variants.py``).

Each row is the keyword arguments of a ``core.games.Setting`` (``Setting(**row)``): a game's
package may not import ``core.games``, which reaches into another game (the import-linter
contract "Games keep to their own house in core"). The lead joins ``MODULE_SETTINGS`` to the
game's other rows in ``core/games.py``.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

ON_OFF = ((False, "off"), (True, "on"))  # as core.games.ON_OFF


def _two_players(options: Mapping[str, Any]) -> bool:
    return int(options.get("players", 2)) == 2


def _corners_note(options: Mapping[str, Any]) -> str:
    if options.get("corners") == "destroyed":
        return "one pair of corners under destroyed-planet tokens"
    return "relic planets joined by wormholes"


MODULE_SETTINGS: list[dict[str, Any]] = [
    {"path": "sublight", "label": "Sublight Movement", "values": ON_OFF, "default": False,
     "note": "a Move may slide a ship straight, away from enemies",
     "help": "let a Move slide a ship up to the long range instead of a flick"},
    {"path": "proximity_mines", "label": "Proximity Mines", "values": ON_OFF,
     "default": False, "note": "lay mines near your ships as a manoeuvre",
     "help": "each player has mines to lay as a manoeuvre"},
    {"path": "megastructures", "label": "Megastructures", "values": ON_OFF, "default": False,
     "note": "awaken artifacts into Dyson Rings",
     "help": "play with the Dyson Ring megastructure"},
    {"path": "randomize_technology", "label": "Randomize Technology", "values": ON_OFF,
     "default": False, "note": "each technology tile on side A or B, the same for all",
     "help": "turn each technology tile to a random side (the B sides are ours)"},
    {"path": "empires", "label": "Empires", "values": ON_OFF, "default": False,
     "note": "draft an Empire card with its own ability",
     "help": "each player drafts an Empire card (the Vlix get the Double Energy token)"},
    {"path": "corners", "label": "Corners",
     "values": (("wormholes", "wormholes"), ("destroyed", "destroyed planets")),
     "default": "wormholes", "note": _corners_note,
     "help": "2 players: wormholes, or destroyed planets on one pair of corners",
     "applies": _two_players},
    {"path": "discovery", "label": "Discovery tokens",
     "values": (("random", "random sets"), ("printed", "printed sets")), "default": "random",
     "note": "each quadrant's tokens: drawn at random, or the printed set",
     "help": "random (Randomize Discovery Tokens) or printed sets of tokens"},
]
