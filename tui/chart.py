"""Small text charts: a score over the turns as a row of block characters per player.

Blocks, not colour, carry the shape, so the chart reads the same with ``NO_COLOR`` and in a
16-colour terminal; every row shares one scale, so rows compare at a glance.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

BLOCKS = " ▁▂▃▄▅▆▇█"
STEPS = len(BLOCKS) - 1


def fit(values: Sequence[int], width: int) -> list[int]:
    """``values`` fitted to at most ``width`` columns: a short game's turns each take the
    same number of columns; a long game's are squeezed, each column keeping the last value
    of the turns it stands for (where the score stood when they were over)."""
    if width <= 0 or not values:
        return []
    if len(values) <= width:
        return [v for v in values for _ in range(width // len(values))]
    return [values[min(len(values) - 1, (col + 1) * len(values) // width - 1)]
            for col in range(width)]


def bars(values: Sequence[int], low: int, high: int, height: int = 1) -> list[str]:
    """The rows (top first) of a bar chart of ``values`` between ``low`` and ``high``, each
    ``height`` rows tall; a value above ``low`` always shows at least its lowest block."""
    span = max(1, high - low)
    levels = []
    for v in values:
        level = round((min(max(v, low), high) - low) * height * STEPS / span)
        levels.append(max(level, 1) if v > low else 0)
    rows = []
    for row in range(height - 1, -1, -1):
        rows.append("".join(BLOCKS[min(STEPS, max(0, level - row * STEPS))]
                            for level in levels))
    return rows


def score_chart(names: Sequence[str], series: Sequence[Sequence[int]], width: int,
                height: int = 1, styles: Sequence[str] = ()) -> Text:
    """One chart row (or ``height`` rows) per player: name, bars over its turns, last score;
    every row on the same scale, from the lowest score seen to the highest."""
    out = Text()
    if not series or not any(series):
        return out
    # Whole names where the chart is wide (a team's two names), else cut.
    name_width = min(max(16, width // 3), max(len(n) for n in names)) + 1
    last_width = max(len(str(row[-1])) for row in series if row) + 1
    room = max(4, width - name_width - last_width)
    low = min(0, *(min(row) for row in series if row))
    high = max(1, *(max(row) for row in series if row))
    for seat, row in enumerate(series):
        style = styles[seat] if seat < len(styles) else ""
        lines = bars(fit(row, room), low, high, height)
        for i, line in enumerate(lines):
            if out:
                out.append("\n")
            label = names[seat][:name_width - 1] if i == len(lines) - 1 else ""
            out.append(label.ljust(name_width))
            out.append(line.ljust(room), style=style)
            if i == len(lines) - 1:
                out.append(str(row[-1] if row else "").rjust(last_width), style="bold")
    return out


__all__ = ["bars", "fit", "score_chart"]
