"""Stonehenge in words: druids, ley lines and megaliths told, a series' standing."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from games.words import Words
from locales import join, t
from rules import Event
from rules.stonehenge import StonehengeState, series_standing

if TYPE_CHECKING:
    from data import Result


def line_name(n: int) -> str:
    """Ley line ``n`` as the board writes it: 'L3'."""
    return f"L{n}"


class StonehengeWords(Words[StonehengeState]):
    """Druids, ley lines and megaliths in words."""

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
                        line=line_name(p["line"]),
                        druids=p["druids"],
                        light=p["light_total"],
                        dark=p["dark_total"],
                    )
                )
            elif event.key == "stonehenge-line-won":
                won.setdefault(p["seat"], []).append(line_name(p["line"]))
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
