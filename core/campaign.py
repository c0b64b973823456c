"""What every game's campaign offers the app: a run of linked games played in order, its
story, and its progress as plain data (a campaign file keeps it; ``saves.campaign``).

A game with a campaign names the module keeping it in its ``core.games`` row
(``GameInfo.campaign``); that module's ``FLOW`` is a :class:`CampaignFlow`. The app plays
any campaign through this protocol alone, so adding one is one module and one word in the
row.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol

from core.contract import Outcome


@dataclass(frozen=True)
class Progress:
    """Where a campaign stands: ``options`` (who plays and how, as the flow writes them),
    ``pool`` (what was picked at the start, if the campaign picks anything), ``chapter``
    (the index of the chapter to play; the number of chapters once won), ``rewards`` (what
    the chapters won carry forward, one word each) and ``campaign`` (the campaign's id)."""

    options: Mapping[str, Any]
    pool: tuple[str, ...]
    chapter: int = 0
    rewards: tuple[str, ...] = field(default=())
    campaign: str = ""


@dataclass(frozen=True)
class Chapter:
    """One game of a campaign as the player reads it: ``tag`` is the short word of the
    chapter list (a difficulty), ``subtitle`` the line under its name, ``before`` the story
    told before it is played, ``after`` the story once it is won."""

    id: str
    name: str
    tag: str
    subtitle: str
    before: str
    after: str


class CampaignFlow(Protocol):
    """The rules of playing one game's campaign; nothing here reads or writes a file."""

    @property
    def game(self) -> str:
        """The ``core.games`` name of the game each chapter is played in."""
        ...

    @property
    def id(self) -> str:
        """The campaign's id, kept in its file."""
        ...

    @property
    def title(self) -> str:
        """The campaign's name."""
        ...

    @property
    def opening(self) -> str:
        """The text read when a new campaign is set up."""
        ...

    @property
    def game_word(self) -> str:
        """What one chapter's game is called in this campaign's words ("battle",
        "scenario"), for the screens' sentences."""
        ...

    @property
    def chapters(self) -> Sequence[Chapter]:
        """Every chapter, in the order they are played."""
        ...

    @property
    def settings(self) -> Sequence[Mapping[str, Any]]:
        """The options a new campaign asks for beyond who plays, as keyword maps of
        ``core.games.Setting`` (a game's own new-campaign screen may ask for more)."""
        ...

    def start(self, options: Mapping[str, Any], picks: Sequence[Sequence[str]]) -> Progress:
        """A new campaign (ValueError naming what is refused)."""
        ...

    def check(self, progress: Progress) -> None:
        """Refuse (ValueError with the reason) progress that is not a campaign of this
        version's content: a file read back is checked before it is played."""
        ...

    def who(self, progress: Progress) -> str:
        """Who plays, in a few words (``You · solo``)."""
        ...

    def game_options(self, progress: Progress) -> dict[str, Any]:
        """The ``new_game`` options of the chapter to play (ValueError once won)."""
        ...

    def is_chapter_game(self, progress: Progress, options: Mapping[str, Any]) -> bool:
        """True when a game with ``options`` is a game of the chapter to play."""
        ...

    def victory(self, outcome: Outcome) -> bool:
        """True when the game that ended with ``outcome`` won its chapter."""
        ...

    def after(self, progress: Progress, outcome: Outcome) -> Progress:
        """The progress once the chapter's game ended with ``outcome``: won, the next
        chapter with what it carries; lost, the same chapter to play again."""
        ...

    def reward_text(self, index: int) -> str:
        """What winning chapter ``index`` carries forward, in a few words ("" for nothing)."""
        ...

    def briefing(self, progress: Progress) -> list[tuple[str, str]]:
        """What the player takes into the chapter to play, as (label, text) lines."""
        ...

    def conclusion(self) -> str:
        """The story's end, told once the last chapter is won ("" when the last chapter's
        own story is the end)."""
        ...


def chapter_of(flow: CampaignFlow, progress: Progress) -> Chapter | None:
    """The chapter to play next; None once the campaign is won."""
    chapters = flow.chapters
    return chapters[progress.chapter] if 0 <= progress.chapter < len(chapters) else None


def campaign_won(flow: CampaignFlow, progress: Progress) -> bool:
    """True once the last chapter is won."""
    return progress.chapter >= len(flow.chapters)


__all__ = ["CampaignFlow", "Chapter", "Progress", "campaign_won", "chapter_of"]
