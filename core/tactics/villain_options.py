"""The options of a game against the Villains, checked before a game starts.

Besides the common ones (players, mode, scenario, draft, turn_limit, seats, names):

* ``difficulty``: ``standard`` / ``hard`` / ``nightmare`` (0 / 4 / 8 Schemes put in the
  discard pile at set-up);
* ``boss``: ``random`` (the Boss drawn at set-up, as the rulebook says) or a Boss's id, on a
  scenario whose Villain roster is drawn at random (a fixed roster already names its Boss);
  the chosen Boss's namesake champion is then out of the hero rosters and the draft;
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
from core.tactics.villains import (
    DIFFICULTIES,
    campaign,
    scheme_defs,
    villain_by_id,
    villain_defs,
)

RANDOM_BOSS = "random"
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
    boss = _boss(options.get("boss", RANDOM_BOSS), sc, heroes or _suggested(sc, mode, players),
                 bool(options.get("draft", False)) and not heroes)
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
    return {"difficulty": difficulty, "boss": boss, "ties": ties, "heroes": heroes,
            "first_power": first_power, "treasures": treasures,
            "removed_schemes": sorted(removed), "chapter": chapter}


def boss_ids() -> list[str]:
    """The ids of the Bosses that may be chosen, in the content file's order."""
    return [d.id for d in villain_defs() if d.boss]


def _boss(given: Any, sc: ScenarioDef, rosters: list[list[str]], draft: bool) -> str:
    """``random`` or the id of the Boss chosen to lead a randomly drawn Villain roster."""
    boss = str(given)
    if boss == RANDOM_BOSS:
        return boss
    villains = villain_by_id()
    if sc.villains:
        raise ValueError(f"{sc.name} has a fixed Villain roster led by "
                         f"{villains[sc.villains[0]].name}: its Boss cannot be chosen")
    if boss in villains and boss not in boss_ids():
        raise ValueError(f"{villains[boss].name} is a Villain but not a Boss; Bosses: "
                         f"{', '.join(boss_ids())}")
    if boss not in boss_ids():
        raise ValueError(f"unknown Boss {boss!r}; known: {RANDOM_BOSS}, {', '.join(boss_ids())}")
    if not draft and any(boss in r for r in rosters):
        raise ValueError(f"{villains[boss].name} is in a hero roster, so cannot be the Boss")
    return boss


def _suggested(sc: ScenarioDef, mode: str, players: int) -> list[list[str]]:
    kind = "solo" if hero_count(mode, players) == 1 else "coop"
    return [list(r) for r in sc.hero_rosters.get(kind, ())]


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


__all__ = ["RANDOM_BOSS", "boss_ids", "normalize"]
