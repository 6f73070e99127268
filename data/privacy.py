"""``/forget-me``: a person's ratings, statistics and settings deleted, their games kept.

Their seats keep their place in every stored game (the other players' results and ratings
stay as they are) but no longer say who sat there: the user id becomes ``FORGOTTEN`` (never
rated again, even by a full rerate) and the name "former player" in the game's language.
Every other row keyed by their id (settings, time away, votes, invitations) is deleted, and
every stored copy of their name replaced; in tournaments a stand-in takes their place
(``data.tournaments.forget_entrant``).

Their games' threads still carry the name on Discord, and once the transaction is done no
row says which threads those are. So the same transaction stores the renaming as work for
the timer loop (a "rename" timer per thread, naming the thread's game: never the person's
id or name); the caller renames at once whatever it can, and the timer loop does the rest
(after a crash, or when Discord did not answer), each thread then named after its game's
stored, now anonymous, names.
"""

from __future__ import annotations

import time
from collections.abc import Mapping
from dataclasses import dataclass

from data.away import AwayStore
from data.db import Database, Transaction
from data.digests import forget_digests
from data.game_record import Clock
from data.ratings import FORGOTTEN, human
from data.settings import SettingsStore
from data.tournaments import forget_entrant


@dataclass
class StillPlaying(Exception):
    """The person still plays (or is invited to play): nothing was forgotten."""

    places: tuple[int, ...]  #: threads (or channels) of their games in progress
    challenges: int  #: open challenges they made or are invited to


@dataclass(frozen=True)
class Forgotten:
    """What ``forget`` changed."""

    games: int  #: stored games in which a seat was made anonymous
    ratings: int  #: ratings deleted (one per game and scope)
    #: (rename timer, game) for every thread of their games: the renaming stored as work
    renames: tuple[tuple[int, int], ...] = ()


class PrivacyStore:
    """Forgets people who ask for it."""

    def __init__(
        self, db: Database, settings: SettingsStore, away: AwayStore, clock: Clock = time.time
    ) -> None:
        self.db = db
        self.settings = settings
        self.away = away
        self.clock = clock

    async def check(self, user_id: int) -> None:
        """StillPlaying while ``user_id`` cannot be forgotten (asked before confirming)."""
        places = await self.db.fetchall(_ACTIVE_PLACES, (user_id,))
        challenges = await self.db.fetchall(_OPEN_CHALLENGES, (user_id, user_id))
        _refuse([row[0] for row in places], int(challenges[0][0]) if challenges else 0)

    async def forget(self, user_id: int, names: Mapping[str, str], default: str) -> Forgotten:
        """Forget ``user_id`` in one transaction; ``names`` is "former player" by a game's
        language (``default`` for any other). StillPlaying, changing nothing, while they
        have a game in progress or an open challenge (it would seat them again)."""
        if user_id == FORGOTTEN:
            return Forgotten(0, 0)
        async with self.db.transaction() as conn:
            await _check_not_playing(conn, user_id)
            cur = await conn.execute(
                "SELECT COUNT(DISTINCT game_id) FROM seats WHERE user_id = ? AND level IS NULL",
                (user_id,),
            )
            games = int((await cur.fetchone() or [0])[0])
            threads = await _threads(conn, user_id)  # before their seats change
            for lang, name in names.items():
                await _anonymise_seats(conn, user_id, name, "lang = ?", (lang,))
            await _anonymise_seats(conn, user_id, default, "1 = 1", ())
            await forget_entrant(conn, user_id, names, default)  # tournaments
            await conn.execute(
                "UPDATE moves SET user_id = ? WHERE user_id = ?", (FORGOTTEN, user_id)
            )
            await conn.execute("DELETE FROM skip_votes WHERE user_id = ?", (user_id,))
            await conn.execute("DELETE FROM challenge_players WHERE user_id = ?", (user_id,))
            await conn.execute(
                "UPDATE challenges SET challenger_id = ?, challenger_name = ?"
                " WHERE challenger_id = ?",
                (FORGOTTEN, default, user_id),
            )
            await conn.execute(
                "UPDATE challenges SET opponent_id = ? WHERE opponent_id = ?",
                (FORGOTTEN, user_id),
            )
            cur = await conn.execute("DELETE FROM ratings WHERE player = ?", (human(user_id),))
            ratings = cur.rowcount
            await conn.execute("DELETE FROM rating_history WHERE player = ?", (human(user_id),))
            await conn.execute("DELETE FROM user_settings WHERE user_id = ?", (user_id,))
            await conn.execute("DELETE FROM away WHERE user_id = ?", (user_id,))
            # Their seats are anonymous now: /stats names them among nobody's most active.
            await conn.execute("DELETE FROM server_players WHERE user_id = ?", (user_id,))
            await forget_digests(conn, user_id)  # its timers name the person
            renames = await _store_renames(conn, threads, self.clock())
        self.settings.forget_cached(user_id)
        self.away.forget_cached(user_id)
        return Forgotten(games, ratings, renames)


