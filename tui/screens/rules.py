"""Rules help: a short summary of Ascension in our own words, and every key of the app."""

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


class RulesScreen(Screen[None]):
    """The rules summary and key list; escape or q goes back."""

    BINDINGS = [Binding("escape,q,question_mark", "back", "Back")]

    def compose(self) -> ComposeResult:
        with VerticalScroll(id="rules-scroll"):
            yield Markdown(RULES, id="rules")
        yield KeyFooter()

    def on_mount(self) -> None:
        self.query_one("#rules-scroll").focus()

    def action_back(self) -> None:
        """Close the help."""
        self.dismiss(None)
