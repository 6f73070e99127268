"""The bot while another process holds the database's write lock: looking works, moving is
refused quickly and cleanly, and works again once the lock is gone."""

from __future__ import annotations

import asyncio
import logging
import sqlite3
from typing import Any

import pytest

from data import sqlite as sqlite_module
from data.db import Step
from loopback.timing import own_clock
from tests.e2e import World, accept, boards, challenge, move, settled, stored_game
from tests.lockholder import WriteLock


async def test_a_locked_database_lets_players_look_and_asks_movers_to_retry(
    tablero: World,
) -> None:
    world = tablero
    place = await accept(
        world, world.luis, await challenge(world, world.ana, world.luis, first="me")
    )
    await settled(world)
    posted = len(boards(world, place))
    async with WriteLock(world.database):
        start = own_clock()  # the time other jobs kept the CPUs from the bot does not count
        moving = await world.fake.slash(world.ana, place, "move", {"move": "6L"})
        again = await world.fake.slash(world.ana, place, "move", {"move": "6L"})
        await moving.wait_response()  # deferred: the move now waits for the lock
        # Reads do not queue behind the waiting write. The fake refuses an answer to /board
        # after Discord's 3 seconds, so done() failing here is "This interaction failed".
        board, games, choices = await asyncio.gather(
            world.fake.slash(world.luis, place, "board"),
            world.fake.slash(world.luis, place, "games"),
            world.fake.autocomplete(world.ana, place, "move", {"move": "6"}, focused="move"),
        )
        assert choices and all("6" in c["value"] for c in choices)
        assert moving.completions == 0, "autocomplete answered only after the write gave up"
        await board.done()
        await games.done()
        assert board.ephemeral and board.attachments
        assert games.ephemeral
        # Both writers give up within 2.5 s of being sent, with a plain "try again": the
        # first waited for the database; the second for the first, another move of the
        # same game (unless it took the game's turn as the first gave up).
        for ix in (moving, again):
            await ix.done()
            assert ix.ephemeral, ix.text
            assert "nothing was changed" in ix.text, ix.text
        assert "storage is busy" in moving.text, moving.text
        assert "storage is busy" in again.text or "this game" in again.text, again.text
        assert own_clock() - start < 2.5
    game = await stored_game(world)
    assert game.moves == () and game.version == 0
    assert len(boards(world, place)) == posted
    # The lock is gone: the same move goes through.
    await move(world, world.ana, place, "6L")
    assert (await stored_game(world)).moves == ("6L",)


async def test_a_move_waiting_for_another_move_of_its_game_hears_the_game_is_busy(
    tablero: World,
) -> None:
    world = tablero
    place = await accept(
        world, world.luis, await challenge(world, world.ana, world.luis, first="me")
    )
    await settled(world)
    game = await stored_game(world)
    assert world.bot is not None
    # Another move of the game is being stored and posted (the bot's, a slow post): the
    # database is free, so a "busy storage" would send the player to look in the wrong place.
    async with world.bot.table.lock(game.id):
        ix = await (await world.fake.slash(world.ana, place, "move", {"move": "6L"})).done()
    assert ix.ephemeral and "another move of this game" in ix.text.lower(), ix.text
    assert "storage" not in ix.text and "nothing was changed" in ix.text, ix.text
    assert (await stored_game(world)).moves == ()
    await move(world, world.ana, place, "6L")  # and once it is done, the move goes through
    assert (await stored_game(world)).moves == ("6L",)


async def test_the_busy_message_is_in_the_players_language(tablero: World) -> None:
    world = tablero
    place = await accept(
        world, world.ana, await challenge(world, world.luis, world.ana, first="me")
    )
    await settled(world)
    async with WriteLock(world.database):
        ix = await (await world.fake.slash(world.luis, place, "move", {"move": "6L"})).done()
    assert ix.ephemeral and "ocupado" in ix.text and "no se ha cambiado nada" in ix.text.lower()
    assert (await stored_game(world)).moves == ()


async def test_a_full_disk_is_said_plainly_and_loses_nothing(
    tablero: World, monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    world = tablero
    place = await accept(
        world, world.luis, await challenge(world, world.ana, world.luis, first="me")
    )
    await settled(world)
    assert world.bot is not None
    real = sqlite_module.run_step  # a statement of a write, on SQLite's writing thread

    def full(raw: sqlite3.Connection, step: Step) -> Any:
        # What SQLite says when the disk (or the file's max_page_count) has no room left.
        if step.sql.startswith("INSERT INTO moves"):
            raise sqlite3.OperationalError("database or disk is full")
        return real(raw, step)

    monkeypatch.setattr(sqlite_module, "run_step", full)
    caplog.set_level(logging.INFO)
    ix = await (await world.fake.slash(world.ana, place, "move", {"move": "6L"})).done()
    assert ix.ephemeral and "storage is full" in ix.text and "nothing was changed" in ix.text
    said = [r for r in caplog.records if r.levelno >= logging.WARNING]
    assert len(said) == 1 and "full" in said[0].getMessage(), [r.getMessage() for r in said]
    assert said[0].exc_info is None  # one line, no traceback
    game = await stored_game(world)
    assert game.moves == () and game.version == 0
    monkeypatch.setattr(sqlite_module, "run_step", real)  # room again: the same move goes through
    await move(world, world.ana, place, "6L")
    assert (await stored_game(world)).moves == ("6L",)
    es = await (await world.fake.slash(world.luis, place, "board")).done()
    assert es.attachments
