"""The Tactics bots' weights, in one place to tune.

Values are in "Honor-like points": a shrine held for a turn is worth its Honor, a card's
worth is measured against an average starting card (1 point). The CP-SAT models count in
whole numbers, ``S`` model points to one of these.
"""

from __future__ import annotations

S = 100  # model points per evaluation point

# --- the battlefield -------------------------------------------------------------------------
CTRL = 1.0  # holding a shrine at the end of the turn (it scores now), per Honor
HOLD = 0.5  # ... with units no enemy can defeat alone next turn (it should score again)
DENY = 0.8  # keeping the enemy from holding a shrine they stand around, per Honor
TREASURE = 1.0  # picking up a face-down Treasure
BEACON_TURNS = 2.0  # a Beacon taken is worth this many turns of its Honor
NEW_PORTAL = 1.0  # waking an Inactive Portal for the side
POWER_SPENT = 0.05  # a point of Power spent on a command (so idle moves are not free)
RISK = 0.45  # chance-like weight of losing a unit left where a lethal enemy reaches it
RISK_MANY = 0.2  # ... where only several enemies together could defeat it
# A unit's place, per Honor of the best shrine: beside it, a move away, two moves, farther.
POT_AREA, POT_NEXT, POT_FAR, POT_AWAY = 0.5, 0.35, 0.15, 0.05
WIN = 100.0
# Against the Villains: a fallen Villain no longer scores its objective's shrine until a
# Scheme returns it; worth this many turns of that shrine's Honor (on top of its card's).
VILLAIN_DOWN = 2.0
# In a brawl (three or more sides) a foe side's units and shrines weigh more the further its
# Honor is above the others': per share of the victory Honor it leads by, clamped.
LEADER = 5.0
LEADER_MIN, LEADER_MAX = 0.3, 3.0

# --- cards and the roster --------------------------------------------------------------------
AVG_CARD = 1.0  # what an average starting card is worth when drawn
POWER = 1.3  # a point of Power against a Rune: Power is what puts bodies on the shrines
ROSTER = 0.3  # a body on the roster, against the same body drafted (it still costs Power)
SAME_COST = 1.0  # a drafted champion whose command cost the roster already has, per copy
FIRST_CHEAP = 1.5  # the roster's first champion commanded for 1 or 2 Power
SPEED_PICK = 1.0  # a point of Speed at the draft, on top of body_value (self-play: a slow
# cheap champion's drafter won 38 % of games, the same body at Speed 3 69 %)
