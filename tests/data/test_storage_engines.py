"""Every public method of every store in data/ runs on both engines, and gives the same.

The two engines spell a few things differently (data/db.py's Dialect) and PostgreSQL is
stricter than SQLite about types (it refuses to sum a boolean, which SQLite takes for 0/1).
A query that works on SQLite can then fail on PostgreSQL only, in a path no other test of
that engine reaches. So one scenario calls every public store method, on each engine, with
the same clock. The test fails on a method the scenario does not call on PostgreSQL (a new
one: add it to the scenario), and the scenario's answers must be the same on both engines.
"""

from __future__ import annotations

import asyncio
import inspect
import itertools
from collections.abc import Callable, Iterator
from functools import wraps
from pathlib import Path
from typing import Any

import pytest

from data import (
    ChallengeLimit,
    EntryRefused,
    GameLimit,
    GuildSettings,
    NewGame,
    PersonSettings,
    SeasonRunning,
    Store,
    TimeControl,
)
from data.results import Ending, Result
from data.shards import Shards
from data.tournaments import EventSettings, RoundTaken
from tests.postgres import PostgresServer


def _stores(store: Store) -> Iterator[tuple[str, Any]]:
    """The stores a Store holds (every attribute but its Database)."""
    for name, value in vars(store).items():
        if value is not store.db and type(value).__module__.startswith("data."):
            yield name, value


def _public(obj: Any) -> list[str]:
    return sorted(
        name
        for name, _ in inspect.getmembers(type(obj), inspect.isfunction)
        if not name.startswith("_")
    )


def _record_calls(store: Store, called: set[str]) -> None:
    """Wrap every public store method so that calling it adds "store.method" to ``called``."""
    for store_name, obj in _stores(store):
        for name in _public(obj):
            real = getattr(obj, name)
            key = f"{store_name}.{name}"

            def wrap(real: Callable[..., Any], key: str) -> Callable[..., Any]:
                if inspect.iscoroutinefunction(real):

                    @wraps(real)
                    async def calling(*args: Any, **kw: Any) -> Any:
                        called.add(key)
                        return await real(*args, **kw)

                    return calling

                @wraps(real)
                def plain(*args: Any, **kw: Any) -> Any:
                    called.add(key)
                    return real(*args, **kw)

                return plain

            setattr(obj, name, wrap(real, key))


def _clock() -> Callable[[], float]:
    """The same times on both engines: one second later at each call."""
    ticks = itertools.count(1_000_000.0, 1.0)
    return lambda: next(ticks)


RESIGNED = Result(Ending.RESIGN, (1,), (3, 5), 0)
BY_RULES = Result(Ending.RULES, (0,), (9, 4))


