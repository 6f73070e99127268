"""Islas in words: a turn and the final count told, the map described, the notation translated.

Players see tiles described in words (never by their internal type letter, which would clash
with the spot letters on the map) and the notation in their own language: a Spanish speaker
reads and may type ``isla``, ``agua OSO``, ``O`` for west; records keep the canonical English
notation.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from games.words import Words
from locales import join, t
from rules import Event
from rules.islas import IslasState, notation_in

#: Characters of the final count's feature lines, so that the whole message stays well
#: inside Discord's 2000 (the rest is summed up in one line).
FINAL_BUDGET = 1200


def tile_words(lang: str, name: str | None) -> str:
    """What a tile type shows, in words ('a curved bridge')."""
    return t(lang, f"islas-tile-{name}") if name else ""


def where_words(lang: str, where: str) -> str:
    """A side or half-edge as ``lang`` writes it ('O' for W in Spanish)."""
    return t(lang, "islas-where", where=where) if where else ""


class IslasWords(Words[IslasState]):
    """Tiles, followers and features in words."""

    title_key = "game-islas"

    def seat_name(self, lang: str, seat: int) -> str | None:
        """The colour of the seat's pieces."""
        return t(lang, f"islas-seat-{seat}")

    # -- narration -------------------------------------------------------------------------
    def narrate(self, lang: str, events: Sequence[Event], names: Sequence[str]) -> str:
        """'Ana placed a curved bridge on spot C (1,0), turned 90°, with a follower on the
        bridge (W). Bridge completed (3 tiles): Ana +3. Next tile: a lighthouse.', then the
        final count one feature a line."""
        sentences: list[str] = []
        final: list[dict[str, Any]] = []
        skipped = any(event.key == "islas-skipped" for event in events)
        for event in events:
            p = event.params
            match event.key:
                case "islas-placed":
                    sentences.append(self._placed(lang, p, names))
                case "islas-scored" if p["final"]:
                    final.append(p)
                case "islas-scored":
                    sentences.append(t(lang, "islas-scored", **self._scored(lang, p, names)))
                case "islas-put-out":
                    sentences.append(t(lang, "islas-put-out", tile=tile_words(lang, p["tile"])))
                case "islas-drew":
                    key = "islas-drew-same" if skipped else "islas-drew"
                    sentences.append(t(lang, key, tile=tile_words(lang, p["tile"])))
                case "islas-skipped":
                    sentences.append(t(lang, "islas-skipped", player=names[p["seat"]]))
                case "islas-follower-returned" if not final:  # at the end all go home
                    player = names[p["seat"]]
                    key = "islas-follower-returned"
                    sentences.append(t(lang, key, player=player, count=p["count"]))
        text = " ".join(sentences)
        if final:
            text += "\n" + self._final_count(lang, final, names)
        return text

    def _placed(self, lang: str, p: dict[str, Any], names: Sequence[str]) -> str:
        return t(
            lang,
            "islas-placed",
            player=names[p["seat"]],
            tile=tile_words(lang, p["tile"]),
            spot=p["spot"],
            x=p["x"],
            y=p["y"],
            rotation=p["rotation"],
            kind=p["follower"],
            where=where_words(lang, p["where"]),
        )

    def _scored(self, lang: str, p: dict[str, Any], names: Sequence[str]) -> dict[str, Any]:
        """The arguments of a scored feature's message."""
        return {
            "kind": p["kind"],
            "tiles": p["tiles"],
            "anchors": p["anchors"],
            "islands": p["islands"],
            "neighbours": p["tiles"] - 1,  # a lighthouse's count includes its own tile
            "players": join(lang, [names[s] for s in p["seats"]]),
            "points": p["points"],
        }

    def _final_count(self, lang: str, final: list[dict[str, Any]], names: Sequence[str]) -> str:
        """The end-of-game count: a heading, then one line per feature (as many as fit)."""
        lines: list[str] = []
        used = 0
        for n, p in enumerate(final):
            line = t(lang, "islas-scored-final", **self._scored(lang, p, names))
            if used + len(line) > FINAL_BUDGET:
                lines.append(t(lang, "islas-scored-more", count=len(final) - n))
                break
            lines.append(line)
            used += len(line) + 1
        return "\n".join([t(lang, "islas-final-count"), *lines])

    def result(self, lang: str, state: IslasState, names: Sequence[str]) -> str:
        """The winners, then each player's total on a line, best first."""
        outcome = state.outcome()
        winners = join(lang, [f"**{names[s]}**" for s in outcome.winners])
        key = "islas-result-win" if len(outcome.winners) == 1 else "islas-result-shared"
        ranked = sorted(range(len(names)), key=lambda s: -outcome.scores[s])
        totals = [
            t(
                lang,
                "islas-result-total",
                player=names[s],
                points=t(lang, "islas-points", points=outcome.scores[s]),
            )
            for s in ranked
        ]
        return "\n".join([t(lang, key, winners=winners), *totals])

    def alt_text(self, lang: str, state: IslasState, names: Sequence[str]) -> str:
        """'Islas map: 23 tiles placed, 48 left. Ana 12 points, 5 followers left; … Ana to
        place a curved bridge: 6 spots fit, labelled A to F on the map.'"""
        view = state.view(None)
        scores = "; ".join(
            t(
                lang,
                "islas-alt-player",
                player=names[s],
                points=view.scores[s],
                followers=view.followers_left[s],
            )
            for s in range(len(names))
        )
        turn = view.turn
        return t(
            lang,
            "islas-alt",
            placed=len(view.tiles),
            left=view.tiles_left,
            scores=scores,
            next=names[turn] if turn is not None else "",
            tile=tile_words(lang, view.current),
            spots=len(view.spots),
            last=view.spots[-1].label if view.spots else "",
            finished="yes" if turn is None else "no",
        )

    def move_words(self, lang: str, notation: str) -> str:
        """'0,-1 180 agua OSO' for a Spanish speaker; records keep '0,-1 180 water WSW'."""
        return notation_in(lang, notation)
