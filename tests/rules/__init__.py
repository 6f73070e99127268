"""The rule engines (rules/): scenarios of the spec, properties over random games, replays."""
