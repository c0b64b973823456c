"""The text around the Starmap: the status line, the dashboards, the aim, the technology
tree and the Relic Archive, drawn from a seat's view (``EmpiresView``). Nothing here decides
a rule; counts are read off the table as they are.
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from core.empires.aim import Aim
from core.empires.geometry import starmap, within_range
from core.empires.mega_cards import INFO
from core.empires.missions import missions, progress, vp_for
from core.empires.physics import Disc
from core.empires.solo_state import HEART_SCENARIO
from core.empires.state import PLANET_COLOURS, STRUCTURES, State
from core.empires.technology import LEVELS, technologies
from core.empires.view import EmpiresView
from core.words import counted
from tui.games.empires import solo_panels
from tui.games.empires.picture import (
    HOLLOW,
    PLANET_FILL,
    PLAYER_COLOURS,
    ROBOT_DISC,
    SETTLER,
    SHAPES,
)
from tui.games.empires.starmap import reach

ACTION_WORDS = ("Move", "Deploy", "Build", "Interact")
ACTION_KEYS = ("m", "d", "b", "i")
PHASE_WORDS = {"choose": "choose an action", "act": "", "attack": "choose attacks",
               "effects": "end of turn", "after_attack": "after the attacks", "over": "over"}
STRUCTURE_WORDS = {"outpost": "outposts", "city": "cities", "research": "research",
                   "starbase": "starbases"}


def seat_mark(table: State, seat: int) -> Text:
    """A seat's shape in its colour: who the lines below are about, with or without colour."""
    colour = PLAYER_COLOURS.get(table.players[seat].colour, "white")
    return Text(SHAPES[seat % len(SHAPES)], style=f"bold {colour}")


def doing(v: EmpiresView) -> str:
    """What the seat to move is doing: the action and what is left of it."""
    t = v.table
    if v.phase == "act":
        left = f"{t.flicks} flick{'s' if t.flicks != 1 else ''}" if t.action == "move" else (
            f"{t.uses} left")
        return f"{t.action.title()} · {left}"
    return PHASE_WORDS.get(v.phase, v.phase)


def status_text(v: EmpiresView, names: Sequence[str], round_no: int) -> Text:
    t = v.table
    text = Text(f" Round {round_no} ", style="bold")
    if v.to_move is not None:
        text.append_text(seat_mark(t, t.current))
        text.append(f" {names[t.current]}: {doing(v)}")
    else:
        text.append("Game over")
    if t.solo is not None:  # no VP in the solo game: the scenario is what is played for
        text.append(f"  {solo_panels.scenario_name(t)}", style="bold")
        return text
    text.append(f"  ★ pool {t.vp_pool}", style="bold")
    if t.end_triggered:
        text.append("  · last turns", style="bold yellow")
    return text


def dashboard_lines(t: State, seat: int, name: str, *, wide: bool) -> Text:
    """One seat's dashboard: VP, energy ready and spent, troops and starships (and how many
    are still locked in the tray), structures left to build, relics and technology levels."""
    p = t.players[seat]
    text = Text()
    text.append_text(seat_mark(t, seat))
    text.append(f" {name}", style="bold")
    score = f"  ★{p.vp}" if t.solo is None else ""
    if t.classic is None:
        text.append(f"{score}  energy {p.energy_ready} ({p.energy_spent} spent)\n")
    else:  # the Classic dashboard has no energy; the Battleship is its advanced ship
        text.append(f"{score}  movement points {t.flicks if t.current == seat else 0}\n")
    text.append(f"  troops {p.troops} (+{p.troops_locked}) · ships {len(p.ships)} "
                f"(+{len(p.ships_locked)})")
    if p.advanced:
        text.append(" · Battleship" if t.classic is not None else
                    f" · advanced {len(p.advanced)}")
    counts = [f"{STRUCTURE_WORDS[k]} {p.structures[k]}" for k in STRUCTURES
              if t.classic is None or k != "starbase"]
    text.append("\n  " + (" · ".join(counts) if wide else
                          " · ".join(counts[:2]) + "\n  " + " · ".join(counts[2:])))
    if t.solo is not None:  # the solo game's technology is its cards, in the solo panel
        colours: tuple[str, ...] = ()
    else:
        colours = PLANET_COLOURS
        text.append("\n  tech ")
    for colour in colours:
        text.append(f"{colour if wide else colour[:2]} {p.tech[colour]} ",
                    style=PLANET_FILL[colour])
    if p.relics:
        text.append("\n  relics: " + ", ".join(r.replace("_", " ") for r in p.relics))
    return text


