"""The Solo Campaign played as a campaign (rulebook: "Solo Campaign"): the six scenarios one
after another, in story order, the story between them, and the conclusion after the sixth.

The rulebook lets the scenarios be played in any order but builds them to be taken in turn,
and its story runs through them in that order, so the campaign takes them in turn: a
scenario won opens the next; a scenario lost is played again from its own set-up, as often
as it takes. A scenario is won as the core's outcome says (``details["won"]``, the
objectives of ``core/empires/objectives.py``).

Nothing is carried forward: the rulebook says each scenario's bonuses stay with that
scenario, and names nothing else a scenario passes on, so ``rewards`` stays empty and every
scenario starts from its own set-up.

The progress's ``options`` are who plays and how the flicks feel: ``players`` (1),
``mode`` (``solo``), ``seats``, ``names``, ``steadiness`` and ``sublight`` (the rulebook's
easier movement, for every scenario); ``pool`` is empty (nothing is picked at the start).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from core.campaign import Chapter, Progress
from core.content import ContentError, content_file, read
from core.contract import Outcome, seats_and_names
from core.empires.aim import DEFAULT_STEADINESS, STEADINESS
from core.empires.settings import BASE_SETTINGS, MODULE_SETTINGS
from core.empires.solo_content import SCENARIOS, Scenario, campaign

GAME = "empires"
CAMPAIGN_ID = "solo_campaign"
STORY_FILE = "campaign_story.toml"
# What a new campaign asks, kept for all six scenarios: how far a flick strays, and the
# Sublight Movement rules the rulebook offers a solo player for an easier game.
SETTINGS = (*(row for row in BASE_SETTINGS if row["path"] == "steadiness"),
            *(row for row in MODULE_SETTINGS if row["path"] == "sublight"))


@dataclass(frozen=True)
class Story:
    """The campaign's own text: its name, its opening, and each scenario's story once won
    (index 0 is scenario 1's)."""

    name: str
    opening: str
    after: tuple[str, ...]


@functools.cache
def story() -> Story:
    """The story the content ships."""
    return load_story(content_file("core.empires", STORY_FILE))


def load_story(source: Any) -> Story:
    """The story of a content file; ContentError naming the entry and field if wrong."""
    doc = read(source, ("opening", "interlude"))
    openings = doc.entries("opening")
    if len(openings) != 1:
        raise ContentError(source.name, "", "", "needs one [[opening]]")
    openings[0].only(("id", "name", "text"))
    after: dict[int, str] = {}
    for f in doc.entries("interlude"):
        f.only(("id", "scenario", "text"))
        number = f.integer("scenario", lo=1, hi=SCENARIOS)
        if number in after:
            raise f.fail("scenario", f"scenario {number} has one interlude")
        after[number] = " ".join(f.text("text", blank=False).split())
    if sorted(after) != list(range(1, SCENARIOS + 1)):
        raise ContentError(source.name, "", "", "needs an interlude after each scenario")
    return Story(openings[0].text("name", blank=False),
                 " ".join(openings[0].text("text", blank=False).split()),
                 tuple(after[n] for n in range(1, SCENARIOS + 1)))


def scenarios() -> tuple[Scenario, ...]:
    """The six scenarios, in the order the campaign plays them."""
    return campaign()[0]


@functools.cache
def _chapters() -> tuple[Chapter, ...]:
    told = story()
    return tuple(
        Chapter(s.id, s.name, f"Scenario {s.number}", f"Scenario {s.number}. To win: {s.goal}",
                " ".join(s.story.split()), told.after[s.number - 1])
        for s in scenarios())


# --- who plays ---------------------------------------------------------------------------------

def who_plays(options: Mapping[str, Any]) -> dict[str, Any]:
    """The campaign's options filled in and checked (ValueError naming what is wrong)."""
    extra = sorted(set(options) - {"players", "mode", "seats", "names", "steadiness",
                                   "sublight"})
    if extra:
        raise ValueError(f"unknown option {extra[0]!r} for the Solo Campaign")
    if options.get("players", 1) != 1:
        raise ValueError("the Solo Campaign is played by 1 player")
    if options.get("mode", "solo") != "solo":
        raise ValueError(f"the Solo Campaign is played in mode solo, not {options['mode']!r}")
    seats, names = seats_and_names({"seats": ["human"], **options}, 1)
    if seats != ["human"]:
        raise ValueError("the Solo Campaign is played at the keyboard")
    steadiness = options.get("steadiness", DEFAULT_STEADINESS)
    if steadiness not in STEADINESS:
        raise ValueError(f"steadiness is one of {', '.join(STEADINESS)}, not {steadiness!r}")
    sublight = options.get("sublight", False)
    if type(sublight) is not bool:
        raise ValueError(f"sublight is on (true) or off (false), not {sublight!r}")
    return {"players": 1, "mode": "solo", "seats": seats, "names": names,
            "steadiness": steadiness, "sublight": sublight}


def start(options: Mapping[str, Any], picks: Sequence[Sequence[str]] = ()) -> Progress:
    """A new campaign at scenario 1 (nothing is picked: ``picks`` must be empty)."""
    if any(picks):
        raise ValueError("the Solo Campaign picks nothing at the start")
    return Progress(who_plays(options), (), campaign=CAMPAIGN_ID)


def check(progress: Progress) -> None:
    """Refuse (ValueError with the reason) progress that is not this version's campaign."""
    if progress.campaign != CAMPAIGN_ID:
        raise ValueError(f"the campaign {progress.campaign!r} is not in this version "
                         f"(it has {CAMPAIGN_ID!r})")
    if dict(progress.options) != who_plays(progress.options):
        raise ValueError("the campaign's player and options are not as ascend writes them")
    if progress.pool:
        raise ValueError("the Solo Campaign picks nothing at the start")
    if not 0 <= progress.chapter <= SCENARIOS:
        raise ValueError(f"scenario {progress.chapter + 1} is not one of the "
                         f"{SCENARIOS} scenarios")
    if progress.rewards:
        raise ValueError("the Solo Campaign carries nothing from one scenario to the next")


def scenario_of(progress: Progress) -> Scenario | None:
    """The scenario to play; None once the sixth is won."""
    return scenarios()[progress.chapter] if progress.chapter < SCENARIOS else None


def won(progress: Progress) -> bool:
    """True once the sixth scenario is won."""
    return progress.chapter >= SCENARIOS


# --- the scenario's game -----------------------------------------------------------------------

def game_options(progress: Progress) -> dict[str, Any]:
    """The ``new_game`` options of the scenario to play (ValueError once the campaign is won)."""
    played = scenario_of(progress)
    if played is None:
        raise ValueError("the campaign is won: there is no scenario left to play")
    return {**who_plays(progress.options), "scenario": played.number}


def is_chapter_game(progress: Progress, options: Mapping[str, Any]) -> bool:
    """True when a game with ``options`` is a game of the scenario to play."""
    played = scenario_of(progress)
    return (played is not None and options.get("mode") == "solo"
            and options.get("scenario") == played.number)


def victory(outcome: Outcome) -> bool:
    """True when the scenario's objectives were met (a loss or a game left: False)."""
    return outcome.details.get("won") is True


def after(progress: Progress, outcome: Outcome) -> Progress:
    """Won: the next scenario (or the campaign won); lost: the same scenario again."""
    if won(progress):
        raise ValueError("the campaign is already won")
    if not victory(outcome):
        return progress
    return replace(progress, chapter=progress.chapter + 1)


# --- the campaign as the app plays it (core.campaign.CampaignFlow) ------------------------------

class EmpiresCampaign:
    """The Solo Campaign, through the functions above."""

    game = GAME
    id = CAMPAIGN_ID
    game_word = "scenario"

    @property
    def title(self) -> str:
        return story().name

    @property
    def opening(self) -> str:
        return story().opening

    @property
    def chapters(self) -> Sequence[Chapter]:
        return _chapters()

    @property
    def settings(self) -> Sequence[Mapping[str, Any]]:
        return SETTINGS

    def start(self, options: Mapping[str, Any], picks: Sequence[Sequence[str]]) -> Progress:
        return start(options, picks)

    def check(self, progress: Progress) -> None:
        check(progress)

    def who(self, progress: Progress) -> str:
        return f"{' & '.join(progress.options.get('names', []))} · solo"

    def game_options(self, progress: Progress) -> dict[str, Any]:
        return game_options(progress)

    def is_chapter_game(self, progress: Progress, options: Mapping[str, Any]) -> bool:
        return is_chapter_game(progress, options)

    def victory(self, outcome: Outcome) -> bool:
        return victory(outcome)

    def after(self, progress: Progress, outcome: Outcome) -> Progress:
        return after(progress, outcome)

    def reward_text(self, index: int) -> str:
        return ""  # nothing is carried forward (module docstring)

    def briefing(self, progress: Progress) -> list[tuple[str, str]]:
        played = scenario_of(progress)
        if played is None:
            return []
        return [("Carried: ", "nothing; each scenario starts from its own set-up.")]

    def conclusion(self) -> str:
        return " ".join(campaign()[1].split())


FLOW = EmpiresCampaign()

__all__ = [
    "CAMPAIGN_ID", "FLOW", "GAME", "EmpiresCampaign", "Story", "after", "check",
    "game_options", "is_chapter_game", "load_story", "scenario_of", "scenarios", "start",
    "story", "victory", "who_plays", "won",
]
