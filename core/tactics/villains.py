"""Villains, Schemes and the campaign of the solo, co-op and Become the Boss modes, read from
``content/villains.toml``, ``schemes.toml`` and ``campaign.toml`` (DESIGN.md, "Villains").

Every file is checked strictly when it is read, through ``core.content``: a wrong field raises
``ContentError`` naming the file, the entry and the field. References across files are checked
too: a Villain's id names a champion (its namesake, whose name and faction it takes); a Boss
has Defense 4 or more on both faces and a Surge; every operation is one of the Villain
vocabulary's (``core.tactics.villain_ops``) with valid fields; a scenario's fixed Villain
roster names Villains, the Boss first; a chapter's scenario exists and is played solo; a
reward names a champion or a Scheme that exists, and no champion of the campaign is also a
Villain it must fight.

Each cached accessor takes the content directory (default: the package's ``content``) so
tests can load broken copies; the ``load_*`` functions read one file and are not cached.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from core.content import ContentError, Fields, content_dir, label, read
from core.tactics import cards
from core.tactics.cards import DEFAULT_SPEED, KEYWORDS, CardDef, Op
from core.tactics.scenarios import CHAMPION_IDS, HONOR_SUPPLY, ScenarioDef, scenarios
from core.tactics.scenarios import CONTENT as SCENARIOS_CONTENT
from core.tactics.villain_ops import Context, read_ops

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

    from core.content import Source

__all__ = [
    "DIFFICULTIES",
    "REWARD_KINDS",
    "CampaignDef",
    "ChapterDef",
    "Reward",
    "SchemeDef",
    "VillainDef",
    "VillainFace",
    "campaign",
    "fixed_roster",
    "load_campaign",
    "load_schemes",
    "load_villains",
    "scheme_defs",
    "villain_by_id",
    "villain_defs",
]

CONTENT_DIR = content_dir("core.tactics")
VILLAINS_FILE = "villains.toml"
SCHEMES_FILE = "schemes.toml"
CAMPAIGN_FILE = "campaign.toml"

# Difficulty -> Schemes put in the discard pile at set-up (the rulebook's three presets).
DIFFICULTIES: dict[str, int] = {"standard": 0, "hard": 4, "nightmare": 8}
BOSS_MIN_DEFENSE = 4  # what makes a Villain able to lead, with a Surge
REWARD_KINDS = ("champion", "power", "treasure", "scheme")


@dataclass(frozen=True, slots=True)
class VillainFace:
    """One side of a Villain card: solo mode uses one, co-op and Become the Boss the other."""

    strength: int
    defense: int
    speed: int
    keywords: frozenset[str]
    honor: int  # what the heroes gain for defeating it
    text: str
    slay: tuple[Op, ...] = ()
    surge: tuple[Op, ...] = ()  # a Boss's only


@dataclass(frozen=True, slots=True)
class VillainDef:
    """A Villain: a champion gone bad, so ``id``, ``name`` and ``faction`` are its namesake's."""

    id: str
    name: str
    faction: str
    boss: bool
    solo: VillainFace
    coop: VillainFace

    def face(self, mode: str) -> VillainFace:
        """The face a game in ``mode`` uses: ``solo``, or the co-op face for ``coop``/``boss``."""
        if mode == "solo":
            return self.solo
        if mode in ("coop", "boss"):
            return self.coop
        raise ValueError(f"Villains are not played in mode {mode!r}")


@dataclass(frozen=True, slots=True)
class SchemeDef:
    """A Scheme card: its effect, then its bonus when the discard holds ``threat`` or more."""

    id: str
    name: str
    effect: tuple[Op, ...]
    text: str
    threat: int
    bonus: tuple[Op, ...]
    bonus_text: str


@dataclass(frozen=True, slots=True)
class Reward:
    """What winning a chapter carries into every later one: a ``champion`` joins, +1 ``power``
    on the first turn, a ``treasure`` at the start, or a ``scheme`` is taken out of the deck."""

    kind: str
    champion: str = ""
    scheme: str = ""


@dataclass(frozen=True, slots=True)
class ChapterDef:
    """One battle of the campaign. ``surge`` is None to keep the scenario's own Surge rule."""

    id: str
    name: str
    scenario: str
    difficulty: str
    before: str
    after: str
    surge: tuple[Op, ...] | None = None
    reward: Reward | None = None  # None on the last chapter only
    # How much more Honor the heroes need here than the scenario asks, in any mode: a
    # chapter met with the rewards of the ones before it can be made as hard as its place.
    extra_honor: int = 0