async def _scenario(store: Store) -> list[tuple[str, Any]]:
    """Call every public store method at least once; what each answered, in order."""
    said: list[tuple[str, Any]] = []

    def note(what: str, value: Any) -> Any:
        said.append((what, value))
        return value

    games, challenges, timers = store.games, store.challenges, store.timers
    guild, channel, place = 10, 20, 30
    shards = Shards(frozenset({0}), 1)

    # Games: a series, two games in one thread, moves, undo, votes, endings.
    series = note("create_series", await games.create_series("stonehenge", 3))
    note("series_length", await games.series_length(series))
    first = await games.create_game(
        game="stonehenge",
        seats=[(1, "Ana"), (2, "Luis")],
        seed=7,
        options={"first": 0},
        lang="en",
        guild_id=guild,
        channel_id=channel,
        series_id=series,
        days_per_move=3,
    )
    note("create_game", first)
    await games.set_place(first, place)
    second = await games.create_game(
        game="kahuna",
        seats=[(1, "Ana"), (99, "Tablero", "easy")],
        seed=8,
        options={},
        lang="es",
        guild_id=guild,
        channel_id=place,  # challenged in the thread itself
        place_id=place,
        control=TimeControl(bank=7, increment=1, cap=14, weekends=True),
    )
    # A bank's move: the seat's bank written with the move (the bot's seat has none).
    await games.append_move(second, 0, seat=0, user_id=1, move="x", shown=True, bank=5.5)
    await games.take_back(second, 1, announce=False)
    note("a game with a bank", await games.get(second))
    with pytest.raises(GameLimit) as over:  # Ana plays two games on the server
        await games.create_game(
            game="kahuna",
            seats=[(2, "Luis"), (1, "Ana")],
            seed=9,
            options={},
            lang="en",
            guild_id=guild,
            channel_id=channel,
            max_games=2,
        )
    note("create_game over the limit", (over.value.user_id, over.value.name, over.value.limit))
    note("place_use", await games.place_use(place))
    note("place_use empty", await games.place_use(12345))
    note("unposted", [g.id for g in await games.unposted(shards)])
    await games.mark_posted(first, 0, 500, turn_started_at=1.0, timers=[("reminder", 5.0)])
    note("posted_version", await games.posted_version(first))
    version = await games.append_move(first, 0, seat=0, user_id=1, move="6L")
    version = await games.append_move(first, version, seat=1, user_id=2, move="5D")
    await games.take_back(first, version, announce=True)
    note("vote_skip", await games.vote_skip(first, 1.0, 1))
    note("vote_skip again", await games.vote_skip(first, 1.0, 1))
    # The bot holds Luis's seat, plays a move for it, and he takes it back (with his clock).
    note("hold_seat", await store.holds.hold_seat(first, 1, "easy", 1, 1.0))
    note("hold_seat again", await store.holds.hold_seat(first, 1, "easy", 1, 1.0))
    note("untold_seats", await store.holds.untold_seats(shards))
    await store.holds.seat_told(first, 1, "held")
    note("untold_seats told", await store.holds.untold_seats(shards))
    note("active_with_bots held", [g.id for g in await games.active_with_bots(shards)])
    held = await games.append_move(first, 1, seat=1, user_id=2, move="5D", held=True)
    await games.take_back(first, held, announce=True)
    back = [("deadline", 9.0)]
    note("release_seat", await store.holds.release_seat(first, 1, turn_started_at=1.0, timers=back))
    note("release_seat again", await store.holds.release_seat(first, 1))
    note("seats released", (await games.get(first)).seats)
    note("get", await games.get(first))
    note("active_in_place", await games.active_in_place(place))
    note("active_in_channel", await games.active_in_channel(channel))
    note("active_for_user", await games.active_for_user(1))
    note("active_count", await games.active_count(1, guild))
    note("active_with_bots", await games.active_with_bots(shards))
    note("recently_played", await games.recently_played(shards))
    note("in_series", await games.in_series(series))
    note("in_place", await games.in_place(place))

    # Offers of a draw, then the endings (each rates the game as it ends).
    offer = await store.offers.make(first, 0, 1, replacing=None)
    note("offers.get", await store.offers.get(first))
    note("offers.decline", await store.offers.decline(offer))
    offer = await store.offers.make(first, 0, 1, replacing=await store.offers.get(first))
    note("offers.accept", await store.offers.accept(offer, 1))
    note("offers.close", await store.offers.close(offer))
    await games.append_move(first, 1, seat=1, user_id=2, move="5D", result=BY_RULES)
    await games.finish(second, 0, RESIGNED)
    note("latest_in_place", await games.latest_in_place(place))

    # Challenges: invited, open, joined, left, handed over, resolved, due.
    invite = await challenges.create(
        game="stonehenge",
        options={},
        series_length=1,
        lang="en",
        guild_id=guild,
        channel_id=channel,
        challenger_id=1,
        challenger_name="Ana",
        invited=[(2, "Luis")],
        max_players=2,
        ttl=600,
        rematch_of=first,
    )
    note("challenges.create", invite)
    await challenges.set_message(invite.id, 700)
    note("challenges.accept", await challenges.accept(invite.id, 2, "Luis"))
    note("challenges.unaccept", await challenges.unaccept(invite.id, 2))
    note("challenges.accept again", await challenges.accept(invite.id, 2, "Luis"))
    with pytest.raises(ChallengeLimit) as refused:  # Ana has one open challenge
        await challenges.create(
            game="kahuna",
            options={},
            series_length=1,
            lang="en",
            guild_id=guild,
            channel_id=channel,
            challenger_id=1,
            challenger_name="Ana",
            invited=[(3, "Eve")],
            max_players=2,
            ttl=600,
            limit=1,
        )
    note("challenges.create over the limit", refused.value.limit)
    table = await challenges.create(
        game="islas",
        options={},
        series_length=1,
        lang="en",
        guild_id=guild,
        channel_id=channel,
        challenger_id=3,
        challenger_name="Eve",
        invited=[],
        max_players=4,
        ttl=60,
        bot_levels=["easy"],
    )
    note("challenges.join", await challenges.join(table.id, 1, "Ana"))
    note("challenges.join 2", await challenges.join(table.id, 2, "Luis"))
    note("challenges.leave", await challenges.leave(table.id, 2))
    note("challenges.hand_over", await challenges.hand_over(table.id, 3))
    note("challenges.get", await challenges.get(table.id))
    note("challenges.open_by", await challenges.open_by(1, guild))
    note("challenges.open_in", await challenges.open_in(guild, 10))
    note("challenges.next_expiry", await challenges.next_expiry())
    note("challenges.due", await challenges.due())
    note("challenges.resolve", await challenges.resolve(invite.id, "accepted", first))
    note("challenge_message", await games.challenge_message(first))

    # Timers.
    timer_id = await timers.add("reminder", first, 10.0, 1.0)
    due = note("timers.due", await timers.due(shards))
    note("timers.next_due", await timers.next_due(shards))
    note("timers.claim", await timers.claim(timer_id, "proc-a", 30.0))
    note("timers.renew", await timers.renew(timer_id, "proc-a", 30.0))
    later = note("timers.postpone", await timers.postpone(due[0], 2_000_000.0))
    await timers.done(later)
    note("timers.due after", await timers.due(None))
    before = await timers.add("before:240", first, 20.0, 1.0)
    await timers.add("before:60", first, 30.0, 1.0)
    await timers.claim(before, "proc-a", 30.0)
    note("timers.waiting", sorted(await timers.waiting(first, 1.0, "before:")))

    # Seasons: one at a time per server, ended early, found by when a game ends.
    seasons = store.seasons
    season = note("seasons.start", await seasons.start(guild, channel, 2))
    try:
        await seasons.start(guild, channel, 3)
    except SeasonRunning as running:
        note("seasons.start again", running.season.id)
    note("seasons.running", await seasons.running(guild))
    note("seasons.current", await seasons.current(guild, season.started_at + 1))
    note("seasons.end", await seasons.end(season.id, season.started_at + 2))
    note("seasons.get", await seasons.get(season.id))
    note("seasons.of_guild", await seasons.of_guild(guild))

    # Settings.
    settings = store.settings
    settings.person_ttl = 0
    await settings.set_dm_turns(1, True)
    note("dm_turns", await settings.dm_turns(1))
    note("person default", await settings.person(2))
    await settings.set_person(
        2,
        PersonSettings(
            dm_turns=True,
            timezone="Asia/Kolkata",
            quiet=(23 * 60, 6 * 60 + 30),
            remind_before=(24.0, 4.0, 0.25),
            digest_hour=0,
            heads_up=True,
        ),
    )
    note("person", await settings.person(2))
    await settings.set_person(2, PersonSettings(timezone="Europe/Madrid"))
    note("person again", await settings.person(2))
    await settings.set_public(1, True)
    note("public", await settings.public(1))
    settings.forget_cached(1)
    await settings.set_guild(guild, GuildSettings(reminder_hours=6, max_games=4))
    note("guild", await settings.guild(guild))

    # Ratings (rated as the games ended), rebuilt, and read every way.
    ratings = store.ratings
    note("unrated", await ratings.unrated())
    note("rerate", await ratings.rerate())
    note("ratings.get", await ratings.get("stonehenge", guild, "u:1"))
    note("leaderboard", await ratings.leaderboard("stonehenge", guild))
    note("count", await ratings.count("stonehenge", 0))
    note("place_of", await ratings.place_of("stonehenge", guild, "u:2"))
    note("trend", await ratings.trend("stonehenge", guild, "u:1"))
    note("changes", await ratings.changes(first, guild))

    # Statistics.
    stats = store.stats
    note("finished", await stats.finished(1, guild_id=guild))
    note("count_finished", await stats.count_finished(1, game="stonehenge"))
    note("records", await stats.records(1, guild_id=guild))
    note("head_to_head", await stats.head_to_head(1, 2, guild_id=guild))
    note("server", await stats.server("stonehenge", guild))
    note("names", await stats.names([1, 2, 3], guild_id=guild))
    note("active_by_game", await games.active_by_game())
    note("due_count", await timers.due_count())

    # Time away.
    away = store.away
    note("away.start", await away.start(2, 3))
    note("away.current", await away.current(2))
    note("away.paused", await away.paused(2, 0.0))
    note("away.spans", await away.spans(2, 0.0))
    note("away.end", await away.end(2))

    # Tournaments: entries, a round paired once with its games, results, the end.
    events = store.tournaments
    event = note(
        "tournaments.create",
        await events.create(
            guild,
            channel,
            1,
            EventSettings(
                name="Cup",
                game="stonehenge",
                options={},
                format="swiss",
                rounds=1,
                days_per_move=None,
                signup_ends=3_000_000.0,
                min_players=2,
                max_players=3,
                rated=False,
                undo=False,
                lang="en",
                control=TimeControl(bank=7.0, increment=1.0, cap=14.0, weekends=True),
            ),
        ),
    )
    await events.set_message(event.id, 800)
    for user, name in ((1, "Ana"), (2, "Luis"), (5, "Bo")):
        await events.join(event.id, user, name)
    with pytest.raises(EntryRefused) as full:
        await events.join(event.id, 6, "Cy")
    note("tournaments.join over the limit", full.value.key)
    note("tournaments.leave", await events.leave(event.id, 5))
    note("tournaments.entrants", await events.entrants(event.id))
    cup_game = NewGame("stonehenge", [(1, "Ana"), (2, "Luis")], 7, {"first": 0}, "en", guild,
                       channel, title="Cup · 1", rated=False, undo=False)  # fmt: skip
    paired = await events.pair_round(event.id, 0, [1, 2], [((1, 2), cup_game)], due=10.0)
    note("tournaments.pair_round", paired)
    with pytest.raises(RoundTaken):
        await events.pair_round(event.id, 0, [1, 2], [((1, 2), cup_game)], due=10.0)
    cup = paired[0].game_id
    assert cup is not None
    note("cup game", await games.get(cup))
    note("tournaments.of_game", await events.of_game(cup))
    note("tournaments.unstarted", await events.unstarted(event.id, 1))
    await games.finish(cup, 0, RESIGNED)
    note("unrated cup game", await ratings.changes(cup, guild))
    note("tournaments.outcomes", await events.outcomes(event.id))
    note("tournaments.outcomes of round 2", await events.outcomes(event.id, 2))
    note("tournaments.pairings", await events.pairings(event.id, 1))
    note("tournaments.running", await events.running(shards))
    note("tournaments.of_guild", await events.of_guild(guild))
    note("tournaments.finish", await events.finish(event.id, 1, due=11.0))
    note("tournaments.finish again", await events.finish(event.id, 1, due=11.0))
    note("tournaments.get", await events.get(event.id))
    note("tournaments.of_guild all", await events.of_guild(guild, active=False))
    note("tournaments.cancel", await events.cancel(event.id))
    note("event timers", [(t.kind, t.turn_stamp) for t in await timers.due(shards)])

    # Privacy: Eve hosts an open table (refused), Luis can be forgotten.
    privacy = store.privacy
    try:
        await privacy.check(3)
        note("privacy.check", "allowed")
    except Exception as refused:  # StillPlaying, with what keeps Eve
        note("privacy.check", repr(refused))
    note("privacy.forget", await privacy.forget(2, {"en": "former player"}, "former player"))
    note("after forgetting", await games.get(first))

    # The daily digest: armed, re-armed by its day's end in one go, stopped (last: an
    # upsert takes an id from PostgreSQL's sequence even when it updates, so the timers'
    # ids part ways after it).
    digests = store.digests
    day = note("digests.arm", await digests.arm(7, "es", lambda last: ((last or 100) + 1, 50.0)))
    note("digests.lang", await digests.lang(7))
    (due_digest,) = [t for t in await timers.due(None) if t.kind == "digest"]
    handled = await digests.handled(due_digest, day[0], lambda last: ((last or 0) + 1, 60.0))
    note("digests.handled", handled)
    note("digests.handled again", await digests.handled(due_digest, day[0], None))
    await digests.disarm(7)
    note("digests.disarm", [t.kind for t in await timers.due(None) if t.kind == "digest"])

    # Reviews: stored once per game and view (the first of two kept), read back.
    reviews = store.reviews
    note("reviews.get none", await reviews.get(first))
    note("reviews.put", await reviews.put(first, None, {"turns": [1], "seat": None}))
    note("reviews.put again", await reviews.put(first, None, {"turns": [2], "seat": None}))
    note("reviews.put seat", await reviews.put(first, 1, {"turns": [3], "seat": 1}))
    note("reviews.get", (await reviews.get(first), await reviews.get(first, 1)))
    return said


