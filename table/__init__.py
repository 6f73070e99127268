"""The game table without Discord: a move checked, applied, stored and its turn handed on.

``Table`` (table.py) takes its storage and its publisher (a ``Publisher``, turn.py, that the
cogs implement) in its constructor. It stores each change of a game and hands it over as
one ``StoredTurn`` value, so the publisher never asks back; it keeps the turn clocks
(clocks.py), ends games (endings.py), continues series and asks the bot for its turns
(computer.py), and for a missing player's where it holds the seat (holding.py). It never
imports discord; what it refuses, it refuses with a ``Refusal`` that carries a message key.
"""
