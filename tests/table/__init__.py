"""The table: the move path below Discord (turns, history caches, what a bot keeps in memory)."""
