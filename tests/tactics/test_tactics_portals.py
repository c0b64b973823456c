"""Portals belong to players: each deploys (champions and Cultists) only onto its own
Gateway's portals; a portal woken from an Inactive Portal serves every player of the side
that woke it (the rulebook's Portal and Co-op sections)."""

from __future__ import annotations

import pytest
from tactics_helpers import (
    FOUR,
    act,
    attack,
    cell,
    choose,
    command_at,
    content,
    cultist,
    pending_kind,
    put,
    table,
    unit_of,
)

import core.tactics as T
from core.contract import Action, IllegalAction
from core.tactics import routes
from core.tactics.audit import problems
from core.tactics.board import INACTIVE_PORTAL, PORTAL
from core.tactics.snapshot import restore, snapshot
from core.tactics.state import State


def deploy_cells(s: State) -> set[int]:
    return {a.option for a in T.legal_actions(s) if a.kind == "deploy"}


def cultist_cells(s: State) -> set[int]:
    return {a.option for a in T.legal_actions(s) if a.kind == "command" and a.card == -1}


def team() -> State:
    """2 vs 2 on FOUR: seats 0 and 2 (slots 1 and 3, portals west) against 1 and 3 (east)."""
    s = table(FOUR, players=4, mode="2v2")
    assert s.sides == ((0, 2), (1, 3))
    return s


def test_in_two_vs_two_each_player_deploys_only_onto_their_own_portal() -> None:
    s = team()
    p1, p3 = cell(s, 0, 0), cell(s, 0, 4)
    assert (s.portal_side[p1], s.portal_side[p3]) == (0, 0)  # both the team's
    assert cultist_cells(s) == {p1}
    s.seats[0].power = 10
    act(s, "command", unit_of(s, "tyranyx"))  # seat 0's champion
    assert deploy_cells(s) == {p1}
    act(s, "deploy", -1, p1)
    act(s, "done")
    act(s, "switch")  # seat 2 (slot 3) acts
    s.seats[2].power = 10
    assert cultist_cells(s) == {p3}
    act(s, "command", unit_of(s, "grove_huntress"))  # seat 2's champion
    assert deploy_cells(s) == {p3}
    with pytest.raises(IllegalAction, match="portal"):
        T.apply(s, Action("deploy", -1, p1))


def test_a_partner_s_free_portal_does_not_let_you_deploy() -> None:
    s = team()
    p1, p3 = cell(s, 0, 0), cell(s, 0, 4)
    put(s, cultist(s, 2), p3)  # seat 2's own portal is taken
    act(s, "switch")
    s.seats[2].power = 10
    assert cultist_cells(s) == set()
    huntress = unit_of(s, "grove_huntress")
    assert Action("command", huntress) not in T.legal_actions(s)
    with pytest.raises(IllegalAction, match="none of your portals is free"):
        T.apply(s, Action("command", huntress))
    with pytest.raises(IllegalAction, match="unoccupied portals"):
        T.apply(s, Action("command", -1, p1))


def test_an_inactive_portal_woken_by_one_partner_serves_the_whole_team() -> None:
    s = team()
    woken = cell(s, 2, 0)
    s.terrain[woken] = INACTIVE_PORTAL
    command_at(s, unit_of(s, "tyranyx"), cell(s, 1, 0))
    act(s, "move", -1, cell(s, 3, 0))
    assert pending_kind(s) == "route"  # over the Inactive Portal, or round it
    by_portal = [i for i, r in enumerate(routes.asked(s, s.pending[-1])) if woken in r.marks]
    choose(s, by_portal[0])
    assert s.terrain[woken] == PORTAL and s.portal_side[woken] == 0
    act(s, "done")
    assert cultist_cells(s) == {cell(s, 0, 0), woken}
    act(s, "switch")
    s.seats[2].power = 10
    assert cultist_cells(s) == {cell(s, 0, 4), woken}  # the partner may deploy there too
    assert not {cell(s, 6, 0), cell(s, 6, 4)} & cultist_cells(s)
    act(s, "end")
    s.seats[1].power = 10
    assert woken not in cultist_cells(s)  # nor the other team


def test_a_portal_woken_in_one_vs_one_is_the_waking_player_s() -> None:
    s = table("P1 .  .  I  .  .  P2")
    command_at(s, unit_of(s, "tyranyx"), 1)
    act(s, "move", -1, 4)
    act(s, "done")
    assert cultist_cells(s) == {0, 3}
    act(s, "end")
    s.seats[1].power = 10
    assert cultist_cells(s) == {6}


def test_kor_moves_only_a_portal_its_player_deploys_onto_and_it_stays_theirs() -> None:
    s = team()
    kor = unit_of(s, "kor_the_ferromancer")  # seat 0's; its Slay moves a portal
    foe = put(s, cultist(s, 1), cell(s, 3, 1))
    command_at(s, kor, cell(s, 2, 1))
    attack(s, foe)
    assert pending_kind(s) == "move_portal"
    assert s.pending[-1].choices == (cell(s, 0, 0),)  # not the partner's portal at (0,4)
    choose(s, cell(s, 0, 0))
    goal = s.pending[-1].choices[0]
    choose(s, goal)
    assert s.portal_side[goal] == 0 and s.portal_seats[goal] == 1  # still seat 0's alone
    assert problems(s) == []


def test_snapshots_keep_who_deploys_where_and_old_ones_read_as_the_whole_side() -> None:
    s = team()
    data = snapshot(s)
    back = restore(data, content(s.scen))
    assert back.portal_seats == s.portal_seats
    assert T.checksum(back) == T.checksum(s)
    # A save from before portals had seats: every seat of the owning side may deploy there.
    old = {**data, "board": data["board"][:6]}
    older = restore(old, content(s.scen))
    assert older.portal_seats[cell(s, 0, 0)] == 0b0101 == older.portal_seats[cell(s, 0, 4)]


def test_the_audit_refuses_a_portal_a_seat_of_another_side_deploys_onto() -> None:
    s = team()
    s.portal_seats[cell(s, 0, 0)] |= 1 << 1
    assert any("another side" in p for p in problems(s))
    s2 = team()
    s2.portal_seats[cell(s2, 3, 0)] = 1
    assert any("disagree" in p for p in problems(s2))
