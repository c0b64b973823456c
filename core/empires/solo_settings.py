"""What the Ascending Empires row of ``core.games`` needs for the Solo Campaign: the mode
(competitive for 2-4 players, solo for 1) and the scenario, with each scenario's goal as
its note. The row itself is registered by whoever lists the game (not here): each entry of
``SOLO_SETTINGS`` is the keyword arguments of one ``core.games.Setting``
(``Setting(**entry)``); a game package may not import ``core.games``, which names the other
games."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from core.empires.solo_content import campaign

Choices = Sequence[tuple[Any, str]]
Options = Mapping[str, Any]

MODES: Choices = (("competitive", "competitive, 2-4 players"), ("solo", "Solo Campaign"))


def mode_choices(options: Options) -> Choices:
    return MODES[1:] if int(options.get("players", 2)) == 1 else MODES[:1]


def scenario_choices(options: Options) -> Choices:
    return [(s.number, f"{s.number} · {s.name}") for s in campaign()[0]]


def scenario_note(options: Options) -> str:
    chosen = next((s for s in campaign()[0] if s.number == options.get("scenario")), None)
    return chosen.goal if chosen else ""


def is_solo(options: Options) -> bool:
    return options.get("mode") == "solo" or int(options.get("players", 2)) == 1


SOLO_SETTINGS: list[dict[str, Any]] = [
    {"path": "mode", "label": "Mode", "values": mode_choices,
     "default": lambda o: mode_choices(o)[0][0],
     "help": "competitive (2-4 players) or solo (1 player: the Solo Campaign)"},
    {"path": "scenario", "label": "Scenario", "values": scenario_choices, "default": 1,
     "note": scenario_note, "help": "the Solo Campaign's scenario, 1 to 6 (in story order)",
     "applies": is_solo},
]
