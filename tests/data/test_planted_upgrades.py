"""Upgrades from every older schema, on both engines, checked table by table.

A database is built as the bot of each schema left it: migration after migration, each
followed by rows written in that schema's shape (SEEDS). The store then upgrades it, and
the result must be what a database made new has (the same tables, columns and indexes),
with every row kept and what the migrations derive from old rows there: a member for each
named opponent, open tables marked open, an expiry timer for each open challenge.

Two guards keep this complete: every table a migration touches holds seeded rows, and every
migration that moves data (INSERT, UPDATE) has its check here.
"""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import aiosqlite
import asyncpg
import pytest

from data import PersonSettings, Store
from data.migrations import MIGRATIONS, statements
from data.postgres import VERSION_TABLE, widen
from data.summary import summary_faults
from tests.postgres import PostgresServer

RESIGNED = '{"reason": "resign", "winners": [1], "scores": [0, 0], "resigned": 0}'
_GAME = (
    "INSERT INTO games (game, players, seed, options, lang, status, version, posted_version,"
    " result, guild_id, channel_id, place_id, message_id, series_id, series_index,"
    " created_at, updated_at, finished_at) VALUES "
)
_CHALLENGE = (
    "INSERT INTO challenges (game, options, series_length, lang, guild_id, channel_id,"
    " message_id, challenger_id, challenger_name, opponent_id, status, created_at, expires_at,"
    " game_id"
)
_MEMBER = "INSERT INTO challenge_players (challenge_id, user_id, name, accepted, joined_at) VALUES "

