"""Ratings: openskill's Weng-Lin model (Plackett-Luce) per game, per server and across servers,
and per season of a server (each season's ladder starts fresh).

A finished game is rated in the same transaction that ends it, so ratings follow the order in
which games ended and are never applied twice or lost. Humans are rated among themselves;
each bot level keeps a rating of its own, moved by its games against people without moving
theirs. ``rerate`` rebuilds everything from the stored games in that same order (a change of
formula loses nothing), and runs by itself at start when finished games were never rated (a
database from before ratings existed).
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce

from data.db import Database, Row, Transaction
from data.results import Ending, Result
from data.seasons import season_at

MODEL = PlackettLuce()
#: The scope of ratings across every server (a server's scope is its id, a season's the
#: negative of its id).
GLOBAL = 0
PROVISIONAL_GAMES = 10  #: games before a rating is more than provisional
#: The shown number is the conservative ordinal (mu − 3·sigma), scaled: a newcomer shows 1000.
SHOWN_ALPHA, SHOWN_TARGET = 40.0, 1000.0
#: A seat whose player asked to be forgotten (``/forget-me``): never rated again.
FORGOTTEN = 0
#: Endings that rank their loser last; every other ending counts as the rules left it.
FORFEITS = (Ending.RESIGN, Ending.TIMEOUT, Ending.FORFEIT)


def human(user_id: int) -> str:
    """The rating key of a person."""
    return f"u:{user_id}"


def bot(level: str) -> str:
    """The rating key of the bot at one level."""
    return f"bot:{level}"


@dataclass(frozen=True)
class Rating:
    """A player's rating in one game and scope."""

    game: str
    scope: int
    player: str
    mu: float
    sigma: float
    games: int

    @property
    def value(self) -> int:
        """The one number shown: the conservative ordinal, scaled (1000 for a newcomer)."""
        return round(SHOWN_ALPHA * (self.mu - 3 * self.sigma) + SHOWN_TARGET)

    @property
    def provisional(self) -> bool:
        """Shown as provisional for a player's first games."""
        return self.games < PROVISIONAL_GAMES

    @property
    def user_id(self) -> int | None:
        """The person's Discord id (None for a bot level)."""
        kind, _, key = self.player.partition(":")
        return int(key) if kind == "u" else None

    @property
    def level(self) -> str | None:
        """The bot's level (None for a person)."""
        kind, _, key = self.player.partition(":")
        return key if kind == "bot" else None


def ranks(result: Result, seats: Sequence[int]) -> list[int]:
    """The rank (1 = best) of each of ``seats``: by final score, ties shared; whoever resigned,
    ran out of time or was scored the loser by a moderator comes after everyone else, who
    keep their order by score; an agreed (or moderator's) draw puts its winners level at the
    top."""
    loser = result.loser if result.ending in FORFEITS else None
    # An agreed ending: its winners share the first place, whatever the scores said.
    shared = set(result.winners) if result.ending is Ending.DRAW else set()

    def score(seat: int) -> float:
        if seat == loser:
            return float("-inf")
        if seat in shared:
            return float("inf")
        return float(result.scores[seat]) if seat < len(result.scores) else 0.0

    return [1 + sum(score(other) > score(seat) for other in seats) for seat in seats]


def rate(
    result: Result,
    humans: Sequence[tuple[int, Rating]],
    bots: Sequence[tuple[int, Rating]],
) -> list[Rating]:
    """The new ratings after a game: ``humans`` and ``bots`` are (seat, rating before).

    People are rated among themselves when at least two played. Each bot seat is rated
    against the people alone, and only its own rating changes.
    """
    changed: list[Rating] = []
    if len(humans) >= 2:
        changed += _rated(result, list(humans))
    for seat, rating in bots:
        if humans:
            changed += _rated(result, [(seat, rating), *humans])[:1]
    return changed


def _rated(result: Result, players: list[tuple[int, Rating]]) -> list[Rating]:
    before = [MODEL.rating(mu=r.mu, sigma=r.sigma) for _, r in players]
    after = MODEL.rate([[r] for r in before], ranks=ranks(result, [s for s, _ in players]))
    return [
        Rating(r.game, r.scope, r.player, new[0].mu, new[0].sigma, r.games + 1)
        for (_, r), new in zip(players, after, strict=True)
    ]