@dataclass(frozen=True, slots=True)
class CampaignDef:
    """The campaign: the champion pool the player picks ``picks`` from, then the chapters."""

    id: str
    name: str
    text: str
    pool: tuple[str, ...]
    picks: int
    chapters: tuple[ChapterDef, ...]


def _folded(f: Fields, key: str) -> str:
    """Text that may span lines in the file, as one line."""
    return " ".join(f.text(key, blank=False).split())


# --- villains.toml ------------------------------------------------------------------------------

_VILLAIN_FIELDS = ("id", "boss", "solo", "coop")
_FACE_FIELDS = ("strength", "defense", "speed", "keywords", "honor", "slay", "surge", "text")


def load_villains(source: Traversable,
                  champions: Mapping[str, CardDef] | None = None) -> tuple[VillainDef, ...]:
    """Every ``[[villain]]`` of a file, in file order; ``champions`` (default: the shipped
    cards) are the namesakes a Villain's id must name."""
    known = cards.by_id() if champions is None else champions
    return tuple(_villain(f, known) for f in read(source, ("villain",)).entries("villain"))


def _villain(f: Fields, champions: Mapping[str, CardDef]) -> VillainDef:
    f.only(_VILLAIN_FIELDS, "for a Villain")
    vid = f.identifier("id")
    namesake = champions.get(vid)
    if namesake is None or namesake.kind != "champion":
        raise f.fail("id", f'no champion "{vid}" to name this Villain after (a Villain\'s id is '
                           "its namesake champion's)")
    if namesake.figures != 1:
        raise f.fail("id", f"{namesake.name} is {namesake.figures} figures; a Villain is one")
    boss = f.flag("boss", False)
    solo_f, coop_f = f.table("solo"), f.table("coop")
    solo, coop = _face(solo_f, boss), _face(coop_f, boss)
    _stronger(coop_f, solo, coop)
    return VillainDef(id=vid, name=namesake.name, faction=namesake.faction, boss=boss,
                      solo=solo, coop=coop)


def _face(f: Fields, boss: bool) -> VillainFace:
    f.only(_FACE_FIELDS, "for a Villain's face")
    face = VillainFace(
        strength=f.integer("strength", lo=0),
        defense=f.integer("defense", lo=1),
        speed=f.integer("speed", DEFAULT_SPEED, lo=1),
        keywords=frozenset(f.strings("keywords", (), options=KEYWORDS)),
        honor=f.integer("honor", lo=1),
        text=_folded(f, "text"),
        slay=read_ops(f, "slay", Context.SLAY),
        surge=read_ops(f, "surge", Context.SURGE),
    )
    if boss and face.defense < BOSS_MIN_DEFENSE:
        raise f.fail("defense", f"a Boss needs Defense {BOSS_MIN_DEFENSE} or more, not "
                                f"{face.defense}")
    if boss and not face.surge:
        raise f.fail("surge", "a Boss needs a Surge: a list of operations")
    if not boss and "surge" in f:
        raise f.fail("surge", "only a Boss (boss = true) has a Surge")
    return face


# An Area Attack hits every hero unit around its target, and two heroes' champions crowd the
# same shrines: against them it bites about twice as hard, so a co-op face may give it up.
# Self-play showed it (core/tactics/BALANCE.md, the Starlit Archon in co-op).
COOP_MAY_DROP = frozenset({"area"})


def _stronger(f: Fields, solo: VillainFace, coop: VillainFace) -> None:
    """The co-op face (read through ``f``) is made for two heroes: never weaker than solo."""
    for stat in ("strength", "defense", "speed", "honor"):
        if getattr(coop, stat) < getattr(solo, stat):
            raise f.fail(stat, f"the co-op face cannot have less {stat} than the solo face "
                               f"({getattr(coop, stat)} < {getattr(solo, stat)})")
    lost_keywords = solo.keywords - coop.keywords - COOP_MAY_DROP
    if lost_keywords:
        lost = sorted(lost_keywords)
        raise f.fail("keywords", f'the co-op face keeps the solo face\'s "{lost[0]}"')
    if coop.strength + coop.defense <= solo.strength + solo.defense:
        raise f.fail("", "the co-op face must be stronger than the solo face "
                         "(more Strength + Defense)")


# --- schemes.toml -------------------------------------------------------------------------------