#: Rows written at each schema, in its shape (ids are given out 1, 2, … in this order).
SEEDS: dict[int, list[str]] = {
    1: [
        "INSERT INTO series (game, length, created_at) VALUES ('stonehenge', 3, 100)",
        _GAME + "('stonehenge', 2, 7, '{\"first\": 0}', 'en', 'active', 2, 2, NULL,"
        " 10, 20, 30, 40, 1, 0, 100, 110, NULL)",  # game 1
        _GAME + f"('stonehenge', 2, 8, '{{\"first\": 1}}', 'es', 'finished', 1, 1, '{RESIGNED}',"
        " 10, 20, 31, 41, NULL, 0, 100, 120, 120)",  # game 2
        "INSERT INTO seats (game_id, seat, user_id, name) VALUES"
        " (1, 0, 1, 'Ana'), (1, 1, 2, 'Luis'), (2, 0, 1, 'Ana'), (2, 1, 2, 'Luis')",
        "INSERT INTO moves (game_id, ply, seat, user_id, move, at) VALUES"
        " (1, 0, 0, 1, '6L', 101), (1, 1, 1, 2, '5D', 102), (2, 0, 1, 2, '6L', 101)",
        # 1: open, named; 2: open to anyone; 3: accepted; 4: expired
        _CHALLENGE + ") VALUES ('stonehenge', '{}', 1, 'en', 10, 20, 50, 1, 'Ana', 2, 'open',"
        " 100, 1000, NULL), ('stonehenge', '{}', 1, 'en', 10, 20, 51, 1, 'Ana', NULL, 'open',"
        " 100, 1100, NULL), ('stonehenge', '{}', 1, 'en', 10, 20, 52, 1, 'Ana', 2, 'accepted',"
        " 100, 1000, 1), ('stonehenge', '{}', 1, 'en', 10, 20, 53, 2, 'Luis', 1, 'expired',"
        " 90, 95, NULL)",
    ],
    2: [
        # 5: an open Islas table of three, Eve seated; 6: Luis and Eve named, Eve accepted
        _CHALLENGE + ", is_open, max_players) VALUES ('islas', '{}', 1, 'en', 10, 20, 54, 1,"
        " 'Ana', NULL, 'open', 105, 1200, NULL, 1, 3), ('islas', '{}', 1, 'en', 10, 20, 55,"
        " 1, 'Ana', NULL, 'open', 105, 1250, NULL, 0, 3)",
        _MEMBER + "(5, 3, 'Eve', 1, 106), (6, 2, 'Luis', 0, 105), (6, 3, 'Eve', 1, 107)",
    ],
    3: [
        # 7: a rematch (seats turned round), open; 8: declined
        _CHALLENGE + ", is_open, max_players, seat_order) VALUES ('stonehenge', '{}', 1, 'en',"
        " 10, 20, 56, 2, 'Luis', NULL, 'open', 130, 1300, NULL, 0, 2, '[2, 1]'),"
        " ('stonehenge', '{}', 1, 'en', 10, 20, 57, 1, 'Ana', NULL, 'declined', 130, 1300,"
        " NULL, 0, 2, NULL)",
        _MEMBER + "(7, 1, 'Ana', 0, 130), (8, 2, 'Luis', 0, 130)",
    ],
    4: [
        # 9: open, days per move, with the timer the bot of schema 4 gave it
        _CHALLENGE + ", is_open, max_players, days_per_move) VALUES ('stonehenge', '{}', 1,"
        " 'en', 10, 20, 58, 1, 'Ana', NULL, 'open', 140, 1400, NULL, 0, 2, 3)",
        _MEMBER + "(9, 2, 'Luis', 0, 140)",
        "INSERT INTO timers (kind, ref_id, due_at) VALUES ('challenge', 9, 1400)",
        "INSERT INTO timers (kind, ref_id, turn_stamp, due_at) VALUES ('reminder', 1, 110, 5000)",
        "UPDATE games SET turn_started_at = 110, days_per_move = 3 WHERE id = 1",
        "INSERT INTO user_settings (user_id, dm_turns) VALUES (1, 1)",
        "INSERT INTO guild_settings (guild_id, reminder_hours, game_channel_id, threads)"
        " VALUES (10, 12, 20, 0)",
    ],
    5: ["INSERT INTO skip_votes (game_id, turn_stamp, user_id) VALUES (1, 110, 2)"],
    6: [
        # 10: a rematch of game 2, open, with its timer
        _CHALLENGE + ", is_open, max_players, seat_order, rematch_of) VALUES ('stonehenge',"
        " '{}', 1, 'es', 10, 20, 59, 2, 'Luis', NULL, 'open', 150, 1500, NULL, 0, 2,"
        " '[2, 1]', 2)",
        _MEMBER + "(10, 1, 'Ana', 0, 150)",
        "INSERT INTO timers (kind, ref_id, due_at) VALUES ('challenge', 10, 1500)",
    ],
    7: [
        # game 3: Ana against the bot (its seats share one user id)
        _GAME + "('stonehenge', 2, 9, '{\"first\": 0}', 'en', 'active', 0, 0, NULL,"
        " 10, 20, 32, 42, NULL, 0, 160, 160, NULL)",
        "INSERT INTO seats (game_id, seat, user_id, name, level) VALUES"
        " (3, 0, 1, 'Ana', NULL), (3, 1, 999, 'Tablero · hard', 'hard')",
        _CHALLENGE + ", is_open, max_players, bot_levels) VALUES ('stonehenge', '{}', 1, 'en',"
        " 10, 20, 60, 1, 'Ana', NULL, 'accepted', 160, 1600, 3, 0, 2, '[\"hard\"]')",
    ],
    8: [
        "INSERT INTO rated_games (game_id, at) VALUES (2, 120)",
        "INSERT INTO ratings (game, scope, player, mu, sigma, games, updated_at) VALUES"
        " ('stonehenge', 0, 'u:1', 23, 8, 1, 120), ('stonehenge', 0, 'u:2', 27, 8, 1, 120)",
        "INSERT INTO rating_history (game_id, game, scope, player, mu, sigma, at) VALUES"
        " (2, 'stonehenge', 0, 'u:1', 23, 8, 120), (2, 'stonehenge', 0, 'u:2', 27, 8, 120)",
        "UPDATE user_settings SET public = 1 WHERE user_id = 1",
    ],
    9: [
        "INSERT INTO offers (game_id, by_seat, ply, accepted, declined, created_at)"
        " VALUES (1, 0, 2, '[]', 0, 170)"
    ],
    10: [
        "UPDATE guild_settings SET mod_role_id = 77, max_challenges = 5 WHERE guild_id = 10",
        "INSERT INTO guild_settings (guild_id, reminder_hours, threads, max_games)"
        " VALUES (11, 24, 1, 4)",
    ],
    11: ["INSERT INTO away (user_id, started_at, until) VALUES (2, 100, 2000)"],
    12: [
        "INSERT INTO timers (kind, ref_id, turn_stamp, due_at, claimed_by, lease_until)"
        " VALUES ('deadline', 1, 110, 6000, 'host:1', 90)"
    ],
    13: [
        # game 4: finished after game 2, numbered as the bot of schema 13 ends a game
        _GAME.replace(") VALUES ", ", finish_seq) VALUES ")
        + f"('stonehenge', 2, 10, '{{\"first\": 0}}', 'en', 'finished', 1, 1, '{RESIGNED}',"
        " 10, 20, 33, 43, NULL, 0, 170, 180, 180, 2)",
        "INSERT INTO seats (game_id, seat, user_id, name) VALUES"
        " (4, 0, 1, 'Ana'), (4, 1, 2, 'Luis')",
    ],
    14: [
        "INSERT INTO tournaments (guild_id, channel_id, message_id, name, game, options, format,"
        " rounds, days_per_move, signup_ends, min_players, max_players, rated, undo, lang,"
        " status, round, created_by, created_at) VALUES (10, 20, 60, 'Cup', 'stonehenge', '{}',"
        " 'swiss', 3, 2, 150, 2, 16, 1, 0, 'en', 'running', 1, 1, 140)",
        "INSERT INTO entrants (tournament_id, user_id, name, joined_at, withdrawn_round)"
        " VALUES (1, 1, 'Ana', 141, NULL), (1, 2, 'Luis', 142, NULL), (1, 3, 'Eve', 143, 1)",
        "INSERT INTO pairings (tournament_id, round, board, players, game_id) VALUES"
        " (1, 1, 1, '[1, 2]', 1), (1, 1, 2, '[3]', NULL)",
        "UPDATE games SET title = 'Cup · round 1', rated = 1, undo = 0 WHERE id = 1",
    ],
    15: [
        # seasons of server 10: the first ended early, the second runs, its end a timer
        "INSERT INTO seasons (guild_id, channel_id, started_at, ends_at, weeks, status,"
        " ended_at) VALUES (10, 20, 100, 604900, 1, 'ended', 150),"
        " (10, 20, 190, 1209790, 2, 'running', NULL)",
        "INSERT INTO timers (kind, ref_id, due_at) VALUES ('season-end', 2, 1209790)",
    ],
    16: [
        # Luis's clock settings; Ana (user 1) keeps hers from schema 4 and 8
        "INSERT INTO user_settings (user_id, dm_turns, public, timezone, quiet_from, quiet_to,"
        " remind_before, digest_hour, heads_up) VALUES (2, 0, 0, 'Europe/Madrid', 1380, 420,"
        " '[24.0, 1.0]', 8, 1)",
    ],
    17: [
        # the bot holds Luis's seat of game 1, and held it before
        "UPDATE seats SET held_level = 'easy', held_from = 2,"
        " held_spans = '[[\"normal\", 0, 1]]' WHERE game_id = 1 AND seat = 1",
    ],
    # 18: time controls: a game with a bank and weekends off, its seats' banks, a challenge's one
    18: [
        'UPDATE games SET time_control = \'{"bank":7,"cap":14,"increment":1,'
        '"weekends":true}\' WHERE id = 4',
        "UPDATE seats SET bank_left = 500000 WHERE game_id = 4",
        'UPDATE challenges SET time_control = \'{"bank":3,"cap":null,"increment":0,'
        '"weekends":false}\' WHERE id = 2',
    ],
    19: [
        # Luis's digest (asked in Spanish, yesterday's done) and its timer for today
        "INSERT INTO digests (user_id, lang, last_day) VALUES (2, 'es', 739000)",
        "INSERT INTO timers (kind, ref_id, turn_stamp, due_at) VALUES ('digest', 2, 739001, 400)",
    ],
    20: [
        # Luis's reminder an hour before the
        # deadline of game 2's turn begun at 500, and the heads-up of that turn
        "INSERT INTO timers (kind, ref_id, turn_stamp, due_at) VALUES"
        " ('before:60', 2, 500, 90500), ('heads-up', 2, 500, 500)",
    ],
    21: [
        # indexes only: rows their partial indexes hold, the news of the bot's hold of
        # Luis's seat not told yet, and Ana's ratings public
        "UPDATE seats SET held_notice = 'held' WHERE game_id = 1 AND seat = 1",
        "UPDATE user_settings SET public = 1 WHERE user_id = 1",
    ],
    22: [
        # the Cup's games get a bank of 7 days, 1 more a move, at most 14, weekends off
        'UPDATE tournaments SET time_control = \'{"bank":7,"cap":14,"increment":1,'
        '"weekends":true}\', days_per_move = NULL WHERE id = 1',
    ],
    23: [
        # the public review of game 1 and Luis's own, and a server that reviews every game
        "INSERT INTO reviews (game_id, view, figures, created_at) VALUES"
        " (1, -1, '{\"turns\":[]}', 700), (1, 1, '{\"turns\":[]}', 701)",
        "UPDATE guild_settings SET review_games = 1",
    ],
    24: [
        # indexes only (a leaderboard's order, a person's seats by game): the ratings and
        # seats seeded before are what they index
    ],
    25: [
        # game 5: Luis beats Ana by the rules, ended by the bot of schema 25, which adds it
        # to the server's summaries (games 2 and 4 the migration summed)
        _GAME.replace(") VALUES ", ", finish_seq) VALUES ")
        + "('stonehenge', 2, 11, '{\"first\": 1}', 'en', 'finished', 2, 2,"
        ' \'{"reason":"rules","scores":[3,1],"winners":[0]}\','
        " 10, 20, 34, 44, NULL, 0, 200, 290, 290, 3)",
        "INSERT INTO seats (game_id, seat, user_id, name) VALUES"
        " (5, 0, 2, 'Luis'), (5, 1, 1, 'Ana')",
        "INSERT INTO moves (game_id, ply, seat, user_id, move, at) VALUES"
        " (5, 0, 0, 2, '6L', 210), (5, 1, 1, 1, '5D', 220)",
        "INSERT INTO server_endings (guild_id, game, reason, winners, games, plies, days)"
        " VALUES (10, 'stonehenge', 'rules', '[0]', 1, 2, 90 / 86400.0)",
        "UPDATE server_players SET games = games + 1, latest = 5"
        " WHERE guild_id = 10 AND game = 'stonehenge' AND user_id IN (1, 2)",
    ],
}

