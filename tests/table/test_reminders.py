"""When a person's reminders before a deadline fall due: quiet hours in their zone (across
midnight and a daylight-saving change), in order, and the turn's timers that hold them."""

from __future__ import annotations

from datetime import datetime
from pathlib import Path
from zoneinfo import ZoneInfo

from data import PersonSettings, Store
from table.clocks import DAY, HOUR
from table.reminders import QUIET_LEAD, nudge, quiet_stretch, schedule
from tests.publisher import table_on
from tests.stores import new_game

MADRID = ZoneInfo("Europe/Madrid")
NIGHT = (22 * 60, 7 * 60)  # 22:00 to 07:00


def _madrid(*parts: int) -> float:
    return datetime(*parts, tzinfo=MADRID).timestamp()  # type: ignore[misc]


def test_quiet_hours_across_midnight_and_a_change_to_summer_time() -> None:
    # The night of 27-28 March 2027 is an hour shorter in Madrid (02:00 becomes 03:00).
    stretch = quiet_stretch(_madrid(2027, 3, 28, 5, 0), MADRID, NIGHT)
    assert stretch == (_madrid(2027, 3, 27, 22, 0), _madrid(2027, 3, 28, 7, 0))
    assert stretch[1] - stretch[0] == 8 * HOUR
    assert quiet_stretch(_madrid(2027, 3, 27, 23, 0), MADRID, NIGHT) == stretch
    assert quiet_stretch(_madrid(2027, 3, 28, 7, 0), MADRID, NIGHT) is None
    assert quiet_stretch(_madrid(2027, 3, 28, 12, 0), MADRID, (9 * 60, 13 * 60)) == (
        _madrid(2027, 3, 28, 9, 0),
        _madrid(2027, 3, 28, 13, 0),
    )


def test_a_reminder_in_quiet_hours_comes_before_them_or_after_a_turn_begun_in_them() -> None:
    person = PersonSettings(timezone="Europe/Madrid", quiet=NIGHT, remind_before=(24.0, 4.0))
    deadline = _madrid(2027, 3, 29, 10, 0)  # after the quiet hours
    started = deadline - 3 * DAY
    planned = schedule(started, deadline, person)
    # 24 h before is 10:00 (awake); 4 h before is 06:00 (summer time): the evening before.
    assert planned == [
        (24.0, _madrid(2027, 3, 28, 10, 0)),
        (4.0, _madrid(2027, 3, 28, 22, 0) - QUIET_LEAD),
    ]
    late = _madrid(2027, 3, 28, 23, 0)  # the turn began in the quiet hours
    assert schedule(late, deadline, person) == [(4.0, _madrid(2027, 3, 29, 7, 0))]


def test_reminders_stay_in_order_when_one_is_moved_before_quiet_hours() -> None:
    person = PersonSettings(quiet=(22 * 60, 23 * 60), remind_before=(1.0, 61 / 60))
    utc = ZoneInfo("UTC")
    deadline = datetime(2027, 5, 3, 23, 0, 30, tzinfo=utc).timestamp()
    planned = schedule(deadline - DAY, deadline, person)
    # 61 min before is 21:59:30; 60 min before is 22:00:30, quiet: moved to 21:59, which
    # would be before the other, so both come at 21:59:30, the further one first.
    farther = datetime(2027, 5, 3, 21, 59, 30, tzinfo=utc).timestamp()
    assert planned == [(61 / 60, farther), (1.0, farther)]


def test_the_servers_reminder_waits_for_the_end_of_quiet_hours_unless_the_deadline_is_in_them() -> (
    None
):
    person = PersonSettings(timezone="Europe/Madrid", quiet=NIGHT)
    at = _madrid(2027, 5, 3, 23, 30)  # a day into a turn begun at 23:30
    morning = _madrid(2027, 5, 4, 7, 0)
    assert nudge(at, None, person) == morning  # no deadline: after the night
    assert nudge(at, morning + DAY, person) == morning  # the deadline is a day later
    assert nudge(at, _madrid(2027, 5, 4, 3, 0), person) == at  # the deadline is at 03:00
    afternoon = _madrid(2027, 5, 3, 16, 0)
    assert nudge(afternoon, None, person) == afternoon  # not quiet: as the server says
    assert nudge(at, None, PersonSettings(timezone="Europe/Madrid")) == at  # no quiet hours


async def test_the_turns_timers_hold_a_players_reminders_only_when_the_game_has_a_deadline(
    tmp_path: Path,
) -> None:
    now = [1_800_000_000.0]
    store = await Store(tmp_path / "reminders.sqlite3", lambda: now[0]).open()
    try:
        table = table_on(store, lambda: now[0])
        await store.settings.set_person(1, PersonSettings(remind_before=(24.0, 1.0)))
        clocked = await new_game(store, days_per_move=2)
        unclocked = await new_game(store)
        for game_id in (clocked, unclocked):
            await table.start(await table.game(game_id), _place)
        kinds = {}
        for game_id in (clocked, unclocked):
            rows = await store.db.fetchall(
                "SELECT kind, due_at FROM timers WHERE ref_id = ? AND turn_stamp IS NOT NULL",
                (game_id,),
            )
            kinds[game_id] = {row["kind"]: row["due_at"] for row in rows}
        assert kinds[clocked] == {
            "before:1440": now[0] + DAY,
            "before:60": now[0] + 2 * DAY - HOUR,
            "deadline": now[0] + 2 * DAY,
        }
        assert set(kinds[unclocked]) == {"reminder"}  # no deadline: the server's reminder
    finally:
        await store.close()


async def _place(*_: object) -> int:
    return 30
