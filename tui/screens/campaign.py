"""A campaign between its battles: the chapters with their progress, the story of each, and
the way into the chapter to play (started, continued mid-battle, or played again after a
loss).

The screen opens on a campaign file. Reading it and looking at its chapter's battle save
happen in a worker: a battle that ended without being recorded (the app was closed on the
scores) is rebuilt and recorded there. Opened after a battle (``finished``, the table's
session), it records that battle's end first and tells how it went.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rich.text import Text
from textual import on, work
from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import Vertical, VerticalScroll
from textual.screen import Screen
from textual.widgets import Label, OptionList, Static
from textual.widgets.option_list import Option

from tui.campaign import BattleEnd, CampaignPlay
from tui.widgets.footer import KeyFooter
from tui.widgets.lists import StopList

WON_MARK, HERE_MARK, AHEAD_MARK = "✓", "▶", " "


def who_line(play: CampaignPlay) -> str:
    """``You · solo`` or ``Ana & Ben · co-op``."""
    return play.flow.who(play.progress)


def chapter_row(play: CampaignPlay, index: int, battle: str) -> Text:
    """One line of the chapter list: mark, number, name, tag (a difficulty), how it went."""
    chapter = play.flow.chapters[index]
    here = play.file.chapter
    mark = WON_MARK if index < here else HERE_MARK if index == here else AHEAD_MARK
    out = Text()
    out.append(f"{mark} ", style="bold green" if index < here else "bold #ffd54f")
    out.append(f"{index + 1}  ")
    out.append(f"{chapter.name:<26}", style="bold" if index == here else "")
    out.append(f" {chapter.tag:<10}", style="dim")
    out.append(f" {chapter_state(play, index, battle)}", style="italic")
    return out


def chapter_state(play: CampaignPlay, index: int, battle: str) -> str:
    """How chapter ``index`` stands: won (in how many rounds), under way, lost so far."""
    tries = play.attempts(index)
    lost = sum(not r.won for r in tries)
    if index < play.file.chapter:
        rounds = next((r.rounds for r in tries if r.won), 0)
        return f"won in round {rounds}" + (f" after {times(lost)} lost" if lost else "")
    if index > play.file.chapter:
        return ""
    state = battle or "ready"
    return f"{state} · lost {times(lost)}" if lost else state


def times(n: int) -> str:
    """``once``, ``twice``, ``3 times``."""
    return {1: "once", 2: "twice"}.get(n, f"{n} times")


def story(play: CampaignPlay, index: int) -> Text:
    """The story of chapter ``index`` as far as the campaign has come: told before the
    battle, and after it once won (the last one's with the campaign's conclusion); a
    chapter still ahead is not told yet."""
    flow = play.flow
    chapter = flow.chapters[index]
    here = play.file.chapter
    out = Text()
    out.append(f"Chapter {index + 1}: {chapter.name}\n", style="bold #ffd54f")
    out.append(f"{chapter.subtitle}\n\n", style="dim")
    if index > here:
        out.append("This chapter is still ahead.", style="italic")
        return out
    out.append(chapter.before + "\n")
    if index < here:
        out.append("\nVictory\n", style="bold green")
        out.append(chapter.after + "\n")
        reward = flow.reward_text(index)
        if reward:
            out.append(f"\nCarried from here on: {reward}.\n", style="green")
        conclusion = flow.conclusion()
        if conclusion and index == len(flow.chapters) - 1:
            out.append("\nThe end of the story\n", style="bold #ffd54f")
            out.append(conclusion + "\n")
        return out
    out.append("\n")
    lines = flow.briefing(play.progress)
    for i, (label, text) in enumerate(lines):
        out.append(label, style="bold")
        out.append(text + ("\n" if i < len(lines) - 1 else ""))
    lost = sum(not r.won for r in play.attempts(index))
    if lost:
        again = "with what you carry" if carries(play) else "from its own set-up"
        out.append(f"\nLost {times(lost)} so far: play it again {again}.", style="italic")
    return out


def carries(play: CampaignPlay) -> bool:
    """Whether the campaign carries anything from one chapter to the next."""
    return any(play.flow.reward_text(i) for i in range(len(play.flow.chapters)))


def ending_line(end: BattleEnd, carrying: bool = True, word: str = "battle") -> Text:
    """What the campaign says right after a battle."""
    if end.campaign_won:
        return Text(f"Victory in round {end.rounds}: the campaign is won!", style="bold green")
    if end.won:
        reward = f" Carried from here on: {end.reward}." if end.reward else ""
        return Text(f"Victory in round {end.rounds}!{reward} Enter: on to the next chapter.",
                    style="bold green")
    again = "with everything you carry" if carrying else "from its own set-up"
    return Text(f"The {word} of {end.chapter.name} is lost. Enter plays it again, {again}.",
                style="bold red")


class ChapterList(StopList):
    """The chapters: ↑↓ read their story; enter is the screen's (play)."""

    BINDINGS = [Binding("enter", "screen.play", "Play")]


