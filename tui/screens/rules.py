"""Rules help: short summaries of Ascension, Ascension at Firepeak and Ascension Tactics in
our own words, and every key of the app; the game being played comes first."""

from __future__ import annotations

from textual.app import ComposeResult
from textual.binding import Binding
from textual.containers import VerticalScroll
from textual.screen import Screen
from textual.widgets import Markdown

from tui.widgets.footer import KeyFooter

RULES = """\
# Ascension in two minutes

**Goal.** Finish with the most Honor: the tokens you win during play plus the Honor
printed on every card you own when the game ends.

**Your deck.** Everyone starts with ten weak cards: eight Apprentices (1 Rune each) and
two Militia (1 Power each). Each turn you hold five cards. Over the game you add stronger
cards and, with some effects, send weak ones to the Void for good.

**A turn.** Play cards from your hand, in any order, to build up two resources:

- **◆ Runes** buy Heroes and Constructs: from the six-card center row, or the Mystic
  (3 Runes, later gives 2 Runes) and Heavy Infantry (2 Runes, later gives 2 Power) piles
  that are always on offer. A bought card goes to your discard pile.
- **▲ Power** defeats Monsters: one in the center row, or the Cultist, who is always there
  (2 Power, 1 Honor). A defeated monster gives its reward and leaves the game.

Whenever a center-row card is taken or defeated, the next card of the center deck takes
its place at once. When you end your turn, everything you played and whatever is left in
your hand goes to your discard pile and you draw five new cards; an empty deck is
refilled by shuffling your discard pile.

**Heroes** do their effect once, when played. **Constructs** stay in front of you from
turn to turn; most have an ability you can use once each turn (select the construct and
press enter). Some effects ask you a question (banish a card? take a hero for free?):
the choice appears in a list, and most can be declined.

**Factions.** Enlightened (blue) draw cards and defeat monsters for free; Lifebound
(green) gain Honor and Runes together; Mechana (orange) build constructs that feed each
other; Void (red) bring raw Power and thin your deck. Monsters are grey.

**Game end.** The Honor pool starts at 30 tokens per player. When the last token is
taken, the round is played out so everyone has had the same number of turns. Tokens
still owed after the pool runs dry are paid anyway. Highest total wins; on a tie, the
player with more tokens wins; still tied, the win is shared.

# Keys

| Key | What it does |
|-----|--------------|
| ← → | move between cards in a row |
| ↑ ↓ | move between the center row, your hand and your constructs |
| tab / shift+tab | move focus through everything |
| enter / click | the card's action: play it, buy it, fight it, or use the construct |
| a | play every card in hand that asks no question |
| e | end the turn (asks first if cards are left in hand) |
| h | hint: what the planner would do, and why |
| H | play the hinted action (or enter on the hint panel) |
| s | save now (the game also saves itself at the end of every turn) |
| q | save and go back to the main menu |
| ? | this help |
| pageup / pagedown | scroll the game log |
| escape | close a dialog (declines an optional choice) |

Games are saved in the folder named by `ASCEND_SAVE_DIR`, or in your user data folder.
"""

FIREPEAK_RULES = """\
# Ascension at Firepeak in two minutes

**Goal.** Be the first to fill all nine places of your pattern. If nobody has when the
last creature of the Recruitment deck has been drawn, the game ends with that turn and
the pattern with the most Power wins (then the most creatures; then it is a draw). With
the *Reshuffle* variant the discarded creatures become a new deck once first.

**Your pattern.** Your Wizard sits on top; under it are tiers of 2, 3 and 4 places. A
creature's Leaders are the one or two places just above it (the Wizard for tier 1), its
Minions the one or two just below. Three rules always hold:

- every creature has a Leader above it;
- a creature is weaker than its Leader, or than its two Leaders added together
  (anything may sit under the Wizard);
- opposed clans never touch (side by side, above or below): Doombringers / Holy Order,
  Twilight Spawn / Dawn Keepers, Night Wing / Gaia's Children.

Your Wizard gives +1 Power to creatures of its clan that you control. If a pattern ever
breaks a rule, its owner first moves creatures that lost their Leader up, then removes
creatures to the discard pile until it is legal again.

**Guard and Dungeon.** Beside the pattern are one Guard spot (a face-up creature that
defends your Dungeon and can fight) and your Dungeon (face down: only you see it).

**A turn: two actions**, any mix, the same one twice if you like:

- **Recruit**: draw the top creature; put it under a Leader you choose, as your Guard, or
  face down in your Dungeon.
- **Capture**: one of yours attacks an opponent's creature. Both roll a die and add
  Power (a defender in tier 1 adds 1); the loser goes to the winner's Dungeon; a tie
  does nothing.
- **Brainwash**: name a Dungeon creature's Power and roll; above it, the creature joins
  your pattern or becomes your Guard.
- **Rescue**: one of yours rolls plus Power against an opponent's die plus their Guard's
  Power; win and you take any creature from their Dungeon, lose and yours is captured.
- **Move** a creature to an empty legal place or to your Guard; **Swap** two adjacent
  creatures; **Imprison** one of yours into your Dungeon (never leaving one Leaderless).
- **Cast** a spell from your Spellbook, paying the creatures it names from your Dungeon.
  Instants act and are gone; auras stay on a place (and reach its Minions), enchantments
  on a creature, circles beside your pattern (one each).
- **Research** is free and can be repeated: discard two creatures of one clan from your
  Dungeon and draw a spell.

At the start everyone keeps 5 of 7 dealt spells, and a die roll picks who begins.

**Clan Powers** (variant): Doombringers give one more action when brainwashed (once a
turn); Holy Order add 1 when rescuing; a winning Twilight Spawn may keep its captive as a
Minion on a good roll; two Dawn Keepers researched draw an extra spell; one Move or Swap
with a Night Wing is free each turn; Gaia's Children add 1 when defending a Capture.

# Keys at the Firepeak table

| Key | What it does |
|-----|--------------|
| r c b x | Recruit, Capture, Brainwash, Rescue |
| m w i | Move, Swap, Imprison |
| k t | Cast a spell, Research |
| e | end the turn (asks first while actions are left) |
| a | every action you can take now, in one list |
| enter | answer the pending choice (escape in its list puts it aside for a look) |
| ← → ↑ ↓ | point at a place of the large pattern; the side panel describes it |
| o | show the next player's pattern large (and back to yours) |
| v | your Spellbook, Dungeon and Wizard in full |
| h / H | hint / play the hint |
| s / q / ? | save / save and back to the menu / this help |

A greyed action key cannot be used now: press it to learn why. Lists only ever offer
what the rules allow; in the spell list a spell you cannot cast says why.
"""

