"""The key bar at the bottom of every screen."""

from __future__ import annotations

from typing import Any

from textual.screen import Screen
from textual.widgets import Footer

PALETTE_CELLS = 13  # "▏^p palette" and its padding


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
        # The palette's key (ctrl+p) is shown where it does not push the screen's own keys
        # off the line: a table at 80 columns needs all of them.
        first: dict[str, Any] = {}  # the footer shows one key per action
        for (_, binding, _enabled, _tooltip) in screen.active_bindings.values():
            if binding.show:
                first.setdefault(binding.action, binding)
        keys = sum(len(screen.app.get_key_display(binding)) + len(binding.description) + 3
                   for binding in first.values())
        palette = keys + PALETTE_CELLS <= screen.app.size.width
        if shown == self._shown and palette == self.show_command_palette:
            return
        self._shown = shown
        self.set_reactive(Footer.show_command_palette, palette)
        super().bindings_changed(screen)

    def on_resize(self) -> None:
        if self.is_attached:
            self.bindings_changed(self.screen)
