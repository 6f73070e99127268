"""A game's time control (a bank of days, an increment, a cap, weekends off) and the JSON
that stores it on games and challenges."""

from __future__ import annotations

import json
from dataclasses import dataclass


@dataclass(frozen=True)
class TimeControl:
    """A game's clock besides today's days per move: a bank of ``bank`` days to start, with
    ``increment`` days added after each move, never above ``cap`` days (None: no bank), and
    whether the clock stops on the mover's weekends. Stored as JSON on games and challenges."""

    bank: float | None = None
    increment: float = 0.0
    cap: float | None = None
    weekends: bool = False

    def to_json(self) -> str | None:
        """What the ``time_control`` column holds (None: today's clock, no weekends off)."""
        if self == NO_CONTROL:
            return None
        fields = {"bank": self.bank, "increment": self.increment, "cap": self.cap}
        return json.dumps(
            {**fields, "weekends": self.weekends}, sort_keys=True, separators=(",", ":")
        )

    @staticmethod
    def from_json(text: str | None) -> TimeControl:
        """The control a ``time_control`` column holds (anything odd reads as none)."""
        if not text:
            return NO_CONTROL
        raw = json.loads(text)
        if not isinstance(raw, dict):
            return NO_CONTROL
        bank, cap = raw.get("bank"), raw.get("cap")
        return TimeControl(
            bank=float(bank) if isinstance(bank, int | float) and bank > 0 else None,
            increment=max(0.0, float(raw.get("increment") or 0)),
            cap=float(cap) if isinstance(cap, int | float) and cap > 0 else None,
            weekends=bool(raw.get("weekends")),
        )


NO_CONTROL = TimeControl()
