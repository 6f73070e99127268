"""One game end to end through the loopback Discord, by game."""
