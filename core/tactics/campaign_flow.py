"""The rules of playing the campaign (DESIGN.md, "Campaign"): from a campaign's progress and
the content, the options of the next chapter's game; from a finished game, the progress after
it.

A campaign's progress is plain data, what a campaign file keeps (``saves.campaign``; this
module never reads or writes a file):

* ``options``: who plays — ``players`` (1 for solo, 2 for co-op: two heroes at one keyboard),
  their ``seats`` and ``names``, and ``ties`` (``ask``/``auto``, as for any game against the
  Villains);
* ``pool``: the champions picked at the start, hero by hero (co-op: the first hero's, then
  the second's);
* ``chapter``: the index of the chapter to play; the number of chapters once the campaign is
  won;
* ``rewards``: what the chapters won carry, one word each in the order they were won:
  ``treasure``, ``power``, ``champion:<id>``, ``scheme:<id>``.

A win adds the chapter's reward and moves on; a loss leaves the progress as it was, so the
same chapter is played again with the rewards won so far; winning the last chapter wins the
campaign. A lone hero picks the campaign's ``picks`` champions from its pool; in co-op each
hero picks ``COOP_PICKS`` (three, the co-op draft's count), as a roster of three is what the
co-op Villains are balanced against. A champion who joins goes to the hero with the fewest
champions (the first on a tie).
"""

from __future__ import annotations

import functools
from collections.abc import Mapping, Sequence
from dataclasses import replace
from typing import Any

from core.campaign import Chapter, Progress
from core.contract import Outcome, seats_and_names
from core.tactics.cards import by_id
from core.tactics.scenarios import scenario
from core.tactics.villain_deal import COOP_PICKS
from core.tactics.villain_state import TIES
from core.tactics.villains import CampaignDef, ChapterDef, Reward, campaign, scheme_defs

GAME = "tactics"
MODES = {1: "solo", 2: "coop"}
DIFFICULTY_WORDS = {"standard": "Standard", "hard": "Hard", "nightmare": "Nightmare"}
_SEP = ":"


def definition() -> CampaignDef:
    """The campaign the content ships."""
    return campaign()


def mode_of(players: int) -> str:
    """``solo`` for one hero, ``coop`` for two (ValueError for any other count)."""
    if players not in MODES:
        raise ValueError(f"a campaign is played by 1 hero (solo) or 2 (co-op), not {players}")
    return MODES[players]


def picks_per_hero(players: int) -> int:
    """How many champions each hero picks from the pool at the start."""
    return definition().picks if mode_of(players) == "solo" else COOP_PICKS


def who_plays(options: Mapping[str, Any]) -> dict[str, Any]:
    """The campaign's options filled in and checked: players, mode, seats, names, ties
    (ValueError naming what is wrong)."""
    players = options.get("players", 1)
    if not isinstance(players, int) or isinstance(players, bool):
        raise ValueError("players should be a number")
    mode = mode_of(players)
    if "mode" in options and options["mode"] != mode:
        raise ValueError(f"{players} hero(es) play mode {mode}, not {options['mode']!r}")
    seats, names = seats_and_names(dict(options), players)
    if seats[0] != "human":
        raise ValueError("the first hero is played at the keyboard")
    if not all(seat == "human" or seat.startswith("bot:") for seat in seats):
        raise ValueError("a seat is 'human' or 'bot:<name>'")
    ties = options.get("ties", "ask")
    if ties not in TIES:
        raise ValueError(f"ties is one of {', '.join(TIES)}, not {ties!r}")
    return {"players": players, "mode": mode, "seats": seats, "names": names, "ties": ties}


def start(options: Mapping[str, Any], picks: Sequence[Sequence[str]]) -> Progress:
    """A new campaign: who plays, and each hero's champions picked from the pool."""
    opts = who_plays(options)
    if len(picks) != opts["players"]:
        raise ValueError(f"{opts['players']} hero(es) need {opts['players']} set(s) of picks")
    progress = Progress(opts, tuple(str(c) for hero in picks for c in hero),
                        campaign=definition().id)
    _check_pool(progress)
    return progress


