"""`python -m data backup` and `python -m data check`: what an operator runs on the database."""

from __future__ import annotations

import asyncio
import random
import sqlite3
from pathlib import Path

import pytest

from data import Store
from data.__main__ import main
from data.check import check, check_path
from data.migrations import MIGRATIONS
from tests.e2e import until
from tests.movewriter import fill, writing


async def _filled(database: str | Path) -> None:
    store = await Store(str(database)).open()
    try:
        await fill(store, random.Random(3))
    finally:
        await store.close()


async def run(argv: list[str]) -> int:
    """The command line, from a test's event loop (it runs one of its own)."""
    return await asyncio.to_thread(main, argv)


def _moves(path: Path) -> int:
    conn = sqlite3.connect(path)
    try:
        return int(conn.execute("SELECT COUNT(*) FROM moves").fetchone()[0])
    finally:
        conn.close()


# -- backup --------------------------------------------------------------------------------------


async def test_a_backup_of_a_database_being_written_is_whole_and_replays(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = tmp_path / "live.sqlite3"
    await _filled(database)
    async with writing(database) as writer:
        copied: list[int] = []
        for number in range(3):
            dest = tmp_path / f"copy-{number}.sqlite3"
            before = _moves(database)
            assert await asyncio.to_thread(main, ["backup", str(dest), "--db", str(database)]) == 0
            said = capsys.readouterr().out
            assert str(dest) in said and "games" in said and "integrity ok" in said
            report = await check_path(str(dest))
            assert report.ok, report.faults
            assert report.integrity == "ok" and report.schema == len(MIGRATIONS)
            assert report.moves >= before and f"{report.moves} moves" in said
            assert {"stonehenge", "kahuna", "islas"} <= _games(dest)
            copied.append(report.moves)

            async def wrote_more(copy: int = report.moves) -> bool:
                return await asyncio.to_thread(_moves, database) > copy

            await until(wrote_more, "the writer to store a move after the copy")
        assert writer.returncode is None  # it kept writing through every backup
        assert copied[0] < copied[-1] < _moves(database)
    assert writer.returncode == 0
    # The copy is one file: nothing else was left beside it.
    assert sorted(p.name for p in tmp_path.iterdir() if p.name.startswith(("copy", ".copy"))) == [
        "copy-0.sqlite3",
        "copy-1.sqlite3",
        "copy-2.sqlite3",
    ]


def _games(path: Path) -> set[str]:
    conn = sqlite3.connect(path)
    try:
        return {row[0] for row in conn.execute("SELECT DISTINCT game FROM games")}
    finally:
        conn.close()


async def test_a_backup_into_a_folder_is_named_after_the_time(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = tmp_path / "t.sqlite3"
    await _filled(database)
    folder = tmp_path / "backups"
    folder.mkdir()
    assert main(["backup", str(folder), "--db", str(database)]) == 0
    (copy,) = folder.iterdir()
    assert copy.name.startswith("tablero-") and copy.suffix == ".sqlite3"
    assert str(copy) in capsys.readouterr().out
    assert (await check_path(str(copy))).ok


async def test_a_backup_never_overwrites_unless_told(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = tmp_path / "t.sqlite3"
    await _filled(database)
    dest = tmp_path / "copy.sqlite3"
    dest.write_text("last week's backup")
    assert main(["backup", str(dest), "--db", str(database)]) == 4
    assert "--replace" in capsys.readouterr().err
    assert dest.read_text() == "last week's backup"
    assert main(["backup", str(dest), "--db", str(database), "--replace"]) == 0
    assert (await check_path(str(dest))).games == 9


def test_a_backup_of_nothing_or_of_postgresql_says_what_to_do(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    missing = tmp_path / "nothing.sqlite3"
    assert main(["backup", str(tmp_path / "c.sqlite3"), "--db", str(missing)]) == 4
    assert "no database" in capsys.readouterr().err
    assert not missing.exists()  # not created by the attempt
    url = "postgresql://tablero:s3cret@db.example/tablero"
    assert main(["backup", str(tmp_path / "c.sqlite3"), "--db", url]) == 2
    said = capsys.readouterr().err
    assert "pg_dump" in said and "pg_restore" in said
    assert "postgresql://tablero:***@db.example/tablero" in said and "s3cret" not in said


# -- check ---------------------------------------------------------------------------------------


async def test_check_passes_a_sound_database_on_either_engine(
    database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    await _filled(database)
    assert await run(["check", database]) == 0
    said = capsys.readouterr().out
    assert f"schema {len(MIGRATIONS)}: current" in said and "9 games" in said
    assert said.rstrip().endswith("OK")
    if database.startswith("postgresql://"):
        assert "integrity kept by the postgresql server" in said
    else:
        assert "integrity ok" in said
        store = await Store(database).open()  # the same check through the bot's connection
        try:
            report = await check(store.db)
        finally:
            await store.close()
        assert report.ok and report.games == 9 and report.moves > 0


async def test_check_names_every_game_that_does_not_replay(
    database: str, capsys: pytest.CaptureFixture[str]
) -> None:
    await _filled(database)
    store = await Store(database).open()
    try:
        ids = [row["id"] for row in await store.db.fetchall("SELECT id FROM games ORDER BY id")]
        async with store.db.transaction() as tx:
            await tx.execute(
                "UPDATE moves SET move = 'nonsense' WHERE game_id = ? AND ply = 2", (ids[0],)
            )
            await tx.execute("DELETE FROM moves WHERE game_id = ? AND ply = 1", (ids[3],))
            await tx.execute("DELETE FROM seats WHERE game_id = ? AND seat = 1", (ids[6],))
            await tx.execute("UPDATE games SET game = 'chess' WHERE id = ?", (ids[7],))
    finally:
        await store.close()
    assert await run(["check", database]) == 1
    said = capsys.readouterr().out
    assert f"game #{ids[0]} (stonehenge): does not replay at ply 2 ('nonsense')" in said
    assert f"game #{ids[3]} (kahuna): plies missing: [1]" in said
    assert f"game #{ids[6]} (islas): seats [0" in said
    assert f"game #{ids[7]} (chess): does not replay" in said
    assert "4 problem(s)" in said


async def test_check_tells_a_newer_an_older_and_a_damaged_schema(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    database = tmp_path / "t.sqlite3"
    await _filled(database)
    _set_version(database, len(MIGRATIONS) + 1)
    assert await run(["check", str(database)]) == 1
    assert "too new" in capsys.readouterr().out
    _set_version(database, len(MIGRATIONS) - 1)
    assert await run(["check", str(database)]) == 0  # the bot migrates it when it starts
    assert "migrated when the bot starts" in capsys.readouterr().out
    assert _version(database) == len(MIGRATIONS) - 1  # a check never writes
    _set_version(database, len(MIGRATIONS))
    page = sqlite3.connect(database).execute("PRAGMA page_size").fetchone()[0]
    with database.open("r+b") as file:  # a table's b-tree overwritten with noise
        file.seek(page)
        file.write(b"\xa5" * 64)
    assert await run(["check", str(database)]) == 1
    said = capsys.readouterr().out
    assert "integrity FAILED" in said and "integrity: " in said
    assert await run(["check", str(tmp_path / "none.sqlite3")]) == 4
    assert "no database" in capsys.readouterr().err
    assert not (tmp_path / "none.sqlite3").exists()


def _set_version(path: Path, version: int) -> None:
    conn = sqlite3.connect(path)
    conn.execute(f"PRAGMA user_version={version}")
    conn.commit()
    conn.close()


def _version(path: Path) -> int:
    conn = sqlite3.connect(path)
    try:
        return int(conn.execute("PRAGMA user_version").fetchone()[0])
    finally:
        conn.close()