async def _run(target: str) -> tuple[set[str], list[tuple[str, Any]]]:
    store = await Store(target, _clock()).open()
    called: set[str] = set()
    _record_calls(store, called)
    try:
        return called, await _scenario(store)
    finally:
        await store.close()


def _every_method() -> set[str]:
    store = Store(":memory:")  # not opened: only its stores' classes are looked at
    return {f"{name}.{method}" for name, obj in _stores(store) for method in _public(obj)}


async def test_every_store_method_runs_alike_on_both_engines(
    tmp_path: Path, postgres: PostgresServer
) -> None:
    on_sqlite, said_sqlite = await _run(str(tmp_path / "t.sqlite3"))
    on_postgres, said_postgres = await _run(postgres.new_database())
    missing = _every_method() - on_postgres
    assert not missing, f"no test runs these on PostgreSQL: {sorted(missing)}"
    assert on_postgres == on_sqlite
    for (what, sqlite_value), (_, postgres_value) in zip(said_sqlite, said_postgres, strict=True):
        assert postgres_value == sqlite_value, what


@pytest.mark.parametrize("own", [False, True])
async def test_the_use_of_a_place_is_counted_on_both_engines(store: Store, own: bool) -> None:
    # In a game's thread, every command that looks up the place's game asks this first.
    await store.games.create_game(
        game="stonehenge",
        seats=[(1, "Ana"), (2, "Luis")],
        seed=7,
        options={},
        lang="en",
        guild_id=10,
        channel_id=20 if own else 30,
        place_id=30,
    )
    assert await store.games.place_use(30) == (1, int(own))


