"""Which Dungeon creatures can pay a spell's component, as a pure function of the Dungeon.

Every list of legal actions asks, for each spell in hand, whether the Dungeon holds its
component; the Dungeon and the Spellbook change far less often than that, so the answer
for a whole Spellbook is kept per Dungeon.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import lru_cache

from core.firepeak.cards import BASE_POWER, CLAN_OF, N_CREATURES, SPELLS, Component
from core.firepeak.pattern import CLANS


def component_pool(dungeon: Sequence[int], wizard_clan: str, comp: Component, left: int,
                   clan_index: int) -> list[int]:
    """Creatures of ``dungeon`` that can be the next of ``left`` components still to
    discard (``clan_index`` >= 0: the clan the earlier ones fixed)."""
    clan = wizard_clan if comp.clan == "wizard" else comp.clan
    lo, hi = comp.min_power, comp.max_power
    pool = [u for u in dungeon
            if (not clan or CLAN_OF[u] == clan) and lo <= BASE_POWER[u] <= hi]
    if clan_index >= 0:
        return [u for u in pool if CLAN_OF[u] == CLANS[clan_index]]
    if comp.same_clan and left >= 2:
        counts: dict[str, int] = {}
        for u in pool:
            counts[CLAN_OF[u]] = counts.get(CLAN_OF[u], 0) + 1
        return [u for u in pool if counts[CLAN_OF[u]] >= left]
    return pool if len(pool) >= left else []


# Small, as board's caches: nearly every Dungeon and Spellbook asked again is asked within
# its turn.
@lru_cache(maxsize=128)
def payable(dungeon: tuple[int, ...], wizard_clan: str, spells: tuple[int, ...]
            ) -> tuple[int, ...]:
    """The ``spells`` whose whole component ``dungeon`` can pay, in the order given."""
    out = []
    for sp in spells:
        comp = SPELLS[sp].component
        if len(dungeon) < comp.count:
            continue
        if comp.same_clan and comp.count >= 2:
            if component_pool(dungeon, wizard_clan, comp, comp.count, -1):
                out.append(sp)
            continue
        # component_pool's test without its list: enough creatures of the Dungeon fit.
        fits = _FITS.get((sp, wizard_clan))
        if fits is None:  # a dataclass's hash is Python code: the cache is by spell uid
            fits = _FITS[sp, wizard_clan] = _fitting(comp, wizard_clan)
        if comp.count == 1:
            if not fits.isdisjoint(dungeon):
                out.append(sp)
        elif len(fits.intersection(dungeon)) >= comp.count:
            out.append(sp)
    return tuple(out)


# _fitting(SPELLS[sp].component, clan) by (sp, clan): a few hundred at most.
_FITS: dict[tuple[int, str], frozenset[int]] = {}


def _fitting(comp: Component, wizard_clan: str) -> frozenset[int]:
    """Every creature that can be one of ``comp``'s components, of a Wizard of
    ``wizard_clan``."""
    clan = wizard_clan if comp.clan == "wizard" else comp.clan
    return frozenset(u for u in range(N_CREATURES) if (not clan or CLAN_OF[u] == clan)
                     and comp.min_power <= BASE_POWER[u] <= comp.max_power)