TACTICS_RULES = """\
# Ascension Tactics in two minutes

**Goal.** Sides fight over a hex battlefield for Honor. The first side whose Honor reaches
the scenario's goal at the end of one of its turns wins (30 in Battle of the Three Shrines).
Some of our scenarios even out turns instead: once a side has the goal the round is played
out, and then the most Honor wins (a tie is shared). The New game screen says which.
In 1 vs 1 and in a brawl every player is a side; in 2 vs 2 partners share Honor, turns and
Treasures, and each keeps their own deck and units.

**Cards.** As in Ascension, each player has a deck (8 Apprentices for 1 Rune, 2 Militia for
1 Power) and a hand of five. Play cards for **◆ Runes** and **▲ Power**. Runes buy Heroes and
Constructs from the six-card center row or the Mystic / Heavy Infantry piles; a Monster in
the row is bought with Power instead. Your Gateway also gives you Power every turn.

**Units.** Your champions start off the field. Spending Power to *command* one exhausts it
for the rest of the turn; it then enters at one of your free portals (if off the field), may
make one move (Speed = hexes; a Forest costs two; enemies block; allies can be crossed but
not shared), and may attack. Attacks hit an adjacent enemy, or one up to 3 hexes away in
line of sight for a **Ranged** unit (Forests and enemy units in between block the view).
An attack deals the attacker's Strength as damage, and a unit whose damage reaches its
Defense is defeated. **Strikeback** hits back at the same moment; **Area** hits every enemy
in reach at once; **Double** attacks twice. A defeated unit leaves the field and its
Constructs go to the discard pile.
Cultists cost 2 Power and come straight through a portal (four at most on the field).

**Constructs** are equipped to one of your champions and change its numbers while it
carries them. **Treasures** lie face down on the map: end a move or arrive on one to take it.
Play one on a unit of yours when you may act, or when an attack is declared (both sides get
the chance, in turn), for a bonus until the end of the turn.

**Honor.** At the end of your turn every Shrine your side controls scores for you (control
= strictly more units of yours on it and next to it than of any other side). Some cards give
Honor too. At the end of a turn hands are discarded, five new cards are drawn, your units
are readied and all damage heals.

**Drafting** (optional): instead of the scenario's suggested rosters, the players pick
champions one at a time from a face-up row.

# Keys at the Tactics table

| Key | What it does |
|-----|--------------|
| ← → ↑ ↓ | move the cursor over the map (the panel at the bottom right says what is there) |
| enter / space / click | + hex: deploy or move there · × enemy: attack it · a unit: pick it |
| c | command the unit under the cursor or picked; else a list of your units and Cultists |
| d | the commanded unit is done |
| l | line of sight from the commanded (or picked) unit to the cursor, drawn with • |
| p | play a card from your hand |
| P | play every card in your hand that asks no question |
| a | acquire a card (center row, Mystic, Heavy Infantry) |
| t | play a Treasure on one of your units |
| e | end the turn (asks first while cards are left in hand) |
| s | 2 vs 2: hand the turn to your partner |
| h / H | hint / play the hint |
| S / q / ? | save / save and back to the menu / this help |
| pageup / pagedown | scroll the game log |

On the map a unit is two letters on its side's colour (the side panel lists yours with the
same letters); `z` marks an exhausted unit, a digit its damage, `$$` a Treasure, `⌂` a
Shrine with its Honor, `@@` a portal, `♣♣` a Forest. Lists offer only what the rules allow;
a greyed line says why not. Escape in a choice list puts it aside so you can look at the
map; enter brings it back.
"""

SECTIONS = {"ascension": RULES, "firepeak": FIREPEAK_RULES, "tactics": TACTICS_RULES}


class RulesScreen(Screen[None]):
    """The rules summaries and key lists; escape or q goes back."""

    BINDINGS = [Binding("escape,q,question_mark", "back", "Back")]

    def __init__(self, game: str = "") -> None:
        super().__init__()
        self.game = game

    def compose(self) -> ComposeResult:
        first = self.game if self.game in SECTIONS else "ascension"
        text = "\n".join([SECTIONS[first], *(t for g, t in SECTIONS.items() if g != first)])
        with VerticalScroll(id="rules-scroll"):
            yield Markdown(text, id="rules")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#rules-scroll").focus()

    def action_back(self) -> None:
        """Close the help."""
        self.dismiss(None)
