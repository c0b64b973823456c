"""Ascending Empires (Zenith Edition): the starmap, the flick physics and, in the sessions to
come, the rules behind the common game contract (core/empires/DESIGN.md). Not yet listed in
core.games: a half-built game must not appear in New game."""
