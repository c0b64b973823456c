"""The Villains at the Tactics table (solo, co-op, Become the Boss), for display only: their
map labels and objective tokens, their lines in the side panel, the threat meter and the
Scheme deck under the map, the Scheme panel of the Villain turn, and the plans a tie lists.

Everything is read off the engine's view (``TacticsView.villain``). What a tie's plans are is
the engine's own ``villain_turn.plans_of``, asked of a state rebuilt from the view
(``determinize``: a plan depends only on the public board), never worked out here.

Objective tokens are told apart by a letter as well as a colour (``B`` the Boss's, ``R``
red, ``U`` blue, ``G`` green), so a table without colour still shows which is which; a
Villain's map label starts with the letter of the token it holds (``Bk``: the Boss, Kor).
"""

from __future__ import annotations

from collections.abc import Sequence

from rich.text import Text

from core.contract import Event
from core.rng import Rng
from core.tactics import routes, villain_turn
from core.tactics.board import TAINTED, move_path
from core.tactics.field import unit_side
from core.tactics.state import Decision
from core.tactics.view import TacticsView, VillainView, determinize
from core.tactics.villain import Plan
from core.tactics.villain_ops import OBJECTIVE_KINDS
from core.tactics.villain_state import SCHEMES_PER_TURN, VILLAIN, VILLAINS
from core.tactics.villains import SchemeDef
from core.tactics.words import cell_name, unit_name, villain_cultist_label
from tui import theme
from tui.games.tactics.picture import OBJECTIVE_LETTER as KIND_LETTER
from tui.games.tactics.picture import OBJECTIVE_STYLE as KIND_STYLE

KIND_WORD: dict[str, str] = {"boss": "the Boss's", "red": "red", "blue": "blue",
                             "green": "green"}
METER_CELLS = 8  # the threat meter: one cell per two Schemes in the discard (Threat 6 to 16)
MET, UNMET = "✓", "✗"
LABEL = "#9aa3c0"


def against_villains(v: TacticsView) -> bool:
    """Whether this table is played against the Villains."""
    return v.villain is not None


def solo_turn(v: TacticsView) -> bool:
    """Whether the Villains are taking their turn by themselves (solo and co-op)."""
    return v.villain is not None and v.side == VILLAINS and v.villain.boss_seat < 0


# --- names and labels ----------------------------------------------------------------------------

def villain_units(v: TacticsView) -> list[tuple[str, int]]:
    """``(kind, unit)`` for the four Villains of the roster, the Boss first."""
    vv = v.villain
    if vv is None:
        return []
    return [(kind, v.card_units[vv.holder[k]][0]) for k, kind in enumerate(OBJECTIVE_KINDS)
            if vv.holder[k] >= 0]


def kind_of_unit(v: TacticsView, u: int) -> str:
    """The objective kind the Villain ``u`` holds ("" for any other unit)."""
    return next((kind for kind, x in villain_units(v) if x == u), "")


def villain_labels(v: TacticsView, taken: set[str]) -> dict[int, str]:
    """A two-character map label for each Villain (its token's letter and its initial,
    ``Bk``) and each Villain Cultist (``v1``), none equal to a label in ``taken``."""
    out: dict[int, str] = {}
    used = set(taken)
    for kind, u in villain_units(v):
        letter = KIND_LETTER[kind]
        name = v.cards[v.units[u].card].name
        options = [letter + name[0].lower(), *(f"{letter}{i}" for i in range(1, 10))]
        label = next(o for o in options if o not in used)
        used.add(label)
        out[u] = label
    if v.villain is not None:
        for u in v.villain.cultists:
            out[u] = villain_cultist_label(v, u)
    return out


def objective_cells(v: TacticsView) -> dict[int, str]:
    """Cell -> the objective kind whose token lies there."""
    vv = v.villain
    if vv is None:
        return {}
    return {cell: kind for kind, cell in zip(OBJECTIVE_KINDS, vv.token, strict=True)
            if cell >= 0}


# --- the side panel ------------------------------------------------------------------------------

