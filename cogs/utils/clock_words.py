"""How clocks read: time left in days and hours, a game's time control in a few words."""

from __future__ import annotations

from collections.abc import Sequence

from data import GameRecord, TimeControl
from locales import t

DAY = 86400.0
HOUR = 3600.0
#: characters a name with its clock may take in a board's panel (the narrowest: Islas's),
#: and the fewest of the name kept
PANEL_ROOM = 17
NAME_LEAST = 6


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


def shown(
    record: GameRecord, seconds: Sequence[tuple[int, float]], to_move: int | None
) -> list[tuple[int, float]]:
    """The clocks a post shows: every bank; with days per move, only the mover's."""
    if to_move is None:
        return []
    return [c for c in seconds if record.control.bank is not None or c[0] == to_move]


def board_names(
    record: GameRecord,
    seconds: Sequence[tuple[int, float]],
    to_move: int | None,
    lang: str | None = None,
) -> tuple[str, ...]:
    """The names a board's panels show, each with its bank's time left: 'Ana · 6d 23h' (a
    long name is cut first, so that its clock stays in the panel), in ``lang`` (else the
    game's). Only games with a bank:
    with days per move every turn starts full, as the deadline in the post says."""
    names = list(record.names())
    if record.control.bank is None:
        return tuple(names)
    for seat, s in shown(record, seconds, to_move):
        clock = f" · {left(lang or record.lang, s)}"
        room = max(NAME_LEAST, PANEL_ROOM - len(clock))
        name = names[seat] if len(names[seat]) <= room else names[seat][: room - 1] + "…"
        names[seat] = name + clock
    return tuple(names)


def _n(days: float) -> int | float:
    return int(days) if float(days).is_integer() else days


def control(lang: str, days_per_move: int | None, control: TimeControl) -> str:
    """'7 days + 1 a move (at most 14), weekends off'; '' for a game without a clock."""
    parts = []
    if control.bank is not None and not control.increment:  # never refilled: the cap is moot
        parts.append(t(lang, "option-bank-only", bank=_n(control.bank)))
    elif control.bank is not None:
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
