"""Who moderates games on a server: those who manage it, and members of its moderator role."""

from __future__ import annotations

import discord

from data import GuildSettings


def is_moderator(interaction: discord.Interaction, settings: GuildSettings) -> bool:
    """Whether the member who interacted may moderate this server's games (checked by the
    bot itself: a server may show the commands to anyone)."""
    if interaction.guild_id is None:
        return False
    if interaction.permissions.manage_guild:
        return True
    roles = getattr(interaction.user, "roles", ())
    return settings.mod_role_id is not None and any(r.id == settings.mod_role_id for r in roles)
