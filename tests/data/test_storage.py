"""A database Tablero cannot use is refused at start-up with a plain message; a locked one
lets readers through and turns writers away quickly, with nothing half-done."""

from __future__ import annotations

import asyncio
import os
import sqlite3
import subprocess
import sys
from collections.abc import Awaitable, Callable, Iterator
from contextlib import AbstractAsyncContextManager, contextmanager, nullcontext
from pathlib import Path
from typing import Any

import pytest

from bot import ROOT
from data import StorageBusy, StorageError, StorageFull, Store
from data.migrations import MIGRATIONS
from loopback.timing import WAIT, own_clock
from tests.lockholder import WriteLock
from tests.stores import new_game

EXIT_STORAGE = 4


async def _new_database(path: Path | str) -> int:
    """A migrated database holding one game; returns the game's id."""
    store = await Store(path).open()
    try:
        return await new_game(store)
    finally:
        await store.close()


def _set_user_version(path: Path, version: int) -> None:
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version={version}")
    conn.commit()
    conn.close()


@contextmanager
def _read_only(path: Path) -> Iterator[None]:
    """Make ``path`` unwritable for this process, as a wrong owner or mode does for an operator.

    Tests often run as root, which ignores permission bits; the immutable attribute binds
    root too, and SQLite then opens the file read-only exactly as for a chmod'ed file.
    """
    if os.geteuid() != 0:
        path.chmod(0o444)
        try:
            yield
        finally:
            path.chmod(0o644)
        return
    made = subprocess.run(["chattr", "+i", str(path)], capture_output=True)
    if made.returncode != 0:
        pytest.skip(f"cannot make a file read-only for root here: {made.stderr!r}")
    try:
        yield
    finally:
        subprocess.run(["chattr", "-i", str(path)], check=True)


def _damage(path: Path) -> None:
    """Overwrite the second page (a table's b-tree) with noise; the header stays valid."""
    page = sqlite3.connect(path).execute("PRAGMA page_size").fetchone()[0]
    with path.open("r+b") as file:
        file.seek(page)
        file.write(b"\xa5" * 64)


async def _refusal(path: Path) -> str:
    with pytest.raises(StorageError) as refused:
        await Store(path).open()
    message = str(refused.value)
    assert str(path) in message
    return message


# -- 12: a database from a newer Tablero -------------------------------------------------------


async def test_a_database_from_a_newer_tablero_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    await _new_database(path)
    _set_user_version(path, 99)
    message = await _refusal(path)
    assert "99" in message and f"up to {len(MIGRATIONS)}" in message
    assert "newer Tablero" in message and "restore a backup" in message
    # Nothing was written into the schema we do not know.
    assert sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0] == 99


# -- 13: a database that cannot be written -----------------------------------------------------