async def test_challenges_made_at_once_stop_at_the_limit(store: Store) -> None:
    async def offer(to: int) -> str:
        try:
            await store.challenges.create(
                game="stonehenge",
                options={},
                series_length=1,
                lang="en",
                guild_id=10,
                channel_id=20,
                challenger_id=1,
                challenger_name="Ana",
                invited=[(to, "Someone")],
                max_players=2,
                ttl=600,
                limit=3,
            )
            return "made"
        except ChallengeLimit:
            return "refused"

    done = await asyncio.gather(*(offer(100 + i) for i in range(8)))
    assert sorted(done) == ["made"] * 3 + ["refused"] * 5
    assert await store.challenges.open_by(1, 10) == 3


async def test_games_started_at_once_stop_at_the_limit(store: Store) -> None:
    async def start(opponent: int) -> str:
        try:
            await store.games.create_game(
                game="stonehenge",
                seats=[(opponent, "Someone"), (1, "Ana")],
                seed=7,
                options={},
                lang="en",
                guild_id=10,
                channel_id=20,
                max_games=2,
            )
            return "started"
        except GameLimit as over:
            assert (over.user_id, over.name, over.limit) == (1, "Ana", 2)
            return "refused"

    done = await asyncio.gather(*(start(100 + i) for i in range(5)))
    assert sorted(done) == ["refused"] * 3 + ["started"] * 2
    assert await store.games.active_count(1, 10) == 2
    assert await store.games.active_count(1, 11) == 0  # another server: its own count
