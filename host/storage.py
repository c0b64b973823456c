"""Where the table service keeps its tables: one small interface, one class per place.

A table is kept as an ordinary save (``saves.format.SaveFile``: options, seed, every action,
a snapshot) whose meta also says who sits where; the service writes it after every action
and reads every table back when the host starts. ``FileTables`` keeps them as save files
in the host's data folder; keeping them in PostgreSQL is one more class with these three
methods (see ``host/DESIGN.md``).
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Protocol

from saves.format import SaveError, SaveFile
from saves.store import SUFFIX, SaveStore

TABLE_ID = re.compile(r"[0-9]{1,9}\Z")


class TableStorage(Protocol):
    """The tables of one host, by id."""

    def put(self, table_id: str, save: SaveFile) -> None:
        """Keep ``save`` as the table's latest state (atomically: all of it or none);
        SaveError when it cannot be kept."""
        ...

    def all(self) -> list[tuple[str, SaveFile | SaveError]]:
        """Every table kept, by id; one that cannot be read comes with its reason."""
        ...

    def remove(self, table_id: str) -> None:
        """Forget a table (a finished one the host no longer lists)."""
        ...


class FileTables:
    """Tables as save files ``table-ID.ascend`` in one folder (atomic writes, checked
    reads: ``saves.store.SaveStore``)."""

    def __init__(self, directory: Path) -> None:
        self.store = SaveStore(Path(directory))

    def path(self, table_id: str) -> Path:
        """The file of table ``table_id``."""
        if not TABLE_ID.match(table_id):
            raise SaveError(table_id, "not a table id")
        return self.store.directory / f"table-{table_id}{SUFFIX}"

    def put(self, table_id: str, save: SaveFile) -> None:
        self.store.write(self.path(table_id), save)

    def all(self) -> list[tuple[str, SaveFile | SaveError]]:
        out: list[tuple[str, SaveFile | SaveError]] = []
        self.store.directory.mkdir(parents=True, exist_ok=True)
        self.store.clean_stale_temps()
        for path in sorted(self.store.directory.glob(f"table-*{SUFFIX}")):
            table_id = path.name[len("table-"):-len(SUFFIX)]
            if not TABLE_ID.match(table_id):
                continue
            try:
                out.append((table_id, self.store.load(path)))
            except SaveError as exc:
                out.append((table_id, exc))
        return out

    def remove(self, table_id: str) -> None:
        self.store.delete(self.path(table_id))
