"""Time controls (issue 23): banks with increments and caps, weekends off in the mover's own
time zone, time away: one formula (table/clocks.py) for the stored deadline timer, the post,
and the bank each move charges. The clock is the test's: nothing sleeps."""

from __future__ import annotations

import datetime as dt
from pathlib import Path
from zoneinfo import ZoneInfo

import pytest

from data import StaleGame, Store, TimeControl
from data.settings import PersonSettings
from table import clocks, endings
from table.clocks import DAY, HOUR, run_out, running
from table.refusal import Refusal
from table.table import Table
from table.timers import out_of_time
from tests.publisher import Recorder, table_on
from tests.stores import new_game

NEW_YORK = ZoneInfo("America/New_York")
MADRID = ZoneInfo("Europe/Madrid")
TOKYO = ZoneInfo("Asia/Tokyo")
UTC = ZoneInfo("UTC")
BANK = TimeControl(bank=7, increment=1, cap=14)


def at(zone: ZoneInfo, *when: int) -> float:
    """The moment of a local wall time (year, month, day, hour[, minute]) in ``zone``."""
    return dt.datetime(*when, tzinfo=zone).timestamp()  # type: ignore[misc]


# -- the formula -----------------------------------------------------------------------------


def test_without_weekends_off_a_clock_runs_its_allowance_plus_the_time_away() -> None:
    start = at(UTC, 2026, 12, 4, 12)  # a Friday
    assert run_out(start, DAY, UTC, False) == start + DAY
    away = [(start + HOUR, start + 3 * HOUR)]
    assert run_out(start, DAY, UTC, False, away) == start + DAY + 2 * HOUR
    # Time away after the clock ran out does not bring it back.
    assert run_out(start, DAY, UTC, False, [(start + 2 * DAY, start + 3 * DAY)]) == start + DAY
    assert running(start, start + DAY, UTC, False, away) == DAY - 2 * HOUR


def test_new_york_s_weekend_of_the_autumn_change_lasts_49_hours() -> None:
    # Friday 30 October 2026, noon in New York; clocks go back on Sunday 1 November.
    start = at(NEW_YORK, 2026, 10, 30, 12)
    ends = run_out(start, DAY, NEW_YORK, True)
    assert ends == at(NEW_YORK, 2026, 11, 2, 12)  # 12 h Friday, the weekend, 12 h Monday
    monday = at(NEW_YORK, 2026, 11, 2, 0)
    saturday = at(NEW_YORK, 2026, 10, 31, 0)
    assert monday - saturday == 49 * HOUR  # walked by calendar days, not 2 × 86400
    assert ends - start == DAY + 49 * HOUR
    assert running(start, ends, NEW_YORK, True) == DAY


def test_madrid_s_weekend_of_the_spring_change_lasts_47_hours() -> None:
    # Friday 27 March 2026, 18:00 in Madrid; clocks go forward on Sunday 29 March.
    start = at(MADRID, 2026, 3, 27, 18)
    ends = run_out(start, 12 * HOUR, MADRID, True)
    assert ends == at(MADRID, 2026, 3, 30, 6)  # 6 h on Friday, 6 h on Monday
    assert ends - start == 12 * HOUR + 47 * HOUR
    # The same clock in UTC stops for UTC's weekend: a different moment.
    assert run_out(start, 12 * HOUR, UTC, True) != ends


def test_tokyo_s_weekend_starts_while_it_is_still_friday_in_utc() -> None:
    start = at(UTC, 2026, 12, 4, 12)  # Friday 12:00 UTC is Friday 21:00 in Tokyo
    assert run_out(start, 6 * HOUR, UTC, True) == start + 6 * HOUR
    # 3 h to Tokyo's midnight, then the weekend (to Monday 00:00 JST, Sunday 15:00 UTC).
    assert run_out(start, 6 * HOUR, TOKYO, True) == at(UTC, 2026, 12, 6, 18)


def test_weekends_and_time_away_together_stop_the_clock_once() -> None:
    start = at(MADRID, 2026, 10, 23, 12)  # a Friday; the autumn change is that Sunday
    # Away from Friday 18:00 to Monday 06:00: half of it is the weekend anyway.
    away = [(at(MADRID, 2026, 10, 23, 18), at(MADRID, 2026, 10, 26, 6))]
    ends = run_out(start, 12 * HOUR, MADRID, True, away)
    assert ends == at(MADRID, 2026, 10, 26, 12)  # 6 h on Friday, 6 h from Monday 06:00
    assert running(start, ends, MADRID, True, away) == 12 * HOUR


