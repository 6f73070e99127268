"""Snowflake ids and timestamps in the formats Discord uses."""

from __future__ import annotations

import datetime as dt
import secrets
import time

DISCORD_EPOCH_MS = 1420070400000


class SnowflakeGenerator:
    """Hands out strictly increasing, time-based snowflake ids."""

    def __init__(self) -> None:
        self._last = 0

    def next(self) -> int:
        """Return a new snowflake newer than every previous one."""
        now_ms = int(time.time() * 1000) - DISCORD_EPOCH_MS
        self._last = max(now_ms << 22, self._last + 1)
        return self._last

    def next_on_shard(self, shard: int, count: int) -> int:
        """A new snowflake that a bot with ``count`` shards receives on shard ``shard``
        (Discord's rule: ``(id >> 22) % count``), a millisecond or so in the future."""
        if not 0 <= shard < count:
            raise ValueError(f"shard {shard} is not one of {count} shards")
        stamp = max(int(time.time() * 1000) - DISCORD_EPOCH_MS, (self._last >> 22) + 1)
        stamp += (shard - stamp) % count
        self._last = stamp << 22
        return self._last


def shard_of(snowflake: int | None, count: int) -> int:
    """The shard (of ``count``) that receives the events of guild ``snowflake``; direct
    messages (no guild) go to shard 0."""
    return 0 if snowflake is None else (snowflake >> 22) % count


def iso_now() -> str:
    """The current time as an ISO 8601 string with a UTC offset."""
    return dt.datetime.now(dt.UTC).isoformat()


def iso_from_snowflake(snowflake: int) -> str:
    """The creation time encoded in ``snowflake`` as an ISO 8601 string."""
    ms = (snowflake >> 22) + DISCORD_EPOCH_MS
    return dt.datetime.fromtimestamp(ms / 1000, dt.UTC).isoformat()


def new_token(prefix: str = "fake") -> str:
    """A random token, e.g. for interactions."""
    return f"{prefix}-{secrets.token_urlsafe(24)}"