_SCHEME_FIELDS = ("id", "name", "effect", "text", "threat", "bonus", "bonus_text")


def load_schemes(source: Traversable) -> tuple[SchemeDef, ...]:
    """Every ``[[scheme]]`` of a file, in file order (the deck, unshuffled)."""
    return tuple(_scheme(f) for f in read(source, ("scheme",)).entries("scheme"))


def _scheme(f: Fields) -> SchemeDef:
    f.only(_SCHEME_FIELDS, "for a Scheme")
    sid = f.identifier("id")
    name = f.text("name", blank=False)
    effect = _required_ops(f, "effect")
    bonus = _required_ops(f, "bonus")
    return SchemeDef(id=sid, name=name, effect=effect, text=_folded(f, "text"),
                     threat=f.integer("threat", lo=1), bonus=bonus,
                     bonus_text=_folded(f, "bonus_text"))


def _required_ops(f: Fields, key: str) -> tuple[Op, ...]:
    if key not in f:
        raise f.missing(key, "a list of operations")
    ops = read_ops(f, key, Context.SCHEME)
    if not ops:
        raise f.fail(key, "must hold at least one operation")
    return ops


# --- a scenario's fixed Villain roster ----------------------------------------------------------

def fixed_roster(sc: ScenarioDef, by_id: Mapping[str, VillainDef] | None = None,
                 file: str = SCENARIOS_CONTENT.name) -> tuple[VillainDef, ...]:
    """The Villains scenario ``sc`` fixes, the Boss first (empty: drawn at random at set-up);
    ``ContentError`` naming ``file``, the scenario and "villains" when one does not exist or
    the Boss is not first."""
    known = villain_by_id() if by_id is None else by_id
    out = []
    for i, vid in enumerate(sc.villains):
        v = known.get(vid)
        where = label("scenario", sc.id)
        if v is None:
            raise ContentError(file, where, "villains", f'no Villain "{vid}" in {VILLAINS_FILE}')
        if v.boss != (i == 0):
            problem = (f'the first Villain leads: "{vid}" is not a Boss' if i == 0 else
                       f'only the first Villain is the Boss, and "{vid}" is one')
            raise ContentError(file, where, "villains", problem)
        out.append(v)
    return tuple(out)


# --- campaign.toml ------------------------------------------------------------------------------

_CAMPAIGN_FIELDS = ("id", "name", "text", "pool", "picks")
_CHAPTER_FIELDS = ("id", "name", "scenario", "difficulty", "before", "after", "surge", "reward",
                   "extra_honor")


def load_campaign(source: Traversable, scens: Sequence[ScenarioDef] | None = None,
                  schemes: Sequence[SchemeDef] | None = None,
                  villains: Mapping[str, VillainDef] | None = None) -> CampaignDef:
    """The campaign of a file, checked against the scenarios, Schemes and Villains (default:
    the shipped ones)."""
    doc = read(source, ("campaign", "chapter"))
    heads = doc.entries("campaign")
    if len(heads) != 1:
        raise ContentError(doc.file, "", "campaign", f"needs exactly one [[campaign]] table, "
                                                     f"has {len(heads)}")
    head = heads[0]
    head.only(_CAMPAIGN_FIELDS, "for a campaign")
    pool = head.strings("pool")
    if not pool or len(set(pool)) != len(pool):
        raise head.fail("pool", "must list different champion ids")
    for cid in pool:
        if cid not in CHAMPION_IDS:
            raise head.fail("pool", f'unknown champion id "{cid}" (a starting champion\'s)')
    picks = head.integer("picks", lo=1, hi=len(pool))
    entries = doc.entries("chapter")
    if not entries:
        raise ContentError(doc.file, "", "chapter", "no [[chapter]] tables")
    by_sc = {sc.id: sc for sc in (scenarios() if scens is None else scens)}
    scheme_ids = {s.id for s in (scheme_defs() if schemes is None else schemes)}
    roster_of = villain_by_id() if villains is None else villains
    joined: dict[str, str] = {}  # champion -> the chapter whose victory brought it
    removed: set[str] = set()
    chapters = []
    for i, f in enumerate(entries):
        chapter = _chapter(f, by_sc, last=i == len(entries) - 1)
        sc = by_sc[chapter.scenario]
        for v in fixed_roster(sc, roster_of):
            if v.id in pool:
                raise f.fail("scenario", f"its Villain {v.name} is also in the campaign's pool")
            if v.id in joined:
                raise f.fail("scenario", f"its Villain {v.name} joined the heroes after "
                                         f'"{joined[v.id]}"')
        reward = chapter.reward
        if reward is not None:
            _check_reward(f.table("reward"), reward, pool, joined, removed, scheme_ids)
            if reward.kind == "champion":
                joined[reward.champion] = chapter.id
            if reward.kind == "scheme":
                removed.add(reward.scheme)
        chapters.append(chapter)
    return CampaignDef(id=head.identifier("id"), name=head.text("name", blank=False),
                       text=_folded(head, "text"), pool=pool, picks=picks,
                       chapters=tuple(chapters))


