"""The campaign's rules: the chapter's game options from the progress, and the progress after a
battle (a win carries the reward on, a loss plays the chapter again, the last win wins it)."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

import core.tactics as T
from core.contract import Outcome
from core.tactics import campaign_flow as flow
from core.tactics.scenarios import scenarios as all_scenarios
from core.tactics.villains import campaign

SOLO = {"players": 1, "seats": ["human"], "names": ["You"]}
COOP = {"players": 2, "seats": ["human", "human"], "names": ["Ana", "Ben"]}
FOUR = ["dawnblade_paladin", "temple_sentinel", "thornback_warden", "stonehide_bear"]
THREE_EACH = [["dawnblade_paladin", "temple_sentinel", "thornback_warden"],
              ["stonehide_bear", "nightglass_witch", "twilight_scout"]]


def won_battle() -> Outcome:
    return Outcome(scores=(30,), winners=(0,), details={
        "honor": [30, 4], "turns": 9, "by": "victory Honor", "villains_won": False,
        "heroes_won": True}, sides=(0,))


def lost_battle() -> Outcome:
    return Outcome(scores=(12,), winners=(), details={
        "honor": [12, 30], "turns": 14, "by": "Villain Honor", "villains_won": True,
        "heroes_won": False}, sides=(0,))


def played_to_the_end(options: dict[str, Any], heroes_win: bool, seed: int = 3) -> Outcome:
    """A real game of the chapter, ended at once: one side is put at its goal and the turn
    ends (the heroes' turn for them, the Villains' next for the Villains)."""
    s = T.new_game(options, seed)
    while s.to_move is not None:
        if heroes_win:
            s.honor[0] = s.scen.victory_honor
        else:
            s.honor[1] = s.scen.villain_honor
        legal = T.legal_actions(s)
        T.apply(s, next((a for a in legal if a.kind == "end"), legal[0]))
    outcome = T.outcome(s)
    assert outcome is not None
    return outcome


def test_a_solo_campaign_starts_on_chapter_one_with_the_picks_as_the_roster() -> None:
    progress = flow.start(SOLO, [FOUR])
    assert progress.options == {**SOLO, "mode": "solo", "ties": "ask"}
    assert (progress.chapter, progress.rewards, progress.campaign) == (0, (), campaign().id)
    first = campaign().chapters[0]
    options = flow.game_options(progress)
    assert options["scenario"] == first.scenario and options["chapter"] == first.id
    assert options["difficulty"] == first.difficulty
    assert options["heroes"] == [FOUR]
    assert (options["first_power"], options["treasures"], options["removed_schemes"]) == (
        0, 0, [])
    s = T.new_game(options, 1)
    assert [s.cards[c].id for c in s.seats[0].roster] == FOUR


@pytest.mark.parametrize(("options", "picks", "reason"), [
    (SOLO, [FOUR[:3]], "each hero picks 4"),
    (SOLO, [[*FOUR[:3], "arha_templar"]], "not in the campaign's pool"),
    (SOLO, [[*FOUR[:3], FOUR[0]]], "picked twice"),
    (SOLO, [FOUR, FOUR], "1 hero(es) need 1 set(s) of picks"),
    (COOP, [FOUR], "2 hero(es) need 2 set(s)"),
    (COOP, [FOUR[:2], FOUR[2:]], "each hero picks 3"),
    ({**SOLO, "players": 3, "seats": ["human"] * 3}, [FOUR], "1 hero (solo) or 2"),
    ({**SOLO, "mode": "coop"}, [FOUR], "play mode solo"),
    ({**SOLO, "seats": ["bot:greedy"]}, [FOUR], "first hero is played at the keyboard"),
    ({**SOLO, "ties": "sometimes"}, [FOUR], "ties is one of"),
])
def test_a_start_the_campaign_cannot_be_played_from_is_refused(options: dict[str, Any],
                                                     picks: list[list[str]],
                                                     reason: str) -> None:
    with pytest.raises(ValueError, match=reason.replace("(", r"\(").replace(")", r"\)")):
        flow.start(options, picks)


def test_a_lost_battle_leaves_the_chapter_to_play_again_with_what_was_carried() -> None:
    progress = flow.after(flow.start(SOLO, [FOUR]), won_battle())
    assert flow.after(progress, lost_battle()) == progress
    tie = Outcome(scores=(20,), winners=(0,), details={"by": "turn limit",
                                                       "villains_won": True,
                                                       "heroes_won": False})
    assert flow.after(progress, tie) == progress  # a tie on the turn limit is no victory


def test_every_chapter_won_carries_its_reward_into_the_next_and_the_last_wins_it() -> None:
    chapters = campaign().chapters
    progress = flow.start(SOLO, [FOUR])
    for i, chapter in enumerate(chapters):
        assert flow.chapter_of(progress) == chapter and not flow.won(progress)
        options = flow.game_options(progress)
        s = T.new_game(options, 7)
        v = s.villain
        assert v is not None
        rewards = [flow.read_reward(w) for w in progress.rewards]
        roster = [s.cards[c].id for c in s.seats[0].roster]
        joined = [r.champion for r in rewards if r.kind == "champion"]
        assert roster == FOUR + joined
        assert len(s.seats[0].treasures) == sum(r.kind == "treasure" for r in rewards)
        assert s.seats[0].power == s.gates[1].power + sum(r.kind == "power" for r in rewards)
        assert [v.schemes[x].id for x in v.removed] == [r.scheme for r in rewards
                                                       if r.kind == "scheme"]
        assert flow.is_chapter_game(progress, s.options)
        outcome = played_to_the_end(options, heroes_win=True)
        progress = flow.after(progress, outcome)
        assert progress.chapter == i + 1
        if chapter.reward is not None:
            assert progress.rewards[-1] == flow.reward_word(chapter.reward)
        flow.check(progress)
    assert flow.won(progress) and flow.chapter_of(progress) is None
    assert len(progress.rewards) == len(chapters) - 1
    with pytest.raises(ValueError, match="the campaign is won"):
        flow.game_options(progress)
    with pytest.raises(ValueError, match="already won"):
        flow.after(progress, won_battle())


def test_a_real_battle_lost_to_the_villains_is_a_loss() -> None:
    progress = flow.start(SOLO, [FOUR])
    outcome = played_to_the_end(flow.game_options(progress), heroes_win=False)
    assert outcome.details["villains_won"] and not flow.heroes_won(outcome)
    assert flow.after(progress, outcome) == progress


def test_coop_heroes_pick_three_each_and_a_joining_champion_goes_to_the_smaller_roster() -> None:
    progress = flow.start(COOP, THREE_EACH)
    assert progress.options["mode"] == "coop" and flow.picks_per_hero(2) == 3
    assert flow.rosters(progress) == THREE_EACH
    joined = replace(progress, chapter=2, rewards=("treasure", "champion:arha_templar"))
    flow.check(joined)
    assert flow.rosters(joined) == [[*THREE_EACH[0], "arha_templar"], THREE_EACH[1]]
    options = flow.game_options(joined)
    assert options["players"] == 2 and options["mode"] == "coop"
    s = T.new_game(options, 2)
    assert [[s.cards[c].id for c in p.roster] for p in s.seats] == flow.rosters(joined)
    assert all(len(p.treasures) == 1 for p in s.seats)
    assert s.to_move is not None and {a.kind for a in T.legal_actions(s)} == {"choose"}


def test_reward_words_read_back_and_say_what_they_carry() -> None:
    for chapter in campaign().chapters[:-1]:
        assert chapter.reward is not None
        word = flow.reward_word(chapter.reward)
        assert flow.read_reward(word) == chapter.reward
    assert flow.reward_text(flow.read_reward("champion:arha_templar")) == \
        "Arha Templar joins the heroes"
    assert flow.reward_text(flow.read_reward("power")) == "+1 Power on the first turn"
    assert flow.reward_text(flow.read_reward("treasure")) == "a Treasure at the start"
    assert "out of the deck" in flow.reward_text(flow.read_reward("scheme:raid_the_armory"))
    for word in ("gold", "champion:nobody", "scheme:nothing", "power:2", "champion:mystic"):
        with pytest.raises(ValueError, match="unknown reward"):
            flow.read_reward(word)


@pytest.mark.parametrize(("change", "reason"), [
    ({"campaign": "ember_road"}, "not in this version"),
    ({"chapter": 6}, "chapter 7 is not a chapter"),
    ({"chapter": -1}, "chapter 0 is not a chapter"),
    ({"chapter": 2, "rewards": ("treasure",)}, "1 reward(s) for 2 chapter(s) won"),
    ({"chapter": 1, "rewards": ("gold",)}, "unknown reward"),
    ({"chapter": 1, "rewards": ("champion:dawnblade_paladin",)}, "already with the heroes"),
    ({"pool": ("dawnblade_paladin",)}, "each hero picks 4"),
    ({"pool": (*FOUR[:3], "tyranyx")}, "not in the campaign's pool"),
    ({"options": {**SOLO, "mode": "solo", "ties": "ask", "extra": 1}}, "not as ascend writes"),
])
def test_progress_read_from_a_file_is_checked_against_the_content(change: dict[str, Any],
                                                                 reason: str) -> None:
    good = flow.start(SOLO, [FOUR])
    flow.check(good)
    with pytest.raises(ValueError, match=reason.replace("(", r"\(").replace(")", r"\)")):
        flow.check(replace(good, **change))


def test_a_won_campaign_is_a_valid_one() -> None:
    chapters = campaign().chapters
    words = tuple(flow.reward_word(c.reward) for c in chapters if c.reward is not None)
    done = replace(flow.start(SOLO, [FOUR]), chapter=len(chapters), rewards=words)
    flow.check(done)
    assert flow.won(done) and flow.carried(done)[0] == "a Treasure at the start"
    assert not flow.is_chapter_game(done, {"chapter": chapters[-1].id})


def test_the_game_of_another_chapter_is_not_this_chapters() -> None:
    progress = flow.start(SOLO, [FOUR])
    assert not flow.is_chapter_game(progress, {"chapter": campaign().chapters[1].id})
    assert not flow.is_chapter_game(progress, {})


def test_a_chapter_asking_for_more_honor_is_won_only_at_its_own_goal() -> None:
    scenarios = {sc.id: sc for sc in all_scenarios()}
    progress = flow.start(SOLO, [FOUR])
    asked = []
    for chapter in campaign().chapters:
        s = T.new_game(flow.game_options(progress), 5)
        goal = scenarios[chapter.scenario].for_mode("solo").victory_honor + chapter.extra_honor
        assert s.scen.victory_honor == goal
        if chapter.extra_honor:
            asked.append(chapter.id)
            # The scenario's own goal is no longer enough: the heroes' turn ends and play
            # goes on to the Villains.
            s.honor[0] = goal - chapter.extra_honor
            T.apply(s, next(a for a in T.legal_actions(s) if a.kind == "end"))
            assert T.outcome(s) is None
        progress = flow.after(progress, played_to_the_end(flow.game_options(progress), True))
    assert asked, "no chapter asks for more Honor than its scenario"
