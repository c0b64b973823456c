"""The panels of the Tactics table, each drawn from the engine's view: the map's picture,
the status line, the side panel (Honor, your units, Treasures), the center row and piles,
the hand line, the detail of the hex under the cursor and what a line of sight shows.

Pure functions of the view (and the legal actions, for what is live): the screen puts
their text into its widgets. Unit numbers are the view's ``stats``, shrine holders and
sight paths come from ``core.tactics.field``.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from core.contract import Action
from core.tactics.field import shrine_sides, unit_side
from core.tactics.menus import seat_units
from core.tactics.rules import ACQUIRE, COMMAND, PLAY
from core.tactics.scenarios import victory_short
from core.tactics.state import HEAVY_PILE, MYSTIC_PILE
from core.tactics.view import TacticsView
from core.tactics.villain_state import VILLAIN, VILLAINS
from core.tactics.words import cell_name, question, unit_name
from tui import theme
from tui.games.tactics import text as tt
from tui.games.tactics import villains as vl
from tui.games.tactics.picture import MapPicture, UnitMark, side_mark
from tui.screens.table import possessive
from tui.words import styled

ROW_COLUMNS = 3  # center-row cards per line
GREY = "#8a8f9e"  # what cannot be acquired or called now
LABEL = "#9aa3c0"  # zone labels


def map_picture(v: TacticsView, labels: dict[int, str], active: int | None = None) -> MapPicture:
    """The battlefield as the map draws it: terrain, owners, tokens (the Villains' objective
    tokens too) and every unit on it. ``active``: the unit marked as acting (default: the
    one being commanded)."""
    tokens: dict[int, str] = {}
    if v.turret[0] >= 0:
        tokens[v.turret[0]] = "turret"
    if v.ring[0] >= 0:
        tokens[v.ring[0]] = "faerie_ring"
    if active is None:
        active = v.cmd.unit if v.cmd is not None else -1
    marks = [UnitMark(row.cell, unit_side(v, u), labels.get(u, "??"), row.damage,
                      v.stats[u].defense if u in v.stats else 0, bool(row.exhausted),
                      u == active)
             for u, row in enumerate(v.units) if row.cell >= 0 and (row.seat >= 0
                                                                   or row.seat == VILLAIN)]
    owners: dict[int, str] = {}
    for c, mask in enumerate(v.portal_seats):
        side = v.portal_side[c]
        seats = [x for x in v.sides[side] if mask >> x & 1] if side >= 0 else []
        if seats and len(seats) < len(v.sides[side]):
            owners[c] = " & ".join(v.seats[x].name for x in seats)
    return MapPicture(
        map=v.map, terrain=v.terrain, portal_side=v.portal_side, shrine_side=shrine_sides(v),
        beacon_side=v.beacon, treasure=frozenset(v.face_down), tokens=tokens,
        units=tuple(marks), portal_owners=owners, objectives=vl.objective_cells(v))


def status_line(v: TacticsView, round_no: int) -> Text:
    """``Turn 3  Blue: Your turn  ◆2 Runes  ▲4 Power  ▸ Tyranyx  · Scenario``."""
    out = Text(no_wrap=True, overflow="ellipsis")
    out.append(f" Turn {round_no} ", style="bold reverse")
    if v.pending is not None and v.pending.kind == "portal":
        out.append(" Set-up: each hero chooses a portal ", style="bold")
    elif v.phase == "draft":
        out.append(" Champion Draft ", style="bold")
    elif vl.solo_turn(v):
        out.append(f" {tt.side_label(VILLAINS)}: ", style=f"bold {tt.side_color(VILLAINS)}")
        out.append("the Villains' turn ", style="bold")
    else:
        side = v.side_of[v.current]
        cur = v.seats[v.current]
        out.append(f" {tt.side_label(side)}: ", style=f"bold {tt.side_color(side)}")
        out.append(f"{possessive(cur.name)} turn ", style="bold")
        if v.villain is None or v.current != v.villain.boss_seat:  # the Boss spends neither
            out.append(f" {theme.RUNE}{cur.runes} Runes", style=theme.RUNE_COLOR)
            out.append(f"  {theme.POWER}{cur.power} Power", style=theme.POWER_COLOR)
    if v.cmd is not None:
        out.append(f"  ▸ {unit_name(v, v.cmd.unit)}", style="bold")
    if vl.against_villains(v):  # the goals, where the scenario's name would be
        out.append("  ")
        out.append_text(vl.honor_text(v))
        return out
    out.append(f"  · {v.scen.name}", style="dim")
    return out


def side_panel(v: TacticsView, seat: int, hidden: bool, labels: dict[int, str],
               buffed: frozenset[int] = frozenset(), name_width: int = 12) -> Text:
    """The goal, Honor per side, ``seat``'s units with their numbers and constructs, its
    Treasures (``hidden`` during a hand-over) and how many the others hold. Against the
    Villains the goals and Honor are on the status line, and the Villains come first
    (``buffed``: those with a Scheme's bonus this turn); the Boss player, who has no units
    of its own, sees the heroes' units under them. ``name_width``: the cells a unit's name
    gets (a wide terminal gives it the whole name)."""
    out = Text(no_wrap=True, overflow="ellipsis")
    vv = v.villain
    if vv is None:
        out.append(f"{theme.HONOR} {victory_short(v.scen)}\n",
                   style=f"bold {theme.HONOR_COLOR}")
        for side, name in enumerate(tt.side_names(v)):
            turn = "▶" if v.phase != "draft" and side == v.side_of[v.current] else " "
            out.append(turn, style="bold")
            out.append(f"{side_mark(side)} ", style=f"bold {tt.side_color(side)}")
            # A team is named a partner a line, so no name is cut ("Player 2 & Greedy bo").
            members = [v.seats[x].name for x in v.sides[side]] or [name]
            out.append(f"{members[0][:20]:<20}")
            out.append(f"{v.honor[side]:>3}\n", style=f"bold {theme.HONOR_COLOR}")
            for partner in members[1:]:
                out.append(f"   & {partner[:18]}\n")
    else:
        boss = seat == vv.boss_seat
        # A Villain's name gets at least the 14 cells it had before names grew with the width.
        out.append_text(vl.villain_section(v, labels, buffed,
                                           "Your Villains" if boss else "Villains",
                                           max(14, name_width)))
        if boss:
            out.append("Heroes' units", style=f"bold {LABEL}")
            out.append("  Str/Def/Spd\n", style="dim")
            for hero in v.sides[0]:
                for u in seat_units(v, hero):
                    out.append_text(roster_line(v, u, labels, name_width))
                    out.append("\n")
            return _treasures(out, v, seat, hidden)
    me = v.seats[seat]
    out.append(f"{possessive(me.name)} units", style=f"bold {LABEL}")
    out.append("  Str/Def/Spd\n", style="dim")
    units = seat_units(v, seat)
    for u in units:
        out.append_text(roster_line(v, u, labels, name_width))
        out.append("\n")
        card = v.units[u].card
        gear = tt.gear_names(v, card)
        if gear and u == v.card_units[card][0]:
            out.append(f"    + {gear}\n", style=tt.GEAR_COLOR)
    if not units:
        out.append("  none yet\n", style="dim")
    return _treasures(out, v, seat, hidden)


def _treasures(out: Text, v: TacticsView, seat: int, hidden: bool) -> Text:
    """``seat``'s Treasures, then how many each other seat holds (a partner's by name)."""
    me = v.seats[seat]
    out.append("Treasures ", style=f"bold {theme.HONOR_COLOR}")
    held = me.treasures if not hidden else None
    if held is None:
        out.append("hidden", style="dim")
    elif held:
        out.append(", ".join(v.tdefs[t].name for t in held))
    else:
        out.append("none", style="dim")
    for i, other in enumerate(v.seats):
        if i == seat:
            continue
        # A partner's Treasures are face up to the team, not during a hand-over.
        face_up = other.treasures if not hidden else None
        out.append(f"\n {other.name[:12]}: ", style="dim")
        out.append(", ".join(v.tdefs[t].name for t in face_up) if face_up
                   else str(other.treasure_count), style="" if face_up else "dim")
    return out


def roster_line(v: TacticsView, u: int, labels: dict[int, str], name_width: int = 12) -> Text:
    """``✓ Ty Tyranyx      7/7/3 ▲5 -2``: ready/exhausted/off, label, name, S/D/M, cost."""
    row = v.units[u]
    st = v.stats[u]
    line = Text(no_wrap=True, overflow="ellipsis")
    mark, mark_style = tt.state_mark(v, u)
    line.append(f"{mark} ", style=mark_style)
    line.append(f"{labels.get(u, '??'):<2} ", style="dim" if row.exhausted else "bold")
    # The label already tells Cultists apart: the line names the figure's card.
    name = v.cultist_def.name if row.card < 0 else unit_name(v, u)
    line.append(f"{name[:name_width]:<{name_width}} ", style="dim" if row.exhausted else "")
    line.append(f"{st.strength}/{st.defense}/{st.speed}")
    line.append(f" {theme.POWER}{st.command}", style=theme.POWER_COLOR)
    if row.damage:
        line.append(f" -{row.damage}", style="bold #ff5f5f")
    return line


def row_panel(v: TacticsView, legal: list[Action], width: int, seat: int) -> Text:
    """The center row in columns (what can be acquired now bright), then the piles, the
    Cultist that can be called and the center deck."""
    buyable = {a.card for a in legal if a.kind == ACQUIRE}
    column = max(20, width // ROW_COLUMNS)
    lines: list[Text] = []
    for start in range(0, len(v.row), ROW_COLUMNS):
        line = Text(no_wrap=True, overflow="ellipsis")
        for i in range(start, min(start + ROW_COLUMNS, len(v.row))):
            uid = v.row[i]
            cell = Text(f"{i + 1} ", style="dim")
            if uid < 0:
                cell.append("(empty)", style="dim")
            else:
                card = v.cards[uid]
                cell.append_text(tt.card_line(card) if uid in buyable
                                 else Text(tt.card_line(card).plain, style=GREY))
            cell.truncate(column - 1, overflow="ellipsis", pad=True)
            line.append_text(cell)
            line.append(" ")
        lines.append(line)
    piles = Text(no_wrap=True, overflow="ellipsis")
    for label, pile, key in (("Mystic", v.mystics, MYSTIC_PILE),
                             ("Heavy Inf.", v.heavies, HEAVY_PILE)):
        style = "bold" if key in buyable else GREY
        if pile:
            piles.append(f"{label} {v.cards[pile[-1]].cost}{theme.RUNE} ({len(pile)})",
                         style=style)
        else:
            piles.append(f"{label} (none left)", style=style)
        piles.append(" · ", style="dim")
    cult = v.cultist_def
    can_call = any(a.kind == COMMAND and a.card == -1 for a in legal)
    piles.append(f"Cultist {theme.POWER}{cult.command} {cult.strength}/{cult.defense}/"
                 f"{cult.speed}", style="bold" if can_call else GREY)
    reserve = sum(1 for u in v.cultists[seat] if v.units[u].cell < 0)
    piles.append(f" ({reserve} in reserve)", style="dim")
    piles.append(f" · deck {v.center_count}", style="dim")
    return Text("\n").join([*lines, piles])


def hand_line(v: TacticsView, seat: int, hidden: bool, legal: list[Action]) -> Text:
    """``Hand (5) Apprentice ×4 · Militia · deck 5 · discard 0``, playable cards bright."""
    if v.villain is not None and seat == v.villain.boss_seat:
        return vl.hand_line(v, hidden)
    me = v.seats[seat]
    playable = {a.card for a in legal if a.kind == PLAY}
    text = tt.hand_text(v, None if hidden else me.hand, me.hand_count, playable)
    text.append(f" · deck {me.deck_count} · discard {len(me.discard)}", style="dim")
    return text


def move_prompt(v: TacticsView, name: str) -> Text:
    """The prompt for the player at the keyboard (``name``): the pending question, the
    commanded unit's keys, or what may be done (the Boss player plays Schemes)."""
    if v.pending is not None:
        asked = styled(question(v, v.pending), tt.styler(v), "bold yellow")
        return asked.append(" — enter to answer")
    if v.cmd is not None:
        unit = unit_name(v, v.cmd.unit)
        if v.units[v.cmd.unit].cell < 0:
            return Text(f"Deploy {unit}: cursor to a + portal, enter", style="bold green")
        return Text(f"{unit}: enter on + moves, on × attacks · l sight · d done",
                    style="bold green")
    text = Text(f"{possessive(name)} move", style="bold green")
    vv = v.villain
    if vv is not None and v.seat == vv.boss_seat:
        return text.append(f" · p plays a Scheme ({vv.played} of 2 played) · h hint")
    text.append(" · c command · p play (P all) · a acquire · e end turn")
    return text


