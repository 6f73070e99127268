"""What a person types for their settings (``/settings me``, ``/notify``), read and written back.

Nothing here raises on what a person types: a reading either gives the value or a Refusal to
raise (its key says why), so a cog words the reason in the asker's language.
"""

from __future__ import annotations

import re
import zoneinfo
from functools import cache

from table.refusal import Refusal

MOST_REMINDERS = 5  #: reminders before a deadline one person may ask for
SOONEST_MINUTES = 15  #: the shortest time before a deadline a reminder may come
LATEST_MINUTES = 14 * 24 * 60  #: the longest (the longest days per move is 14)
MOST_ZONES = 25  #: choices Discord shows at once
NAME_LIMIT = 100  #: characters of a choice's name and value
#: Words that clear a setting (the English and the Spanish).
OFF = frozenset({"off", "no", "none", "ninguno", "ninguna", "nada", "apagado"})
_UNITS = {"d": 24 * 60, "h": 60, "m": 1}
_UNIT_WORDS = {
    "d": "d",
    "day": "d",
    "days": "d",
    "dia": "d",
    "dias": "d",
    "día": "d",
    "días": "d",
    "h": "h",
    "hr": "h",
    "hrs": "h",
    "hour": "h",
    "hours": "h",
    "hora": "h",
    "horas": "h",
    "m": "m",
    "min": "m",
    "mins": "m",
    "minute": "m",
    "minutes": "m",
    "minuto": "m",
    "minutos": "m",
}
#: One amount: a number and maybe its unit (a bare number counts hours). Amounts written
#: together ("1h30m") make one time; spaces, commas or semicolons part times.
_AMOUNT = re.compile(r"(\d{1,6}(?:\.\d{1,6})?)(?:\s*([^\W\d_]+))?")
_SEPARATORS = re.compile(r"[\s,;]*")
_CLOCK = re.compile(r"(\d{1,2})(?::(\d{2}))?")


def is_off(text: str) -> bool:
    """Whether the person asked to clear the setting."""
    return text.strip().casefold() in OFF


def parse_before(text: str) -> tuple[float, ...] | Refusal:
    """Hours before a deadline, longest first, from "24h 4h 1h", "24,4,1", "90m" or "1h30m"
    ("off": none); in whole minutes, each once."""
    if is_off(text):
        return ()
    lowered = text.casefold()
    minutes: set[int] = set()
    at = _skip(lowered, 0)
    while at < len(lowered):
        read = _time(lowered, at)
        if read is None:
            return Refusal("error-before-format", text=text)
        total, end = read
        if not SOONEST_MINUTES <= total <= LATEST_MINUTES:
            return Refusal("error-before-range", text=text[at:end])
        minutes.add(total)
        at = _skip(lowered, end)
    if not minutes:
        return Refusal("error-before-format", text=text)
    if len(minutes) > MOST_REMINDERS:
        return Refusal("error-before-count", count=MOST_REMINDERS)
    return tuple(m / 60 for m in sorted(minutes, reverse=True))


def _skip(text: str, at: int) -> int:
    """Where the separators from ``at`` end."""
    found = _SEPARATORS.match(text, at)
    return found.end() if found is not None else at


def _time(text: str, at: int) -> tuple[int, int] | None:
    """The minutes of the time written at ``at`` ("1h30m", "90m", "4", "1.5h") and where it
    ends, or None when nothing readable is there."""
    total = 0.0
    units: set[str] = set()
    while (found := _AMOUNT.match(text, at)) is not None:
        number, word = found.groups()
        unit = _UNIT_WORDS.get(word) if word else "h"
        if unit is None or unit in units:
            return None
        units.add(unit)
        total += float(number) * _UNITS[unit]
        at = found.end()
    if not units:
        return None
    if at < len(text) and _skip(text, at) == at:
        return None  # something else follows: not a time
    return round(min(total, LATEST_MINUTES + 1)), at


def format_before(hours: tuple[float, ...]) -> list[str]:
    """Each time before a deadline as a person may type it back ("24h", "1h30m", "15m")."""
    return [_span(round(h * 60)) for h in hours]


def _span(minutes: int) -> str:
    whole, rest = divmod(minutes, 60)
    if not whole:
        return f"{rest}m"
    return f"{whole}h{rest}m" if rest else f"{whole}h"


def parse_clock(text: str) -> int | None:
    """Minutes after midnight of "HH:MM" (24-hour; "7" is 07:00), or None when it is not one."""
    found = _CLOCK.fullmatch(text.strip())
    if found is None:
        return None
    hour, minute = int(found.group(1)), int(found.group(2) or 0)
    if hour > 23 or minute > 59:
        return None
    return hour * 60 + minute


def format_clock(minutes: int) -> str:
    """ "HH:MM" of minutes after midnight."""
    return f"{minutes // 60 % 24:02d}:{minutes % 60:02d}"


def quiet_hours(start: str | None, end: str | None) -> tuple[int, int] | Refusal | None:
    """Quiet hours from the two options: both times, or "off" in either (None: no quiet
    hours). Never called with neither."""
    if (start is not None and is_off(start)) or (end is not None and is_off(end)):
        return None
    if start is None or end is None:
        return Refusal("error-quiet-both")
    begins, ends = parse_clock(start), parse_clock(end)
    if begins is None:
        return Refusal("error-quiet-time", text=start)
    if ends is None:
        return Refusal("error-quiet-time", text=end)
    if begins == ends:
        return Refusal("error-quiet-same")
    return (begins, ends)


def _folded(text: str) -> str:
    """A zone name as people type it: any case, spaces for underscores."""
    return text.replace("_", " ").casefold().strip()


@cache
def _zones() -> tuple[str, ...]:
    """The zones this system knows, in order (read from disk once)."""
    return tuple(sorted(n for n in zoneinfo.available_timezones() if len(n) <= NAME_LIMIT))


@cache
def _folded_zones() -> dict[str, str]:
    return {_folded(name): name for name in _zones()}


def zone_name(text: str) -> str | None:
    """The known zone a person meant ("europe/madrid", "America/New York"), or None."""
    return _folded_zones().get(_folded(text))


def matching_zones(typed: str) -> list[str]:
    """Known zones whose name holds what is typed, best first, at most MOST_ZONES: the name
    or its city itself, then a name or city that begins so, then one of whose words does
    ("york": America/New_York), then the rest; alphabetical within each."""
    want = _folded(typed)[:NAME_LIMIT]

    def rank(name: str) -> tuple[int, str]:
        folded = _folded(name)
        city = folded.rpartition("/")[2]
        if want in (folded, city):
            return (0, name)
        if folded.startswith(want) or city.startswith(want):
            return (1, name)
        if any(word.startswith(want) for word in re.split(r"[/ -]", folded)):
            return (2, name)
        return (3, name)

    found = [name for name in _zones() if want in _folded(name)]
    return sorted(found, key=rank)[:MOST_ZONES]
