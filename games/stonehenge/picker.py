"""Stonehenge's picker (value, then point) and its autocomplete: a druid's value, a point."""

from __future__ import annotations

import re
from typing import Any

from games.picker import Picker
from games.stonehenge.words import line_name
from locales import t
from rules.stonehenge import LINES_THROUGH, Placement, StonehengeState


def _spread(moves: list[Placement]) -> list[Placement]:
    """Each value in turn, each on other points: 1A 2D 3G … 1B 2E …, so that any first 25
    show every druid value on points all over the board."""
    by_value: dict[int, list[Placement]] = {}
    for move in moves:
        by_value.setdefault(move.value, []).append(move)
    rows = []
    for index, value in enumerate(sorted(by_value)):
        row = by_value[value]
        shift = index * len(row) // len(by_value)
        rows.append(row[shift:] + row[:shift])
    return [row[i] for i in range(max(map(len, rows), default=0)) for row in rows if i < len(row)]


class StonehengePicker(Picker[StonehengeState]):
    """A druid's value first, then the point it goes on."""

    def move_path(self, state: StonehengeState, move: Placement) -> tuple[str, ...]:
        """Value first, then point."""
        return (str(move.value), move.point)

    def token_label(
        self, lang: str, state: StonehengeState, path: tuple[str, ...], token: str
    ) -> str:
        """'6' for a druid; 'L · L3 L7 L12' for a point (the lines it lies on)."""
        if not path:
            return token
        lines = " ".join(line_name(n) for n in LINES_THROUGH[token])
        return f"{token} · {lines}"

    def prompt(self, lang: str, state: StonehengeState, path: tuple[str, ...]) -> str:
        """What to choose next."""
        if not path:
            return t(lang, "sh-prompt-value")
        return t(lang, "sh-prompt-point", value=path[0])

    def choice_name(self, lang: str, state: StonehengeState, move: Placement) -> str:
        """'6L — druid 6 on L (lines L3, L7, L12)'."""
        lines = ", ".join(line_name(n) for n in LINES_THROUGH[move.point])
        return t(
            lang,
            "sh-choice",
            move=state.format(move),
            value=move.value,
            point=move.point,
            lines=lines,
        )

    def rank_choices(
        self, lang: str, state: StonehengeState, typed: str, moves: list[Any]
    ) -> list[Any]:
        """Typed digits are a druid's value and a letter a point (8 or S match nothing);
        with nothing typed, every value on points spread over the board."""
        if not typed:
            return _spread(moves)
        value = re.match(r"\d+", typed)
        if value:
            moves = [m for m in moves if m.value == int(value[0])]
        letters = re.findall(r"[a-zñ]", typed)
        if len(letters) == 1:
            moves = [m for m in moves if m.point == letters[0].upper()]
        return moves