#: Tables whose rows an upgrade derives from older rows (checked by ``_check_derived``).
DERIVED_TABLES = {
    "challenge_players", "timers", "ratings", "rating_history", "rated_games",
    "server_endings", "server_players",
}  # fmt: skip
#: The migrations that move data, each with what ``_check_derived`` checks of it.
DATA_MIGRATIONS = {
    2: "a member for each named opponent; challenges without one are open tables",
    4: "an expiry timer for each open challenge, due when the challenge expires",
    13: "finished games numbered in the order they ended (then by id), others not numbered",
    25: "each server's finished games summed by way they ended and by person",
}
#: Every older schema, and the newest (nothing to migrate: the seeds and checks agree).
START_VERSIONS = range(1, len(MIGRATIONS) + 1)


def _touched(script: str) -> set[str]:
    pattern = r"\b(?:CREATE TABLE|ALTER TABLE|INSERT INTO|UPDATE)\s+(\w+)"
    dropped = set(re.findall(r"\bDROP TABLE\s+(\w+)", script))  # a migration's own scratch
    return set(re.findall(pattern, script)) - dropped


def test_every_table_a_migration_touches_is_seeded_and_every_data_migration_checked() -> None:
    assert set(SEEDS) == set(range(1, len(MIGRATIONS) + 1)), "a seed for every schema"
    touched = set().union(*map(_touched, MIGRATIONS))
    seeded = set().union(*(_touched(s) for seeds in SEEDS.values() for s in seeds))
    assert touched <= seeded, f"seed rows into {touched - seeded} in SEEDS"
    moving = {
        version
        for version, script in enumerate(MIGRATIONS, start=1)
        if re.search(r"\b(INSERT INTO|UPDATE)\b", script)
    }
    assert moving == set(DATA_MIGRATIONS), "check what the new migration derives"