def villain_section(v: TacticsView, labels: dict[int, str], buffed: frozenset[int],
                    header: str = "Villains", name_width: int = 14) -> Text:
    """The Villains, one line each with their face's numbers and the Honor a hero gains for
    defeating one, then the Villain Cultists on the battlefield. ``name_width``: the cells a
    Villain's name gets (a wide terminal gives it the whole name)."""
    out = Text(no_wrap=True, overflow="ellipsis")
    out.append(header, style=f"bold {LABEL}")
    out.append(f"  Str/Def/Spd {theme.HONOR}\n", style="dim")
    vv = v.villain
    if vv is None:
        return out
    for kind, u in villain_units(v):
        out.append_text(villain_line(v, vv, kind, u, labels, u in buffed, name_width))
        out.append("\n")
    cultists = [u for u in vv.cultists if v.units[u].cell >= 0]
    if cultists:
        st = v.cultist_def
        out.append("✓ ", style="bold #6fdc7a")
        out.append(" ".join(labels.get(u, "v?") for u in cultists), style="bold")
        out.append(f" Cultists {st.strength}/{st.defense}/{st.speed}\n")
    return out


def villain_line(v: TacticsView, vv: VillainView, kind: str, u: int, labels: dict[int, str],
                 buffed: bool, name_width: int = 14) -> Text:
    """``✓ Bk Kor, the Fe 7/7/3 ★5``: on the field or fallen, label, name, numbers now
    (``+``: a Scheme's bonus this turn), damage, and the Honor for defeating it."""
    row = v.units[u]
    line = Text(no_wrap=True, overflow="ellipsis")
    fallen = row.cell < 0
    line.append("○ " if fallen else "✓ ", style="dim" if fallen else "bold #ff6b6b")
    line.append(f"{labels.get(u, '??'):<2}", style=KIND_STYLE[kind])
    line.append(" ")
    face = vv.vdef(row.card).face(vv.mode)
    name = v.cards[row.card].name[:name_width]
    line.append(f"{name:<{name_width}} ", style="dim" if fallen else "")
    st = v.stats.get(u)
    if st is not None:
        line.append(f"{st.strength}/{st.defense}/{st.speed}")
    if buffed:
        line.append("+", style="bold #ffb347")
    line.append(f" {theme.HONOR}{face.honor}", style=theme.HONOR_COLOR)
    if row.damage:
        line.append(f" -{row.damage}", style="bold #ff5f5f")
    return line


def villain_owner(v: TacticsView, u: int) -> str:
    """Who a Villain unit is, after its name: ``Villains · token B · ★6 to defeat``."""
    vv = v.villain
    if vv is None or v.units[u].card < 0:
        return "Villains · Cultist"
    face = vv.vdef(v.units[u].card).face(vv.mode)
    kind = kind_of_unit(v, u)
    token = f" · token {KIND_LETTER[kind]}" if kind else ""
    return f"Villains{token} · {theme.HONOR}{face.honor} to defeat"


def villain_detail(v: TacticsView, u: int) -> Text:
    """A Villain's face text (its Slay, a Boss's Surge) for the detail panel."""
    vv = v.villain
    if vv is None or v.units[u].card < 0:
        return Text()
    face = vv.vdef(v.units[u].card).face(vv.mode)
    return Text(face.text, style="italic")


# --- Honor, the threat and the Scheme deck ------------------------------------------------------

def honor_text(v: TacticsView) -> Text:
    """``★ Heroes 4/30 · Villains 8/30``: both sides' Honor and goals."""
    out = Text()
    out.append(f"{theme.HONOR} Heroes {v.honor[0]}/{v.scen.victory_honor}",
               style=f"bold {theme.HONOR_COLOR}")
    out.append(" · ", style="dim")
    villains = v.honor[VILLAINS] if len(v.honor) > VILLAINS else 0
    out.append(f"Villains {villains}/{v.scen.villain_honor}", style="bold #ff6b6b")
    return out


def unplayed(vv: VillainView) -> list[int]:
    """The Schemes not played yet: the deck and the Boss player's hand."""
    return list(vv.unseen) + list(vv.hand or ())