def test_a_turn_in_the_weekend_begins_on_monday() -> None:
    start = at(NEW_YORK, 2026, 11, 1, 1, 30)  # Sunday, in the hour that happens twice
    assert run_out(start, HOUR, NEW_YORK, True) == at(NEW_YORK, 2026, 11, 2, 1)


# -- at the table ------------------------------------------------------------------------------


async def _zones(store: Store, zones: dict[int, str]) -> None:
    """People's time zones, set as /settings me timezone: sets them."""
    for user_id, zone in zones.items():
        await store.settings.set_person(user_id, PersonSettings(timezone=zone))


async def _table(tmp_path: Path, now: list[float]) -> tuple[Store, Table]:
    store = await Store(tmp_path / "clock.sqlite3", lambda: now[0]).open()
    return store, table_on(store, lambda: now[0])


async def _play(table: Table, game_id: int, user: int) -> None:
    record = await table.game(game_id)
    await table.play(record, user, table.state(record).legal_moves()[0])


async def _deadline(store: Store, game_id: int) -> float:
    row = await store.db.fetchone(
        "SELECT t.due_at FROM timers t JOIN games g ON g.id = t.ref_id"
        " WHERE t.kind = 'deadline' AND t.ref_id = ? AND t.turn_stamp = g.turn_started_at",
        (game_id,),
    )
    assert row is not None
    return float(row["due_at"])


async def _banks(table: Table, game_id: int) -> list[float | None]:
    return [s.bank_left for s in (await table.game(game_id)).seats]


async def test_a_bank_is_charged_credited_and_capped_move_by_move(tmp_path: Path) -> None:
    now = [at(UTC, 2026, 12, 2, 9)]
    store, table = await _table(tmp_path, now)
    try:
        game_id = await new_game(store, control=BANK)
        await table.start(await table.game(game_id), _place)
        assert await _banks(table, game_id) == [7 * DAY, 7 * DAY]
        publisher = table.publisher
        assert isinstance(publisher, Recorder)
        assert publisher.turns[-1].deadline == now[0] + 7 * DAY == await _deadline(store, game_id)
        assert publisher.turns[-1].clocks == ((0, 7 * DAY), (1, 7 * DAY))
        now[0] += 3 * DAY  # Ana thinks three days: 7 - 3 + 1
        await _play(table, game_id, 1)
        assert await _banks(table, game_id) == [5 * DAY, 7 * DAY]
        now[0] += 2 * HOUR  # Luis answers in two hours: 7 d - 2 h + 1 d
        await _play(table, game_id, 2)
        assert await _banks(table, game_id) == [5 * DAY, 8 * DAY - 2 * HOUR]
        # Ana's deadline is her bank's end, from her turn's start.
        assert await _deadline(store, game_id) == now[0] + 5 * DAY
        assert publisher.turns[-1].clocks == ((0, 5 * DAY), (1, 8 * DAY - 2 * HOUR))
        for _ in range(7):  # quick moves: Luis's bank grows to the cap and stops there
            now[0] += HOUR
            await _play(table, game_id, 1)
            now[0] += HOUR
            await _play(table, game_id, 2)
        banks = await _banks(table, game_id)
        assert banks == [5 * DAY + 7 * 23 * HOUR, 14 * DAY]
    finally:
        await store.close()


async def test_a_bank_that_runs_out_leaves_only_the_increment(tmp_path: Path) -> None:
    now = [at(UTC, 2026, 12, 2, 9)]
    store, table = await _table(tmp_path, now)
    try:
        game_id = await new_game(store, control=TimeControl(bank=2, increment=1))
        await table.start(await table.game(game_id), _place)
        now[0] += 5 * DAY  # past her deadline, and nobody claimed: the move stands
        await _play(table, game_id, 1)
        assert await _banks(table, game_id) == [DAY, 2 * DAY]  # the cap is the bank
        record = await table.game(game_id)
        with pytest.raises(Refusal) as early:
            await out_of_time(table, record, 1)  # Luis's turn began just now
        assert early.value.key == "error-claim-too-early"
        now[0] += 2 * DAY + 1
        assert await out_of_time(table, await table.game(game_id), 1) == (0, 1)
    finally:
        await store.close()


