"""Which process answers for which server: Discord's shards, and the same rule in SQL.

Discord sends a server's events to shard ``(guild_id >> 22) % shard_count`` and direct
messages to shard 0. A process running some of the shards looks after the games,
challenges and timers of those servers only; rows with no server (NULL) are shard 0's.
"""

from __future__ import annotations

from dataclasses import dataclass

#: 2 ** 22: dividing by it is ``>> 22`` in SQL that both SQLite and PostgreSQL know
SNOWFLAKE_SHIFT = 4194304


def shard_of(guild_id: int | None, count: int) -> int:
    """The shard (of ``count``) that receives ``guild_id``'s events (None: shard 0)."""
    return 0 if guild_id is None else (guild_id >> 22) % count


@dataclass(frozen=True)
class Shards:
    """The shards one process runs (``ids``), of ``count`` in all."""

    ids: frozenset[int]
    count: int

    def __post_init__(self) -> None:
        if self.count < 1:
            raise ValueError(f"a bot has at least 1 shard, not {self.count}")
        if not self.ids:
            raise ValueError("a process runs at least one shard")
        wrong = sorted(i for i in self.ids if not 0 <= i < self.count)
        if wrong:
            raise ValueError(
                f"shard {wrong[0]} does not exist: {self.count} shards are numbered"
                f" 0 to {self.count - 1}"
            )

    def owns(self, guild_id: int | None) -> bool:
        """Whether ``guild_id`` (None: a direct message) is on one of these shards."""
        return shard_of(guild_id, self.count) in self.ids

    def where(self, column: str) -> tuple[str, tuple[int, ...]]:
        """A condition (and its parameters) true where ``column``, a guild id or NULL, is
        on one of these shards."""
        marks = ", ".join("?" for _ in self.ids)
        condition = f"(COALESCE({column}, 0) / {SNOWFLAKE_SHIFT}) % ? IN ({marks})"
        return condition, (self.count, *sorted(self.ids))


def where_owned(shards: Shards | None, column: str) -> tuple[str, tuple[int, ...]]:
    """``Shards.where``, or a condition always true when a process runs every shard."""
    return ("1 = 1", ()) if shards is None else shards.where(column)