_ACTIVE_PLACES = (
    "SELECT COALESCE(place_id, channel_id) FROM games WHERE status = 'active' AND id IN"
    " (SELECT game_id FROM seats WHERE user_id = ? AND level IS NULL) ORDER BY id"
)
_OPEN_CHALLENGES = (
    "SELECT COUNT(*) FROM challenges WHERE status = 'open' AND (challenger_id = ?"
    " OR id IN (SELECT challenge_id FROM challenge_players WHERE user_id = ?))"
)


async def _check_not_playing(conn: Transaction, user_id: int) -> None:
    cur = await conn.execute(_ACTIVE_PLACES, (user_id,))
    places = [row[0] for row in await cur.fetchall()]
    cur = await conn.execute(_OPEN_CHALLENGES, (user_id, user_id))
    _refuse(places, int((await cur.fetchone() or [0])[0]))


async def _threads(conn: Transaction, user_id: int) -> list[tuple[int, int]]:
    """(thread, the game that opened it) of every thread of the person's games: a thread
    is named once, when its first game opens it (the next games of a series play on in it)."""
    cur = await conn.execute(
        "SELECT place_id, MIN(id) FROM games WHERE place_id IN"
        " (SELECT place_id FROM games WHERE place_id <> channel_id AND id IN"
        "  (SELECT game_id FROM seats WHERE user_id = ? AND level IS NULL))"
        " GROUP BY place_id ORDER BY MIN(id)",
        (user_id,),
    )
    return [(int(row[0]), int(row[1])) for row in await cur.fetchall()]


async def _store_renames(
    conn: Transaction, threads: list[tuple[int, int]], now: float
) -> tuple[tuple[int, int], ...]:
    """A rename timer, due now, for each (thread, game): the timer names only the game
    (its thread, its guild and the thread's new name all follow from the game's row)."""
    renames = []
    for _place, game_id in threads:
        cur = await conn.execute(
            "INSERT INTO timers (kind, ref_id, due_at) VALUES ('rename', ?, ?) RETURNING id",
            (game_id, now),
        )
        (row,) = await cur.fetchall()  # read whole: the insert is done when it returns
        renames.append((int(row[0]), game_id))
    return tuple(renames)


def _refuse(places: list[int], challenges: int) -> None:
    if places or challenges:
        raise StillPlaying(tuple(places), challenges)


async def _anonymise_seats(
    conn: Transaction, user_id: int, name: str, which: str, params: tuple
) -> None:
    """The person's seats in the games matching ``which`` (a clause on games) made anonymous."""
    await conn.execute(
        "UPDATE seats SET user_id = ?, name = ? WHERE user_id = ? AND level IS NULL"
        f" AND game_id IN (SELECT id FROM games WHERE {which})",
        (FORGOTTEN, name, user_id, *params),
    )
