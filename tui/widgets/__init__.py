"""Widgets that draw a game view and post the chosen action; they hold no rules."""
