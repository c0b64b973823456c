"""The one list of games: name, title, player range, set-up settings and the rules module.

Everything that offers a choice of game (the New game screen, ``ascend selfplay``, saves,
replays) reads this list; nothing else in ``core``, ``ai``, ``saves`` or ``tui`` names the
games one by one. Adding a game is one row here (and one in ``ai.registry`` and
``tui.games``), or :func:`register` for a game defined outside the package (the tests' game).

A :class:`Setting` describes one option of a game's ``new_game`` options: where it goes in
the options (``"variants.clan_powers"``), its label, the values it can take given the
options chosen before it (Tactics' scenarios depend on the player count and the mode), its
default, and a short note. The New game screen and the command line are built from it.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from types import ModuleType
from typing import Any, overload

from core.campaign import CampaignFlow
from core.registry import Registry
from core.words import clipped

Choices = Sequence[tuple[Any, str]]
Options = Mapping[str, Any]

ON_OFF: Choices = ((False, "off"), (True, "on"))


@dataclass(frozen=True)
class Setting:
    """One set-up option of a game.

    ``values`` and ``default`` may be fixed, or functions of the options chosen so far
    (``players`` and the settings listed before this one); ``note`` likewise, given the
    options with this setting's own value in them.
    """

    path: str
    label: str
    values: Choices | Callable[[Options], Choices]
    default: Any | Callable[[Options], Any]
    note: str | Callable[[Options], str] = ""
    help: str = ""
    # Whether the setting means anything given the options chosen before it (a difficulty
    # only against the Villains); one that does not is hidden and left out of the options.
    applies: Callable[[Options], bool] | None = None

    @property
    def key(self) -> str:
        """The last part of the path: ``clan_powers`` for ``variants.clan_powers``."""
        return self.path.rsplit(".", 1)[-1]

    @property
    def flag(self) -> str:
        """The command-line flag: ``--clan-powers``."""
        return "--" + self.key.replace("_", "-")

    def applies_to(self, options: Options) -> bool:
        """Whether this setting is offered given the options chosen so far."""
        return self.applies is None or self.applies(options)

    def choices(self, options: Options) -> list[tuple[Any, str]]:
        """The (value, label) pairs open given the options chosen so far."""
        values = self.values(options) if callable(self.values) else self.values
        return list(values)

    def default_for(self, options: Options) -> Any:
        """The default given the options chosen so far."""
        return self.default(options) if callable(self.default) else self.default

    def note_for(self, options: Options) -> str:
        """The note shown beside the setting, given the options including its own value."""
        return self.note(options) if callable(self.note) else self.note

    @property
    def kind(self) -> type:
        """``bool``, ``int`` or ``str``: what a value of this setting is."""
        sample = self.default_for({"players": 2})
        return type(sample) if isinstance(sample, bool | int) else str


def get_option(options: Options, path: str) -> Any:
    """The value at a dotted ``path`` in ``options`` (None when absent)."""
    node: Any = options
    for part in path.split("."):
        if not isinstance(node, Mapping) or part not in node:
            return None
        node = node[part]
    return node


def set_option(options: dict[str, Any], path: str, value: Any) -> None:
    """Put ``value`` at the dotted ``path`` in ``options``, making the maps on the way."""
    *parents, last = path.split(".")
    node = options
    for part in parents:
        node = node.setdefault(part, {})
    node[last] = value


@dataclass(frozen=True)
class GameInfo:
    """A row of the list: ``module`` is the import path of the module keeping the game
    contract (``core.contract.GameModule``); None for a game that is announced, not built.
    ``campaign`` is the import path of the module keeping its campaign (its ``FLOW``, a
    ``core.campaign.CampaignFlow``); None for a game without one."""

    name: str
    title: str
    players: tuple[int, int]
    module: str | None
    settings: Sequence[Setting] = field(default_factory=tuple)
    campaign: str | None = None

    @property
    def playable(self) -> bool:
        return self.module is not None

    def setting(self, key: str) -> Setting:
        """The setting whose path ends in ``key``."""
        for s in self.settings:
            if s.key == key:
                return s
        raise KeyError(f"{self.title} has no setting {key!r}")


# --- the settings of each game ----------------------------------------------------------------

HONOR_PER_PLAYER = 30
MODE_LABELS = {"1v1": "1 vs 1", "2v2": "2 vs 2 teams", "brawl": "brawl",
               "solo": "solo vs the Villains", "coop": "co-op vs the Villains",
               "boss": "Become the Boss"}
DIFFICULTY_LABELS = (("standard", "Standard"), ("hard", "Hard: 4 Schemes discarded"),
                     ("nightmare", "Nightmare: 8 Schemes discarded"))
TIE_LABELS = (("ask", "ask the heroes"), ("auto", "the first by a fixed rule"))


def _tactics_modes(options: Options) -> Choices:
    from core.tactics.scenarios import MODE_PLAYERS

    players = int(options.get("players", 2))
    return [(m, MODE_LABELS[m]) for m in MODE_LABELS if players in MODE_PLAYERS[m]]


def _tactics_scenarios(options: Options) -> Choices:
    from core.tactics.scenarios import scenarios

    players = int(options.get("players", 2))
    mode = options.get("mode") or _first(_tactics_modes(options))
    fitting = [(sc.id, sc.name) for sc in scenarios() if players in sc.players
               and mode in sc.modes]
    return fitting or [("", "none for this mode")]


def _tactics_victory(options: Options) -> str:
    from core.tactics.scenarios import scenarios, victory_short

    chosen = next((sc for sc in scenarios() if sc.id == options.get("scenario")), None)
    mode = str(options.get("mode") or _first(_tactics_modes(options)))
    return victory_short(chosen.for_mode(mode)) if chosen else ""


def _against_villains(options: Options) -> bool:
    from core.tactics.villain_state import villain_mode

    return villain_mode(str(options.get("mode") or _first(_tactics_modes(options))))


def _random_roster(options: Options) -> bool:
    """Against the Villains on a scenario whose Villain roster (and Boss) is drawn at random."""
    from core.tactics.scenarios import scenarios

    if not _against_villains(options):
        return False
    sid = options.get("scenario") or _first(_tactics_scenarios(options))
    chosen = next((sc for sc in scenarios() if sc.id == sid), None)
    return chosen is not None and not chosen.villains


def _tactics_bosses(options: Options) -> Choices:
    from core.tactics.villain_options import RANDOM_BOSS, boss_ids
    from core.tactics.villains import villain_by_id

    names = villain_by_id()
    return [(RANDOM_BOSS, "random"), *((b, names[b].name) for b in boss_ids())]


def _first(choices: Choices) -> Any:
    return choices[0][0] if choices else ""


class SettingsOf(Sequence[Setting]):
    """A game's settings kept beside its rules (``core/<game>/settings.py``'s ``SETTINGS``:
    keyword maps for :class:`Setting`), read on first use so that listing the games does not
    load every game's rules. ``build``, when given, makes the rows instead (a game whose
    rows come from more than one module)."""

    def __init__(self, module: str,
                 build: Callable[[], tuple[Setting, ...]] | None = None) -> None:
        self.module = module
        self.build = build
        self._rows: tuple[Setting, ...] | None = None

    def _read(self) -> tuple[Setting, ...]:
        if self._rows is None:
            if self.build is not None:
                self._rows = self.build()
            else:
                rows = importlib.import_module(self.module).SETTINGS
                self._rows = tuple(Setting(**row) for row in rows)
        return self._rows

    def __len__(self) -> int:
        return len(self._read())

    @overload
    def __getitem__(self, i: int) -> Setting: ...

    @overload
    def __getitem__(self, i: slice) -> Sequence[Setting]: ...

    def __getitem__(self, i: int | slice) -> Setting | Sequence[Setting]:
        return self._read()[i]


# Empires rows that mean something in the Solo Campaign too: the rulebook offers Sublight
# Movement there as the easier game; every other module belongs to the competitive set-up.
EMPIRES_SOLO_TOO = frozenset({"steadiness", "sublight"})


def _empires_settings() -> tuple[Setting, ...]:
    """The mode and the scenario first (``core.empires.solo_settings``), then the
    competitive rows, hidden in a solo game unless the Solo Campaign plays them too."""
    from core.empires.settings import SETTINGS
    from core.empires.solo_settings import SOLO_SETTINGS, is_solo

    def competitive_only(row: Setting) -> Setting:
        return replace(row, applies=lambda o: not is_solo(o) and row.applies_to(o))

    rows = [Setting(**entry) for entry in SETTINGS]
    return (*(Setting(**entry) for entry in SOLO_SETTINGS),
            *(r if r.key in EMPIRES_SOLO_TOO else competitive_only(r) for r in rows))


ASCENSION = GameInfo(
    "ascension", "Ascension", (2, 4), "core.ascension", (
        Setting("edition", "Edition", ((1, "1 · original"), (2, "2 · 10th anniversary")), 1,
                help="the base set's edition: 1 original, 2 10th anniversary"),
        Setting("honor_pool", "Honor pool", tuple((n, str(n)) for n in range(5, 405, 5)),
                lambda o: HONOR_PER_PLAYER * int(o.get("players", 2)),
                note=f"{HONOR_PER_PLAYER} per player",
                help=f"Honor tokens in the pool (default {HONOR_PER_PLAYER} per player)"),
    ))

FIREPEAK = GameInfo(
    "firepeak", "Ascension at Firepeak", (2, 5), "core.firepeak", (
        Setting("variants.clan_powers", "Clan Powers", ON_OFF, False,
                note="each clan's own ability", help="play with the Clan Powers rule"),
        Setting("variants.reshuffle_once", "Reshuffle", ON_OFF, False,
                note="the Recruitment deck once: longer game",
                help="reshuffle the Recruitment deck once"),
    ))

TACTICS = GameInfo(
    "tactics", "Ascension Tactics", (1, 4), "core.tactics", (
        Setting("mode", "Mode", _tactics_modes, lambda o: _first(_tactics_modes(o)),
                help="1v1 (2 players), 2v2 (4), brawl (3-4), solo (1), coop (2), "
                     "boss (2-3: the Boss player sits last)"),
        Setting("scenario", "Scenario", _tactics_scenarios,
                lambda o: _first(_tactics_scenarios(o)), note=_tactics_victory,
                help="the scenario id (default: the first that fits)"),
        Setting("draft", "Draft", ON_OFF, False, note="take turns picking champions",
                help="draft the champions instead of the suggested rosters"),
        Setting("difficulty", "Difficulty", DIFFICULTY_LABELS, "standard",
                note="Schemes start in the discard: bonuses come sooner",
                help="against the Villains: standard, hard, nightmare",
                applies=_against_villains),
        Setting("boss", "Boss", _tactics_bosses, "random",
                note="who leads the Villains; random as the rulebook deals",
                help="against the Villains, on a scenario whose Boss is drawn: random or "
                     "a Boss's id (dawnblade_paladin, starlit_archon, ...)",
                applies=_random_roster),
        Setting("ties", "Villain ties", TIE_LABELS, "ask",
                note="when the Villains' orders allow several moves",
                help="against the Villains: ask (the heroes choose) or auto",
                applies=_against_villains),
    ), campaign="core.tactics.campaign_flow")

GAMES: Registry[GameInfo] = Registry("game", {g.name: g for g in (
    ASCENSION,
    FIREPEAK,
    TACTICS,
    GameInfo("inferno", "Ascension Tactics: Inferno", (1, 4), None),
    GameInfo("empires", "Ascending Empires", (1, 4), "core.empires",
             SettingsOf("core.empires.settings", _empires_settings),
             campaign="core.empires.campaign_flow"),
)})


# --- looking games up -------------------------------------------------------------------------

def games(playable_only: bool = False) -> list[GameInfo]:
    """Every game in the list, in its order (the playable ones only, if asked)."""
    return [g for g in GAMES.rows() if g.playable or not playable_only]


def game_names() -> list[str]:
    """Names of the playable games."""
    return [g.name for g in games(playable_only=True)]


def info(name: str) -> GameInfo:
    """The row of game ``name``; KeyError naming the known games otherwise."""
    if name in GAMES:
        return GAMES[name]
    raise KeyError(f"unknown game {clipped(repr(name), 40)}; "
                   f"known: {', '.join(sorted(game_names()))}")


def title(name: str) -> str:
    """``Ascension at Firepeak`` for ``firepeak``; an unknown name as it is."""
    return GAMES[name].title if name in GAMES else name


def get_game(name: str) -> ModuleType:
    """The rules module of game ``name``; a clear error for an unknown or unbuilt game."""
    row = info(name)
    if row.module is None:
        raise KeyError(f"{row.title} is not playable yet")
    return importlib.import_module(row.module)


def campaign_games() -> list[GameInfo]:
    """The playable games with a campaign, in the list's order."""
    return [g for g in games(playable_only=True) if g.campaign is not None]


def campaign_flow(name: str) -> CampaignFlow:
    """The campaign of game ``name``; KeyError for an unknown game or one without a
    campaign."""
    row = info(name)
    if row.campaign is None or not row.playable:
        raise KeyError(f"{row.title} has no campaign")
    flow: CampaignFlow = importlib.import_module(row.campaign).FLOW
    return flow


def register(row: GameInfo) -> Callable[[], None]:
    """Add (or replace) a game's row; returns the function that puts the list back."""
    return GAMES.register(row.name, row)
