"""A person's settings as they read them back (``/settings me`` and ``/notify`` answer so)."""

from __future__ import annotations

from datetime import datetime

from data import PersonSettings
from locales import join, t
from table.person_settings import format_before, format_clock


def zone_label(settings: PersonSettings) -> str:
    """The time zone's name as stored ("UTC" when none is set, or it is not known here)."""
    return settings.zone().key


def in_force(lang: str, settings: PersonSettings, now: float) -> str:
    """Every setting of the person, one line each, times named in their time zone."""
    zone = zone_label(settings)
    local = datetime.fromtimestamp(now, settings.zone()).strftime("%H:%M")
    key = "person-zone" if settings.timezone is not None else "person-zone-unset"
    lines = [t(lang, key, zone=zone, time=local)]
    if settings.quiet is None:
        lines.append(t(lang, "person-quiet-off"))
    else:
        start, end = (format_clock(m) for m in settings.quiet)
        lines.append(t(lang, "person-quiet", start=start, end=end, zone=zone))
    lines.append(t(lang, "notify-on" if settings.dm_turns else "notify-off"))
    if settings.remind_before:
        spans = join(lang, format_before(settings.remind_before))
        lines.append(t(lang, "person-before", spans=spans))
    else:
        lines.append(t(lang, "person-before-off"))
    if settings.digest_hour is None:
        lines.append(t(lang, "person-digest-off"))
    else:
        hour = format_clock(settings.digest_hour * 60)
        lines.append(t(lang, "person-digest", time=hour, zone=zone))
    lines.append(t(lang, "person-next-on" if settings.heads_up else "person-next-off"))
    return "\n".join(lines)
