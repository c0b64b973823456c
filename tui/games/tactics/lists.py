"""Opening the Tactics pick lists over the table: a list of ``Entry`` lines in a
``ChoiceScreen``, the map following the highlighted line (its hex under the cursor, the
route it takes drawn, the hexes every line is about tinted: + where a unit goes, × what is
hit), and what happens once a line is chosen or the list is put aside.

The lines themselves are ``menus.PickLists``'; these functions work the screen's widgets.
"""

from __future__ import annotations

from collections.abc import Callable

from rich.text import Text

import core.tactics as T
from core.contract import Action
from core.tactics.words import question
from core.words import plain
from tui.games.tactics.drawing import TacticsTable
from tui.games.tactics.menus import Entry, entry_marks
from tui.screens.dialogs import ChoiceScreen
from tui.screens.table import find_hint

CROSS = "✗"


def open_list(table: TacticsTable, title: str, entries: list[Entry],
              done: Callable[[Action | None], None], cancel: str = "cancel",
              advise: Callable[[], tuple[int, str] | None] | None = None) -> None:
    """A pick list of ``entries``; greyed ones carry their reason. The map cursor follows
    the highlighted entry and the entries' hexes are tinted while the list is open."""
    labels: list[Text] = []
    for e in entries:
        label = e.label.copy()
        if e.action is None and e.reason:
            label.append(f"  {CROSS} {e.reason}", style="#ff8a65")
        labels.append(label)
    reach, targets = entry_marks(table.table_view(), table.table_seat(), entries)
    table.dialog_marks = (reach, targets) if reach or targets else None
    if table.dialog_marks is not None:
        table.hexmap.highlight(reach, targets)

    def highlighted(index: int) -> None:
        if not (0 <= index < len(entries) and table.is_attached):
            return
        if entries[index].path:  # each route is drawn in turn as the list walks over it
            table.route = entries[index].path
            table.hexmap.show_route(table.route)
        if entries[index].cell >= 0:
            table.hexmap.set_cursor(entries[index].cell)
            table._draw_detail()

    def closed(index: int | None) -> None:
        table.modal_open = False
        table.dialog_marks = None
        table.route = ()
        picked = entries[index].action if index is not None else None
        done(picked)
        if table.is_attached:
            table.refresh_table()
            table._focus_default()

    table.modal_open = True
    table.app.push_screen(
        ChoiceScreen(title, labels, [e.detail for e in entries], cancel, advise=advise,
                     disabled=[e.action is None for e in entries],
                     on_highlight=highlighted, compact=True), closed)


def offer(table: TacticsTable, title: str, entries: list[Entry]) -> None:
    """Open the list, or when nothing in it can be taken for one shared reason, say so."""
    if not entries:
        return
    reasons = {e.reason for e in entries if e.action is None}
    if all(e.action is None for e in entries) and len(reasons) == 1:
        table.refuse(reasons.pop() or "nothing can be done now")
        return
    table.last_message = ""

    def picked(action: Action | None) -> None:
        if action is not None:
            table.do(action)
        table.advance()

    open_list(table, title, entries, picked)


def ask_decision(table: TacticsTable) -> None:
    """Open the pending choice of the player at the keyboard (escape puts it aside: enter or
    any action key asks again)."""
    if table.viewer is None or table.modal_open:
        return
    lists = table.pick_lists()
    d = lists.v.pending
    if d is None or d.seat != table.viewer:
        return
    entries = lists.decision()
    step = len(table.session.actions)
    actions = [e.action for e in entries]

    def advise() -> tuple[int, str] | None:
        result = find_hint("tactics", lists.v, lists.legal, T.describe)
        if result is None or result[0] not in actions:
            return None
        return actions.index(result[0]), result[1]

    def done(action: Action | None) -> None:
        if action is None:
            table.deferred = step
            return
        table.do(action)
        table.advance()

    open_list(table, plain(question(lists.v, d)), entries, done, cancel="look at the map",
              advise=advise)


__all__ = ["ask_decision", "offer", "open_list"]
