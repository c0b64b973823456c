"""The key bar at the bottom of every screen."""

from __future__ import annotations

from typing import Any

from textual.screen import Screen
from textual.widgets import Footer


class KeyFooter(Footer):
    """Textual's ``Footer`` that rebuilds only when the keys it shows change.

    The stock footer recomposes on every focus move; on a table of cards that is most key
    presses, and it cost about three quarters of the time of an arrow key.
    """

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._shown: tuple[tuple[str, str, bool], ...] | None = None

    def bindings_changed(self, screen: Screen[Any]) -> None:
        if not screen.app.app_focus:
            return
        shown = tuple(
            (binding.key, binding.description, enabled)
            for (_, binding, enabled, _tooltip) in screen.active_bindings.values()
            if binding.show
        )
        if shown == self._shown:
            return
        self._shown = shown
        super().bindings_changed(screen)
