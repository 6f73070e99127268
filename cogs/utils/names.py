"""People's names as they come in from Discord, cleaned once at the door.

A display name or a server nickname may hold line breaks, control and format characters,
or be nothing but those: every name the bot stores or shows is taken through here
(``rules.text.clean_name``: one line, no controls, at most 32 characters, never empty).
"""

from __future__ import annotations

import discord

from rules.text import FALLBACK_NAME, STORED_LIMIT, clean_name


def shown_name(user: discord.abc.User) -> str:
    """What to call ``user``: their name on this server (nickname, global name, username),
    cleaned; their username where nothing of it is left, "player" where neither has."""
    return clean_name(user.display_name, fallback=clean_name(user.name, fallback=FALLBACK_NAME))


def stored_name(name: str) -> str:
    """A name read back from storage (stored before names were cleaned, or by another
    program), cleaned as a new one would be."""
    return clean_name(name, STORED_LIMIT)
