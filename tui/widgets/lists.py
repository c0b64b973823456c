"""Pick lists that stop at their ends.

Textual's ``OptionList`` wraps: ↓ on the last line goes to the first. In a list of cards
that is how a player sends the wrong card away, one key after looking at the last one, so
every list of the app stops at its first and last line instead.
"""

from __future__ import annotations

from textual.widgets import OptionList


class StopList(OptionList):
    """An ``OptionList`` whose ↑ and ↓ stop at the first and last line that can be chosen."""

    def action_cursor_up(self) -> None:
        """Up to the previous line that can be chosen; none above: stay."""
        self._step(-1)

    def action_cursor_down(self) -> None:
        """Down to the next line that can be chosen; none below: stay."""
        self._step(1)

    def _step(self, direction: int) -> None:
        here = self.highlighted
        if here is None:
            (self.action_first if direction > 0 else self.action_last)()
            return
        i = here + direction
        while 0 <= i < self.option_count:
            if not self.get_option_at_index(i).disabled:
                self.highlighted = i
                return
            i += direction
