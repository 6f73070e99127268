"""Each game's registration: its words, picker, autocomplete; a game from outside (tests/toy)."""
