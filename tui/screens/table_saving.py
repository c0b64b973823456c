"""Saving a table and leaving it: save now, save and leave, and what to do with a game that
could not be saved on the way out (try again, another folder, leave without saving after a
second question, or stay). The table screen calls these with itself."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from tui.screens.table import TableScreen

Then = Callable[[], None] | None


def save_now(table: TableScreen) -> None:
    """Save the game now and say where (the file's name only: the folder is the usual one,
    and a long path would wrap the notice)."""
    from saves.format import SaveError

    try:
        path = table.session.save()
    except SaveError as exc:
        table.notify(str(exc), title="Save failed", severity="error")
        return
    table.notify(f"Saved to {path.name}", timeout=3)


def leave(table: TableScreen, then: Then = None) -> None:
    """Save and go back to the main menu (or do ``then``). A save that fails keeps the
    player at the table with the reason and the ways out."""
    from saves.format import SaveError

    # Stop the workers first, so no bot move lands in the save after it is written.
    table.workers.cancel_group(table, "bots")
    table.workers.cancel_group(table, "hint")
    if not table.session.read_only:
        try:
            table.session.save()
        except SaveError as exc:
            rescue(table, str(exc), then)
            return
    gone(table, then)


def gone(table: TableScreen, then: Then) -> None:
    """Done with the table: give back the save's lock, then ``then`` or the menu."""
    table.session.close()
    if then is not None:
        then()
    else:
        table.after_game()


def rescue(table: TableScreen, reason: str, then: Then) -> None:
    """Ask what to do with a game that could not be saved on the way out."""
    from tui.screens.dialogs import ChoiceScreen

    # A confined app (the SSH host's) saves only in its player's own folder.
    elsewhere = not getattr(table.app, "confined", False)
    ways = ["Try again", *(["Save in another folder…"] if elsewhere else []),
            "Leave without saving", "Stay at the table"]

    def chosen(answer: int | None) -> None:
        table.modal_open = False
        if answer is not None and not elsewhere and answer >= 1:
            answer += 1  # the list has no "another folder" line
        if answer == 0:
            leave(table, then)
        elif answer == 1:
            save_elsewhere(table, then)
        elif answer == 2:
            leave_unsaved(table, reason, then)
        else:
            table.notify("The game is not saved yet: s saves, q tries again.",
                         severity="warning")

    table.modal_open = True
    table.app.push_screen(
        ChoiceScreen(f"The game could not be saved. {reason}", ways,
                     cancel_label="stay at the table"), chosen)


def save_elsewhere(table: TableScreen, then: Then) -> None:
    """Ask for a folder and save there; leave once it is saved."""
    from saves.format import SaveError
    from tui.screens.dialogs import AskTextScreen

    def folder(answer: str | None) -> None:
        table.modal_open = False
        if answer is None:
            leave(table, then)
            return
        try:
            path = table.session.save(Path(answer).expanduser())
        except SaveError as exc:
            rescue(table, str(exc), then)
            return
        table.app.notify(f"Saved to {path}")
        gone(table, then)

    table.modal_open = True
    table.app.push_screen(AskTextScreen("Save the game in which folder?",
                                        str(Path.home() / "ascend-saves")), folder)


def leave_unsaved(table: TableScreen, reason: str, then: Then) -> None:
    """Leave without saving, once the player says so a second time."""
    from tui.screens.dialogs import ConfirmScreen

    def sure(yes: bool | None) -> None:
        table.modal_open = False
        if yes:
            gone(table, then)
        else:
            rescue(table, reason, then)

    table.modal_open = True
    table.app.push_screen(ConfirmScreen("Leave without saving? Every move since the last "
                                        "save is lost."), sure)
