"""Ratings (openskill, Plackett-Luce): rated as games end, rebuilt from the records alike."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from data import Ending, Result, Store
from data.ratings import GLOBAL, MODEL, Rating, bot, human, ranks

GUILD = 10


async def _finished(
    store: Store, seats: list, result: Result, game: str = "islas", guild: int = GUILD
) -> int:
    """A game with ``seats`` ((user id, name[, level])) ended with ``result``."""
    game_id = await store.games.create_game(
        game=game, seats=seats, seed=1, options={}, lang="en", guild_id=guild, channel_id=20
    )
    await store.games.finish(game_id, 0, result)
    return game_id


def _rules(scores: tuple[int, ...]) -> Result:
    best = max(scores)
    return Result(Ending.RULES, tuple(s for s, v in enumerate(scores) if v == best), scores)


async def _all(store: Store) -> list[tuple]:
    rows = await store.db.fetchall("SELECT * FROM ratings ORDER BY game, scope, player")
    history = await store.db.fetchall(
        "SELECT * FROM rating_history ORDER BY game_id, player, scope"
    )
    return [tuple(row) for row in rows] + [tuple(row) for row in history]


def test_ranks_share_ties_and_put_a_forfeit_last() -> None:
    assert ranks(_rules((10, 7, 7, 3)), [0, 1, 2, 3]) == [1, 2, 2, 4]
    resigned = Result(Ending.RESIGN, (1, 2), (9, 4, 4), loser=0)
    assert ranks(resigned, [0, 1, 2]) == [3, 1, 1]  # the leader resigned: last all the same
    timed_out = Result(Ending.TIMEOUT, (0,), (5, 8), loser=1)
    assert ranks(timed_out, [0, 1]) == [1, 2]


async def test_a_four_player_table_with_a_tie_rates_as_openskill_says(store: Store) -> None:
    seats = [(1, "Ana"), (2, "Luis"), (3, "Eve"), (4, "Bo")]
    await _finished(store, seats, _rules((10, 7, 7, 3)))
    expected = MODEL.rate([[MODEL.rating()] for _ in seats], ranks=[1, 2, 2, 4])
    for scope in (GUILD, GLOBAL):
        for (user, _), new in zip(seats, expected, strict=True):
            got = await store.ratings.get("islas", scope, human(user))
            assert got is not None and got.games == 1
            assert (got.mu, got.sigma) == pytest.approx((new[0].mu, new[0].sigma))
    values = [(await store.ratings.get("islas", GUILD, human(u))).value for u, _ in seats]
    assert values[0] > values[1] == values[2] > values[3]


async def test_the_bot_is_rated_against_people_without_moving_them(store: Store) -> None:
    # One person against the bot: no human rating, the bot level's own moves.
    await _finished(store, [(1, "Ana"), (99, "Tablero · hard", "hard")], _rules((3, 5)), "kahuna")
    assert await store.ratings.get("kahuna", GUILD, human(1)) is None
    hard = await store.ratings.get("kahuna", GUILD, bot("hard"))
    assert hard is not None and hard.games == 1 and hard.mu > MODEL.rating().mu
    # Two people and the bot: the people are rated as if the bot had not played.
    seats = [(1, "Ana"), (2, "Luis"), (99, "Tablero · normal", "normal")]
    await _finished(store, seats, _rules((4, 9, 6)))
    alone = MODEL.rate([[MODEL.rating()], [MODEL.rating()]], ranks=[2, 1])
    luis = await store.ratings.get("islas", GUILD, human(2))
    assert luis is not None and luis.mu == pytest.approx(alone[1][0].mu)
    normal = await store.ratings.get("islas", GUILD, bot("normal"))
    assert normal is not None and normal.games == 1


async def test_ratings_rebuilt_from_the_records_equal_the_incremental_ones(store: Store) -> None:
    rng = random.Random(4)
    people = [(u, f"P{u}") for u in range(1, 7)]
    for _ in range(40):
        game = rng.choice(("stonehenge", "kahuna", "islas"))
        count = 2 if game != "islas" else rng.randint(2, 5)
        seats: list = rng.sample(people, count)
        if rng.random() < 0.3:
            seats[-1] = (99, "Tablero", rng.choice(("easy", "normal", "hard")))
        scores = tuple(rng.randint(0, 6) for _ in seats)
        result = _rules(scores)
        if rng.random() < 0.25:
            loser = rng.randrange(count)
            ending = rng.choice((Ending.RESIGN, Ending.TIMEOUT))
            others = tuple(s for s in range(count) if s != loser)
            result = Result(ending, others, scores, loser)
        await _finished(store, seats, result, game, guild=rng.choice((GUILD, GUILD + 1)))
    incremental = await _all(store)
    assert len(incremental) > 40
    assert await store.ratings.rerate() == 40
    assert await _all(store) == incremental


async def test_games_finished_before_ratings_existed_are_rated_at_start(database: str) -> None:
    path = database
    store = await Store(path).open()
    await _finished(store, [(1, "Ana"), (2, "Luis")], _rules((5, 2)), "stonehenge")
    async with store.db.transaction() as conn:  # as a database from before ratings
        for table in ("ratings", "rating_history", "rated_games"):
            await conn.execute(f"DELETE FROM {table}")
    await store.close()
    store = await Store(path).open()
    try:
        ana = await store.ratings.get("stonehenge", GUILD, human(1))
        assert ana is not None and ana.games == 1 and ana.provisional
    finally:
        await store.close()


async def test_the_global_board_lists_only_people_who_opted_in(store: Store) -> None:
    await _finished(store, [(1, "Ana"), (2, "Luis")], _rules((5, 2)), "stonehenge")
    await _finished(
        store, [(1, "Ana"), (99, "Tablero · easy", "easy")], _rules((5, 2)), "stonehenge"
    )
    here = await store.ratings.leaderboard("stonehenge", GUILD)
    assert {r.player for _, r in here} == {human(1), human(2), bot("easy")}
    assert [r.value for _, r in here] == sorted((r.value for _, r in here), reverse=True)
    assert [place for place, _ in here] == [1, 2, 3] and here[0][1].player == human(1)
    assert await store.ratings.count("stonehenge", GUILD) == 3
    everywhere = await store.ratings.leaderboard("stonehenge", GLOBAL)
    assert [r.player for _, r in everywhere] == [bot("easy")]  # nobody opted in yet
    assert await store.ratings.place_of("stonehenge", GLOBAL, human(1)) is None
    async with store.db.transaction() as conn:
        await conn.execute("INSERT INTO user_settings (user_id, public) VALUES (1, 1)")
    place = await store.ratings.place_of("stonehenge", GLOBAL, human(1))
    assert place is not None and place[0] == 1 and isinstance(place[1], Rating)
    trend = await store.ratings.trend("stonehenge", GUILD, human(1))
    assert len(trend) == 1 and trend[0][1] == place[1].value  # the game with the bot: unrated


def test_rerate_from_the_command_line(tmp_path: Path, capsys) -> None:
    from data.__main__ import main

    assert main(["rerate", str(tmp_path / "t.sqlite3")]) == 0
    assert "from 0 finished games" in capsys.readouterr().out


async def test_the_last_board_tells_how_the_ratings_moved(tablero) -> None:
    from tests.e2e import accept, challenge, resign, wait_boards

    world = tablero
    place = await accept(world, world.luis, await challenge(world, world.ana, world.luis))
    await resign(world, world.ana, place)
    final = (await wait_boards(world, place, 2))[-1].content
    line = next(line for line in final.splitlines() if line.startswith("📈"))
    luis = await world.bot.store.ratings.get("stonehenge", world.guild.id, human(world.luis.id))
    ana = await world.bot.store.ratings.get("stonehenge", world.guild.id, human(world.ana.id))
    assert f"Luis 1000 → {luis.value}?" in line and f"Ana 1000 → {ana.value}?" in line
    assert luis.value > 1000 > ana.value
    assert "`/replay game:1` shows the whole game again" in final


def test_an_agreed_ending_ranks_its_winners_level() -> None:
    draw = Result(Ending.DRAW, (0, 1), (5, 2))
    assert ranks(draw, [0, 1]) == [1, 1]  # a draw is a draw, whoever led
    table = Result(Ending.DRAW, (1,), (3, 7, 5))
    assert ranks(table, [0, 1, 2]) == [3, 1, 2]  # a table ended early keeps its scores


async def test_an_aborted_game_is_not_rated(store: Store) -> None:
    aborted = Result(Ending.ABORT, (), (0, 0), loser=1)
    await _finished(store, [(1, "Ana"), (2, "Luis")], aborted, "stonehenge")
    assert await store.ratings.get("stonehenge", GUILD, human(1)) is None
    assert not await store.ratings.unrated()  # gone through all the same: no rerate at start
    assert Result.from_json(aborted.to_json()) == aborted


async def test_rerate_equals_live_when_the_processes_clocks_differ(database: str) -> None:
    # Two processes share the database; one's clock is twenty minutes behind. Live ratings
    # follow the order games ended in (one transaction after another); the rebuild must
    # follow that order too, not the clocks' finished_at.
    ahead = await Store(database, clock=lambda: 1_800_002_000.0).open()
    behind = await Store(database, clock=lambda: 1_800_000_800.0).open()
    try:
        pair = [(1, "Ana"), (2, "Luis")]
        for i, store in enumerate((ahead, behind, ahead, behind, behind, ahead)):
            await _finished(store, pair, _rules((5, 2) if i % 3 else (1, 4)), "stonehenge")
        live = await _all(ahead)
        assert await behind.ratings.rerate() == 6
        assert await _all(ahead) == live
    finally:
        await ahead.close()
        await behind.close()


async def test_games_finished_before_the_finish_order_keep_the_order_of_their_ends(
    database: str,
) -> None:
    # A database from before finished games were numbered: they are numbered in the order
    # the rebuild used to follow (when each ended, then id), and rated alike afterwards.
    from data.migrations import MIGRATIONS

    before = 12
    statements = [
        "INSERT INTO games (id, game, players, seed, options, status, result, channel_id,"
        f" created_at, updated_at, finished_at) VALUES ({game_id}, 'stonehenge', 2, 1, '{{}}',"
        f' \'finished\', \'{{"reason":"rules","winners":[0],"scores":[5,2]}}\', 20, 0,'
        f" 20, {ended})"
        for game_id, ended in ((1, 30.0), (2, 10.0), (3, "NULL"), (4, 10.0))
    ] + [
        f"INSERT INTO seats (game_id, seat, user_id, name) VALUES ({g}, {seat}, {seat + 1}, 'P')"
        for g in range(1, 5)
        for seat in (0, 1)
    ]
    await _schema_with(database, MIGRATIONS[:before], statements)
    store = await Store(database).open()
    try:
        rows = await store.db.fetchall("SELECT id FROM games ORDER BY finish_seq")
        assert [row["id"] for row in rows] == [2, 4, 3, 1]
        assert await store.ratings.rerate() == 4
    finally:
        await store.close()


async def _schema_with(database: str, scripts: list[str], rows: list[str]) -> None:
    """A database at the schema of ``scripts`` (an older Tablero's), holding ``rows``."""
    from data.migrations import statements

    if not database.startswith("postgresql"):
        import aiosqlite

        async with aiosqlite.connect(database) as conn:
            for script in scripts:
                for statement in statements(script):
                    await conn.execute(statement)
            await conn.execute(f"PRAGMA user_version={len(scripts)}")
            for row in rows:
                await conn.execute(row)
            await conn.commit()
        return
    import asyncpg

    from data.postgres import VERSION_TABLE, widen

    conn = await asyncpg.connect(database)
    try:
        for script in scripts:
            for statement in statements(widen(script)):
                await conn.execute(statement)
        await conn.execute(f"CREATE TABLE {VERSION_TABLE} (version BIGINT NOT NULL)")
        await conn.execute(f"INSERT INTO {VERSION_TABLE} (version) VALUES ({len(scripts)})")
        for row in rows:
            await conn.execute(row)
    finally:
        await conn.close()
