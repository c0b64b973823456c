"""The terminal app (Textual): menus, game tables, hot-seat hand-over, saves and hints."""
