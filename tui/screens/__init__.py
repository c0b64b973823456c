"""The app's screens: menu, set-up, continue, rules, game tables, hand-over and end."""
