"""The Solo Campaign as a campaign: the six scenarios in story order, each scenario's game
options from the progress, a win (as core's outcome says) opening the next scenario, a loss
playing the same one again, nothing carried forward, the conclusion after the sixth; and
the campaign registry both games' flows are found through."""

from __future__ import annotations

from dataclasses import replace
from itertools import product
from pathlib import Path
from typing import Any

import pytest

import core.empires as E
from core.campaign import Progress, campaign_won, chapter_of
from core.content import ContentError
from core.contract import Outcome
from core.empires import campaign_flow as flow
from core.empires.occupancy import quadrant
from core.empires.solo_board import solo_of
from core.empires.solo_content import campaign
from core.empires.state import State
from core.games import campaign_flow, campaign_games
from core.tactics import campaign_flow as tactics_flow

SOLO = {"players": 1, "seats": ["human"], "names": ["You"]}


def scenario_game(progress: Progress, seed: int = 3) -> State:
    return E.new_game(flow.game_options(progress), seed)


def played_to_a_win(state: State) -> Outcome:
    """Scenario 1's goal laid out (a Research Facility on a planet of a different colour in
    each quadrant, 5 ready energy), then the player's next action: core checks the goal
    after it and ends the scenario won."""
    planets = [[i for i, loc in enumerate(state.locations)
                if quadrant(i) == q and loc.kind == "planet"] for q in range(4)]
    pick = next(p for p in product(*planets)
                if len({state.locations[i].colour for i in p}) == 4)
    for i in pick:
        loc = state.locations[i]
        loc.faceup, loc.robots, loc.pieces = True, 0, [(0, "research")]
    state.players[0].energy_ready = 5
    E.apply(state, E.legal_actions(state)[0])
    outcome = E.outcome(state)
    assert outcome is not None
    return outcome


def lost(scenario: int) -> Outcome:
    return Outcome((0,), (), "lost: no robot left in the supply",
                   {"result": "lost: no robot left in the supply", "scenario": scenario,
                    "won": False})


def won(scenario: int) -> Outcome:
    return Outcome((1,), (0,), "won: the goal", {"result": "won: the goal",
                                                 "scenario": scenario, "won": True})


def test_the_campaign_plays_the_six_scenarios_in_story_order() -> None:
    scenarios, _ = campaign()
    chapters = flow.FLOW.chapters
    assert [c.id for c in chapters] == [s.id for s in scenarios]
    assert [c.name for c in chapters] == [
        "Galactic Pioneers", "Lost Horizons", "Battle for Dominance", "Echoes of Infinity",
        "Legacy of the Builders", "Heart of the Builders"]
    for s, c in zip(scenarios, chapters, strict=True):
        assert c.before == " ".join(s.story.split()) and s.goal in c.subtitle
    afters = [c.after for c in chapters]
    assert all(afters) and len(set(afters)) == 6
    progress = flow.start(SOLO)
    for number in range(1, 7):
        assert flow.game_options(progress)["scenario"] == number
        assert chapter_of(flow.FLOW, progress) == chapters[number - 1]
        progress = flow.after(progress, won(number))
    assert flow.won(progress) and campaign_won(flow.FLOW, progress)
    assert chapter_of(flow.FLOW, progress) is None


def test_a_scenario_game_is_the_solo_scenario_of_the_chapter() -> None:
    progress = replace(flow.start({**SOLO, "steadiness": "exact", "sublight": True}),
                       chapter=2)
    options = flow.game_options(progress)
    assert options == {"players": 1, "mode": "solo", "seats": ["human"], "names": ["You"],
                       "steadiness": "exact", "sublight": True, "scenario": 3}
    state = scenario_game(progress)
    assert solo_of(state).scenario == 3 and state.options["sublight"] is True
    normalized = E.normalize_options(options)
    assert flow.is_chapter_game(progress, normalized)
    assert not flow.is_chapter_game(progress, {**normalized, "scenario": 2})
    assert not flow.is_chapter_game(progress, E.normalize_options({"players": 2}))


def test_a_real_win_of_scenario_one_opens_scenario_two() -> None:
    progress = flow.start(SOLO)
    outcome = played_to_a_win(scenario_game(progress))
    assert flow.victory(outcome)
    after = flow.after(progress, outcome)
    assert after.chapter == 1 and after.rewards == () and after.pool == ()
    flow.check(after)