def aim_text(t: State, ship: int | None, aim: Aim, *, flying: bool) -> Text:
    """The aim of the chosen ship in words, and how far a free slide at that power goes."""
    if flying:
        return Text("A flick is flying · space skips", style="bold yellow")
    if ship is None:
        return Text("No ship to aim now", style="dim")
    seat = ship % 100 // 10
    text = Text()
    if 0 <= seat < t.n:
        text.append_text(seat_mark(t, seat))
    text.append(f" ship {ship}", style="bold")
    text.append(f"  aim {aim.angle / 100:.1f}°  power {aim.power / 10:.1f} %")
    text.append(f"\n  a free slide goes {reach(aim.power) // 100} mm", style="dim")
    return text


def range_text(t: State, ship: int | None) -> Text:
    """What the range ruler reaches from ``ship``: each rival ship and warship within the
    short edge, then the long."""
    if ship is None:
        return Text("Pick a ship (tab) to measure from it.", style="dim")
    m = starmap()
    me = next((d for d in t.discs if d.id == ship), None)
    if me is None:
        return Text("")
    short, long = [], []
    for d in t.discs:
        if d.kind not in ("ship", "warship") or d.owner == me.owner:
            continue
        if within_range(me.x, me.y, me.r, d.x, d.y, d.r, m.short_range):
            short.append(d)
        elif within_range(me.x, me.y, me.r, d.x, d.y, d.r, m.long_range):
            long.append(d)
    text = Text(f"Range ruler: short {m.short_range // 100} mm, long {m.long_range // 100} mm\n",
                style="bold")

    def names(ds: list[Disc]) -> str:
        return ", ".join("warship" if d.kind == "warship" else f"ship {d.id}" for d in ds)

    text.append(f"  short: {names(short) or 'nothing'}\n  long: {names(long) or 'nothing'}")
    return text


def legend_text(t: State, names: Sequence[str]) -> Text:
    """What the marks on the map mean (the colour-free ones: they read with NO_COLOR)."""
    text = Text()
    for seat in range(t.n):
        text.append_text(seat_mark(t, seat))
        text.append(f"{HOLLOW[seat]} {names[seat]}  ")
    if t.solo is not None:
        text.append(f"\n{ROBOT_DISC} robot in an orbit", style="dim")
        if t.solo.settlers_start:
            text.append(f"\n{SETTLER} settlers: on a planet, or by their ship", style="dim")
        if t.solo.scenario == HEART_SCENARIO:
            text.append(" · H the Heart: a ship touching it is lost", style="dim")
    text.append("\n✦ warship · r robots · o p k g planets\n"
                "R relic · A artifact · W gate · ? @ x hidden, wormhole, gone", style="dim")
    return text


def mission_lines(t: State, seat: int, *, wide: bool) -> Text:
    """The missions shown, for ``seat``: ✓ and the VP its cubes score once it completed one,
    else how far it is (have of need); with ``wide`` what it scores. Completing one is an
    Interact (i). Empty when none lie out (the Classic rules and the solo game have none)."""
    if not t.missions:
        return Text()
    text = Text("Missions ", style="bold")
    text.append("(Interact; v: goals)", style="dim")
    for k, mid in enumerate(t.missions):
        m = missions()[mid]
        cubes = t.mission_cubes[k][seat]
        if cubes:
            text.append(f"\n ✓ {m.name} {vp_for(m, cubes)} VP", style="bold green")
            continue
        have, need = progress(t, seat, k)
        text.append(f"\n · {m.name} {min(have, need)}/{need}")
        if wide:  # the goals themselves are long: the book (v) has them
            text.append(f" · {m.first} VP first, {m.others} after", style="dim")
    return text


