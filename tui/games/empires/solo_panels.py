"""The Solo Campaign's text at the table, from a seat's view (``EmpiresView.table``): the
scenario and its goal part by part, the Invasion deck and its splayed discard, the Warship
cards, the supplies, the settlers, the Solo Technology cards and the Relic Archive. The
goal's parts are ``core.empires.solo_progress``'s count; nothing here decides a rule.

Every mark reads without colour: a part done is ✓, one open is ·; a cube is ■, a free place
for one □."""

from __future__ import annotations

from rich.text import Text

from core.empires.solo_content import campaign, solo_content
from core.empires.solo_progress import goal_parts
from core.empires.solo_state import Solo
from core.empires.state import PLANET_COLOURS, State
from tui.games.empires.picture import (
    GUARDIAN_COLOUR,
    PLANET_FILL,
    ROBOT_COLOUR,
    ROBOT_DISC,
    WARSHIP,
)

ROBOTS_IN_BOX, WARSHIPS_IN_BOX = 12, 4
CUBES_A_CARD = 2  # the second cube opens a card's second ability
QUESTION_WORDS = {"reveal": "The invaders ask: which location do they reveal?",
                  "most": "The invaders ask: which planet do they reinforce?",
                  "quadrant": "The invaders ask: into which quadrant does the warship come?",
                  "terraform": "Choose the library planet's colour (its terraform overlay)"}


def solo_of(t: State) -> Solo:
    assert t.solo is not None, "not a solo game"
    return t.solo


def scenario_name(t: State) -> str:
    s = solo_of(t)
    return f"Scenario {s.scenario} · {campaign()[0][s.scenario - 1].name}"


def card_name(card: str) -> str:
    """An Invasion or Warship card in a word or two: "Orange target", "Drone Scouts"."""
    content = solo_content()
    if card in content.warships:
        return f"{content.warships[card].name} warship"
    found = content.invasion.get(card)
    if found is not None and found.target:
        return f"{found.target.title()} target"
    return card.replace("_", " ").title()


def goal_lines(t: State) -> Text:
    """The goal as the campaign words it, then each part with its count."""
    s = solo_of(t)
    text = Text("Goal ", style="bold")
    text.append(campaign()[0][s.scenario - 1].goal, style="italic")
    for part in goal_parts(t):
        mark = "✓" if part.done else "·"
        text.append(f"\n {mark} {part.words()}", style="bold green" if part.done else "")
    if s.result:
        won = s.result.startswith("won")
        text.append(f"\n{'Won' if won else 'Lost'}: {s.result.split(': ', 1)[-1]}",
                    style="bold green" if won else "bold red")
    return text


def invasion_lines(t: State) -> Text:
    """The deck, its discard splayed in the order drawn (what is still to come is the rest),
    the Warship cards, the warships lying on the deck, and the supplies."""
    s = solo_of(t)
    text = Text("Invasion ", style="bold")
    text.append(f"deck {len(s.deck)}")
    if s.on_deck or s.jams:
        text.append(f" (+{s.on_deck} warship{'s' if s.on_deck != 1 else ''} on it"
                    + (f", {s.jams} jammed" if s.jams else "") + ")")
    if s.card and s.steps:
        text.append(f" · now: {card_name(s.card)}", style="bold yellow")
    text.append("\n discard: ")
    text.append(" › ".join(card_name(c) for c in s.discard) or "none", style="dim")
    text.append("\nWarship cards ", style="bold")
    text.append(f"{len(s.warship_pile)}")
    if s.warship_pile:
        text.append(f" · next {card_name(s.warship_pile[0])}")
    text.append("\nSupply ", style="bold")
    text.append(f"{ROBOT_DISC} robots {t.robots}/{ROBOTS_IN_BOX}", style=ROBOT_COLOUR)
    text.append(f" · {WARSHIP} warships {t.warships}/{WARSHIPS_IN_BOX}", style=GUARDIAN_COLOUR)
    text.append(f" · destroyed tokens {t.destroyed_tokens}")
    if s.settlers_start:
        text.append("\nSettlers ", style="bold")
        text.append(f"{len(s.settlers)} on planets · {len(s.aboard)} aboard · "
                    f"{len(s.rescued)} rescued · {len(s.lost_settlers)} lost")
    return text


def tech_lines(t: State, *, wide: bool) -> Text:
    """The four Solo Technology cards: side, name, cubes under it (■ a cube, □ room for
    one), and with ``wide`` the abilities opened."""
    s = solo_of(t)
    text = Text("Solo Technology", style="bold")
    for k, colour in enumerate(PLANET_COLOURS):
        side = solo_content().technology[(colour, s.sides[k])]
        cubes = min(s.cubes[k], CUBES_A_CARD)
        text.append(f"\n {colour[:2] if not wide else colour} {s.sides[k]} ",
                    style=PLANET_FILL[colour])
        text.append(f"{side.name} {'■' * cubes}{'□' * (CUBES_A_CARD - cubes)}")
        if wide and cubes:
            text.append(" · " + "; ".join(a.text for a in side.abilities[:cubes]),
                        style="dim")
    text.append("\nRelic Archive ", style="bold")
    text.append(", ".join(r.replace("_", " ") for r in t.archive) or "empty")
    return text


def solo_side(t: State, *, wide: bool) -> Text:
    """The whole solo panel: the goal first (what the player plays for), then the threat,
    then the cards that help."""
    text = goal_lines(t)
    text.append("\n")
    text.append_text(invasion_lines(t))
    text.append("\n")
    text.append_text(tech_lines(t, wide=wide))
    return text


def story_text(t: State) -> Text:
    """The scenario's story and goal, as the table opens on it."""
    scenario = campaign()[0][solo_of(t).scenario - 1]
    text = Text(f"{scenario_name(t)}\n\n", style="bold")
    text.append(scenario.story)
    text.append("\n\nGoal: ", style="bold")
    text.append(scenario.goal)
    text.append("\n\nEach turn the Invasion deck draws first and the robots and warships act "
                "on it; then you take your action. The solo panel beside the map counts your "
                "goal and the threat.", style="dim")
    return text


def question(t: State, pending: list[object]) -> str:
    """The invaders' open question in words."""
    return QUESTION_WORDS.get(str(pending[1]) if len(pending) > 1 else "", "The invaders ask")