async def test_time_away_is_not_charged_to_the_bank(tmp_path: Path) -> None:
    now = [at(UTC, 2026, 12, 2, 9)]
    store, table = await _table(tmp_path, now)
    try:
        game_id = await new_game(store, control=BANK)
        await table.start(await table.game(game_id), _place)
        now[0] += HOUR
        await store.away.start(1, 2)  # Ana is away two days, during her turn
        assert await clocks.deadline(store, await table.game(game_id), 1) == (
            now[0] - HOUR + 7 * DAY + 2 * DAY
        )
        now[0] += 3 * DAY  # she moves a day after coming back: 1 h + 1 d of her clock ran
        await _play(table, game_id, 1)
        assert await _banks(table, game_id) == [7 * DAY - HOUR, 7 * DAY]
    finally:
        await store.close()


async def test_weekends_off_in_the_mover_s_zone_at_the_table(tmp_path: Path) -> None:
    # Friday 30 October 2026, 18:00 in New York (Ana); Luis plays from Tokyo.
    now = [at(NEW_YORK, 2026, 10, 30, 18)]
    store, table = await _table(tmp_path, now)
    try:
        await _zones(store, {1: "America/New_York", 2: "Asia/Tokyo"})
        control = TimeControl(bank=1, increment=0.5, cap=3, weekends=True)
        game_id = await new_game(store, control=control)
        await table.start(await table.game(game_id), _place)
        # 6 h on Friday, the 49-hour weekend of the change, 18 h on Monday.
        ends = at(NEW_YORK, 2026, 11, 2, 18)
        assert await _deadline(store, game_id) == ends
        assert await clocks.deadline(store, await table.game(game_id), 1) == ends
        now[0] = at(NEW_YORK, 2026, 11, 2, 8)  # Monday 08:00: 6 h + 8 h of her clock ran
        await _play(table, game_id, 1)
        assert await _banks(table, game_id) == [DAY - 14 * HOUR + DAY / 2, DAY]
        # Luis's turn: Monday 22:00 in Tokyo, a weekday; his full day runs to Tuesday.
        assert await _deadline(store, game_id) == now[0] + DAY
    finally:
        await store.close()


async def test_days_per_move_with_weekends_off(tmp_path: Path) -> None:
    now = [at(MADRID, 2026, 3, 27, 18)]
    store, table = await _table(tmp_path, now)
    try:
        await _zones(store, {1: "Europe/Madrid"})
        game_id = await new_game(store, days_per_move=1, control=TimeControl(weekends=True))
        await table.start(await table.game(game_id), _place)
        assert await _deadline(store, game_id) == at(MADRID, 2026, 3, 30, 18)  # 6 h + 18 h
        publisher = table.publisher
        assert isinstance(publisher, Recorder)
        assert publisher.turns[-1].deadline == at(MADRID, 2026, 3, 30, 18)
    finally:
        await store.close()


async def test_an_undo_gives_the_bank_back_as_the_move_found_it(tmp_path: Path) -> None:
    now = [at(UTC, 2026, 12, 2, 9)]
    store, table = await _table(tmp_path, now)
    try:
        game_id = await new_game(store, control=BANK)
        await table.start(await table.game(game_id), _place)
        now[0] += 3 * DAY
        await _play(table, game_id, 1)
        now[0] += HOUR
        await _play(table, game_id, 2)
        assert await _banks(table, game_id) == [5 * DAY, 8 * DAY - HOUR]
        record = await table.game(game_id)
        # Luis takes his move back (by consent): his bank is as it was before it, Ana's stays.
        await endings.take_back(table, record, record.version, plies=1)
        assert await _banks(table, game_id) == [5 * DAY, 7 * DAY]
        record = await table.game(game_id)
        await endings.take_back(table, record, record.version, plies=1)  # and Ana's
        assert await _banks(table, game_id) == [7 * DAY, 7 * DAY]
    finally:
        await store.close()


async def test_a_refused_move_leaves_the_bank_as_it_was(tmp_path: Path) -> None:
    now = [at(UTC, 2026, 12, 2, 9)]
    store, table = await _table(tmp_path, now)
    try:
        game_id = await new_game(store, control=BANK)
        with pytest.raises(StaleGame):  # another move got there first: nothing is written
            await store.games.append_move(game_id, 5, seat=0, user_id=1, move="6L", bank=1.0)
        assert await _banks(table, game_id) == [7 * DAY, 7 * DAY]
        await store.games.append_move(game_id, 0, seat=0, user_id=1, move="6L", bank=3.0)
        assert await _banks(table, game_id) == [3.0, 7 * DAY]
    finally:
        await store.close()


async def _place() -> int:
    return 30