async def test_a_read_only_database_is_refused_at_start(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    await _new_database(path)
    with _read_only(path):
        message = await _refusal(path)
    assert "cannot be written" in message and "write access" in message


# -- 14: a damaged file, a folder that cannot be used --------------------------------------------


async def test_a_file_that_is_not_a_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    path.write_bytes(b"these are my notes, not a database\n" * 200)
    message = await _refusal(path)
    assert "restore a backup" in message
    assert path.read_bytes().startswith(b"these are my notes")


async def test_a_damaged_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "t.sqlite3"
    await _new_database(path)
    _damage(path)
    message = await _refusal(path)
    assert "damaged" in message and "restore a backup" in message


async def test_a_database_path_in_a_folder_that_cannot_exist_is_refused(tmp_path: Path) -> None:
    blocker = tmp_path / "backups"
    blocker.write_text("a file where a folder should be")
    message = await _refusal(blocker / "t.sqlite3")
    assert "cannot open" in message and "folder" in message


async def test_a_folder_given_as_the_database_is_refused(tmp_path: Path) -> None:
    message = await _refusal(tmp_path)
    assert "cannot open" in message


@pytest.mark.parametrize("case", ["newer", "read-only", "not a database", "damaged"])
def test_the_bot_exits_with_a_plain_message(tmp_path: Path, case: str) -> None:
    path = tmp_path / "t.sqlite3"
    if case == "not a database":
        path.write_bytes(b"\x00garbage" * 600)
    else:
        asyncio.run(_new_database(path))
    if case == "newer":
        _set_user_version(path, 99)
    if case == "damaged":
        _damage(path)
    env = {
        **os.environ,
        "DISCORD_TOKEN": "not-a-real-token",
        "TABLERO_DB": str(path),
        "TABLERO_ENV_FILE": str(tmp_path / "absent.env"),
    }
    with _read_only(path) if case == "read-only" else nullcontext():
        done = subprocess.run(
            [sys.executable, str(ROOT / "bot.py")],
            env=env,
            capture_output=True,
            text=True,
            timeout=WAIT,
        )
    assert done.returncode == EXIT_STORAGE, done.stderr
    assert str(path) in done.stderr
    assert "Traceback" not in done.stderr


# -- 15: another process holds the write lock ----------------------------------------------------


async def _timed(work: Awaitable[Any]) -> tuple[float, Any]:
    """How long ``work`` took on this thread's own clock (not the time other jobs kept the
    CPUs from it), and what it returned or raised."""
    start = own_clock()
    try:
        result = await work
    except Exception as error:
        result = error
    return own_clock() - start, result


async def test_reads_answer_and_writes_give_up_quickly_while_the_database_is_locked(
    tmp_path: Path,
) -> None:
    path = tmp_path / "t.sqlite3"
    await writes_give_up_while_locked(path, lambda _: WriteLock(path))


async def writes_give_up_while_locked(
    target: Path | str, lock: Callable[[int], AbstractAsyncContextManager[object]]
) -> None:
    """While ``lock(game_id)`` (another process) holds a lock, reads answer at once and two
    writers at once give up within 2.5 s with nothing written; afterwards a write goes
    through."""
    game_id = await _new_database(target)
    store = await Store(target).open()
    try:
        async with lock(game_id):

            def write() -> Awaitable[int]:
                return store.games.append_move(game_id, 0, seat=0, user_id=1, move="6L")

            # Two writers at once: the first waits for the lock, the second for the first.
            first = asyncio.create_task(_timed(write()))
            second = asyncio.create_task(_timed(write()))
            await asyncio.sleep(0.2)
            read_time, game = await _timed(store.games.get(game_id))
            assert read_time < 0.5, "a read queued behind a waiting write"
            assert game is not None and game.version == 0
            for took, outcome in (await first, await second):
                assert isinstance(outcome, StorageBusy), outcome
                assert took < 2.5
        after = await store.games.get(game_id)
        assert after is not None and after.version == 0 and after.moves == ()
        # Once the other process lets go, the same write goes through.
        assert await store.games.append_move(game_id, 0, seat=0, user_id=1, move="6L") == 1
    finally:
        await store.close()


async def test_reads_inside_a_transaction_see_its_own_writes(database: str) -> None:
    store = await Store(database).open()
    try:
        async with store.db.transaction() as conn:
            await conn.execute("INSERT INTO series (game, length, created_at) VALUES ('x', 3, 0)")
            row = await store.db.fetchone("SELECT COUNT(*) FROM series")
            assert row is not None and row[0] == 1
        outside = await store.db.fetchone("SELECT length FROM series")
        assert outside is not None and outside[0] == 3
    finally:
        await store.close()


async def test_a_read_after_a_commit_sees_it_while_other_reads_run(database: str) -> None:
    """Reads share one connection; a statement of one read left open while another starts
    would hold the snapshot of before the commit (the bot's turn once waited for good)."""
    path = database
    game_id = await _new_database(path)
    store = await Store(path).open()
    try:
        stop = asyncio.Event()

        async def reader() -> None:  # other tasks reading all the time, as the bot's do
            while not stop.is_set():
                await store.db.fetchall("SELECT * FROM moves")
                await store.db.fetchone("SELECT posted_version FROM games WHERE id = ?", (game_id,))

        others = [asyncio.create_task(reader()) for _ in range(3)]
        stale = 0
        for version in range(150):
            await store.games.mark_posted(game_id, version, None)
            stale += await store.games.posted_version(game_id) != version
        stop.set()
        await asyncio.gather(*others)
        assert stale == 0
    finally:
        await store.close()


async def test_a_full_disk_refuses_a_write_whole(tmp_path: Path) -> None:
    # SQLite's own SQLITE_FULL, made certain by a size limit: the file may not grow.
    store = await Store(tmp_path / "t.sqlite3").open()
    try:
        game_id = await new_game(store)
        pages = (await store.db.fetchone("PRAGMA page_count"))[0]
        await store.db.conn.execute(f"PRAGMA max_page_count = {pages}")
        with pytest.raises(StorageFull):
            for ply in range(10_000):  # long moves, until the pages are full
                await store.games.append_move(
                    game_id, ply, seat=ply % 2, user_id=1 + ply % 2, move="x" * 500
                )
        stored = await store.games.get(game_id)
        assert stored is not None and stored.version == len(stored.moves) == ply
        await store.db.conn.execute(f"PRAGMA max_page_count = {pages * 100}")
        await store.games.append_move(game_id, ply, seat=ply % 2, user_id=1, move="6L")
        assert (await store.games.get(game_id)).moves[-1] == "6L"
    finally:
        await store.close()


async def test_a_large_database_starts_without_reading_every_page(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # Past the size, the start reads the schema only (data check reads the rest): a whole
    # file opens, and one whose schema page is damaged is refused all the same.
    monkeypatch.setattr("data.sqlite.QUICK_CHECK_BYTES", 0)
    path = tmp_path / "t.sqlite3"
    game = await _new_database(path)
    store = await Store(path).open()
    try:
        assert (await store.games.get(game)) is not None
    finally:
        await store.close()
    page = sqlite3.connect(path).execute("PRAGMA page_size").fetchone()[0]
    with path.open("r+b") as file:  # the schema's own rows, at the end of the first page
        file.seek(page - 400)
        file.write(b"\xa5" * 400)
    message = await _refusal(path)
    assert "restore a backup" in message
