"""Stonehenge on Discord: its words, picker steps (value, then point) and board image."""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ai.stonehenge import PLAYER as STONEHENGE_PLAYER
from cogs.games.base import GameAdapter
from cogs.games.plugin import GamePlugin, PlayOption, Renderer, Series
from locales import join, t
from render.stonehenge import LABELS, paint_frames, render_stonehenge
from render.stonehenge import warm as warm_bands
from rules import Event
from rules.stonehenge import (
    LINES_THROUGH,
    STONEHENGE,
    Placement,
    StonehengeState,
    series_first,
    series_standing,
)

if TYPE_CHECKING:
    from data import Result
from rules.public.stonehenge import PUBLISHER as STONEHENGE_PUBLIC
from rules.stonehenge_view import StonehengeView


def _line(n: int) -> str:
    return f"L{n}"


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


class StonehengeAdapter(GameAdapter[StonehengeState]):
    """Druids, ley lines and megaliths in words and pictures."""

    title_key = "game-stonehenge"
    private_button_key = "sh-button-mine"
    board_private_key = "sh-board-private"

    def option_summary(self, lang: str, options: dict[str, Any], series: int) -> str:
        """'hidden druids, series of 3 games'."""
        parts = [t(lang, "sh-option-hidden")] if options.get("hidden") else []
        if series > 1:
            parts.append(t(lang, "option-series", count=series))
        return ", ".join(parts)

    def seat_name(self, lang: str, seat: int) -> str | None:
        """'light' or 'dark': the turn message names the colour the image shows."""
        return t(lang, f"sh-seat-{seat}")

    def has_private_view(self, options: dict[str, Any]) -> bool:
        """Face-down druids are private to their owner."""
        return bool(options.get("hidden"))

    def narrate(self, lang: str, events: Sequence[Event], names: Sequence[str]) -> str:
        """'Ana played 6 on L and won lines L3 and L7. Luis won line L5.'"""
        mover: int | None = None
        first = ""
        won: dict[int, list[str]] = {}
        extra: list[str] = []
        for event in events:
            p = event.params
            if event.key == "stonehenge-placed":
                mover = p["seat"]
                first = t(
                    lang, "sh-placed", player=names[mover], value=p["value"], point=p["point"]
                )
            elif event.key == "stonehenge-placed-hidden":
                mover = p["seat"]
                first = t(lang, "sh-placed-hidden", player=names[mover], point=p["point"])
            elif event.key == "stonehenge-revealed":
                extra.append(
                    t(
                        lang,
                        "sh-revealed",
                        line=_line(p["line"]),
                        druids=p["druids"],
                        light=p["light_total"],
                        dark=p["dark_total"],
                    )
                )
            elif event.key == "stonehenge-line-won":
                won.setdefault(p["seat"], []).append(_line(p["line"]))
        sentences = []
        if mover is not None and mover in won:
            lines = won.pop(mover)
            first += t(lang, "sh-and-won", count=len(lines), lines=join(lang, lines))
        if first:
            sentences.append(first)
        sentences += extra
        for seat, lines in won.items():
            sentences.append(
                t(
                    lang,
                    "sh-other-won",
                    player=names[seat],
                    count=len(lines),
                    lines=join(lang, lines),
                )
            )
        return " ".join(s if s.endswith((".", "!")) else s + "." for s in sentences)

    def result(self, lang: str, state: StonehengeState, names: Sequence[str]) -> str:
        """'Ana wins with 8 megaliths to 5.'"""
        outcome = state.outcome()
        winner = outcome.winners[0]
        return t(
            lang,
            "sh-result",
            winner=names[winner],
            mine=outcome.scores[winner],
            theirs=outcome.scores[1 - winner],
        )

    def alt_text(self, lang: str, state: StonehengeState, names: Sequence[str]) -> str:
        """'Stonehenge, move 9. Ana (light) 3 megaliths, Luis (dark) 2. Ana to move.'"""
        light, dark = state.megaliths
        turn = state.turn
        return t(
            lang,
            "sh-alt",
            ply=state.ply,
            light=names[0],
            dark=names[1],
            light_megaliths=light,
            dark_megaliths=dark,
            next=names[turn] if turn is not None else "",
            finished="yes" if turn is None else "no",
        )

    def move_path(self, state: StonehengeState, move: Placement) -> tuple[str, ...]:
        """Value first, then point."""
        return (str(move.value), move.point)

    def token_label(
        self, lang: str, state: StonehengeState, path: tuple[str, ...], token: str
    ) -> str:
        """'6' for a druid; 'L · L3 L7 L12' for a point (the lines it lies on)."""
        if not path:
            return token
        lines = " ".join(_line(n) for n in LINES_THROUGH[token])
        return f"{token} · {lines}"

    def prompt(self, lang: str, state: StonehengeState, path: tuple[str, ...]) -> str:
        """What to choose next."""
        if not path:
            return t(lang, "sh-prompt-value")
        return t(lang, "sh-prompt-point", value=path[0])

    def choice_name(self, lang: str, state: StonehengeState, move: Placement) -> str:
        """'6L — druid 6 on L (lines L3, L7, L12)'."""
        lines = ", ".join(_line(n) for n in LINES_THROUGH[move.point])
        return t(
            lang,
            "sh-choice",
            move=state.format(move),
            value=move.value,
            point=move.point,
            lines=lines,
        )

    def render(
        self, lang: str, state: StonehengeState, seat: int | None, names: Sequence[str]
    ) -> bytes:
        """The board as ``seat`` sees it."""
        labels = self.image_labels(lang)
        return render_stonehenge(state.view(seat), names=(names[0], names[1]), labels=labels)

    def image_labels(self, lang: str) -> dict[str, str]:
        """The board's words in ``lang``."""
        return self.image_words(lang, "sh-label", LABELS)

    def series_text(
        self, lang: str, results: Sequence[Result], names: Sequence[str], length: int
    ) -> str:
        """Megaliths left per player so far, and the series winner once it is over."""
        games = [(r.winners[0], (r.scores[0], r.scores[1])) for r in results]
        standing = series_standing(games)
        text = t(
            lang,
            "sh-series",
            played=len(games),
            length=length,
            light=names[0],
            dark=names[1],
            light_left=standing.left[0],
            dark_left=standing.left[1],
        )
        if len(games) < length:
            return text
        if len(standing.winners) == 1:
            return text + "\n" + t(lang, "series-won", winner=names[standing.winners[0]])
        return text + "\n" + t(lang, "series-tied")

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


PLUGIN = GamePlugin(
    engine=STONEHENGE,
    adapter=StonehengeAdapter(),
    renderer=Renderer(StonehengeView, render_stonehenge, warm=warm_bands, frames=paint_frames),
    play_options=(PlayOption("hidden", "cmd-play-hidden", sets="hidden"),),
    series=Series(first=series_first),
    computer=STONEHENGE_PLAYER,
    public=STONEHENGE_PUBLIC,
)
