"""Islas's picker: labelled spots, then rotation, follower and confirm; typed spot labels."""

from __future__ import annotations

import re
import weakref
from dataclasses import dataclass
from typing import Any

from games.islas.drawing import labels
from games.islas.words import tile_words, where_words
from games.picker import Picker
from locales import t
from render.islas import render_islas_choices
from rules.islas import SHAPES, IslasState, Placement, Skip, notation_in, same_look

NO_FOLLOWER = "none"
CONFIRM = "ok"
#: "B 90 island S": a spot label where the notation wants coordinates.
_BY_LABEL = re.compile(r"^\s*([A-Za-z]{1,2})(?=\s)(.*)$")


def _follower_token(move: Placement) -> str:
    if move.follower is None:
        return NO_FOLLOWER
    kind, where = move.follower
    return f"{kind}-{where}" if where else kind


@dataclass(frozen=True)
class _Spot:
    """A labelled square where the current tile fits, and the rotations the picker offers
    there: one of each look (a straight bridge at 90° and at 270° is the same)."""

    label: str
    x: int
    y: int
    rotations: tuple[int, ...]


@dataclass(frozen=True)
class _Spots:
    by_label: dict[str, _Spot]
    by_square: dict[tuple[int, int], _Spot]


class IslasPicker(Picker[IslasState]):
    """A labelled spot, a rotation (where the tile fits several ways), a follower, confirm."""

    def __init__(self) -> None:
        # The spots of a position, computed once per cached (immutable) state.
        self._cache: weakref.WeakKeyDictionary[Any, _Spots] = weakref.WeakKeyDictionary()

    def _spots(self, state: IslasState) -> _Spots:
        spots = self._cache.get(state)
        if spots is None:
            name = state.current or ""
            found = [
                _Spot(s.label, s.x, s.y, tuple(sorted({same_look(name, r) for r in s.rotations})))
                for s in state.view(None).spots
            ]
            spots = _Spots({s.label: s for s in found}, {(s.x, s.y): s for s in found})
            self._cache[state] = spots
        return spots

    def table_move(self, move: Any) -> bool:
        """A skip is voted by the other players (/skip), never typed as one's move."""
        return isinstance(move, Skip)

    def expand(self, state: IslasState, text: str) -> str:
        """'B 90 isla S' -> '3,1 90 isla S': a labelled spot stands for its square (the rules
        read the Spanish words themselves); '90º', the ordinal sign, is taken for degrees."""
        text = text.replace("º", "°")
        match = _BY_LABEL.match(text)
        if match is None:
            return text
        spot = self._spots(state).by_label.get(match[1].upper())
        return text if spot is None else f"{spot.x},{spot.y}{match[2]}"

    def _follower(self, lang: str, token: str) -> str:
        """A picker follower token in words: 'island N', 'agua OSO', 'no follower'."""
        kind, _, where = token.partition("-")
        return f"{t(lang, f'islas-kind-{kind}')} {where_words(lang, where)}".strip()

    # -- the picker ------------------------------------------------------------------------
    # A path is the spot's label, the rotation (left out where the tile fits one way only),
    # the follower token, then CONFIRM.
    def move_path(self, state: IslasState, move: Placement) -> tuple[str, ...]:
        """Spot label, rotation (one per look, none if only one fits), follower, confirm."""
        spot = self._spots(state).by_square[(move.x, move.y)]
        # Rotations that look alike are one choice; the picker plays the first legal move of
        # a path, whose rotation is the smallest of them.
        rotation = (str(same_look(state.current, move.rotation)),)
        if len(spot.rotations) == 1:
            rotation = ()
        return (spot.label, *rotation, _follower_token(move), CONFIRM)

    def _chosen(
        self, state: IslasState, path: tuple[str, ...]
    ) -> tuple[_Spot, int | None, str | None]:
        """The spot, rotation and follower token ``path`` chose so far (None: not yet)."""
        spot = self._spots(state).by_label[path[0]]
        rest = list(path[1:])
        if len(spot.rotations) == 1:
            rotation: int | None = spot.rotations[0]
        else:
            rotation = int(rest.pop(0)) if rest else None
        return spot, rotation, rest[0] if rest else None

    def _step(self, state: IslasState, path: tuple[str, ...]) -> str:
        """What the picker asks after ``path``: spot, rotation, follower or confirm."""
        if not path:
            return "spot"
        _, rotation, follower = self._chosen(state, path)
        if rotation is None:
            return "rotation"
        return "follower" if follower is None else "confirm"

    def token_label(self, lang: str, state: IslasState, path: tuple[str, ...], token: str) -> str:
        """A spot's label, a rotation in degrees, a follower in words, or Confirm."""
        match self._step(state, path):
            case "rotation":
                return f"{token}°"
            case "follower":
                return self._follower(lang, token)
            case "confirm":
                return t(lang, "islas-pick-confirm")
        return token

    def prompt(self, lang: str, state: IslasState, path: tuple[str, ...]) -> str:
        """What the picker asks after ``path``."""
        step = self._step(state, path)
        if step == "spot":
            return t(lang, "islas-prompt-spot", tile=tile_words(lang, state.current))
        spot, rotation, follower = self._chosen(state, path)
        if step == "rotation":
            return t(lang, "islas-prompt-rotation", spot=spot.label)
        if step == "follower":
            one_way = len(spot.rotations) == 1  # the rotation step was skipped
            key = "islas-prompt-follower-one-way" if one_way else "islas-prompt-follower"
            return t(lang, key, spot=spot.label, rotation=rotation)
        return t(
            lang,
            "islas-prompt-confirm",
            spot=spot.label,
            rotation=rotation,
            follower=self._follower(lang, follower or NO_FOLLOWER),
        )

    def picked_words(self, lang: str, state: IslasState, path: tuple[str, ...]) -> str:
        """'Spot A, 90°, no follower': as the picker asked (its labels, not coordinates)."""
        spot, rotation, follower = self._chosen(state, path)
        return t(
            lang,
            "islas-picked",
            spot=spot.label,
            rotation=rotation,
            follower=self._follower(lang, follower or NO_FOLLOWER),
        )

    def _shown(self, state: IslasState, path: tuple[str, ...]) -> _Spot | None:
        """The spot whose rotations the picker's image shows after ``path``, if any: when
        asking the rotation, or the follower where the tile fits one way only (unasked)."""
        step = self._step(state, path)
        if step not in ("rotation", "follower"):
            return None
        spot = self._spots(state).by_label[path[0]]
        return spot if step == "rotation" or len(spot.rotations) == 1 else None

    def picker_image(self, lang: str, state: IslasState, path: tuple[str, ...]) -> bytes | None:
        """The tile at the chosen spot turned each way the player may choose (or the only way
        it fits, when there was nothing to choose)."""
        spot = self._shown(state, path)
        if spot is None:
            return None
        view = state.view(None)
        return render_islas_choices(view, spot.label, labels(lang), spot.rotations)

    def picker_alt_text(self, lang: str, state: IslasState, path: tuple[str, ...]) -> str:
        """The picker's image in words: each rotation and what the tile shows on each side."""
        spot = self._shown(state, path)
        if spot is None:
            return ""
        edge = {e: t(lang, f"islas-edge-{e}") for e in "ibw"}
        ways = []
        for rotation in spot.rotations:
            n, e, s, w = (edge[c] for c in SHAPES[state.current, rotation].edges)
            ways.append(t(lang, "islas-choices-way", rotation=rotation, n=n, e=e, s=s, w=w))
        return t(
            lang,
            "islas-choices-alt",
            spot=spot.label,
            x=spot.x,
            y=spot.y,
            tile=tile_words(lang, state.current),
            count=len(ways),
            ways="; ".join(ways),
        )

    def choice_name(self, lang: str, state: IslasState, move: Placement) -> str:
        """'B 90 island S · 3,1' ('B 90 isla O · 3,1' in Spanish): the label form first, as
        typed, then the square."""
        label = self._spots(state).by_square[(move.x, move.y)].label
        square, _, rest = state.format(move).partition(" ")
        return f"{label} {notation_in(lang, rest)} · {square}"

    def rank_choices(self, lang: str, state: IslasState, typed: str, moves: list[Any]) -> list[Any]:
        """Letters typed first name a spot (A, not the a of 'water'): its placements first.
        Rotations that look alike make the same map: each placement is offered once."""
        letters = re.match(r"[a-z]+", typed)
        if letters is not None:
            spots = self._spots(state).by_square
            moves = sorted(
                moves,
                key=lambda m: (
                    (s.label.lower() if (s := spots.get((m.x, m.y))) else "") != letters[0]
                ),
            )
        name, seen, once = state.current, set(), []
        for move in moves:  # the best match of each look stays, in its place
            if isinstance(move, Placement) and name is not None:
                look = (move.x, move.y, same_look(name, move.rotation), move.follower)
                if look in seen:
                    continue
                seen.add(look)
            once.append(move)
        return once
