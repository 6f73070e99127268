"""The year of games ``python -m bench data`` builds is one the bot could have written: every
game replays through its rules, and the ratings are those a rebuild from the games gives."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from bench.data_build import ROWS_VERSION, Built, write_sqlite
from bench.data_rows import build
from bench.data_world import Sizes
from data import Store, check
from data.check import check_path
from data.migrations import MIGRATIONS

NOW = 1_800_000_000.0


def _ratings(path: Path) -> list[tuple]:
    conn = sqlite3.connect(path)
    try:
        return conn.execute(
            "SELECT game, scope, player, mu, sigma, games FROM ratings ORDER BY 1, 2, 3"
        ).fetchall()
    finally:
        conn.close()


async def _rerate(path: Path) -> int:
    store = await Store(path).open()
    try:
        return await store.ratings.rerate()
    finally:
        await store.close()


def test_the_rows_replay_and_are_rated_as_a_rebuild_rates_them(tmp_path: Path) -> None:
    sizes = Sizes.at(0.0005)
    path = tmp_path / "year.sqlite3"
    write_sqlite(path, build(sizes, NOW))
    report = asyncio.run(check_path(str(path)))
    assert report.ok, report.faults
    assert report.games == sizes.finished + sizes.active and report.moves > report.games
    built = _ratings(path)
    assert any(scope < 0 for _, scope, *_ in built)  # a season's ladder too
    assert any(scope == 0 for _, scope, *_ in built) and any(scope > 0 for _, scope, *_ in built)
    assert asyncio.run(_rerate(path)) == sizes.finished
    rebuilt = _ratings(path)
    assert [r[:3] + r[5:] for r in rebuilt] == [r[:3] + r[5:] for r in built]
    for (*_, mu, sigma, _), (*_, mu2, sigma2, _) in zip(built, rebuilt, strict=True):
        assert mu == pytest.approx(mu2) and sigma == pytest.approx(sigma2)


def test_data_check_replays_in_worker_processes_and_says_the_same(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    path = tmp_path / "year.sqlite3"
    write_sqlite(path, build(Sizes.at(0.0005), NOW))
    conn = sqlite3.connect(path)
    with conn:  # two games that do not replay, in two batches
        conn.execute("UPDATE moves SET move = 'nonsense' WHERE game_id IN (3, 57) AND ply = 0")
    conn.close()
    alone = asyncio.run(check_path(str(path)))
    monkeypatch.setattr(check, "PARALLEL_FROM", 0)  # workers however few the games
    monkeypatch.setattr(check, "BATCH", 10)
    workers = asyncio.run(check_path(str(path)))
    assert (workers.games, workers.moves) == (alone.games, alone.moves) == (104, alone.moves)
    assert workers.faults == alone.faults and len(alone.faults) == 2
    assert alone.faults[0].startswith("game #3 ") and alone.faults[1].startswith("game #57 ")


def test_a_build_is_kept_per_schema_and_scale_on_both_engines(tmp_path: Path) -> None:
    built = Built(tmp_path, 0.0005)
    try:
        built.ensure(("sqlite", "postgresql"))
        assert set(built.build_s) == {"rows", "sqlite", "postgresql"}
        assert built.folder.name == f"schema{len(MIGRATIONS)}-scale0.0005-rows{ROWS_VERSION}"
        assert built.facts()["rows"]["games"] == 104
        again = Built(tmp_path, 0.0005)
        again.ensure(("sqlite", "postgresql"))  # kept: nothing is built
        assert again.build_s == {}

        async def games(engine: str) -> int:
            async with again.copy(engine, tmp_path) as target:
                store = await Store(target).open()
                try:
                    row = await store.db.fetchone("SELECT COUNT(*) AS n FROM games")
                    return int(row["n"])
                finally:
                    await store.close()

        assert asyncio.run(games("sqlite")) == 104 == asyncio.run(games("postgresql"))
        again.stop()
    finally:
        built.stop()
