"""The seats the bot itself takes in a game: its user, a name that says its level."""

from __future__ import annotations

from collections.abc import Sequence

import discord

from data import NewSeat
from locales import t
from rules.text import clean_name


def bot_seats(me: discord.ClientUser | None, lang: str, levels: Sequence[str]) -> list[NewSeat]:
    """Seats for the bot at ``levels``: 'Tablero · hard', numbered when there are several."""
    if not levels:
        return []
    if me is None:  # a bot that starts games is logged in
        raise RuntimeError("the bot takes a seat before it is logged in")
    seats: list[NewSeat] = []
    own = clean_name(me.name, fallback="Tablero")
    for number, level in enumerate(levels, start=1):
        name = own if len(levels) == 1 else f"{own} {number}"
        label = t(lang, "bot-name", name=name, level=t(lang, f"level-{level}"))
        seats.append((me.id, label, level))
    return seats
