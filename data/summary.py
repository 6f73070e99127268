"""Each server's finished games summed as they end, for ``/stats`` (issue 25).

A large server has finished thousands of games of a kind: ``/stats`` once summed them all
at each call. Instead, the transaction that ends a game adds it to two summaries (schema
25), which ``/stats`` reads a few rows of:

- ``server_endings``: per server, game and way a game ended (its reason and winners, as
  ``/stats`` tells a first seat's win from a draw), how many games, their plies and days;
- ``server_players``: per server, game and person, their finished games and the latest.

Both count what ``/stats`` counted (``data.stats``): finished games but those called off or
ended by a moderator, on a server, and the people at their own seats (not the bot's, nor
anyone forgotten: ``/forget-me`` takes their rows away). ``python -m data check`` sums the
games again and finds any difference (``summary_faults``).
"""

from __future__ import annotations

from typing import Any, Protocol

from data.db import Dialect, Transaction
from data.ratings import FORGOTTEN
from data.stats import PLIES, counted

FAULTS_SHOWN = 20  # a summary lost whole would list every server: the first say enough
_SCALE = 1e-6  # days summed in another order differ in their last bits


def _counted(dialect: Dialect) -> str:
    """The finished games /stats counts (``data.stats.counted``), on a server."""
    return f"{counted(dialect)} AND g.guild_id IS NOT NULL"


def ending_rows(dialect: Dialect, where: str = "") -> str:
    """The rows of ``server_endings`` summed from the games (``where``: more of a clause on
    games ``g``, e.g. one game's id)."""
    reason = dialect.json_field("g.result", "reason")
    winners = dialect.json_field("g.result", "winners")
    return (
        "SELECT guild_id, game, reason, winners, COUNT(*) AS games, SUM(plies) AS plies,"
        " SUM(days) AS days FROM (SELECT g.guild_id, g.game,"
        f" COALESCE({reason}, '') AS reason, COALESCE({winners}, '[]') AS winners,"
        f" {PLIES} AS plies,"
        " (COALESCE(g.finished_at, g.updated_at) - g.created_at) / 86400.0 AS days"
        f" FROM games g WHERE {_counted(dialect)}{where}) ended"
        " WHERE 1 = 1 GROUP BY guild_id, game, reason, winners"
    )


def player_rows(dialect: Dialect, where: str = "") -> str:
    """The rows of ``server_players`` counted from the seats."""
    return (
        "SELECT g.guild_id, g.game, s.user_id, COUNT(*) AS games, MAX(s.game_id) AS latest"
        f" FROM seats s JOIN games g ON g.id = s.game_id WHERE {_counted(dialect)}{where}"
        f" AND s.level IS NULL AND s.user_id <> {FORGOTTEN}"
        " GROUP BY g.guild_id, g.game, s.user_id"
    )


_ENDING_COLUMNS = "server_endings (guild_id, game, reason, winners, games, plies, days) "
_PLAYER_COLUMNS = "server_players (guild_id, game, user_id, games, latest) "


def fill(dialect: Dialect) -> list[str]:
    """Statements that fill empty summaries from every finished game (what migration 25
    does; for rows written beside the store, as ``python -m bench data`` writes them)."""
    return [
        f"INSERT INTO {_ENDING_COLUMNS}{ending_rows(dialect)}",
        f"INSERT INTO {_PLAYER_COLUMNS}{player_rows(dialect)}",
    ]


class Summaries:
    """The summaries' SQL in one engine's spelling."""

    def __init__(self, dialect: Dialect) -> None:
        latest = dialect.greatest("server_players.latest", "excluded.latest")
        self.add_ending = (
            f"INSERT INTO {_ENDING_COLUMNS}"
            + ending_rows(dialect, " AND g.id = ?")
            + " ON CONFLICT (guild_id, game, reason, winners) DO UPDATE SET"
            " games = server_endings.games + excluded.games,"
            " plies = server_endings.plies + excluded.plies,"
            " days = server_endings.days + excluded.days"
        )
        self.add_players = (
            f"INSERT INTO {_PLAYER_COLUMNS}"
            + player_rows(dialect, " AND g.id = ?")
            + " ON CONFLICT (guild_id, game, user_id) DO UPDATE SET"
            f" games = server_players.games + excluded.games, latest = {latest}"
        )

    async def ended(self, conn: Transaction, game_id: int) -> None:
        """Add a game that just ended to its server's summaries: in the transaction that
        ended it (after its last move is stored), so a crash never counts it twice or not
        at all. A game that does not count (called off, no server) adds nothing."""
        await conn.execute(self.add_ending, (game_id,))
        await conn.execute(self.add_players, (game_id,))


class Reader(Protocol):
    async def fetchall(self, sql: str, params: tuple = ()) -> Any: ...


async def summary_faults(db: Reader, dialect: Dialect) -> list[str]:
    """Where the stored summaries differ from the games summed again (the data check)."""
    faults: list[str] = []
    summed = {
        (r[0], r[1], r[2], r[3]): (int(r[4]), int(r[5] or 0), float(r[6] or 0.0))
        for r in await db.fetchall(ending_rows(dialect))
    }
    stored = {
        (r[0], r[1], r[2], r[3]): (int(r[4]), int(r[5]), float(r[6]))
        for r in await db.fetchall(
            "SELECT guild_id, game, reason, winners, games, plies, days FROM server_endings"
        )
    }
    for key in sorted(set(summed) | set(stored), key=repr):
        have, want = stored.get(key, (0, 0, 0.0)), summed.get(key, (0, 0, 0.0))
        if have[:2] != want[:2] or abs(have[2] - want[2]) > _SCALE * max(1.0, abs(want[2])):
            faults.append(f"server summary {key}: stored {have}, the games say {want}")
    players = {
        (r[0], r[1], r[2]): (int(r[3]), int(r[4])) for r in await db.fetchall(player_rows(dialect))
    }
    kept = {
        (r[0], r[1], r[2]): (int(r[3]), int(r[4]))
        for r in await db.fetchall(
            "SELECT guild_id, game, user_id, games, latest FROM server_players"
        )
    }
    for key in sorted(set(players) | set(kept)):
        if players.get(key) != kept.get(key):
            faults.append(
                f"server players {key}: stored {kept.get(key)}, the games say {players.get(key)}"
            )
    if len(faults) > FAULTS_SHOWN:
        faults[FAULTS_SHOWN:] = [f"… and {len(faults) - FAULTS_SHOWN} more summary differences"]
    return faults
