"""The table's turn clock: one deadline, the same in the turn's post and in its stored timer."""

from __future__ import annotations

from pathlib import Path

from data import Store
from table.clocks import DAY
from tests.publisher import Recorder, table_on
from tests.stores import new_game

NOW = 1_800_000_000.0


async def test_the_posted_deadline_is_the_stored_timer_s_even_when_the_player_is_away(
    tmp_path: Path,
) -> None:
    now = [NOW]
    store = await Store(tmp_path / "clock.sqlite3", lambda: now[0]).open()
    try:
        table = table_on(store, lambda: now[0])
        game_id = await new_game(store, days_per_move=3)
        await table.start(await table.game(game_id), _place)
        await store.away.start(2, 2)  # Luis, to move next, is away for two days
        now[0] += 3600
        await table.play(await table.game(game_id), 1, "6L")
        publisher = table.publisher
        assert isinstance(publisher, Recorder)
        turn = publisher.turns[-1]
        rows = await store.db.fetchall(
            "SELECT kind, due_at FROM timers WHERE ref_id = ? AND turn_stamp = ?",
            (game_id, now[0]),
        )
        due = {row["kind"]: row["due_at"] for row in rows}
        # Three days from the turn's start, after the two days away: what the post says and
        # what the timer does are one figure.
        assert turn.to_move == 1 and turn.away_until == NOW + 2 * DAY
        assert turn.deadline == due["deadline"] == NOW + 2 * DAY + 3 * DAY
        assert due["reminder"] > NOW + 2 * DAY  # no reminder while they are away either
    finally:
        await store.close()


async def _place() -> int:
    return 30