def missions_text(t: State, names: Sequence[str]) -> Text:
    """The missions written out for the book (v): goal, what the first and the later comers
    score, and who put cubes on each."""
    if not t.missions:
        return Text()
    text = Text("\nMissions (complete one with an Interact action once its goal is met):\n",
                style="bold")
    for k, mid in enumerate(t.missions):
        m = missions()[mid]
        text.append(f"  {m.name}", style="bold")
        text.append(f" — {m.text} First: {m.first} VP, later: {m.others} VP.")
        done = [f"{names[s]} {counted(c, 'cube')}" for s, c in enumerate(t.mission_cubes[k])
                if c]
        if done:
            text.append(f"  [{', '.join(done)}]", style="italic")
        text.append("\n")
    return text


def mega_line(t: State, names: Sequence[str]) -> Text:
    """The Megastructure card in play in a line or two: its name, what awakening and taking
    control cost, its powers by name, who controls each awakened one (v shows the powers in
    full); empty without the module."""
    if not t.options.get("megastructures") or t.mega_card not in INFO:
        return Text()
    card = INFO[t.mega_card]
    # Short lines: the side column is 39 wide at 80x24.
    text = Text(f"{card.name} {card.awaken}⚡", style="bold")
    text.append(f" ({card.awaken + 1}⚡ to take)\n  ")
    text.append(" · ".join(p.split(":")[0] for p in card.powers))
    held = [names[who] if 0 <= who < t.n else "no one" for _, who in t.megastructures]
    if held:
        text.append(f"\n  awake: {', '.join(held)}", style="dim")
    return text


def mega_card_text(t: State, names: Sequence[str]) -> Text:
    """The Megastructure card written out, for the book (v)."""
    if not t.options.get("megastructures") or t.mega_card not in INFO:
        return Text()
    card = INFO[t.mega_card]
    text = Text(f"\nMegastructure card: {card.name}\n", style="bold")
    text.append(f"  Awaken (a manoeuvre, from an artifact's orbit): {card.awaken} energy; "
                f"take control from a rival: {card.awaken + 1}.\n")
    text.append("  Use (Interact): each megastructure you control once a turn, for one of\n")
    for power in card.powers:
        text.append(f"  - {power}\n")
    for i, who in t.megastructures:
        holder = names[who] if 0 <= who < t.n else "no one"
        text.append(f"  at {t.locations[i].hole}: {holder}\n", style="italic")
    return text


def tech_tree_text(t: State, names: Sequence[str]) -> Text:
    """The whole technology tree, each tile with the seats that reached it (in the Solo
    Campaign: the four Solo Technology cards, every ability written out, and the Relic
    Archive)."""
    if t.solo is not None:
        text = solo_panels.tech_lines(t, wide=True)
        text.append("\n\n")
        text.append_text(solo_panels.goal_lines(t))
        return text
    text = Text("Technology (a level is the most research facilities you have had at once "
                "on planets of that colour)\n", style="bold")
    techs = sorted(technologies().values(), key=lambda x: (PLANET_COLOURS.index(x.colour),
                                                           x.level))
    for tech in techs:
        if tech.level == 1:
            text.append(f"\n{tech.colour.title()}\n", style=f"bold {PLANET_FILL[tech.colour]}")
        who = [names[s] for s in range(t.n) if t.players[s].tech[tech.colour] >= tech.level]
        text.append(f"  {tech.level} {tech.id.replace('_', ' ').title()}", style="bold")
        text.append(f" — {tech.text}")
        if not tech.built:
            text.append(" (not in play yet)", style="dim")
        if who:
            text.append(f"  [{', '.join(who)}]", style="italic")
        text.append("\n")
    text.append(f"\nLevels go from 1 to {LEVELS}.\n", style="dim")
    text.append_text(mega_card_text(t, names))
    text.append("\nRelic Archive: ", style="bold")
    text.append(", ".join(r.replace("_", " ") for r in t.archive) or "empty")
    text.append(f"\nVP pool: {t.vp_pool} of {t.vp_pool_start}\n", style="bold")
    text.append_text(missions_text(t, names))
    return text
