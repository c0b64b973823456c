"""Ascension Tactics at the table: its screen, text, widgets and styles (the row ``tui.games``
finds for ``tactics``)."""

from __future__ import annotations

from tui.games import GameUI
from tui.games.tactics.results import TacticsResults
from tui.games.tactics.text import seat_teams

UI = GameUI(table="tui.games.tactics.screen:TacticsScreen",
            results=TacticsResults(), turn_word="turn", teams=seat_teams,
            new_campaign="tui.screens.campaign_new:NewCampaignScreen")