def _fresh(game: str, scope: int, player: str) -> Rating:
    start = MODEL.rating()
    return Rating(game, scope, player, start.mu, start.sigma, 0)


def _rating(row: Row) -> Rating:
    return Rating(row["game"], row["scope"], row["player"], row["mu"], row["sigma"], row["games"])


async def rate_finished(conn: Transaction, game_id: int, now: float) -> None:
    """Rate a game that just ended, inside the transaction that ended it (once: a game
    already rated is left alone)."""
    cur = await conn.execute(
        "INSERT INTO rated_games (game_id, at) VALUES (?, ?) ON CONFLICT DO NOTHING",
        (game_id, now),
    )
    if cur.rowcount != 1:
        return
    cur = await conn.execute(
        "SELECT game, guild_id, result, rated FROM games WHERE id = ? AND status = 'finished'",
        (game_id,),
    )
    row = await cur.fetchone()
    if row is None or row["result"] is None:
        return
    if not row["rated"]:
        return  # an unrated tournament's game: played, never rated (marked gone through)
    result = Result.from_json(json.loads(row["result"]))
    if not result.rated:
        return  # called off: as if never played (it stays marked as gone through)
    # A person's seat the bot held at any time is left out: its result is partly the
    # bot's. The others are rated as a game among themselves (their order by score).
    cur = await conn.execute(
        "SELECT seat, user_id, level FROM seats WHERE game_id = ?"
        " AND held_level IS NULL AND held_spans IS NULL ORDER BY seat",
        (game_id,),
    )
    seats = list(await cur.fetchall())
    game = row["game"]
    scopes = {GLOBAL, row["guild_id"] or GLOBAL}
    # A game that ends while its server's season runs counts on that season's ladder too;
    # asked by when it ended, so a rebuild finds the same season.
    season = await season_at(conn, row["guild_id"], now) if row["guild_id"] else None
    if season is not None:
        scopes.add(-season)
    for scope in sorted(scopes, reverse=True):
        players = [
            (s["seat"], bot(s["level"]) if s["level"] else human(s["user_id"]))
            for s in seats
            if s["level"] or s["user_id"] != FORGOTTEN
        ]
        known = await _ratings(conn, game, scope, [player for _, player in players])
        rated = [(seat, known.get(p) or _fresh(game, scope, p)) for seat, p in players]
        humans = [(seat, r) for seat, r in rated if r.level is None]
        bots = [(seat, r) for seat, r in rated if r.level is not None]
        for new in rate(result, humans, bots):
            await _store(conn, new, game_id, now)


async def _ratings(
    conn: Transaction, game: str, scope: int, players: list[str]
) -> dict[str, Rating]:
    if not players:
        return {}
    marks = ", ".join("?" for _ in players)
    cur = await conn.execute(
        f"SELECT * FROM ratings WHERE game = ? AND scope = ? AND player IN ({marks})",
        (game, scope, *players),
    )
    return {row["player"]: _rating(row) for row in await cur.fetchall()}


async def _store(conn: Transaction, rating: Rating, game_id: int, now: float) -> None:
    await conn.execute(
        "INSERT INTO ratings (game, scope, player, mu, sigma, games, updated_at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game, scope, player) DO UPDATE SET"
        " mu = excluded.mu, sigma = excluded.sigma, games = excluded.games,"
        " updated_at = excluded.updated_at",
        (rating.game, rating.scope, rating.player, rating.mu, rating.sigma, rating.games, now),
    )
    await conn.execute(
        "INSERT INTO rating_history (game_id, game, scope, player, mu, sigma, at)"
        " VALUES (?, ?, ?, ?, ?, ?, ?) ON CONFLICT (game_id, scope, player) DO UPDATE SET"
        " game = excluded.game, mu = excluded.mu, sigma = excluded.sigma, at = excluded.at",
        (game_id, rating.game, rating.scope, rating.player, rating.mu, rating.sigma, now),
    )


#: Ranking order of a leaderboard: the shown number (the ordinal), best first.
_ORDER = "(mu - 3 * sigma) DESC, games DESC, player"
#: A bot level's rating: its key ('bot:…') sorts before 'c' and a person's ('u:…') after,
#: in any collation that orders letters (a range of the ratings' primary key).
_BOTS = "r.player < 'c'"
#: Who a global leaderboard shows: bot levels, and people who made their ratings public.
_LISTED = (
    "(scope != 0 OR player LIKE 'bot:%' OR CAST(substr(player, 3) AS BIGINT) IN"
    " (SELECT user_id FROM user_settings WHERE public = 1))"
)