# --- building an old database ----------------------------------------------------------------


class _Old:
    """A database at an old schema, written to as the bot of that schema would."""

    def __init__(self, target: str) -> None:
        self.target = target
        self.postgres = target.startswith("postgresql")

    async def build(self, version: int) -> dict[str, int]:
        """Migrations 1…``version`` with their seeds; the rows in each table then."""
        if self.postgres:
            conn = await asyncpg.connect(self.target)
            try:
                await conn.execute(f"CREATE TABLE {VERSION_TABLE} (version BIGINT NOT NULL)")
                await conn.execute(f"INSERT INTO {VERSION_TABLE} (version) VALUES ({version})")
                for v in range(1, version + 1):
                    for statement in [*statements(widen(MIGRATIONS[v - 1])), *SEEDS[v]]:
                        await conn.execute(statement)
                return await _counts_pg(conn)
            finally:
                await conn.close()
        async with aiosqlite.connect(self.target) as conn:
            for v in range(1, version + 1):
                for statement in [*statements(MIGRATIONS[v - 1]), *SEEDS[v]]:
                    await conn.execute(statement)
            await conn.execute(f"PRAGMA user_version={version}")
            await conn.commit()
            names = await conn.execute_fetchall(
                "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
            )
            counts = {}
            for (name,) in names:
                ((count,),) = await conn.execute_fetchall(f"SELECT COUNT(*) FROM {name}")
                counts[name] = count
            return counts


