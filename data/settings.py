"""Per-user and per-server settings, with defaults for anyone never configured."""

from __future__ import annotations

from dataclasses import dataclass

from data.db import Database

DEFAULT_REMINDER_HOURS = 24.0


@dataclass(frozen=True)
class GuildSettings:
    """How a server wants its games: reminder delay, where games are played, threads or not."""

    reminder_hours: float = DEFAULT_REMINDER_HOURS
    game_channel_id: int | None = None
    threads: bool = True


class SettingsStore:
    """Reads and writes settings."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def dm_turns(self, user_id: int) -> bool:
        """Whether the user wants a direct message for their turns and reminders."""
        row = await self.db.fetchone(
            "SELECT dm_turns FROM user_settings WHERE user_id = ?", (user_id,)
        )
        return bool(row and row["dm_turns"])

    async def set_dm_turns(self, user_id: int, on: bool) -> None:
        """Opt in or out of direct messages."""
        async with self.db.transaction() as conn:
            await conn.execute(
                "INSERT INTO user_settings (user_id, dm_turns) VALUES (?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET dm_turns = excluded.dm_turns",
                (user_id, int(on)),
            )

    async def guild(self, guild_id: int | None) -> GuildSettings:
        """A server's settings (defaults when never set, or outside a server)."""
        if guild_id is None:
            return GuildSettings()
        row = await self.db.fetchone(
            "SELECT reminder_hours, game_channel_id, threads FROM guild_settings"
            " WHERE guild_id = ?",
            (guild_id,),
        )
        if row is None:
            return GuildSettings()
        return GuildSettings(row["reminder_hours"], row["game_channel_id"], bool(row["threads"]))

    async def set_guild(self, guild_id: int, settings: GuildSettings) -> None:
        """Store a server's settings whole."""
        async with self.db.transaction() as conn:
            await conn.execute(
                "INSERT INTO guild_settings (guild_id, reminder_hours, game_channel_id, threads)"
                " VALUES (?, ?, ?, ?) ON CONFLICT (guild_id) DO UPDATE SET"
                " reminder_hours = excluded.reminder_hours,"
                " game_channel_id = excluded.game_channel_id, threads = excluded.threads",
                (
                    guild_id,
                    settings.reminder_hours,
                    settings.game_channel_id,
                    int(settings.threads),
                ),
            )
