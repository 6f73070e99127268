"""Handing a stored move over when the database is busy: the move counts, its post waits."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from data import StorageBusy, Store
from tests.publisher import Recorder, table_on
from tests.stores import new_game


async def test_a_move_stored_before_the_database_got_busy_counts_and_is_posted_later(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    store = await Store(tmp_path / "busy.sqlite3").open()
    try:
        table = table_on(store)
        series = await store.games.create_series("stonehenge", 3)
        game_id = await new_game(store, series_id=series)
        await table.start(await table.game(game_id), _place)
        publisher = table.publisher
        assert isinstance(publisher, Recorder) and len(publisher.turns) == 1
        in_series = store.games.in_series

        async def busy(*args: Any) -> Any:
            raise StorageBusy("held by another program")

        # The move's write goes through; reading the series for its post meets a busy database.
        monkeypatch.setattr(store.games, "in_series", busy)
        played = await table.play(await table.game(game_id), 1, "6L")
        assert played.turn_over and played.problem is None
        assert (await table.game(game_id)).moves == ("6L",)  # the move counts
        assert len(publisher.turns) == 1  # its post waits for the database
        monkeypatch.setattr(store.games, "in_series", in_series)
        await table.recover()  # what the retry loop does
        assert [turn.record.version for turn in publisher.turns] == [0, 1]
        assert (await table.game(game_id)).posted_version == 1
    finally:
        await store.close()


async def _place() -> int:
    return 30
