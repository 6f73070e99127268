"""Islas on Discord: labelled spots, the placement picker (spot, rotation, follower, confirm)."""

from __future__ import annotations

import re
import weakref
from collections.abc import Sequence
from typing import Any

from cogs.games.base import GameAdapter
from locales import join, t
from render.islas import LABELS, render_islas, render_islas_choices
from rules import Event
from rules.islas import ISLAS, IslasState, Placement, Skip

NO_FOLLOWER = "none"
CONFIRM = "ok"
#: "B 90 island S": a spot label where the notation wants coordinates.
_BY_LABEL = re.compile(r"^\s*([A-Za-z]{1,2})(?=\s)(.*)$")


def _follower_token(move: Placement) -> str:
    if move.follower is None:
        return NO_FOLLOWER
    kind, where = move.follower
    return f"{kind}-{where}" if where else kind


class IslasAdapter(GameAdapter):
    """Tiles, followers and features in words and pictures."""

    engine = ISLAS
    title_key = "game-islas"

    def __init__(self) -> None:
        # Spot labels of a position, computed once per cached (immutable) state.
        self._labels: weakref.WeakKeyDictionary[Any, dict[tuple[int, int], str]] = (
            weakref.WeakKeyDictionary()
        )

    def _spot_labels(self, state: IslasState) -> dict[tuple[int, int], str]:
        labels = self._labels.get(state)
        if labels is None:
            labels = {(s.x, s.y): s.label for s in state.view(None).spots}
            self._labels[state] = labels
        return labels

    def seat_name(self, lang: str, seat: int) -> str | None:
        """The colour of the seat's pieces."""
        return t(lang, f"islas-seat-{seat}")

    def table_move(self, move: Any) -> bool:
        """A skip is voted by the other players (/skip), never typed as one's move."""
        return isinstance(move, Skip)

    def expand(self, state: Any, text: str) -> str:
        """'B 90 island S' -> '3,1 90 island S': a labelled spot stands for its square."""
        match = _BY_LABEL.match(text)
        if match is None:
            return text
        spots = {label: xy for xy, label in self._spot_labels(state).items()}
        xy = spots.get(match[1].upper())
        return text if xy is None else f"{xy[0]},{xy[1]}{match[2]}"

    # -- narration -------------------------------------------------------------------------
    def narrate(self, lang: str, events: Sequence[Event], names: Sequence[str]) -> str:
        """'Ana placed a tile on 1,0 with a follower on the island. Island completed: Ana +8.'"""
        sentences = []
        for event in events:
            p = event.params
            match event.key:
                case "islas-placed":
                    key = "islas-placed" if p["follower"] == "none" else "islas-placed-follower"
                    sentences.append(
                        t(
                            lang,
                            key,
                            player=names[p["seat"]],
                            x=p["x"],
                            y=p["y"],
                            kind=p["follower"],
                        )
                    )
                case "islas-scored":
                    scorers = join(lang, [names[s] for s in p["seats"]])
                    key = "islas-scored-final" if p["final"] else "islas-scored"
                    kind = t(lang, f"islas-kind-{p['kind']}")
                    sentences.append(t(lang, key, kind=kind, players=scorers, points=p["points"]))
                case "islas-put-out":
                    sentences.append(t(lang, "islas-put-out"))
                case "islas-skipped":
                    sentences.append(t(lang, "islas-skipped", player=names[p["seat"]]))
        return " ".join(sentences)

    def result(self, lang: str, state: Any, names: Sequence[str]) -> str:
        """Winners and every score."""
        outcome = state.outcome()
        scores = ", ".join(f"{names[s]} {outcome.scores[s]}" for s in range(len(names)))
        winners = join(lang, [f"**{names[s]}**" for s in outcome.winners])
        key = "islas-result-win" if len(outcome.winners) == 1 else "islas-result-shared"
        return t(lang, key, winners=winners, scores=scores)

    def alt_text(self, lang: str, state: Any, names: Sequence[str]) -> str:
        """'Islas: 23 tiles placed, 48 left. Ana 12, Luis 8. Ana to place tile V.'"""
        view = state.view(None)
        scores = ", ".join(f"{names[s]} {view.scores[s]}" for s in range(len(names)))
        turn = view.turn
        return t(
            lang,
            "islas-alt",
            placed=len(view.tiles),
            left=view.tiles_left,
            scores=scores,
            next=names[turn] if turn is not None else "",
            finished="yes" if turn is None else "no",
        )

    # -- the picker ------------------------------------------------------------------------
    def move_path(self, state: Any, move: Placement) -> tuple[str, ...]:
        """Spot label, rotation, follower, then a confirmation."""
        label = self._spot_labels(state)[(move.x, move.y)]
        return (label, str(move.rotation), _follower_token(move), CONFIRM)

    def token_label(self, lang: str, state: Any, path: tuple[str, ...], token: str) -> str:
        """A spot's label, a rotation in degrees, a follower in words, or Confirm."""
        if len(path) == 1:
            return f"{token}°"
        if len(path) == 2:
            kind, _, where = token.partition("-")
            words = t(lang, f"islas-kind-{kind}")
            return f"{words} {where}".strip()
        if len(path) == 3:
            return t(lang, "islas-pick-confirm")
        return token

    def prompt(self, lang: str, state: Any, path: tuple[str, ...]) -> str:
        """What the picker asks after ``path``."""
        tile = state.current
        if not path:
            return t(lang, "islas-prompt-spot", tile=tile)
        if len(path) == 1:
            return t(lang, "islas-prompt-rotation", spot=path[0])
        if len(path) == 2:
            return t(lang, "islas-prompt-follower", spot=path[0], rotation=path[1])
        kind, _, where = path[2].partition("-")
        return t(
            lang,
            "islas-prompt-confirm",
            spot=path[0],
            rotation=path[1],
            follower=f"{t(lang, f'islas-kind-{kind}')} {where}".strip(),
        )

    def picker_image(self, lang: str, state: Any, path: tuple[str, ...]) -> bytes | None:
        """At the rotation step, the tile turned every way that fits at the chosen spot."""
        if len(path) != 1:
            return None
        return render_islas_choices(state.view(None), path[0], self._labels_for(lang))

    def choice_name(self, lang: str, state: Any, move: Placement) -> str:
        """'B · 3,1 90 island S'."""
        label = self._spot_labels(state)[(move.x, move.y)]
        return f"{label} · {state.format(move)}"

    # -- images ----------------------------------------------------------------------------
    def _labels_for(self, lang: str) -> dict[str, str]:
        return self.image_words(lang, "islas-label", LABELS)

    def render(self, lang: str, state: Any, seat: int | None, names: Sequence[str]) -> bytes:
        """The map with the current tile's spots labelled."""
        return render_islas(state.view(seat), list(names), self._labels_for(lang))

    def rank_choices(self, lang: str, state: Any, typed: str, moves: list[Any]) -> list[Any]:
        """Letters typed first name a spot (A, not the a of 'water'): its placements first."""
        letters = re.match(r"[a-z]+", typed)
        if letters is None:
            return moves
        labels = self._spot_labels(state)
        return sorted(moves, key=lambda m: labels.get((m.x, m.y), "").lower() != letters[0])
