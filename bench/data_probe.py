"""What players and the bot ask of the database, timed on a big one and on an empty one.

Each command is the store calls its handler makes, in its order, through the store's own
methods (the part of a command that grows with the data; its drawing and Discord's round
trips do not). Who asks is drawn as the data is: a random game's player, server or thread,
so the keen players and the large servers ask most, as they do on a real bot. What a
command needs beforehand (the next legal move of a game, a game to resign) is found outside
the timing.
"""

from __future__ import annotations

import random
import time
from collections.abc import Awaitable, Callable
from dataclasses import dataclass
from typing import Any

from bench.data_world import PLACE0
from data import Store
from data.ratings import GLOBAL, human
from data.results import Ending, Result
from games.plugin import installed
from rules import get_game
from rules.base import Outcome

GAMES = tuple(p.name for p in installed())
PAGE = 10  # rows of a page of a leaderboard or history (cogs/profiles.py)
CHART_GAMES, TREND_GAMES, LAST_GAMES = 100, 10, 5


@dataclass(frozen=True)
class Asker:
    """Who runs a command and where: a player of a random game, its server and thread."""

    user_id: int
    other_id: int
    guild_id: int
    channel_id: int
    place_id: int
    game: str
    public: bool


class Probe:
    """The commands, run against one store."""

    def __init__(self, store: Store, seed: int = 1) -> None:
        self.store = store
        self.rng = random.Random(seed)
        self.askers: list[Asker] = []
        self.active: list[int] = []
        self.active_places: list[int] = []
        self.seasons: list[tuple[int, int]] = []  # (guild, season id)
        self.places = 0

    async def prepare(self, count: int) -> None:
        """Draw ``count`` askers from random games (not timed)."""
        db = self.store.db
        top = await db.fetchone("SELECT MAX(id) AS n FROM games")
        ids = [self.rng.randint(1, int(top["n"])) for _ in range(count)]
        public = {
            int(r["user_id"])
            for r in await db.fetchall("SELECT user_id FROM user_settings WHERE public = 1")
        }
        for gid in ids:
            game = await db.fetchone(
                "SELECT game, guild_id, channel_id, COALESCE(place_id, channel_id) AS place"
                " FROM games"
                " WHERE id = ?",
                (gid,),
            )
            seats = await db.fetchall(
                "SELECT user_id FROM seats WHERE game_id = ? ORDER BY seat", (gid,)
            )
            if game is None or len(seats) < 2:
                continue
            me, other = (int(s["user_id"]) for s in self.rng.sample(list(seats), 2))
            self.askers.append(
                Asker(
                    me,
                    other,
                    int(game["guild_id"]),
                    int(game["channel_id"]),
                    int(game["place"]),
                    game["game"],
                    me in public,
                )
            )
        rows = await db.fetchall(
            "SELECT id, COALESCE(place_id, channel_id) AS place FROM games"
            " WHERE status = 'active' ORDER BY id"
        )
        self.active = [int(r["id"]) for r in rows]
        self.active_places = [int(r["place"]) for r in rows]
        self.seasons = [
            (int(r["guild_id"]), int(r["id"]))
            for r in await db.fetchall("SELECT id, guild_id FROM seasons ORDER BY id")
        ]

    def new_place(self) -> int:
        """A thread for a game the bench starts (as the bot opens one for each game)."""
        self.places += 1
        return PLACE0 + 10**12 + self.places

    def asker(self) -> Asker:
        return self.rng.choice(self.askers)

    # -- the commands ------------------------------------------------------------------------

    async def games(self) -> Callable[[], Awaitable[Any]]:
        a = self.asker()

        async def run() -> None:
            records = await self.store.games.active_for_user(a.user_id)
            for record in records[:40]:
                await self.store.away.spans(a.user_id, record.turn_started_at or 0.0)

        return run

    async def board(self) -> Callable[[], Awaitable[Any]]:
        # Half in a game being played, half in the thread of one that is over.
        place = (
            self.rng.choice(self.active_places)
            if self.rng.random() < 0.5
            else self.asker().place_id
        )

        async def run() -> None:
            if not await self.store.games.active_in_place(place):
                await self.store.games.place_use(place)
                await self.store.games.latest_in_place(place)

        return run

    async def move(self) -> Callable[[], Awaitable[Any]]:
        """A random legal move of a random game in play, stored as /move stores it (the
        last move of a game ends it, and rates it)."""
        while True:
            if not self.active:  # every game in play ended (an empty database): a new one
                a = self.asker()
                started = await self.store.games.create_game(
                    game=a.game,
                    seats=[(a.user_id, "a"), (a.other_id, "b")],
                    seed=self.rng.randrange(2**31),
                    options={},
                    lang="en",
                    guild_id=a.guild_id,
                    channel_id=a.channel_id,
                    place_id=self.new_place(),
                )
                await self.store.games.mark_posted(started, 0, started)  # its opening board
                self.active.append(started)
            gid = self.rng.choice(self.active)
            record = await self.store.games.get(gid)
            if record is not None and record.active:
                break
            self.active.remove(gid)
        state = get_game(record.game).new(record.players, record.seed, record.options)
        for notation in record.moves:
            state.play(notation)
        seat = state.turn
        if seat is None:
            raise RuntimeError(f"bench data: game {gid} is over by the rules but stored as not")
        notation = state.format(self.rng.choice(state.legal_moves()))
        state.play(notation)
        result = None if state.turn is not None else Result.by_rules(state.outcome())
        if result is not None:
            self.active.remove(gid)
        user, version = record.user_of(seat), record.version

        async def run() -> None:
            games = self.store.games
            await games.get(gid)
            new = await games.append_move(
                gid, version, seat=seat, user_id=user, move=notation, result=result
            )
            if result is not None:  # the game's end: no next turn
                await games.mark_posted(gid, new, gid)
                await self.store.ratings.changes(gid, record.guild_id or GLOBAL)
                return
            now = time.time()
            timers = [("reminder", now + 86400), ("deadline", now + 3 * 86400)]
            await games.mark_posted(gid, new, gid, turn_started_at=now, timers=timers)
            await self.store.timers.waiting(gid, now, "before:")

        return run

    async def resign(self) -> Callable[[], Awaitable[Any]]:
        """A new game (not timed) resigned: the game ends and is rated, its post reads how
        the ratings moved."""
        a = self.asker()
        gid = await self.store.games.create_game(
            game=a.game,
            seats=[(a.user_id, "a"), (a.other_id, "b")],
            seed=1,
            options={},
            lang="en",
            guild_id=a.guild_id,
            channel_id=a.channel_id,
            place_id=self.new_place(),
        )
        result = Result.forfeit(Ending.RESIGN, Outcome(False, (0, 0)), 0, (1,))

        async def run() -> None:
            await self.store.games.finish(gid, 0, result)
            await self.store.ratings.changes(gid, a.guild_id)
            await self.store.games.mark_posted(gid, 1, gid)  # its last board, posted

        return run

    def _leaderboard(self, scope_of: Callable[[Asker], tuple[int, int]]) -> Any:
        async def make() -> Callable[[], Awaitable[Any]]:
            a = self.asker()
            scope, guild = scope_of(a)

            async def run() -> None:
                ratings = self.store.ratings
                total = await ratings.count(a.game, scope)
                rows = await ratings.leaderboard(a.game, scope, 0, PAGE)
                await ratings.place_of(a.game, scope, human(a.user_id))
                ids = [r.user_id for _, r in rows if r.user_id] + [a.user_id]
                if scope < 0:
                    await self.store.seasons.get(-scope)
                await self.store.stats.names(ids, guild_id=None if scope == GLOBAL else guild)
                if scope == GLOBAL:
                    await self.store.settings.public(a.user_id)
                if total == 0:
                    await ratings.count(a.game, scope, listed=False)

            return run

        return make

    def _season(self, a: Asker) -> tuple[int, int]:
        guild, season = self.rng.choice(self.seasons)
        return -season, guild

    async def profile(self) -> Callable[[], Awaitable[Any]]:
        a = self.asker()
        guild = None if a.public else a.guild_id
        scope = GLOBAL if guild is None else guild

        async def run() -> None:
            store = self.store
            await store.settings.public(a.user_id)
            await store.stats.records(a.user_id, guild_id=guild)
            for game in GAMES:
                if await store.ratings.get(game, scope, human(a.user_id)) is None:
                    continue
                await store.ratings.trend(game, scope, human(a.user_id), TREND_GAMES + 1)
                await store.ratings.trend(game, scope, human(a.user_id), CHART_GAMES)
            await store.stats.finished(a.user_id, guild_id=guild, limit=LAST_GAMES)

        return run

    async def profile_vs(self) -> Callable[[], Awaitable[Any]]:
        a = self.asker()

        async def run() -> None:
            await self.store.stats.head_to_head(a.user_id, a.other_id, guild_id=a.guild_id)

        return run

    def _history(self, last_page: bool) -> Any:
        async def make() -> Callable[[], Awaitable[Any]]:
            a = self.asker()
            guild = None if a.public else a.guild_id

            async def run() -> None:
                stats = self.store.stats
                await self.store.settings.public(a.user_id)
                total = await stats.count_finished(a.user_id, guild_id=guild)
                page = max(0, (total - 1) // PAGE) if last_page else 0
                await stats.finished(a.user_id, guild_id=guild, offset=page * PAGE, limit=PAGE)
                await stats.names([a.user_id], guild_id=guild)

            return run

        return make

    async def stats(self) -> Callable[[], Awaitable[Any]]:
        a = self.asker()

        async def run() -> None:
            await self.store.stats.server(a.game, a.guild_id)

        return run

    async def move_autocomplete(self) -> Callable[[], Awaitable[Any]]:
        a = self.asker()
        place = self.rng.choice(self.active_places)

        async def run() -> None:
            await self.store.games.active_in_place(place)  # the game of this thread
            await self.store.games.active_for_user(a.user_id)  # "#12 …": one of theirs

        return run

    async def season_autocomplete(self) -> Callable[[], Awaitable[Any]]:
        guild = self.rng.choice(self.seasons)[0] if self.seasons else self.asker().guild_id

        async def run() -> None:
            await self.store.seasons.of_guild(guild)

        return run

    async def event_autocomplete(self) -> Callable[[], Awaitable[Any]]:
        a = self.asker()

        async def run() -> None:
            await self.store.tournaments.of_guild(a.guild_id, active=False)

        return run

    async def challenge_autocomplete(self) -> Callable[[], Awaitable[Any]]:
        a = self.asker()

        async def run() -> None:
            await self.store.settings.guild(a.guild_id)
            await self.store.challenges.open_in(a.guild_id, 25)

        return run

    def commands(self) -> dict[str, Callable[[], Awaitable[Callable[[], Awaitable[Any]]]]]:
        """Each command by name: a maker of one timed run (prepared, not timed)."""
        return {
            "/games": self.games,
            "/board": self.board,
            "/move": self.move,
            "/resign": self.resign,
            "/leaderboard server": self._leaderboard(lambda a: (a.guild_id, a.guild_id)),
            "/leaderboard global": self._leaderboard(lambda a: (GLOBAL, a.guild_id)),
            "/leaderboard season": self._leaderboard(self._season),
            "/profile": self.profile,
            "/profile vs": self.profile_vs,
            "/history": self._history(last_page=False),
            "/history last page": self._history(last_page=True),
            "/stats": self.stats,
            "autocomplete /move (game:)": self.move_autocomplete,
            "autocomplete season": self.season_autocomplete,
            "autocomplete event": self.event_autocomplete,
            "autocomplete challenge": self.challenge_autocomplete,
        }


async def timed_commands(store: Store, samples: int, seed: int = 1) -> dict[str, list[float]]:
    """ms of ``samples`` runs of each command, in turn (one of each, then again), so that
    the machine's other load weighs on every command alike."""
    probe = Probe(store, seed)
    await probe.prepare(max(50, samples))
    commands = probe.commands()
    found: dict[str, list[float]] = {name: [] for name in commands}
    for _ in range(samples):
        for name, make in commands.items():
            run = await make()
            started = time.perf_counter()
            await run()
            found[name].append((time.perf_counter() - started) * 1000)
    return found


async def startup_queries(store: Store) -> dict[str, float]:
    """ms of each query a bot's start makes of the database (recovery, warm-up, timers)."""
    found: dict[str, float] = {}
    calls: dict[str, Callable[[], Awaitable[Any]]] = {
        "ratings.unrated": store.ratings.unrated,
        "games.unposted": store.games.unposted,
        "games.active_with_bots": store.games.active_with_bots,
        "games.recently_played(50)": store.games.recently_played,
        "holds.untold_seats": store.holds.untold_seats,
        "tournaments.running": store.tournaments.running,
        "timers.due": store.timers.due,
        "timers.next_due": store.timers.next_due,
        "challenges.due": store.challenges.due,
        "challenges.next_expiry": store.challenges.next_expiry,
    }
    for name, call in calls.items():
        started = time.perf_counter()
        await call()
        found[name] = round((time.perf_counter() - started) * 1000, 2)
    return found
