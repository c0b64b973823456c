"""The options of a game against the Villains, checked before a game starts.

Besides the common ones (players, mode, scenario, draft, turn_limit, seats, names):

* ``difficulty``: ``standard`` / ``hard`` / ``nightmare`` (0 / 4 / 8 Schemes put in the
  discard pile at set-up);
* ``ties``: ``ask`` (a tie in the Villains' procedure is a decision for the hero seat at the
  keyboard) or ``auto`` (the first plan by the stable rule, ``villain.Plan``);
* what a campaign chapter passes (DESIGN.md, "Campaign"): ``heroes`` (a fixed hero roster:
  one list of champion ids per hero seat, a joined champion among them), ``first_power``
  (Power added on the heroes' first turn), ``treasures`` (Treasures drawn from the bag by
  each hero at the start), ``removed_schemes`` (Scheme ids out of the deck) and ``chapter``
  (a chapter id whose Surge rule replaces the scenario's, "" for none).
"""

from __future__ import annotations

from typing import Any

from core.tactics.scenarios import CHAMPION_IDS, ScenarioDef
from core.tactics.villain_state import TIES, hero_count
from core.tactics.villains import DIFFICULTIES, campaign, scheme_defs, villain_by_id

MAX_FIRST_POWER = 10
MAX_START_TREASURES = 3


def normalize(options: dict[str, Any], sc: ScenarioDef, mode: str,
              players: int) -> dict[str, Any]:
    """The Villain options of ``options``, defaults filled in and every one checked
    (ValueError naming the option)."""
    difficulty = str(options.get("difficulty", "standard"))
    if difficulty not in DIFFICULTIES:
        raise ValueError(f"unknown difficulty {difficulty!r}; known: {', '.join(DIFFICULTIES)}")
    ties = str(options.get("ties", "ask"))
    if ties not in TIES:
        raise ValueError(f"ties is one of {', '.join(TIES)}, not {ties!r}")
    heroes = _heroes(options.get("heroes"), sc, hero_count(mode, players))
    first_power = int(options.get("first_power", 0))
    if not 0 <= first_power <= MAX_FIRST_POWER:
        raise ValueError(f"first_power must be 0 to {MAX_FIRST_POWER}")
    treasures = int(options.get("treasures", 0))
    if not 0 <= treasures <= MAX_START_TREASURES:
        raise ValueError(f"treasures must be 0 to {MAX_START_TREASURES}")
    known = {d.id for d in scheme_defs()}
    removed = [str(x) for x in options.get("removed_schemes", [])]
    for sid in removed:
        if sid not in known:
            raise ValueError(f"removed_schemes: no Scheme {sid!r}")
    if len(set(removed)) != len(removed):
        raise ValueError("removed_schemes names a Scheme twice")
    chapter = str(options.get("chapter", ""))
    if chapter and chapter not in {c.id for c in campaign().chapters}:
        raise ValueError(f"unknown campaign chapter {chapter!r}")
    return {"difficulty": difficulty, "ties": ties, "heroes": heroes,
            "first_power": first_power, "treasures": treasures,
            "removed_schemes": sorted(removed), "chapter": chapter}


def _heroes(given: Any, sc: ScenarioDef, count: int) -> list[list[str]]:
    """A fixed hero roster: one list of distinct champion ids per hero seat, none of them a
    Villain of the scenario's fixed roster ([] = the suggested rosters or the draft)."""
    if not given:
        return []
    rosters = [[str(x) for x in r] for r in given]
    if len(rosters) != count or any(not r for r in rosters):
        raise ValueError(f"heroes: one non-empty roster per hero seat ({count})")
    ids = [x for r in rosters for x in r]
    if len(set(ids)) != len(ids):
        raise ValueError("heroes: a champion is named twice")
    villains = villain_by_id()
    for cid in ids:
        if cid not in CHAMPION_IDS:
            raise ValueError(f"heroes: unknown starting champion {cid!r}")
        if cid in sc.villains:
            raise ValueError(f"heroes: {villains[cid].name} is a Villain of this scenario")
    return rosters


__all__ = ["normalize"]
