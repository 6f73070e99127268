"""Two bot processes on one database: neither serves a game from a stale cache."""

from __future__ import annotations

from data import Store
from tests.publisher import table_on
from tests.stores import new_game as _game


async def test_a_process_sees_another_take_a_move_back_and_make_another(database: str) -> None:
    here, there = await Store(database).open(), await Store(database).open()
    try:
        mine, theirs = table_on(here), table_on(there)
        game_id = await _game(here)
        await here.games.mark_posted(game_id, 0, 99)  # the opening board is out
        await mine.play(await mine.game(game_id), 1, "6L")
        before = await mine.game(game_id)
        assert mine.history(before).moves == ["6L"]  # cached here at version 1
        # Meanwhile the other process takes it back and Ana plays another move: version 1 again.
        await there.games.take_back(game_id, 1, announce=False)
        await theirs.play(await theirs.game(game_id), 1, "5D")
        after = await mine.game(game_id)
        assert after.version == before.version
        assert mine.history(after).moves == ["5D"]
    finally:
        await here.close()
        await there.close()
