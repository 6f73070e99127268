"""Per-user and per-server settings, with defaults for anyone never configured."""

from __future__ import annotations

import json
import time
import zoneinfo
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
    #: every finished game of the server is reviewed by the bot in its thread (opt-in)
    review_games: bool = False


UTC = zoneinfo.ZoneInfo("UTC")


def known_zone(name: str) -> zoneinfo.ZoneInfo | None:
    """The time zone of that IANA name, or None when this system does not know it."""
    # ZoneInfo takes a path-like key: refuse what is not a plain zone name before it looks.
    if not name or len(name) > 100 or name.startswith("/") or ".." in name or "\\" in name:
        return None
    try:
        return zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError, OSError):
        return None


@dataclass(frozen=True)
class PersonSettings:
    """How a person wants to be told of their games, and when (``/notify``, ``/settings me``)."""

    dm_turns: bool = False  #: a direct message for their turns (``/notify on:``)
    timezone: str | None = None  #: an IANA name (zoneinfo); None: UTC
    #: quiet hours, from-to in minutes after local midnight (may wrap midnight)
    quiet: tuple[int, int] | None = None
    #: hours before a deadline to be reminded, e.g. (24.0, 4.0, 1.0)
    remind_before: tuple[float, ...] = ()
    digest_hour: int | None = None  #: local hour of the daily digest; None: no digest
    heads_up: bool = False  #: "you're next" at tables of three or more

    def zone(self) -> zoneinfo.ZoneInfo:
        """The person's time zone: UTC when none is set or this system does not know it."""
        if self.timezone is None:
            return UTC
        return known_zone(self.timezone) or UTC


def _hours(text: str | None) -> tuple[float, ...]:
    """The stored hours before a deadline (a JSON list); nothing when unreadable."""
    if not text:
        return ()
    try:
        values = json.loads(text)
    except ValueError:
        return ()
    if not isinstance(values, list):
        return ()
    return tuple(float(v) for v in values if isinstance(v, int | float) and not isinstance(v, bool))


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

    async def person(self, user_id: int) -> PersonSettings:
        """A person's settings (defaults when never set)."""

        async def read() -> PersonSettings:
            row = await self.db.fetchone(
                "SELECT dm_turns, timezone, quiet_from, quiet_to, remind_before, digest_hour,"
                " heads_up FROM user_settings WHERE user_id = ?",
                (user_id,),
            )
            if row is None:
                return PersonSettings()
            quiet = None
            if row["quiet_from"] is not None and row["quiet_to"] is not None:
                quiet = (int(row["quiet_from"]), int(row["quiet_to"]))
            digest = row["digest_hour"]
            return PersonSettings(
                dm_turns=bool(row["dm_turns"]),
                timezone=row["timezone"],
                quiet=quiet,
                remind_before=_hours(row["remind_before"]),
                digest_hour=None if digest is None else int(digest),
                heads_up=bool(row["heads_up"]),
            )

        settings: PersonSettings = await self._cached(("user", user_id), read, self.person_ttl)
        return settings

    async def set_person(self, user_id: int, settings: PersonSettings) -> None:
        """Store a person's settings whole (their ``/privacy`` choice is kept)."""
        quiet_from, quiet_to = settings.quiet if settings.quiet is not None else (None, None)
        before = json.dumps(list(settings.remind_before)) if settings.remind_before else None
        async with self.db.transaction() as conn:
            await conn.execute(
                "INSERT INTO user_settings (user_id, dm_turns, timezone, quiet_from, quiet_to,"
                " remind_before, digest_hour, heads_up) VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (user_id) DO UPDATE SET dm_turns = excluded.dm_turns,"
                " timezone = excluded.timezone, quiet_from = excluded.quiet_from,"
                " quiet_to = excluded.quiet_to, remind_before = excluded.remind_before,"
                " digest_hour = excluded.digest_hour, heads_up = excluded.heads_up",
                (
                    user_id,
                    int(settings.dm_turns),
                    settings.timezone,
                    quiet_from,
                    quiet_to,
                    before,
                    settings.digest_hour,
                    int(settings.heads_up),
                ),
            )
        self._cache.pop(("user", user_id), None)

    async def dm_turns(self, user_id: int) -> bool:
        """Whether the user wants a direct message for their turns and reminders."""
        return (await self.person(user_id)).dm_turns

    async def set_dm_turns(self, user_id: int, on: bool) -> None:
        """Opt in or out of direct messages (the rest of their settings kept)."""
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
                " max_games, review_games FROM guild_settings WHERE guild_id = ?",
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
                bool(row["review_games"]),
            )

        settings: GuildSettings = await self._cached(("guild", guild_id), read)
        return settings

    async def set_guild(self, guild_id: int, settings: GuildSettings) -> None:
        """Store a server's settings whole."""
        async with self.db.transaction() as conn:
            await conn.execute(
                "INSERT INTO guild_settings (guild_id, reminder_hours, game_channel_id, threads,"
                " mod_role_id, max_challenges, max_games, review_games)"
                " VALUES (?, ?, ?, ?, ?, ?, ?, ?)"
                " ON CONFLICT (guild_id) DO UPDATE SET"
                " reminder_hours = excluded.reminder_hours,"
                " game_channel_id = excluded.game_channel_id, threads = excluded.threads,"
                " mod_role_id = excluded.mod_role_id, max_challenges = excluded.max_challenges,"
                " max_games = excluded.max_games, review_games = excluded.review_games",
                (
                    guild_id,
                    settings.reminder_hours,
                    settings.game_channel_id,
                    int(settings.threads),
                    settings.mod_role_id,
                    settings.max_challenges,
                    settings.max_games,
                    int(settings.review_games),
                ),
            )
        self._cache.pop(("guild", guild_id), None)