class CampaignScreen(Screen[None]):
    """One campaign: its chapters, their story, and the battle to play."""

    CSS_PATH = Path(__file__).with_name("campaign.tcss")

    BINDINGS = [
        Binding("escape,q", "back", "Back"),
        Binding("pageup", "story_page(-1)", "Story up", priority=True),
        Binding("pagedown", "story_page(1)", "Story down", priority=True),
    ]

    def __init__(self, path: Path, finished: Any = None) -> None:
        super().__init__()
        self.path = Path(path)
        # The session of a battle just left (the table's): recorded when the screen opens.
        self.finished = finished
        self.play: CampaignPlay | None = None
        self.battle = ""  # how the chapter's battle stands ("under way, round 3")
        self.battle_problem = ""  # why its save cannot be played, if it cannot
        self.busy = False
        self.story_to_end = False  # the story shown ends with what is new: keep its end in view
        self.told: int | None = None  # the chapter whose story is shown

    def compose(self) -> ComposeResult:
        with Vertical(id="campaign-box"):
            yield Label("Campaign", id="campaign-title")
            yield Label(Text("Reading the campaign…", style="italic"), id="campaign-status")
            yield ChapterList(id="chapters")
            with VerticalScroll(id="story"):
                yield Static("", id="story-text")
        yield KeyFooter()

    def on_mount(self) -> None:
        # The story's text is laid out some refreshes after it is set: follow its size.
        self.watch(self.query_one("#story", VerticalScroll), "virtual_size",
                   self._story_sized, init=False)
        self.busy = True
        self._open(self.finished)
        self.finished = None

    def _story_sized(self) -> None:
        if self.story_to_end:
            self.query_one("#story", VerticalScroll).scroll_end(animate=False)

    def on_screen_resume(self) -> None:
        self.query_one("#chapters", OptionList).focus()

    # --- reading the campaign -----------------------------------------------------------------

    @work(thread=True, exclusive=True, group="campaign")
    def _open(self, finished: Any) -> None:
        """Read the campaign, record a battle that ended, and see how its battle stands."""
        from saves.format import SaveError

        try:
            play = CampaignPlay.open(self.path)
        except SaveError as exc:
            self.app.call_from_thread(self._unreadable, str(exc))
            return
        end: BattleEnd | None = None
        notes: list[str] = []
        problem = ""
        try:
            if finished is not None:
                end = play.record(finished)
            if end is None and play.file.game:
                try:
                    done = play.finished_game()
                except SaveError as exc:
                    # A battle that cannot be rebuilt cannot be played on either.
                    problem = exc.reason
                else:
                    end = play.record(done) if done is not None else None
        except SaveError as exc:  # the campaign itself could not be written
            notes.append(f"The {play.flow.game_word}'s end is not recorded yet: {exc}")
        battle = ""
        if play.file.game and not problem:
            try:
                round_no = play.battle_round()
                battle = f"under way, round {round_no}" if round_no else "under way"
            except SaveError as exc:
                problem = exc.reason
        if problem:
            battle = f"{play.flow.game_word} save unreadable"
        self.app.call_from_thread(self._show, play, end, battle, problem, notes)

    def _unreadable(self, reason: str) -> None:
        self.busy = False
        self.query_one("#campaign-status", Label).update(
            Text(f"This campaign cannot be played: {reason}", style="bold red"))
        self.query_one("#story-text", Static).update(Text(
            "The file is left as it is. Escape goes back.", style="italic"))

    def _show(self, play: CampaignPlay, end: BattleEnd | None, battle: str, problem: str,
              notes: list[str]) -> None:
        self.busy = False
        self.play, self.battle, self.battle_problem = play, battle, problem
        title = play.flow.title
        self.query_one("#campaign-title", Label).update(
            Text.assemble((title, "bold #ffd54f"), ("  " + who_line(play), "dim")))
        status = self.query_one("#campaign-status", Label)
        if end is not None:
            status.update(ending_line(end, carries(play), play.flow.game_word))
        else:
            status.update(self.standing())
        for note in notes:
            self.notify(note, severity="error", timeout=8)
        chapters = self.query_one("#chapters", OptionList)
        chapters.clear_options()
        count = len(play.flow.chapters)
        chapters.add_options(Option(chapter_row(play, i, battle), id=str(i))
                             for i in range(count))
        shown = play.file.results[-1].chapter if end is not None else min(
            play.file.chapter, count - 1)
        chapters.highlighted = shown
        self._tell(shown)
        if end is not None and end.won:
            # The story of the victory is what is new: it ends the chapter's text.
            self.story_to_end = True
            scroll = self.query_one("#story", VerticalScroll)
            self.call_after_refresh(scroll.scroll_end, animate=False)
        chapters.focus()

    def standing(self) -> Text:
        """The status line: where the campaign stands and what enter does."""
        play = self.play
        assert play is not None
        if play.won:
            return Text("The campaign is won! Every chapter's story stays here to read.",
                        style="bold green")
        chapter = play.file.chapter
        if self.battle_problem:
            return Text(f"The {play.flow.game_word}'s save cannot be read ({self.battle_problem}). "
                        "Enter starts the chapter again; the file is kept.", style="red")
        if play.file.game:
            return Text(f"Chapter {chapter + 1} is {self.battle}. Enter continues the "
                        f"{play.flow.game_word}.")
        return Text(f"Chapter {chapter + 1} awaits. Enter starts the {play.flow.game_word}.")

    @on(OptionList.OptionHighlighted, "#chapters")
    def _highlighted(self, event: OptionList.OptionHighlighted) -> None:
        # The list echoes the highlight _show sets after that chapter is told (and its
        # victory scrolled into view): only a move to another chapter tells a story, or
        # the echo would scroll the victory back out of view.
        if event.option_id is not None and int(event.option_id) != self.told:
            self._tell(int(event.option_id))

    def _tell(self, index: int) -> None:
        if self.play is None:
            return
        self.told = index
        self.story_to_end = False
        self.query_one("#story-text", Static).update(story(self.play, index))
        self.query_one("#story", VerticalScroll).scroll_home(animate=False)

    # --- playing ------------------------------------------------------------------------------

    @on(OptionList.OptionSelected, "#chapters")
    def _selected(self, event: OptionList.OptionSelected) -> None:
        # A click: on the chapter to play, plays it; on another, its story is shown already.
        event.stop()
        if self.play is not None and event.option_index == self.play.file.chapter:
            self.action_play()

    def action_play(self) -> None:
        """On the chapter to play: start or continue its battle; on another: go to it."""
        play = self.play
        if play is None or self.busy:
            return
        chapters = self.query_one("#chapters", OptionList)
        here = play.file.chapter
        if play.won:
            self.notify(f"The campaign is won: there is no {play.flow.game_word} left to play.")
            return
        if chapters.highlighted != here:
            chapters.highlighted = here
            self.query_one("#campaign-status", Label).update(self.standing())
            return
        self.busy = True
        self.query_one("#campaign-status", Label).update(
            Text(f"Opening the {play.flow.game_word}…", style="italic"))
        resume = bool(play.file.game) and not self.battle_problem
        self._enter(play, resume, False)

    @work(thread=True, exclusive=True, group="campaign")
    def _enter(self, play: CampaignPlay, resume: bool, read_only: bool) -> None:
        """Start the chapter's battle, or open its save (locked, like Continue)."""
        from saves.format import SaveError
        from saves.lock import SaveLocked

        try:
            if resume:
                session, message = play.resume_chapter(read_only=read_only)
            else:
                session, message = play.start_chapter(), ""
        except SaveLocked as exc:
            self.app.call_from_thread(self._locked, exc)
        except SaveError as exc:
            if resume:
                self.app.call_from_thread(self._unplayable, exc.reason)
            else:
                self.app.call_from_thread(self._refused, str(exc))
        except (KeyError, ValueError) as exc:
            self.app.call_from_thread(self._refused,
                                      f"the {play.flow.game_word} cannot start: {exc}")
        else:
            self.app.call_from_thread(self._battle, session, message)

    def _battle(self, session: Any, message: str) -> None:
        self.busy = False
        if not self.is_attached:
            session.close()
            return
        path = self.path
        session.sequel = lambda s: CampaignScreen(path, finished=s)
        start = getattr(self.app, "start_game", None)
        if start is None:
            session.close()
            return
        start(session, message)

    def _refused(self, reason: str) -> None:
        self.busy = False
        self.query_one("#campaign-status", Label).update(Text(reason, style="bold red"))
        self.notify(reason, title="Cannot play", severity="error")

    def _unplayable(self, reason: str) -> None:
        """The battle's save would not open: say why; enter now starts the chapter again."""
        self.busy = False
        self.battle_problem = reason
        self.query_one("#campaign-status", Label).update(self.standing())
        self.notify(reason, title="Cannot continue the battle", severity="error")

    def _locked(self, exc: Any) -> None:
        """Another window has this battle: look at it read-only, or go back."""
        from tui.screens.dialogs import ChoiceScreen

        self.busy = False
        if self.play is not None:
            self.query_one("#campaign-status", Label).update(self.standing())

        def chosen(answer: int | None) -> None:
            if answer == 0 and self.play is not None:
                self.busy = True
                self._enter(self.play, True, True)

        self.app.push_screen(ChoiceScreen(
            f"{exc.reason[:1].upper()}{exc.reason[1:]}.", ["Look at it read-only"],
            cancel_label="back"), chosen)

    # --- keys -------------------------------------------------------------------------------

    def action_story_page(self, direction: int) -> None:
        """Page the story up or down."""
        scroll = self.query_one("#story", VerticalScroll)
        if direction < 0:
            scroll.scroll_page_up()
        else:
            scroll.scroll_page_down()

    def action_back(self) -> None:
        """Back to where the campaign was opened from (the menu, after a battle)."""
        self.dismiss(None)
