"""The computer players (ai/)."""