def _chapter(f: Fields, by_sc: Mapping[str, ScenarioDef], last: bool) -> ChapterDef:
    f.only(_CHAPTER_FIELDS, "for a chapter")
    cid = f.identifier("id")
    sid = f.identifier("scenario")
    sc = by_sc.get(sid)
    if sc is None:
        raise f.fail("scenario", f'no scenario "{sid}"')
    if "solo" not in sc.modes:
        raise f.fail("scenario", f'"{sid}" is not played solo (its modes: {", ".join(sc.modes)})')
    if last and "reward" in f:
        raise f.fail("reward", "the last chapter has nothing to carry a reward into")
    if not last and "reward" not in f:
        raise f.missing("reward", "a table (a victory carries it into the next chapters)")
    return ChapterDef(
        id=cid, name=f.text("name", blank=False), scenario=sid,
        difficulty=f.choice("difficulty", tuple(DIFFICULTIES)),
        before=_folded(f, "before"), after=_folded(f, "after"),
        surge=read_ops(f, "surge", Context.SURGE) if "surge" in f else None,
        reward=None if last else _reward(f.table("reward")),
        extra_honor=f.integer("extra_honor", 0, lo=0, hi=HONOR_SUPPLY - _most_honor_asked(sc)))


def _most_honor_asked(sc: ScenarioDef) -> int:
    return max([sc.victory_honor, *(heroes for heroes, _ in sc.goals.values())])


def _reward(f: Fields) -> Reward:
    kind = f.choice("kind", REWARD_KINDS)
    named = {"champion": "champion", "scheme": "scheme"}.get(kind)
    f.only(("kind", named) if named else ("kind",), f'for a "{kind}" reward')
    if named is None:
        return Reward(kind)
    return Reward(kind, **{named: f.identifier(named)})


def _check_reward(f: Fields, reward: Reward, pool: tuple[str, ...], joined: Mapping[str, str],
                  removed: set[str], scheme_ids: set[str]) -> None:
    """A reward's references: a champion who exists and is not yet with the heroes, a Scheme
    that exists and is still in the deck."""
    if reward.kind == "champion":
        cid = reward.champion
        if cid not in CHAMPION_IDS:
            raise f.fail("champion", f'unknown champion id "{cid}" (a starting champion\'s)')
        if cid in pool or cid in joined:
            raise f.fail("champion", f'"{cid}" is already with the heroes')
    if reward.kind == "scheme":
        if reward.scheme not in scheme_ids:
            raise f.fail("scheme", f'no Scheme "{reward.scheme}" in {SCHEMES_FILE}')
        if reward.scheme in removed:
            raise f.fail("scheme", f'"{reward.scheme}" is already out of the deck')


# --- cached accessors ---------------------------------------------------------------------------

@cache
def villain_defs(content: Source = CONTENT_DIR) -> tuple[VillainDef, ...]:
    """Every Villain, in file order; the shipped scenarios' fixed rosters are checked against
    them once, here, so a broken reference fails when the Villains are first read."""
    defs = load_villains(content / VILLAINS_FILE)
    known = {v.id: v for v in defs}
    for sc in scenarios():
        fixed_roster(sc, known)
    return defs


@cache
def villain_by_id(content: Source = CONTENT_DIR) -> dict[str, VillainDef]:
    return {v.id: v for v in villain_defs(content)}


@cache
def scheme_defs(content: Source = CONTENT_DIR) -> tuple[SchemeDef, ...]:
    """The Scheme deck, in file order (unshuffled)."""
    return load_schemes(content / SCHEMES_FILE)


@cache
def campaign(content: Source = CONTENT_DIR) -> CampaignDef:
    """The shipped campaign, checked against the shipped scenarios, Schemes and Villains."""
    return load_campaign(content / CAMPAIGN_FILE, scenarios(), scheme_defs(content),
                         villain_by_id(content))
