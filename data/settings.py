"""Per-user and per-server settings, with defaults for anyone never configured."""

from __future__ import annotations

import time
from collections import OrderedDict
from collections.abc import Awaitable, Callable, Hashable
from dataclasses import dataclass
from typing import Any

from data.db import Database

DEFAULT_REMINDER_HOURS = 24.0
DEFAULT_MAX_CHALLENGES = 3  #: open challenges one member may have on a server
DEFAULT_MAX_GAMES = 20  #: games one member may play at once on a server
#: Settings are read on every announced turn and change rarely: a read is remembered this
#: long (seconds). This process's own writes are seen at once. A server's settings are only
#: ever changed through the process of that server's shard; a person's may be changed
#: through any process, so a bot that shares the database sets ``person_ttl`` to 0.
SETTINGS_TTL = 60.0
CACHED_SETTINGS = 4096


@dataclass(frozen=True)
class GuildSettings:
    """How a server wants its games: reminder delay, where games are played, threads or not."""

    reminder_hours: float = DEFAULT_REMINDER_HOURS
    game_channel_id: int | None = None
    threads: bool = True
    #: members of this role moderate games too (besides those who manage the server)
    mod_role_id: int | None = None
    max_challenges: int = DEFAULT_MAX_CHALLENGES
    max_games: int = DEFAULT_MAX_GAMES


class SettingsStore:
    """Reads and writes settings."""

    def __init__(self, db: Database) -> None:
        self.db = db
        self._cache: OrderedDict[Hashable, tuple[float, Any]] = OrderedDict()
        #: seconds a person's settings are remembered (0: read every time)
        self.person_ttl = SETTINGS_TTL

    async def _cached(
        self, key: Hashable, read: Callable[[], Awaitable[Any]], ttl: float = SETTINGS_TTL
    ) -> Any:
        if ttl <= 0:
            return await read()
        now = time.monotonic()
        hit = self._cache.get(key)
        if hit is not None and hit[0] > now:
            return hit[1]
        value = await read()
        self._cache[key] = (now + ttl, value)
        self._cache.move_to_end(key)
        while len(self._cache) > CACHED_SETTINGS:
            self._cache.popitem(last=False)
        return value

    async def dm_turns(self, user_id: int) -> bool:
        """Whether the user wants a direct message for their turns and reminders."""

        async def read() -> bool:
            row = await self.db.fetchone(
                "SELECT dm_turns FROM user_settings WHERE user_id = ?", (user_id,)
            )
            return bool(row and row["dm_turns"])

        return bool(await self._cached(("user", user_id), read, self.person_ttl))

    async def set_dm_turns(self, user_id: int, on: bool) -> None:
        """Opt in or out of direct messages."""
        async with self.db.transaction() as conn:
            await conn.execute(
                "INSERT INTO user_settings (user_id, dm_turns) VALUES (?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET dm_turns = excluded.dm_turns",
                (user_id, int(on)),
            )
        self._cache.pop(("user", user_id), None)

    async def public(self, user_id: int) -> bool:
        """Whether the person shows on the global leaderboard and in other servers' profiles."""

        async def read() -> bool:
            row = await self.db.fetchone(
                "SELECT public FROM user_settings WHERE user_id = ?", (user_id,)
            )
            return bool(row and row["public"])

        return bool(await self._cached(("public", user_id), read, self.person_ttl))

    async def set_public(self, user_id: int, on: bool) -> None:
        """Opt in or out of being seen beyond the servers one plays on (``/privacy``)."""
        async with self.db.transaction() as conn:
            await conn.execute(
                "INSERT INTO user_settings (user_id, public) VALUES (?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET public = excluded.public",
                (user_id, int(on)),
            )
        self._cache.pop(("public", user_id), None)

    def forget_cached(self, user_id: int) -> None:
        """Drop what is remembered of a person's settings (they were deleted)."""
        for kind in ("user", "public"):
            self._cache.pop((kind, user_id), None)

    async def guild(self, guild_id: int | None) -> GuildSettings:
        """A server's settings (defaults when never set, or outside a server)."""
        if guild_id is None:
            return GuildSettings()

        async def read() -> GuildSettings:
            row = await self.db.fetchone(
                "SELECT reminder_hours, game_channel_id, threads, mod_role_id, max_challenges,"
                " max_games FROM guild_settings WHERE guild_id = ?",
                (guild_id,),
            )
            if row is None:
                return GuildSettings()
            return GuildSettings(
                row["reminder_hours"],
                row["game_channel_id"],
                bool(row["threads"]),
                row["mod_role_id"],
                row["max_challenges"],
                row["max_games"],
            )

        settings: GuildSettings = await self._cached(("guild", guild_id), read)
        return settings

    async def set_guild(self, guild_id: int, settings: GuildSettings) -> None:
        """Store a server's settings whole."""
        async with self.db.transaction() as conn:
            await conn.execute(
                "INSERT INTO guild_settings (guild_id, reminder_hours, game_channel_id, threads,"
                " mod_role_id, max_challenges, max_games) VALUES (?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET"
                " reminder_hours = excluded.reminder_hours,"
                " game_channel_id = excluded.game_channel_id, threads = excluded.threads,"
                " mod_role_id = excluded.mod_role_id, max_challenges = excluded.max_challenges,"
                " max_games = excluded.max_games",
                (
                    guild_id,
                    settings.reminder_hours,
                    settings.game_channel_id,
                    int(settings.threads),
                    settings.mod_role_id,
                    settings.max_challenges,
                    settings.max_games,
                ),
            )
        self._cache.pop(("guild", guild_id), None)