class RatingStore:
    """Reads ratings; rates finished games (``rate_finished``) and rebuilds them all."""

    def __init__(self, db: Database) -> None:
        self.db = db

    async def get(self, game: str, scope: int, player: str) -> Rating | None:
        """A player's rating in a game and scope (None before their first rated game)."""
        row = await self.db.fetchone(
            "SELECT * FROM ratings WHERE game = ? AND scope = ? AND player = ?",
            (game, scope, player),
        )
        return None if row is None else _rating(row)

    async def leaderboard(
        self, game: str, scope: int, offset: int = 0, limit: int = 10
    ) -> list[tuple[int, Rating]]:
        """(place, rating) from ``offset``, best first; the global scope lists bot levels and
        only the people who opted in (``/privacy``)."""
        rows = await self.db.fetchall(
            f"SELECT * FROM ratings WHERE game = ? AND scope = ? AND {_LISTED}"
            f" ORDER BY {_ORDER} LIMIT ? OFFSET ?",
            (game, scope, limit, offset),
        )
        return [(offset + i + 1, _rating(row)) for i, row in enumerate(rows)]

    async def count(self, game: str, scope: int, *, listed: bool = True) -> int:
        """How many players a leaderboard lists (``listed`` False: how many are rated, those
        the global leaderboard leaves out included)."""
        if listed and scope == GLOBAL:
            return await self._listed_globally(game, "1 = 1", ())
        row = await self.db.fetchone(
            "SELECT COUNT(*) AS n FROM ratings WHERE game = ? AND scope = ?", (game, scope)
        )
        return int(row["n"]) if row else 0

    async def _listed_globally(self, game: str, where: str, params: tuple) -> int:
        """How many ratings across servers the global leaderboard lists that match ``where``
        (on ``r``): the bot levels', found by their keys (``_BOTS``), and those of the few
        people who made theirs public, looked up one by one; never every person's rating
        tested against the public ones (tens of thousands, on a year of games)."""
        # EXISTS, not a join: from each public person to their one rating (its primary
        # key), never from the ratings to the people (SQLite, which has no statistics,
        # once walked the ranking for each of them: 22 s).
        # The bots' few rows by their keys: ``+r.mu`` keeps SQLite off the ranking's index
        # (down which it would walk to the player's place).
        bots = where.replace("(r.mu", "(+r.mu")
        row = await self.db.fetchone(
            "SELECT (SELECT COUNT(*) FROM ratings r WHERE r.game = ? AND r.scope = 0"
            f" AND {_BOTS} AND {bots}) + (SELECT COUNT(*) FROM user_settings u"
            " WHERE u.public = 1 AND EXISTS (SELECT 1 FROM ratings r WHERE r.game = ?"
            f" AND r.scope = 0 AND r.player = 'u:' || u.user_id AND {where})) AS n",
            (game, *params, game, *params),
        )
        return int(row["n"]) if row else 0

    async def place_of(self, game: str, scope: int, player: str) -> tuple[int, Rating] | None:
        """A player's place on a leaderboard and their rating (None when not on it)."""
        rating = await self.get(game, scope, player)
        if rating is None:
            return None
        listed = await self.db.fetchone(
            f"SELECT 1 FROM ratings WHERE game = ? AND scope = ? AND player = ? AND {_LISTED}",
            (game, scope, player),
        )
        if listed is None:
            return None
        ordinal = rating.mu - 3 * rating.sigma
        # Those ahead (the first bound says where to stop down the ranking's index; the
        # rest breaks the ties).
        ahead = (
            "(r.mu - 3 * r.sigma) >= ? AND ((r.mu - 3 * r.sigma) > ? OR ((r.mu - 3 * r.sigma)"
            " = ? AND (r.games > ? OR (r.games = ? AND r.player < ?))))"
        )
        params = (ordinal, ordinal, ordinal, rating.games, rating.games, player)
        if scope == GLOBAL:
            return await self._listed_globally(game, ahead, params) + 1, rating
        row = await self.db.fetchone(
            f"SELECT COUNT(*) AS n FROM ratings r WHERE r.game = ? AND r.scope = ? AND {ahead}",
            (game, scope, *params),
        )
        return (int(row["n"]) + 1 if row else 1), rating

    async def trend(
        self, game: str, scope: int, player: str, limit: int = 100
    ) -> list[tuple[float, int]]:
        """(when, shown rating) after each of the player's last ``limit`` rated games,
        oldest first: what a profile's chart draws."""
        rows = await self.db.fetchall(
            "SELECT at, mu, sigma FROM rating_history WHERE game = ? AND scope = ?"
            " AND player = ? ORDER BY at DESC, game_id DESC LIMIT ?",
            (game, scope, player, limit),
        )
        return [
            (row["at"], Rating(game, scope, player, row["mu"], row["sigma"], 0).value)
            for row in reversed(rows)
        ]

    async def changes(self, game_id: int, scope: int) -> list[tuple[Rating, int]]:
        """How a finished game moved its players' ratings in ``scope``: (the rating after it,
        the shown value before it), in seat order of the rating keys."""
        rows = await self.db.fetchall(
            "SELECT h.*, (SELECT COUNT(*) FROM rating_history p WHERE p.game = h.game"
            "   AND p.scope = h.scope AND p.player = h.player"
            "   AND (p.at < h.at OR (p.at = h.at AND p.game_id < h.game_id))) AS before,"
            " (SELECT p.mu || ' ' || p.sigma FROM rating_history p WHERE p.game = h.game"
            "   AND p.scope = h.scope AND p.player = h.player"
            "   AND (p.at < h.at OR (p.at = h.at AND p.game_id < h.game_id))"
            "   ORDER BY p.at DESC, p.game_id DESC LIMIT 1) AS previous"
            " FROM rating_history h WHERE h.game_id = ? AND h.scope = ?",
            (game_id, scope),
        )
        found = []
        for row in rows:
            after = Rating(
                row["game"], scope, row["player"], row["mu"], row["sigma"], row["before"] + 1
            )
            if row["previous"] is None:
                start = _fresh(row["game"], scope, row["player"])
            else:
                mu, sigma = map(float, row["previous"].split())
                start = Rating(row["game"], scope, row["player"], mu, sigma, row["before"])
            found.append((after, start.value))
        return found

    async def unrated(self) -> bool:
        """Whether some finished game was never rated (a database from before ratings).

        Asked at every start, so it looks where such a game can be, not at every finished
        game: since ratings exist (schema 8) each game is rated in the transaction that
        ends it, so an unrated game ended before, and came first in the order games ended
        (the first game numbered), or was ended beside by a Tablero too old to number its
        games (an unnumbered one: a partial index holds those); the last game numbered is
        looked at too (a database written by other means than the bot's own)."""
        rated = "NOT EXISTS (SELECT 1 FROM rated_games r WHERE r.game_id = g.id)"
        row = await self.db.fetchone(
            "SELECT 1 FROM games g WHERE g.status = 'finished' AND g.finish_seq IS NULL"
            f" AND {rated} LIMIT 1"
        )
        if row is not None:
            return True
        row = await self.db.fetchone(
            "SELECT 1 FROM games g WHERE g.finish_seq IN ((SELECT MIN(finish_seq) FROM games),"
            f" (SELECT MAX(finish_seq) FROM games)) AND {rated}"
        )
        return row is not None

    async def rerate(self) -> int:
        """Rebuild every rating from the stored games, in the order they ended: their
        ``finish_seq``, the order live ratings followed, not the clocks of the processes
        that ended them (one transaction: the ratings are the old ones or the new ones,
        never half). Returns how many finished games were gone through."""
        async with self.db.transaction() as conn:
            for table in ("ratings", "rating_history", "rated_games"):
                await conn.execute(f"DELETE FROM {table}")
            # A game without a number (ended by a Tablero older than schema 13 still running
            # beside this one) comes after the numbered ones, by when it ended.
            cur = await conn.execute(
                "SELECT id, COALESCE(finished_at, updated_at) AS at FROM games"
                " WHERE status = 'finished'"
                " ORDER BY CASE WHEN finish_seq IS NULL THEN 1 ELSE 0 END, finish_seq, at, id"
            )
            games = list(await cur.fetchall())
            for row in games:
                await rate_finished(conn, row["id"], row["at"])
        return len(games)
