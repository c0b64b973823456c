"""One campaign being played in the app: its file, its progress, and its chapter's game.

Nothing here imports Textual, so the flow is tested without a screen. The campaign file
(``saves.campaign``) keeps the progress and names its game; that game's campaign flow
(``core.games.campaign_flow``, a ``core.campaign.CampaignFlow``) decides it. A
chapter's game is an ordinary game save in the same folder, named in the campaign file
while it is played, so a campaign resumes mid-chapter; when the game ends, its outcome is
recorded here (``record``), either as the table is left or, after a crash or a game finished
elsewhere, the next time the campaign is opened (``finished_game``).

Before every write the file on disk is read again: a campaign another window has moved on
is refused rather than overwritten with an older picture of it.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

from core.campaign import CampaignFlow, Chapter, Progress, campaign_won, chapter_of
from core.contract import Outcome
from core.games import campaign_flow, campaign_games
from saves.campaign import CampaignFile, CampaignStore, ChapterResult
from saves.format import SaveError
from saves.store import SaveStore
from tui.session import GameSession

# The campaign file's ``meta``: what the Continue list shows without reading the chapters.
STATUS_READY, STATUS_BATTLE, STATUS_WON = "ready", "in battle", "won"


@dataclass(frozen=True)
class BattleEnd:
    """How a recorded battle ended, for the campaign screen to tell."""

    chapter: Chapter
    won: bool
    reward: str  # what the victory carries forward ("" for a loss or the last chapter)
    campaign_won: bool
    rounds: int


class CampaignPlay:
    """A campaign file opened for play: read, checked against the content, and written
    back with the same care as a game save."""

    def __init__(self, store: CampaignStore, path: Path, file: CampaignFile) -> None:
        self.store = store
        self.path = Path(path)
        self.file = file
        self.flow: CampaignFlow = campaign_flow(file.game_name)

    # --- making and opening ------------------------------------------------------------------

    @classmethod
    def create(cls, options: dict[str, Any], picks: list[list[str]],
               store: CampaignStore | None = None, game: str | None = None) -> CampaignPlay:
        """A new campaign of ``game`` (the first game with a campaign if not given), written
        at once (ValueError: the options or picks are refused; SaveError: it cannot be
        written)."""
        name = game if game is not None else campaign_games()[0].name
        progress = campaign_flow(name).start(options, picks)
        store = store if store is not None else CampaignStore()
        file = CampaignFile(campaign=progress.campaign, options=dict(progress.options),
                            pool=list(progress.pool), game_name=name)
        play = cls(store, store.new_path(progress.campaign), file)
        play._write(file)
        return play

    @classmethod
    def open(cls, path: Path, store: CampaignStore | None = None) -> CampaignPlay:
        """The campaign at ``path``; every failure is a ``SaveError`` with the reason (a
        file that reads but is not a campaign of this version's content too)."""
        store = store if store is not None else CampaignStore(Path(path).parent)
        file = store.load(Path(path))
        try:
            play = cls(store, Path(path), file)
        except KeyError:
            raise SaveError(str(path), f"the game {file.game_name!r} has no campaign in this "
                                       "version") from None
        try:
            play.flow.check(progress_of(file))
        except ValueError as exc:
            raise SaveError(str(path), str(exc)) from None
        return play

    # --- what it is ----------------------------------------------------------------------------

    @property
    def progress(self) -> Progress:
        """The progress the file holds."""
        return progress_of(self.file)

    @property
    def chapter(self) -> Chapter | None:
        """The chapter to play; None once the campaign is won."""
        return chapter_of(self.flow, self.progress)

    @property
    def won(self) -> bool:
        """True once the last chapter is won."""
        return campaign_won(self.flow, self.progress)

    @property
    def names(self) -> list[str]:
        """The heroes' players."""
        return list(self.file.options["names"])

    def game_path(self) -> Path | None:
        """The save of the chapter in play; None between chapters."""
        return self.store.game_path(self.file)

    def attempts(self, chapter: int) -> list[ChapterResult]:
        """Every battle of chapter ``chapter`` played to its end, in order."""
        return [r for r in self.file.results if r.chapter == chapter]

    # --- a chapter's game --------------------------------------------------------------------

    def start_chapter(self, seed: int | None = None) -> GameSession:
        """The chapter's battle as a new game, saved at once and named in the campaign file
        (a battle left unfinished before stays on disk: it is never overwritten)."""
        self._refresh()
        session = GameSession.new(self.flow.game, self.flow.game_options(self.progress), seed)
        games = SaveStore(self.store.directory)
        session.store = games
        session.save()
        assert session.path is not None
        try:
            self._write(replace(self.file, game=session.path.name))
        except BaseException:
            # The battle's save stays, an ordinary game in Continue; the campaign is as it was.
            session.close()
            raise
        return session

    def resume_chapter(self, read_only: bool = False) -> tuple[GameSession, str]:
        """The chapter's battle from its save, locked like Continue locks it (``SaveLocked``
        when another window has it); ``SaveError`` when it is missing or unreadable."""
        path = self.game_path()
        if path is None:
            raise SaveError(str(self.path), "no battle of this campaign is in play")
        session, message = GameSession.from_save(path, SaveStore(self.store.directory),
                                                 read_only=read_only)
        if (session.game != self.flow.game
                or not self.flow.is_chapter_game(self.progress, session.options)):
            session.close()
            raise SaveError(str(path), "this save is not a battle of the campaign's chapter")
        return session, message

    def finished_game(self) -> GameSession | None:
        """The chapter's battle if its save says it ended (read and rebuilt, no lock: nobody
        plays a finished game), so its end can be recorded; None when it is still in play.
        ``SaveError`` when the save is missing or unreadable."""
        path = self.game_path()
        if path is None:
            return None
        games = SaveStore(self.store.directory)
        save = games.load(path)
        if save.meta.get("status") != "finished":
            return None
        session, _ = GameSession.from_save_file(save, str(path))
        session.path, session.store = path, games
        return session if session.over else None

    def battle_round(self) -> int | None:
        """The round the chapter's battle has reached, from its save's summary (None between
        chapters); ``SaveError`` when the save is missing or unreadable."""
        path = self.game_path()
        if path is None:
            return None
        turn = SaveStore(self.store.directory).load(path).meta.get("turn")
        return turn if isinstance(turn, int) else None

    def record(self, session: Any) -> BattleEnd | None:
        """Record how the chapter's battle ``session`` ended and move the campaign on (a
        win carries its reward to the next chapter; a loss leaves the chapter to play
        again). None, changing nothing, when the session is not this campaign's battle or
        has not ended. ``SaveError`` when the campaign cannot be written: then nothing is
        recorded, and the battle's save, which still says how it ended, is recorded the
        next time the campaign is opened."""
        outcome: Outcome | None = session.outcome() if session.over else None
        path = getattr(session, "path", None)
        chapter = self.chapter
        if (outcome is None or chapter is None or path is None
                or Path(path) != self.game_path()
                or getattr(session, "game", self.flow.game) != self.flow.game
                or not self.flow.is_chapter_game(self.progress, session.options)):
            return None
        self._refresh()
        index = self.file.chapter
        after = self.flow.after(self.progress, outcome)
        won = self.flow.victory(outcome)
        rounds = max(1, int(session.round))  # a battle ended in its first round is round 1
        self._write(replace(
            self.file, chapter=after.chapter, rewards=list(after.rewards), game="",
            results=[*self.file.results, ChapterResult(self.file.chapter, won, rounds)]))
        return BattleEnd(chapter, won, self.flow.reward_text(index) if won else "",
                         campaign_won(self.flow, after), rounds)

    # --- the file ------------------------------------------------------------------------------

    def _refresh(self) -> None:
        """Read the file again and refuse to go on if another window moved it on."""
        on_disk = self.store.load(self.path)
        if (on_disk.chapter, on_disk.game, len(on_disk.results)) != (
                self.file.chapter, self.file.game, len(self.file.results)):
            raise SaveError(str(self.path), "the campaign was changed in another window; "
                                            "open it again")

    def _write(self, file: CampaignFile) -> None:
        """Write ``file`` (its meta brought up to date) and make it this campaign's; on a
        failure (``SaveError``) the campaign stays as it was."""
        file.meta = meta_of(file)
        self.store.write(self.path, file)
        self.file = file


def meta_of(file: CampaignFile) -> dict[str, Any]:
    """What the lists show of a campaign without checking it against the content."""
    flow = campaign_flow(file.game_name)
    chapter = chapter_of(flow, progress_of(file))
    status = STATUS_WON if chapter is None else (STATUS_BATTLE if file.game else STATUS_READY)
    return {
        "title": flow.title,
        "players": [str(n) for n in file.options.get("names", [])],
        "mode": str(file.options.get("mode", "")),
        "chapters": len(flow.chapters),
        "chapter_name": chapter.name if chapter is not None else "",
        "status": status,
    }


def progress_of(file: CampaignFile) -> Progress:
    """The progress a campaign file holds."""
    return Progress(options=dict(file.options), pool=tuple(file.pool),
                         chapter=file.chapter, rewards=tuple(file.rewards),
                         campaign=file.campaign)