def check(progress: Progress) -> None:
    """Refuse (ValueError with the reason) progress that is not a campaign of this version's
    content: a campaign file read back is checked here before it is played."""
    c = definition()
    if progress.campaign != c.id:
        raise ValueError(f"the campaign {progress.campaign!r} is not in this version "
                         f"(it has {c.id!r})")
    opts = who_plays(progress.options)
    if dict(progress.options) != opts:
        raise ValueError("the campaign's players and seats are not as ascend writes them")
    _check_pool(progress)
    if not 0 <= progress.chapter <= len(c.chapters):
        raise ValueError(f"chapter {progress.chapter + 1} is not a chapter of {c.name} "
                         f"({len(c.chapters)} chapters)")
    # Every chapter but the last carries a reward, so the rewards count the chapters won.
    done = min(progress.chapter, len(c.chapters) - 1)
    if len(progress.rewards) != done:
        raise ValueError(f"{len(progress.rewards)} reward(s) for {done} chapter(s) won")
    joined = [r.champion for r in map(read_reward, progress.rewards) if r.kind == "champion"]
    if len(set(joined) | set(progress.pool)) != len(joined) + len(progress.pool):
        raise ValueError("a champion who joined is already with the heroes")


def _check_pool(progress: Progress) -> None:
    c = definition()
    players = progress.options["players"]
    per_hero = picks_per_hero(players)
    if len(progress.pool) != per_hero * players:
        raise ValueError(f"each hero picks {per_hero} champion(s) from the pool; "
                         f"{len(progress.pool)} picked for {players}")
    for cid in progress.pool:
        if cid not in c.pool:
            raise ValueError(f"{cid!r} is not in the campaign's pool of champions")
    if len(set(progress.pool)) != len(progress.pool):
        raise ValueError("a champion is picked twice")


def chapter_of(progress: Progress) -> ChapterDef | None:
    """The chapter to play next; None once the campaign is won."""
    chapters = definition().chapters
    return chapters[progress.chapter] if progress.chapter < len(chapters) else None


def won(progress: Progress) -> bool:
    """True once the last chapter is won."""
    return progress.chapter >= len(definition().chapters)


# --- rewards -------------------------------------------------------------------------------

def reward_word(reward: Reward) -> str:
    """How a reward is kept in the progress: ``treasure``, ``champion:<id>``, …"""
    ref = reward.champion or reward.scheme
    return f"{reward.kind}{_SEP}{ref}" if ref else reward.kind


def read_reward(word: str) -> Reward:
    """The reward a word names (ValueError: not one this version knows)."""
    kind, _, ref = word.partition(_SEP)
    if kind in ("power", "treasure") and not ref:
        return Reward(kind)
    if kind == "champion" and ref in by_id() and by_id()[ref].kind == "champion":
        return Reward(kind, champion=ref)
    if kind == "scheme" and ref in {s.id for s in scheme_defs()}:
        return Reward(kind, scheme=ref)
    raise ValueError(f"unknown reward {word!r}")


def reward_text(reward: Reward) -> str:
    """The reward in a few words, for the player."""
    if reward.kind == "champion":
        return f"{by_id()[reward.champion].name} joins the heroes"
    if reward.kind == "scheme":
        name = next(s.name for s in scheme_defs() if s.id == reward.scheme)
        return f"the Scheme {name} is out of the deck"
    if reward.kind == "power":
        return "+1 Power on the first turn"
    return "a Treasure at the start"


def carried(progress: Progress) -> list[str]:
    """What the heroes carry into the next battle, one phrase per reward."""
    return [reward_text(read_reward(word)) for word in progress.rewards]


# --- the next chapter's game -----------------------------------------------------------------

def rosters(progress: Progress) -> list[list[str]]:
    """Each hero's champions: their picks, and each champion who joined given to the hero
    with the fewest (the first on a tie)."""
    players = progress.options["players"]
    size = picks_per_hero(players)
    out = [list(progress.pool[i * size:(i + 1) * size]) for i in range(players)]
    for word in progress.rewards:
        reward = read_reward(word)
        if reward.kind == "champion":
            min(out, key=len).append(reward.champion)
    return out


def game_options(progress: Progress) -> dict[str, Any]:
    """The ``new_game`` options of the chapter to play (ValueError once the campaign is
    won): its scenario and difficulty, the heroes' rosters, and the rewards carried."""
    chapter = chapter_of(progress)
    if chapter is None:
        raise ValueError("the campaign is won: there is no chapter left to play")
    rewards = [read_reward(w) for w in progress.rewards]
    return {
        **who_plays(progress.options),
        "scenario": chapter.scenario,
        "difficulty": chapter.difficulty,
        "chapter": chapter.id,
        "heroes": rosters(progress),
        "first_power": sum(r.kind == "power" for r in rewards),
        "treasures": sum(r.kind == "treasure" for r in rewards),
        "removed_schemes": sorted(r.scheme for r in rewards if r.kind == "scheme"),
    }