def threat_line(v: TacticsView) -> Text:
    """``Threat 6 ▮▮▮▯▯▯▯▯ bonus on 3 of 24 · next 8``: the Schemes in the discard (what a
    Threat Level is compared with), how many of the unplayed Schemes would strike with their
    bonus now, and the lowest Threat Level not met yet (the deck's order is hidden)."""
    vv = v.villain
    out = Text(no_wrap=True, overflow="ellipsis")
    if vv is None:
        return out
    threat = len(vv.discard)
    left = [vv.schemes[i].threat for i in unplayed(vv)]
    filled = min(METER_CELLS, threat // 2)
    out.append(f"Threat {threat} ", style="bold #ff8a65")
    out.append("▮" * filled, style="bold #ff8a65")
    out.append("▯" * (METER_CELLS - filled), style="dim")
    live = sum(1 for t in left if t <= threat)
    out.append(f" bonus on {live} of {len(left)}")
    later = [t for t in left if t > threat]
    if later:
        out.append(f" · next {min(later)}", style="dim")
    return out


def deck_line(v: TacticsView) -> Text:
    """``Schemes 24 · 12 Villain turns, then they win``: the Schemes left to play (two a
    turn; when none is left to play, the Villains win)."""
    vv = v.villain
    out = Text(no_wrap=True, overflow="ellipsis")
    if vv is None:
        return out
    left = len(unplayed(vv))
    style = "bold #ff5f5f" if left <= 2 * SCHEMES_PER_TURN else "bold"
    out.append(f"Schemes {left}", style=style)
    out.append(f" · {left // SCHEMES_PER_TURN} Villain turns, then they win", style="dim")
    return out


def under_map(v: TacticsView) -> Text:
    """The two lines under the map: the threat meter and the Scheme deck."""
    return Text("\n").join([threat_line(v), deck_line(v)])


# --- the Scheme panel ----------------------------------------------------------------------------

def scheme_shown(v: TacticsView) -> int:
    """The Scheme being resolved (the last played this Villain turn), or -1."""
    vv = v.villain
    if vv is None or v.side != VILLAINS or not vv.in_play:
        return -1
    return vv.in_play[-1]


def met(vv: VillainView, scheme: SchemeDef) -> bool:
    """Whether ``scheme``'s Threat Level is met: the discard holds that many Schemes (this
    turn's are not in it until the turn ends)."""
    return len(vv.discard) >= scheme.threat


def scheme_panel(v: TacticsView, width: int) -> Text:
    """The Scheme in play, in the center row's place: its name and Threat Level (met or
    not), its effect (wrapping), then its bonus (struck through when the threat is not met);
    the header and the bonus are cut to ``width``."""
    vv = v.villain
    idx = scheme_shown(v)
    if vv is None or idx < 0:
        return Text()
    sd = vv.schemes[idx]
    yes = met(vv, sd)
    head = Text()
    head.append(f" Scheme {vv.played} of {SCHEMES_PER_TURN} ", style="bold reverse")
    head.append(f" {sd.name}", style="bold #ff6b6b")
    head.append(f" · Threat {sd.threat} ", style="bold #ff8a65")
    head.append(f"{MET} met" if yes else f"{UNMET} not met", style="bold" if yes else "dim")
    head.append(f" ({len(vv.discard)} in the discard)", style="dim")
    head.truncate(width, overflow="ellipsis")
    bonus = Text("Bonus: ", style="bold" if yes else "dim")
    bonus.append(sd.bonus_text, style="" if yes else "dim strike")
    bonus.truncate(width, overflow="ellipsis")
    return Text("\n").join([head, Text(sd.text), bonus])


def scheme_detail(vv: VillainView, idx: int) -> Text:
    """A Scheme in full for a list's detail line."""
    sd = vv.schemes[idx]
    out = Text()
    out.append(sd.text)
    out.append(f"\nThreat {sd.threat} ", style="bold #ff8a65")
    yes = met(vv, sd)
    out.append(f"{MET} met" if yes else f"{UNMET} not met", style="bold" if yes else "dim")
    out.append(f" ({len(vv.discard)} in the discard): {sd.bonus_text}",
               style="" if yes else "dim")
    return out


def hand_line(v: TacticsView, hidden: bool = False) -> Text:
    """The Boss player's hand: ``Schemes (3) The Right Hand 10✓ · Marked for Death 12 · …``
    (each with its Threat Level, ✓ when met), or ``hidden`` during a hand-over."""
    vv = v.villain
    out = Text(no_wrap=True, overflow="ellipsis")
    out.append(f"Schemes ({vv.hand_count if vv else 0}) ", style=f"bold {LABEL}")
    if vv is None or vv.hand is None or hidden:
        out.append("hidden", style="dim")
        return out
    for i, idx in enumerate(vv.hand):
        if i:
            out.append(" · ", style="dim")
        sd = vv.schemes[idx]
        out.append(sd.name, style="bold")
        out.append(f" {sd.threat}{MET if met(vv, sd) else ''}", style="dim")
    out.append(f" · played {vv.played} of {SCHEMES_PER_TURN}", style="dim")
    return out


# --- the log ------------------------------------------------------------------------------------

VILLAIN_RED = "bold #ff6b6b"


def event_line(v: TacticsView, e: Event, names: Sequence[str]) -> tuple[str, str] | None:
    """A log line for what the Villains do (None: not theirs, or not worth a line). Their
    moves, attacks and Cultists have no action line of their own, so the event says it."""
    vv = v.villain
    if vv is None:
        return None
    k, seat, card, value = e
    villain = seat == VILLAIN
    if k == "villains":
        cast = [f"{v.cards[vv.holder[i]].name} ({KIND_LETTER[kind]})"
                for i, kind in enumerate(OBJECTIVE_KINDS) if vv.holder[i] >= 0]
        return (f"  The Villains: {', '.join(cast)}; the Boss leads. "
                f"{value} Schemes in their deck."), "#ff8a8a"
    if k == "portal_chosen":
        who = names[seat] if 0 <= seat < len(names) else "?"
        return f"  {who} will deploy from the portal at {cell_name(v, value)}", ""
    if k == "scheme":
        sd = vv.schemes[card]
        return f"── Scheme {value}: {sd.name} — {sd.text}", VILLAIN_RED
    if k == "threat":
        sd = vv.schemes[card]
        return (f"  Threat {sd.threat} met ({value} in the discard): {sd.bonus_text}",
                "bold #ff8a65")
    if k == "surge":
        return f"  {v.cards[card].name}, the Boss, surges", VILLAIN_RED
    if k == "villain_skipped":
        return f"  {unit_name(v, card)} has fallen: nobody to command", "dim"
    if k == "score_now":
        return (f"  {unit_name(v, card)} stays and scores the shrine at "
                f"{cell_name(v, value)}"), "#ff8a8a"
    if k == "token":
        kind = OBJECTIVE_KINDS[card]
        return (f"  The {KIND_WORD[kind]} objective token ({KIND_LETTER[kind]}) moves to "
                f"{cell_name(v, value)}"), ""
    if k == "terrain":
        tile = "Tainted ground" if v.terrain[value] == TAINTED else "A Forest"
        return f"  {tile} appears at {cell_name(v, value)}", ""
    if k == "burn":
        return f"  The Villains burn the Treasure at {cell_name(v, value)}", ""
    if k == "return":
        return f"  {unit_name(v, card)} returns at {cell_name(v, value)}", VILLAIN_RED
    if not villain:
        return None
    if k == "command":
        if vv.boss_seat >= 0:  # the Boss player commands it, as a hero commands a unit
            return f"  {names[vv.boss_seat]} commands {unit_name(v, card)}", "#ff8a8a"
        return f"  {unit_name(v, card)} acts", "#ff8a8a"
    if k == "move":
        return f"  {unit_name(v, card)} moves to {cell_name(v, value)}", ""
    if k == "deploy":
        return f"  {unit_name(v, card)} appears at {cell_name(v, value)}", ""
    if k == "attack":
        target = "every hero unit in range" if value < 0 else unit_name(v, value)
        return f"  {unit_name(v, card)} attacks {target}", "bold #ff8a65"
    if k == "buff":
        return f"  {unit_name(v, card)} is stronger this Villain turn", "dim"
    return None


# --- ties -----------------------------------------------------------------------------------------

def plans(v: TacticsView, d: Decision) -> list[Plan]:
    """The plans a pending ``villain_plan`` decision lists, in the order of its choices."""
    if d.kind != "villain_plan" or not 0 <= d.unit < len(v.units):
        return []
    state = determinize(v, Rng(0))
    return villain_turn.plans_of(state, d)


def walk(v: TacticsView, u: int, goal: int) -> tuple[int, ...]:
    """The hexes unit ``u`` walks through to ``goal``, the goal last: the cheapest walk by
    the movement rules from where it stands (the engine's first route), or the goal alone
    when there is no walk to draw."""
    start = v.units[u].cell
    if start < 0 or start == goal:
        return (goal,)
    # Any bound above the walk's cost finds the same cheapest walk (a Forest costs 2).
    speed = 2 * v.map.distance(start, goal) + 2
    try:
        return tuple(move_path(v.map, v.terrain, v.portal_side, v.occ_side, unit_side(v, u),
                               start, goal, speed, routes.barrier(v), v.beacon))
    except ValueError:
        return (goal,)


def is_villain(v: TacticsView, u: int) -> bool:
    """Whether unit ``u`` is a Villain or a Villain Cultist."""
    return 0 <= u < len(v.units) and v.units[u].seat == VILLAIN


__all__ = ["KIND_LETTER", "KIND_STYLE", "KIND_WORD", "against_villains", "deck_line",
           "event_line",
           "hand_line", "honor_text", "is_villain", "kind_of_unit", "met", "objective_cells",
           "plans", "scheme_detail", "scheme_panel", "scheme_shown", "solo_turn",
           "threat_line", "under_map", "unplayed", "villain_detail", "villain_owner",
           "villain_labels", "villain_line", "villain_section", "villain_units", "walk"]
