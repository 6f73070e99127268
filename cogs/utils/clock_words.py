"""How clocks read: time left in days and hours, a game's time control in a few words."""

from __future__ import annotations

from collections.abc import Sequence

from data import GameRecord, TimeControl
from locales import t

DAY = 86400.0
HOUR = 3600.0


def left(lang: str, seconds: float) -> str:
    """'2d 14h': whole days and hours left (rounded down: never more than there is)."""
    seconds = max(0.0, seconds)
    days, rest = divmod(int(seconds), int(DAY))
    return t(lang, "clock-left", days=days, hours=rest // int(HOUR))


def clocks(lang: str, record: GameRecord, seconds: Sequence[tuple[int, float]]) -> str:
    """'Ana 2d 14h, Luis 2d 0h': each timed seat's name and time left."""
    names = record.names()
    return ", ".join(
        t(lang, "clock-of", name=names[seat], left=left(lang, s)) for seat, s in seconds
    )


def _n(days: float) -> int | float:
    return int(days) if float(days).is_integer() else days


def control(lang: str, days_per_move: int | None, control: TimeControl) -> str:
    """'7 days + 1 a move (at most 14), weekends off'; '' for a game without a clock."""
    parts = []
    if control.bank is not None:
        cap = control.cap or control.bank
        parts.append(
            t(
                lang,
                "option-bank",
                bank=_n(control.bank),
                increment=_n(control.increment),
                cap=_n(cap),
            )
        )
    elif days_per_move:
        parts.append(t(lang, "option-days", count=days_per_move))
    if control.weekends:
        parts.append(t(lang, "option-weekends"))
    return ", ".join(parts)