def detail_text(v: TacticsView, cell: int, hex_words: str, names: Sequence[str]) -> Text:
    """The hex under the cursor: its name, the unit on it in full, then what the map says
    of it (``hex_words``)."""
    out = Text()
    out.append(f"{cell_name(v, cell)} ", style="bold")
    u = v.occupant[cell]
    if u >= 0:
        out.append_text(tt.unit_detail(v, u, names))
        out.append("\n")
        face = vl.villain_detail(v, u) if vl.is_villain(v, u) else Text()
        if face:
            out.append_text(face)
            out.append("\n")
    out.append(hex_words, style="dim")
    return out


def sight_text(v: TacticsView, source: int, target: int, seen: bool) -> Text:
    """What ``l`` found: whether unit ``source`` sees the hex ``target`` and how far it is."""
    start = v.units[source].cell
    far = v.map.distance(start, target)
    if seen:
        said = Text(f"{unit_name(v, source)} sees {cell_name(v, target)}, {far} hexes "
                    "away (• on the map).", style="bold #ffd54f")
    else:
        said = Text(f"No line of sight from {unit_name(v, source)} to "
                    f"{cell_name(v, target)} ({far} hexes away).", style="bold #ff8a65")
    said.no_wrap = True
    said.overflow = "ellipsis"
    return said


__all__ = ["detail_text", "hand_line", "map_picture", "move_prompt", "roster_line", "row_panel",
           "side_panel", "sight_text", "status_line"]