def test_a_real_loss_leaves_the_scenario_to_play_again() -> None:
    progress = flow.start(SOLO)
    state = scenario_game(progress)
    # Every robot already on the map: the next one the invaders must place loses the game.
    state.robots = 0
    for _ in range(40):
        if state.to_move is None:
            break
        E.apply(state, E.legal_actions(state)[0])
    outcome = E.outcome(state)
    assert outcome is not None and not flow.victory(outcome)
    assert flow.after(progress, outcome) == progress
    assert flow.after(progress, lost(1)) == progress


def test_nothing_is_carried_forward_and_the_conclusion_follows_the_sixth() -> None:
    assert [flow.FLOW.reward_text(i) for i in range(6)] == [""] * 6
    progress = flow.start(SOLO)
    for number in range(1, 7):
        assert flow.FLOW.briefing(progress) == [
            ("Carried: ", "nothing; each scenario starts from its own set-up.")]
        progress = flow.after(progress, won(number))
    assert flow.FLOW.briefing(progress) == []
    assert flow.FLOW.conclusion() == " ".join(campaign()[1].split())
    with pytest.raises(ValueError, match="already won"):
        flow.after(progress, won(6))
    with pytest.raises(ValueError, match="no scenario left"):
        flow.game_options(progress)


@pytest.mark.parametrize(("options", "picks", "reason"), [
    ({**SOLO, "players": 2}, [], "played by 1 player"),
    ({**SOLO, "mode": "coop"}, [], "mode solo"),
    ({**SOLO, "seats": ["bot:greedy"]}, [], "at the keyboard"),
    ({**SOLO, "steadiness": "wobbly"}, [], "steadiness is one of"),
    ({**SOLO, "sublight": "yes"}, [], "sublight is on"),
    ({**SOLO, "scenario": 3}, [], "unknown option 'scenario'"),
    (SOLO, [["dawnblade_paladin"]], "picks nothing"),
])
def test_a_start_that_cannot_be_played_is_refused(options: dict[str, Any],
                                                  picks: list[list[str]],
                                                  reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        flow.start(options, picks)


@pytest.mark.parametrize(("change", "reason"), [
    ({"campaign": "hollow_crown"}, "not in this version"),
    ({"chapter": 7}, "not one of the 6 scenarios"),
    ({"rewards": ("treasure",)}, "carries nothing"),
    ({"pool": ("dawnblade_paladin",)}, "picks nothing"),
    ({"options": {**SOLO, "mode": "solo", "steadiness": "normal", "sublight": False,
                  "extra": 1}},
     "unknown option"),
    ({"options": {"players": 1, "seats": ["human"], "names": ["You"]}},
     "not as ascend writes them"),
])
def test_progress_read_back_is_checked(change: dict[str, Any], reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        flow.check(replace(flow.start(SOLO), **change))


def test_a_story_file_without_an_interlude_for_each_scenario_is_refused(
        tmp_path: Path) -> None:
    text = (Path(flow.__file__).parent / "content" / flow.STORY_FILE).read_text()
    broken = tmp_path / flow.STORY_FILE
    broken.write_text(text.replace("scenario = 6", "scenario = 5"))
    with pytest.raises(ContentError, match="scenario 5 has one interlude"):
        flow.load_story(broken)
    broken.write_text(text.split("[[interlude]]")[0])
    with pytest.raises(ContentError, match="an interlude after each scenario"):
        flow.load_story(broken)


def test_each_game_with_a_campaign_is_found_through_its_registry_row() -> None:
    assert [g.name for g in campaign_games()] == ["tactics", "empires"]
    assert campaign_flow("empires") is flow.FLOW
    assert campaign_flow("tactics") is tactics_flow.FLOW
    for name in ("ascension", "firepeak", "inferno"):
        with pytest.raises(KeyError, match="no campaign"):
            campaign_flow(name)
    for g in campaign_games():
        f = campaign_flow(g.name)
        assert f.game == g.name and f.title and f.opening and f.chapters


def test_the_tactics_flow_tells_its_chapters_and_briefing_as_before() -> None:
    c = tactics_flow.definition()
    chapters = tactics_flow.FLOW.chapters
    assert [(x.id, x.name, x.before, x.after) for x in chapters] == [
        (x.id, x.name, x.before, x.after) for x in c.chapters]
    assert chapters[0].tag == tactics_flow.DIFFICULTY_WORDS[c.chapters[0].difficulty]
    progress = tactics_flow.start(SOLO, [list(c.pool[:c.picks])])
    (roster, carried) = tactics_flow.FLOW.briefing(progress)
    assert roster[0] == "Your champions: " and carried == ("Carried: ", "nothing yet.")
    assert tactics_flow.FLOW.reward_text(0) == tactics_flow.reward_text(c.chapters[0].reward)
    assert tactics_flow.FLOW.reward_text(len(chapters) - 1) == ""