def is_chapter_game(progress: Progress, options: Mapping[str, Any]) -> bool:
    """True when a game with ``options`` is a battle of the chapter to play."""
    chapter = chapter_of(progress)
    return chapter is not None and options.get("chapter") == chapter.id


# --- after a battle --------------------------------------------------------------------------

def heroes_won(outcome: Outcome) -> bool:
    """True when the heroes won the battle (a turn limit's tie is no victory)."""
    return bool(outcome.details.get("heroes_won"))


def after(progress: Progress, outcome: Outcome) -> Progress:
    """The progress after the chapter's battle ended with ``outcome``: won, its reward is
    carried and the next chapter comes (or the campaign is won); lost, the same chapter is
    played again with what was carried before."""
    chapter = chapter_of(progress)
    if chapter is None:
        raise ValueError("the campaign is already won")
    if not heroes_won(outcome):
        return progress
    rewards = progress.rewards
    if chapter.reward is not None:
        rewards = (*rewards, reward_word(chapter.reward))
    return replace(progress, chapter=progress.chapter + 1, rewards=rewards)


# --- the campaign as the app plays it (core.campaign.CampaignFlow) ---------------------------

@functools.cache
def _chapters() -> tuple[Chapter, ...]:
    return tuple(
        Chapter(c.id, c.name, DIFFICULTY_WORDS[c.difficulty],
                f"{scenario(c.scenario).name} · {DIFFICULTY_WORDS[c.difficulty]}",
                c.before, c.after)
        for c in definition().chapters)


class TacticsCampaign:
    """The campaign against the Villains, through the functions above."""

    game = GAME
    game_word = "battle"

    @property
    def id(self) -> str:
        return definition().id

    @property
    def title(self) -> str:
        return definition().name

    @property
    def opening(self) -> str:
        return definition().text

    @property
    def chapters(self) -> Sequence[Chapter]:
        return _chapters()

    @property
    def settings(self) -> Sequence[Mapping[str, Any]]:
        return ()  # heroes, partner, ties and picks: its own screen asks (tui.screens)

    def start(self, options: Mapping[str, Any], picks: Sequence[Sequence[str]]) -> Progress:
        return start(options, picks)

    def check(self, progress: Progress) -> None:
        check(progress)

    def who(self, progress: Progress) -> str:
        mode = "co-op" if progress.options.get("mode") == "coop" else "solo"
        return f"{' & '.join(progress.options.get('names', []))} · {mode}"

    def game_options(self, progress: Progress) -> dict[str, Any]:
        return game_options(progress)

    def is_chapter_game(self, progress: Progress, options: Mapping[str, Any]) -> bool:
        return is_chapter_game(progress, options)

    def victory(self, outcome: Outcome) -> bool:
        return heroes_won(outcome)

    def after(self, progress: Progress, outcome: Outcome) -> Progress:
        return after(progress, outcome)

    def reward_text(self, index: int) -> str:
        reward = definition().chapters[index].reward
        return reward_text(reward) if reward is not None else ""

    def briefing(self, progress: Progress) -> list[tuple[str, str]]:
        cards = by_id()
        lines = []
        for name, roster in zip(progress.options["names"], rosters(progress), strict=True):
            who = "Your" if name == "You" else f"{name}'s"
            lines.append((f"{who} champions: ", ", ".join(cards[c].name for c in roster)))
        carry = carried(progress)
        lines.append(("Carried: ", "; ".join(carry) + "." if carry else "nothing yet."))
        return lines

    def conclusion(self) -> str:
        return ""  # the last chapter's own story closes the campaign


FLOW = TacticsCampaign()


__all__ = [
    "FLOW", "GAME", "Progress", "TacticsCampaign", "after", "carried", "chapter_of",
    "check", "definition", "game_options", "heroes_won", "is_chapter_game", "mode_of",
    "picks_per_hero", "read_reward", "reward_text", "reward_word", "rosters", "start",
    "who_plays", "won",
]
