"""Campaign files: a campaign carried over many evenings, kept with the care of a game save.

A campaign file (``*.campaign``, beside the game saves) holds which game and which campaign
it is, the players and their seats, the pool of champions chosen at the start (if the
campaign picks any), the chapter reached, the rewards earned and each chapter's result, and
the file name of the game save of the chapter in play (empty between chapters), so the
campaign resumes mid-chapter. It is the same checked msgpack container as a game save (its
own magic, its own fields; see ``saves.format``): written atomically, refused with a reason
when damaged, truncated, hostile or newer, never overwritten when unreadable.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from saves.format import (
    APP_VERSION,
    Container,
    InvalidData,
    SaveError,
    check_plain,
    read_container,
    write_container,
)
from saves.store import SaveStore, SaveSummary

# Format 2 names the game (``game_name``); format 1 came before any other game had a
# campaign, so each of its files is a campaign of Ascension Tactics.
CAMPAIGN_FORMAT = 2
FORMAT_1_GAME = "tactics"
CAMPAIGN_FIELDS: tuple[str, ...] = (
    "format", "app_version", "game_name", "campaign", "options", "pool", "chapter", "rewards",
    "results", "game", "meta",
)
CAMPAIGN = Container(b"ASCENDC\x00", CAMPAIGN_FIELDS, CAMPAIGN_FORMAT, "campaign",
                     since={"game_name": 2})
SUFFIX = ".campaign"
MAX_CHAPTERS = 100  # far beyond any campaign: a larger number is not a campaign of ours


@dataclass
class ChapterResult:
    """How a chapter went: won or lost, after how many rounds."""

    chapter: int
    won: bool
    rounds: int


@dataclass
class CampaignFile:
    """One campaign in progress: ``game_name`` is the game it is played in (``core.games``),
    ``game`` the file name of its chapter's game save in play."""

    campaign: str
    options: dict[str, Any]
    pool: list[str]
    chapter: int = 0
    rewards: list[str] = field(default_factory=list)
    results: list[ChapterResult] = field(default_factory=list)
    game: str = ""
    meta: dict[str, Any] = field(default_factory=dict)
    game_name: str = FORMAT_1_GAME
    format: int = CAMPAIGN_FORMAT
    app_version: str = APP_VERSION

    def stored(self) -> dict[str, Any]:
        """The field values as written."""
        # Written in the newest format whatever it was read in: a campaign of format 1 is
        # rewritten with its game named.
        return {
            "format": CAMPAIGN_FORMAT,
            "app_version": self.app_version,
            "game_name": self.game_name,
            "campaign": self.campaign,
            "options": self.options,
            "pool": list(self.pool),
            "chapter": self.chapter,
            "rewards": list(self.rewards),
            "results": [[r.chapter, r.won, r.rounds] for r in self.results],
            "game": self.game,
            "meta": {**self.meta,
                     "saved_at": datetime.now(UTC).isoformat(timespec="seconds")},
        }


def encode_campaign(c: CampaignFile) -> bytes:
    """The file bytes of ``c``; ValueError for a field a campaign file cannot hold."""
    stored = c.stored()
    check_plain(stored, CAMPAIGN_FIELDS)
    try:
        _build(stored)
    except InvalidData as exc:
        raise ValueError(f"cannot save the campaign: {exc.reason}") from None
    return write_container(stored, CAMPAIGN)


def decode_campaign(data: bytes, path: str) -> CampaignFile:
    """Parse and check a campaign file; raises ``SaveError`` and nothing else."""
    try:
        return _build(read_container(data, CAMPAIGN))
    except InvalidData as exc:
        raise SaveError(path, exc.reason) from None


def _build(stored: dict[str, Any]) -> CampaignFile:
    def need(name: str, kind: type, label: str) -> Any:
        value = stored[name]
        if not isinstance(value, kind) or isinstance(value, bool) and kind is int:
            raise InvalidData(f"field {name!r} should be {label}")
        return value

    need("format", int, "an int")
    need("app_version", str, "a str")
    game_name = FORMAT_1_GAME
    if "game_name" in stored:
        game_name = need("game_name", str, "a str")
        if not game_name.isidentifier() or not game_name.islower():
            raise InvalidData("field 'game_name' should name a game")
    if not need("campaign", str, "a str"):
        raise InvalidData("field 'campaign' is empty")
    options = need("options", dict, "a map")
    pool = need("pool", list, "a list")
    if not all(isinstance(x, str) for x in pool):
        raise InvalidData("field 'pool' should list champion names")
    chapter = need("chapter", int, "an int")
    if not 0 <= chapter <= MAX_CHAPTERS:
        raise InvalidData(f"field 'chapter' is {chapter}, not a chapter of a campaign")
    rewards = need("rewards", list, "a list")
    if not all(isinstance(x, str) for x in rewards):
        raise InvalidData("field 'rewards' should list reward names")
    results = []
    for i, row in enumerate(need("results", list, "a list")):
        if not (isinstance(row, list) and len(row) == 3 and isinstance(row[0], int)
                and isinstance(row[1], bool) and isinstance(row[2], int)
                and not isinstance(row[0], bool) and not isinstance(row[2], bool)):
            raise InvalidData(f"field 'results[{i}]' should be [chapter, won, rounds]")
        results.append(ChapterResult(row[0], row[1], row[2]))
    game = need("game", str, "a str")
    if "/" in game or "\\" in game or game.startswith("."):
        raise InvalidData("field 'game' should be a file name in the campaign's folder")
    meta = need("meta", dict, "a map")
    saved_at = meta.get("saved_at")
    if not isinstance(saved_at, str):
        raise InvalidData("field 'meta.saved_at' is missing")
    try:
        stamp = datetime.fromisoformat(saved_at)
    except ValueError:
        raise InvalidData("field 'meta.saved_at' is not an ISO date and time") from None
    if not 2000 <= stamp.year <= 2999:
        raise InvalidData("field 'meta.saved_at' is not a plausible save time")
    return CampaignFile(campaign=stored["campaign"], options=options, pool=list(pool),
                        chapter=chapter, rewards=list(rewards), results=results, game=game,
                        meta=meta, game_name=game_name, format=stored["format"],
                        app_version=stored["app_version"])


class CampaignStore(SaveStore):
    """Campaign files in the save folder, written, read and listed like game saves."""

    suffix = SUFFIX
    noun = "campaign"

    def encode(self, item: Any) -> bytes:
        return encode_campaign(item)

    def decode(self, data: bytes, where: str) -> Any:
        return decode_campaign(data, where)

    def summarize(self, item: Any) -> SaveSummary:
        # The chapter's battle save is named too, so a list of saves can show it as part of
        # its campaign rather than as a game of its own.
        return SaveSummary(item.campaign, item.app_version,
                           {**item.meta, "battle": item.game, "chapter": item.chapter,
                            "game_name": item.game_name})

    def name_of(self, item: Any) -> str:
        return str(item.campaign)

    def game_path(self, c: CampaignFile) -> Path | None:
        """Where the save of the chapter in play is (None between chapters)."""
        return self.directory / c.game if c.game else None
