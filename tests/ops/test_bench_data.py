"""The year of games ``python -m bench data`` builds is one the bot could have written: every
game replays through its rules, and the ratings are those a rebuild from the games gives."""

from __future__ import annotations

import asyncio
import sqlite3
from pathlib import Path

import pytest

from bench.data_build import write_sqlite
from bench.data_rows import build
from bench.data_world import Sizes
from data import Store
from data.check import check_path

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