async def _counts_pg(conn: asyncpg.Connection) -> dict[str, int]:
    names = await conn.fetch(
        "SELECT tablename FROM pg_tables WHERE schemaname = 'public' AND tablename <> $1",
        VERSION_TABLE,
    )
    return {
        r["tablename"]: await conn.fetchval(f"SELECT COUNT(*) FROM {r['tablename']}") for r in names
    }


async def _indexes(store: Store, engine: str) -> set[str]:
    if engine == "postgresql":
        rows = await store.db.fetchall(
            "SELECT indexname FROM pg_indexes WHERE schemaname = 'public'"
            " AND indexname NOT LIKE '%pkey'"
        )
    else:
        rows = await store.db.fetchall(
            "SELECT name FROM sqlite_master WHERE type = 'index' AND sql IS NOT NULL"
        )
    return {row[0] for row in rows}


async def _rows(store: Store, sql: str, params: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
    return [tuple(row) for row in await store.db.fetchall(sql, params)]


# --- the checks ------------------------------------------------------------------------------


@pytest.fixture(params=["sqlite", "postgresql"])
def engine(request: pytest.FixtureRequest) -> str:
    return request.param


def _fresh_target(engine: str, request: pytest.FixtureRequest, folder: Path, name: str) -> str:
    if engine == "sqlite":
        return str(folder / f"{name}.sqlite3")
    server: PostgresServer = request.getfixturevalue("postgres")
    return server.new_database()


@pytest.mark.parametrize("start", START_VERSIONS)
async def test_an_upgrade_keeps_every_row_and_derives_what_the_new_schema_needs(
    start: int, engine: str, request: pytest.FixtureRequest, tmp_path: Path
) -> None:
    old_target = _fresh_target(engine, request, tmp_path, "old")
    before = await _Old(old_target).build(start)
    new = await Store(_fresh_target(engine, request, tmp_path, "new")).open()
    try:
        fresh_tables, fresh_indexes = await new.db.tables(), await _indexes(new, engine)
    finally:
        await new.close()

    store = await Store(old_target, clock=lambda: 10_000.0).open()
    try:
        assert await store.db.schema_version() == len(MIGRATIONS)
        tables = await store.db.tables()
        tables.pop(VERSION_TABLE, None)
        fresh_tables.pop(VERSION_TABLE, None)
        assert tables == fresh_tables  # every column of every table, in order
        assert await _indexes(store, engine) == fresh_indexes
        for table, count in before.items():
            after = (await _rows(store, f"SELECT COUNT(*) FROM {table}"))[0][0]
            if table in DERIVED_TABLES:
                assert after >= count, table
            else:
                assert after == count, table
        await _check_derived(store, start)
        await _check_readable(store, start)
    finally:
        await store.close()


async def _check_derived(store: Store, start: int) -> None:
    # 2: every named opponent of a schema-1 challenge is a member, not yet accepted; a
    # challenge that named nobody is an open table.
    named = await _rows(
        store, "SELECT id, opponent_id FROM challenges WHERE opponent_id IS NOT NULL"
    )
    for challenge_id, opponent in named:
        members = await _rows(
            store,
            "SELECT accepted FROM challenge_players WHERE challenge_id = ? AND user_id = ?",
            (challenge_id, opponent),
        )
        assert members == [(0,)], (challenge_id, members)
    assert (await _rows(store, "SELECT is_open, max_players FROM challenges WHERE id = 1")) == [
        (0, 2)
    ]
    assert (await _rows(store, "SELECT is_open, max_players FROM challenges WHERE id = 2")) == [
        (1, 2)
    ]
    # 4: each open challenge has exactly one expiry timer, due when it expires, not fired;
    # a closed one has none.
    challenges = await _rows(store, "SELECT id, status, expires_at FROM challenges")
    timers = await _rows(
        store, "SELECT ref_id, due_at, fired_at FROM timers WHERE kind = 'challenge'"
    )
    for challenge_id, status, expires_at in challenges:
        own = [(due, fired) for ref, due, fired in timers if ref == challenge_id]
        expected = [(expires_at, None)] if status == "open" else []
        assert own == expected, (start, challenge_id, status, own)
    # 13: every finished game has its own number, in the order the games ended, then by id;
    # a game still being played has none.
    games = await _rows(
        store, "SELECT id, status, COALESCE(finished_at, updated_at), finish_seq FROM games"
    )
    playing = [seq for _, status, _, seq in games if status != "finished"]
    assert playing == [None] * len(playing), games
    ended = sorted((at, game_id, seq) for game_id, status, at, seq in games if status == "finished")
    numbers = [seq for _, _, seq in ended]
    assert None not in numbers and numbers == sorted(set(numbers)), (start, ended)
    # 25: the server's summaries are what its finished games sum to: game 2 (one ply long)
    # and game 4 (seeded at 13), both won by Luis's resigning opponent, and game 5 (seeded
    # at 25, won by the rules in two plies).
    assert await summary_faults(store.db, store.db.dialect) == []
    endings = await _rows(
        store, "SELECT reason, winners, games, plies FROM server_endings ORDER BY reason"
    )
    people = await _rows(store, "SELECT user_id, games, latest FROM server_players ORDER BY 1")
    resigned = 2 if start >= 13 else 1
    latest = 5 if start >= 25 else 4 if start >= 13 else 2
    played = resigned + (start >= 25)
    rules = [("rules", "[0]", 1, 2)] if start >= 25 else []
    assert endings == [("resign", "[1]", resigned, 1), *rules]
    assert people == [(1, played, latest), (2, played, latest)]
    # 8: games finished before ratings existed are rated when the store opens.
    finished = await _rows(store, "SELECT id FROM games WHERE status = 'finished'")
    rated = await _rows(store, "SELECT game_id FROM rated_games")
    assert set(finished) <= set(rated)
    assert await _rows(store, "SELECT COUNT(*) FROM rating_history WHERE game_id = 2") != [(0,)]


async def _check_readable(store: Store, start: int) -> None:
    """What the bot reads of the upgraded rows, through the store."""
    game = await store.games.get(1)
    assert game is not None and game.names() == ("Ana", "Luis") and game.moves == ("6L", "5D")
    finished = await store.games.get(2)
    assert finished is not None and finished.result is not None
    assert finished.result.winners == (1,)
    named = await store.challenges.get(1)
    assert named is not None and [p.user_id for p in named.waiting_for] == [2]
    assert not named.is_open
    anyone = await store.challenges.get(2)
    assert anyone is not None and anyone.is_open and anyone.players == ()
    open_ids = {c.id for c in await store.challenges.due()}
    due = await store.timers.due()
    assert {t.ref_id for t in due if t.kind == "challenge"} == open_ids
    expected_open = {1, 2} | ({5, 6} if start >= 2 else set()) | ({7} if start >= 3 else set())
    expected_open |= ({9} if start >= 4 else set()) | ({10} if start >= 6 else set())
    assert open_ids == expected_open
    if start >= 7:
        bot_game = await store.games.get(3)
        assert bot_game is not None and bot_game.seats[1].level == "hard"
    # 16: a person's settings from before it are the defaults but what they had chosen;
    # those written at it are read back whole.
    if start >= 4:
        ana = await store.settings.person(1)
        assert ana == PersonSettings(dm_turns=True)
        assert await store.settings.public(1) == (start >= 8)
    if start >= 16:
        assert await store.settings.person(2) == PersonSettings(
            timezone="Europe/Madrid",
            quiet=(23 * 60, 7 * 60),
            remind_before=(24.0, 1.0),
            digest_hour=8,
            heads_up=True,
        )
