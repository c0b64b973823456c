"""A list of rows keyed by game name, as each layer keeps one (``core.games``,
``ai.registry``, ``tui.games``): looked up by name, and extendable by a game defined
outside the package (the tests' game) for as long as it needs."""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Generic, TypeVar

Row = TypeVar("Row")


class Registry(Generic[Row]):
    """Rows by game name, in the order they were added."""

    def __init__(self, what: str, rows: dict[str, Row]) -> None:
        self.what = what  # "bots or hints", for the error of a missing row
        self._rows = dict(rows)

    def __contains__(self, name: object) -> bool:
        return name in self._rows

    def __iter__(self) -> Iterator[str]:
        return iter(self._rows)

    def __getitem__(self, name: str) -> Row:
        if name not in self._rows:
            raise KeyError(f"no {self.what} for {name!r}")
        return self._rows[name]

    def rows(self) -> list[Row]:
        """Every row, in order."""
        return list(self._rows.values())

    def register(self, name: str, row: Row) -> Callable[[], None]:
        """Add (or replace) the row of ``name``; returns the function that puts it back."""
        had = name in self._rows
        before = self._rows.get(name)
        self._rows[name] = row

        def undo() -> None:
            if had:
                self._rows[name] = before  # type: ignore[assignment]
            else:
                self._rows.pop(name, None)

        return undo
