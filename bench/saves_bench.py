"""Save and load time and file size for a whole game of Ascension.

    python -m bench.saves_bench

Target (issue 2): save and load each <= 20 ms. Loading includes the full replay check.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path

import core.ascension as A
from core.rng import Rng
from saves.loader import load_game, make_save
from saves.store import SaveStore


def _finished_game(seed: int) -> tuple[A.State, list, list[int]]:
    s = A.new_game({"players": 2}, seed)
    rng = Rng.stream(seed, "bench")
    actions, sums = [], []
    while not s.over:
        a = rng.choice(A.legal_actions(s))
        A.apply(s, a)
        actions.append(a)
        sums.append(A.checksum(s))
    return s, actions, sums


def main() -> None:
    s, actions, sums = _finished_game(2026)
    save = make_save("ascension", s.options, 2026, actions, sums, A.snapshot(s),
                     {"players": list(s.options["names"]), "turn": sum(s.turns_taken)})
    with tempfile.TemporaryDirectory() as tmp:
        store = SaveStore(Path(tmp))
        path = store.new_path("ascension")
        save_ms, load_ms = [], []
        for _ in range(30):
            t0 = time.perf_counter()
            store.write(path, save)
            save_ms.append(1000 * (time.perf_counter() - t0))
            t0 = time.perf_counter()
            loaded = store.load(path)
            state, how = load_game(loaded, str(path))
            load_ms.append(1000 * (time.perf_counter() - t0))
        assert A.checksum(state) == A.checksum(s)
        size = path.stat().st_size
    print(f"a finished 2-player game: {len(actions)} actions, file {size / 1024:.1f} KiB")
    print(f"  save  median {statistics.median(save_ms):6.2f} ms  max {max(save_ms):6.2f} ms"
          "   (target <= 20 ms, includes fsync)")
    print(f"  load  median {statistics.median(load_ms):6.2f} ms  max {max(load_ms):6.2f} ms"
          f"   (target <= 20 ms; {how})")


if __name__ == "__main__":
    main()
