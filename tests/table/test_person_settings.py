"""What a person types for their settings: times before a deadline, quiet hours, time zones."""

from __future__ import annotations

import zoneinfo

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from table.person_settings import (
    LATEST_MINUTES,
    MOST_REMINDERS,
    MOST_ZONES,
    SOONEST_MINUTES,
    format_before,
    format_clock,
    matching_zones,
    parse_before,
    parse_clock,
    quiet_hours,
    zone_name,
)
from table.refusal import Refusal

#: Text that looks like what people type: digits, units, separators, and anything else.
TYPED = st.text(alphabet=st.sampled_from("0123456789.,; hmdinsoraíHMD:x-٣\n"), max_size=40)


@pytest.mark.parametrize(
    ("text", "hours"),
    [
        ("24h 4h 1h", (24.0, 4.0, 1.0)),
        ("24,4,1", (24.0, 4.0, 1.0)),
        ("1, 4; 24", (24.0, 4.0, 1.0)),  # any order, longest first
        ("90m", (1.5,)),
        ("1h30m", (1.5,)),
        ("15m", (0.25,)),
        ("2d", (48.0,)),
        ("14 días", (336.0,)),
        ("24 H 24h", (24.0,)),  # each once
        ("off", ()),
        (" OFF ", ()),
    ],
)
def test_times_before_a_deadline_are_read(text: str, hours: tuple[float, ...]) -> None:
    assert parse_before(text) == hours


@pytest.mark.parametrize(
    ("text", "key"),
    [
        ("", "error-before-format"),
        ("soon", "error-before-format"),
        ("24hh", "error-before-format"),
        ("4h4h", "error-before-format"),
        ("-4", "error-before-format"),
        ("14m", "error-before-range"),
        ("15d", "error-before-range"),
        ("0", "error-before-range"),
        ("1 2 3 4 5 6", "error-before-count"),
    ],
)
def test_what_is_not_a_time_before_a_deadline_is_refused_with_why(text: str, key: str) -> None:
    refused = parse_before(text)
    assert isinstance(refused, Refusal) and refused.key == key


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.one_of(st.text(max_size=60), TYPED))
def test_reading_times_never_raises_and_what_it_accepts_reads_back_the_same(text: str) -> None:
    read = parse_before(text)
    if isinstance(read, Refusal):
        return
    assert len(read) <= MOST_REMINDERS and list(read) == sorted(set(read), reverse=True)
    assert all(SOONEST_MINUTES <= round(h * 60) <= LATEST_MINUTES for h in read)
    for separator in (" ", ",", ", "):
        written = separator.join(format_before(read)) or "off"
        assert parse_before(written) == read, written


@settings(max_examples=200, deadline=None)
@given(
    st.lists(st.integers(SOONEST_MINUTES, LATEST_MINUTES), min_size=1, max_size=MOST_REMINDERS).map(
        lambda minutes: tuple(m / 60 for m in sorted(set(minutes), reverse=True))
    )
)
def test_every_allowed_list_of_times_is_written_as_it_is_read(hours: tuple[float, ...]) -> None:
    assert parse_before(" ".join(format_before(hours))) == hours


def test_quiet_hours_are_two_times_of_day_or_off() -> None:
    assert quiet_hours("22:30", "07:00") == (22 * 60 + 30, 7 * 60)  # over midnight
    assert quiet_hours("7", "9:05") == (7 * 60, 9 * 60 + 5)
    assert quiet_hours("off", None) is None and quiet_hours("23:00", "Off") is None
    for start, end, key in [
        ("22:00", None, "error-quiet-both"),
        (None, "07:00", "error-quiet-both"),
        ("24:00", "07:00", "error-quiet-time"),
        ("22:00", "7:60", "error-quiet-time"),
        ("10pm", "7am", "error-quiet-time"),
        ("08:00", "8", "error-quiet-same"),
    ]:
        refused = quiet_hours(start, end)
        assert isinstance(refused, Refusal) and refused.key == key, (start, end)


@given(st.text(max_size=30))
def test_a_time_of_day_reads_back_as_written(text: str) -> None:
    minutes = parse_clock(text)
    if minutes is not None:
        assert 0 <= minutes < 24 * 60 and parse_clock(format_clock(minutes)) == minutes


def test_zones_are_matched_anywhere_in_their_name_best_first_at_most_25() -> None:
    assert zoneinfo.available_timezones(), "this system knows no time zones: install tzdata"
    assert matching_zones("madrid") == ["Europe/Madrid"]
    assert matching_zones("new york")[0] == "America/New_York"
    assert matching_zones("NEW_Y")[0] == "America/New_York"
    buenos = matching_zones("aires")
    assert buenos[0] == "America/Argentina/Buenos_Aires", buenos
    for typed in ("", "a", "america/", "/"):
        found = matching_zones(typed)
        assert len(found) == MOST_ZONES
        assert all(typed.casefold() in name.casefold() for name in found)
    assert matching_zones("lon")[:2] == ["Arctic/Longyearbyen", "Europe/London"]
    assert matching_zones("york")[0] == "America/New_York"  # a word of the name begins so
    assert matching_zones("eu")[1] == "Europe/Amsterdam"  # a city, then the regions, begin so
    assert matching_zones("nowhere at all") == []
    assert all(len(name) <= 100 for name in matching_zones(""))


def test_a_zone_is_known_by_its_name_in_any_case() -> None:
    assert zone_name("europe/madrid") == "Europe/Madrid"
    assert zone_name(" America/New York ") == "America/New_York"
    assert zone_name("UTC") == "UTC"
    assert zone_name("Mars/Olympus_Mons") is None
    assert zone_name("../../etc/passwd") is None
