"""Seasons as the table decides them: who may start one and for how long, which season a
number names, its end (by its timer or a moderator), and the ladders it leaves.

A server's seasons are numbered 1, 2, … in the order they started (ids are shared by every
server). A season's ladder per game is the ratings of its scope (``Season.scope``), which
``data.ratings`` fills as rated games end while it runs. Its end is always posted by its
timer: a moderator's early end brings that timer forward, so the post goes out once, by
whichever process owns the server, after restarts too.
"""

from __future__ import annotations

from dataclasses import dataclass

from data import Rating, Season, SeasonRunning, Store, Timer
from games.plugin import plugins
from table.refusal import Refusal

MIN_WEEKS, MAX_WEEKS = 1, 52
LADDER_ROWS = 10  #: rows of each game's final ladder in the end's post


@dataclass(frozen=True)
class Ladder:
    """A game's final ladder in a season: its first rows (place, rating), and how many
    players it holds."""

    game: str
    rows: list[tuple[int, Rating]]
    players: int

    @property
    def champions(self) -> list[Rating]:
        """Those in first place (a shared place: all of them)."""
        return [rating for place, rating in self.rows if place == 1]


@dataclass(frozen=True)
class Ended:
    """A season that is over, its number on its server, and its ladders (games played)."""

    season: Season
    number: int
    ladders: list[Ladder]


def when(at: float, style: str = "f") -> str:
    """A time as Discord shows it in each reader's own zone."""
    return f"<t:{int(at)}:{style}>"


async def number_of(store: Store, season: Season) -> int:
    """A season's number on its server (its first is 1)."""
    seasons = await store.seasons.of_guild(season.guild_id)
    return 1 + [s.id for s in seasons].index(season.id)


async def start(store: Store, guild_id: int, channel_id: int, weeks: int) -> tuple[Season, int]:
    """Start a season of ``weeks`` on a server, posted about in ``channel_id``; the season
    and its number. Refusals: a length out of bounds, a season running already."""
    if not MIN_WEEKS <= weeks <= MAX_WEEKS:
        raise Refusal("error-season-length", least=MIN_WEEKS, most=MAX_WEEKS)
    try:
        season = await store.seasons.start(guild_id, channel_id, weeks)
    except SeasonRunning as running:
        raise Refusal(
            "error-season-running",
            number=await number_of(store, running.season),
            until=when(running.season.ends_at),
        ) from None
    return season, await number_of(store, season)


async def running(store: Store, guild_id: int) -> tuple[Season, int]:
    """The season running on a server and its number; a refusal when none does."""
    season = await store.seasons.running(guild_id)
    if season is None:
        raise Refusal("error-season-none")
    return season, await number_of(store, season)


async def end_early(store: Store, guild_id: int, now: float) -> tuple[Season, int]:
    """End the running season now (a moderator's choice); the season and its number. Its
    end timer, brought forward to now, posts the end."""
    season, number = await running(store, guild_id)
    # A season past its planned end whose timer has not fired yet ends as planned.
    if not await store.seasons.end(season.id, min(now, season.ends_at)):
        raise Refusal("error-season-none")  # it ended meanwhile (its timer fired)
    return season, number


async def numbered(store: Store, guild_id: int, number: int) -> Season:
    """The server's season ``number``; a refusal when it has none such."""
    seasons = await store.seasons.of_guild(guild_id)
    if not 1 <= number <= len(seasons):
        raise Refusal("error-season-unknown", number=number)
    return seasons[number - 1]


async def ladders(store: Store, season: Season, rows: int = LADDER_ROWS) -> list[Ladder]:
    """The season's ladder of each game played in it, in the order games are listed."""
    found = []
    for plugin in plugins():
        count = await store.ratings.count(plugin.name, season.scope)
        if count:
            top = await store.ratings.leaderboard(plugin.name, season.scope, 0, rows)
            found.append(Ladder(plugin.name, top, count))
    return found


async def conclude(store: Store, timer: Timer) -> Ended | None:
    """What a season's end timer posts: the season, ended now if it still ran (at its
    planned end: games that end later are not its), with its ladders. None when the season
    is gone. Safe to run twice (a process died after posting): the same answer."""
    season = await store.seasons.get(timer.ref_id)
    if season is None:
        return None
    if season.running:
        await store.seasons.end(season.id, season.ends_at)
        season = await store.seasons.get(season.id) or season
    return Ended(season, await number_of(store, season), await ladders(store, season))
