"""When a daily digest is due: the person's hour of their own day, across daylight saving."""

from __future__ import annotations

from datetime import UTC, date, datetime
from zoneinfo import ZoneInfo

from table.digests import next_digest

NEW_YORK = ZoneInfo("America/New_York")
MADRID = ZoneInfo("Europe/Madrid")


def _utc(*parts: int) -> float:
    return datetime(*parts, tzinfo=UTC).timestamp()


def _day(year: int, month: int, day: int) -> int:
    return date(year, month, day).toordinal()


def test_the_next_digest_is_today_at_the_hour_or_else_tomorrow() -> None:
    now = _utc(2027, 1, 15, 8)  # 03:00 in New York
    assert next_digest(now, 8, NEW_YORK, None) == (_day(2027, 1, 15), _utc(2027, 1, 15, 13))
    assert next_digest(now, 2, NEW_YORK, None) == (_day(2027, 1, 16), _utc(2027, 1, 16, 7))
    # The hour reached exactly: that digest is the one being sent, the next is tomorrow's.
    assert next_digest(_utc(2027, 1, 15, 13), 8, NEW_YORK, None)[0] == _day(2027, 1, 16)


def test_a_day_already_handled_gets_no_second_digest() -> None:
    now = _utc(2027, 1, 15, 8)  # today's digest sent at 02:00 New York, now 03:00: an 08:00
    day, due = next_digest(now, 8, NEW_YORK, last_day=_day(2027, 1, 15))
    assert (day, due) == (_day(2027, 1, 16), _utc(2027, 1, 16, 13))


def test_the_local_hour_stays_across_both_daylight_saving_changes() -> None:
    spring = [next_digest(_utc(2027, 3, d, 12), 8, MADRID, None)[1] for d in (26, 27, 28)]
    assert spring == [_utc(2027, 3, 27, 7), _utc(2027, 3, 28, 6), _utc(2027, 3, 29, 6)]
    autumn = [next_digest(_utc(2027, 10, d, 12), 8, MADRID, None)[1] for d in (29, 30, 31)]
    assert autumn == [_utc(2027, 10, 30, 6), _utc(2027, 10, 31, 7), _utc(2027, 11, 1, 7)]
    # 02:00 does not exist in Madrid on 28 March: read as the hour after (03:00 CEST)
    assert next_digest(_utc(2027, 3, 27, 12), 2, MADRID, None)[1] == _utc(2027, 3, 28, 1)
