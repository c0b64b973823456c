"""The set-up settings of Ascending Empires, as the rows ``core.games`` lists for the New
game screen and the command line; each is an option ``setup.normalize_options`` reads.

The rows are plain keyword maps for ``core.games.Setting`` (this package may not import
``core.games``: the games keep to their own houses, and the list knows every game). Optional
modules are on/off switches named after the module (``{"guardian_warships": True}``; set-up
adds those on to the ``modules`` list); a new module appends its row here.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from core.empires.aim import DEFAULT_STEADINESS
from core.empires.mega_cards import INFO
from core.empires.setup import MODULES

ON_OFF = ((False, "off"), (True, "on"))
STEADINESS_LABELS = (
    ("exact", "exact: flicks go where aimed (practice)"),
    ("steady", "steady: within 1° and 2 %"),
    ("normal", "normal: within 2° and 4 %"),
    ("shaky", "shaky: within 4° and 8 %"),
)


def modules_on(options: Mapping[str, Any]) -> list[str]:
    """The modules switched on in ``options`` (by their switches or in ``modules``)."""
    return sorted(set(options.get("modules") or ()) | {m for m in MODULES if options.get(m)})


def event_counts(options: Mapping[str, Any]) -> Sequence[tuple[int, str]]:
    # Each module on brings its own event token, so a quadrant needs at least that many.
    least = max(1, len(modules_on(options)))
    return tuple((n, f"{n} per quadrant") for n in (1, 2) if n >= least)


def event_default(options: Mapping[str, Any]) -> int:
    return max(1, len(modules_on(options)))


def _new_era(options: Mapping[str, Any]) -> bool:
    # The optional modules are New Era rules: a Classic game hides their rows.
    return options.get("rules", "new_era") != "classic"


def _rules_note(options: Mapping[str, Any]) -> str:
    if options.get("rules") == "classic":
        return "the First Edition's game: Homeworlds, Mine and Develop Technology"
    return "the Zenith Edition's rules, with its optional modules"


RULES_SETTING: dict[str, Any] = {
    "path": "rules", "label": "Rules",
    "values": (("new_era", "New Era"), ("classic", "Classic")), "default": "new_era",
    "note": _rules_note, "help": "new_era (the Zenith rules) or classic (Classic Ascending "
    "Empires: the First Edition's game)",
    "applies": lambda options: int(options.get("players", 2)) >= 2}  # not the Solo Campaign

BASE_SETTINGS: tuple[dict[str, Any], ...] = (
    RULES_SETTING,
    {"path": "steadiness", "label": "Steadiness", "values": STEADINESS_LABELS,
     "default": DEFAULT_STEADINESS, "note": "how far a flick strays from its aim",
     "help": "how far a flick strays from its aim: exact, steady, normal, shaky"},
    {"path": "guardian_warships", "label": "Guardian Warships", "values": ON_OFF,
     "default": False, "note": "its event token lies in every quadrant",
     "help": "play with the Guardian Warships module"},
    {"path": "ancient_libraries", "label": "Ancient Libraries", "values": ON_OFF,
     "default": False, "note": "its event token lies in every quadrant",
     "help": "play with the Ancient Libraries module"},
    {"path": "events", "label": "Event tokens", "values": event_counts,
     "default": event_default, "note": "events among a quadrant's six discovery tokens",
     "help": "event tokens per quadrant: 1 or 2, at least one for each module on"},
)


def _two_players(options: Mapping[str, Any]) -> bool:
    return int(options.get("players", 2)) == 2 and _new_era(options)


def _corners_note(options: Mapping[str, Any]) -> str:
    if options.get("corners") == "destroyed":
        return "one pair of corners under destroyed-planet tokens"
    return "relic planets joined by wormholes"


def _megastructures_on(options: Mapping[str, Any]) -> bool:
    return bool(options.get("megastructures"))


def _card_note(options: Mapping[str, Any]) -> str:
    card = options.get("megastructure", "dyson_ring")
    if card not in INFO:
        return "one of the three drawn at set-up"
    return f"awakened for {INFO[card].awaken} energy: " + " · ".join(
        p.split(":")[0].lower() for p in INFO[card].powers)


MODULE_SETTINGS: list[dict[str, Any]] = [
    {"path": "sublight", "label": "Sublight Movement", "values": ON_OFF, "default": False,
     "note": "a Move may slide a ship straight, away from enemies",
     "help": "let a Move slide a ship up to the long range instead of a flick"},
    {"path": "proximity_mines", "label": "Proximity Mines", "values": ON_OFF,
     "default": False, "note": "lay mines near your ships as a manoeuvre",
     "help": "each player has mines to lay as a manoeuvre"},
    {"path": "megastructures", "label": "Megastructures", "values": ON_OFF, "default": False,
     "note": "awaken artifacts into megastructures",
     "help": "play with the Megastructures module"},
    {"path": "megastructure", "label": "Megastructure card",
     "values": (("dyson_ring", "Dyson Ring"), ("star_harvester", "Star Harvester"),
                ("reconstructor", "Reconstructor"), ("random", "random")),
     "default": "dyson_ring", "note": _card_note,
     "help": "the Megastructure card: dyson_ring, star_harvester, reconstructor or random",
     "applies": _megastructures_on},
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

def _new_era_only(row: dict[str, Any]) -> dict[str, Any]:
    return row if "applies" in row else {**row, "applies": _new_era}


# The New game rows in order: the rules and the table's feel, the event modules, then the
# other modules (every module row only under the New Era rules).
SETTINGS: tuple[dict[str, Any], ...] = (
    *BASE_SETTINGS[:2], *map(_new_era_only, BASE_SETTINGS[2:]),
    *map(_new_era_only, MODULE_SETTINGS))
