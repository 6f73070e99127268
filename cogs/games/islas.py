"""Islas on Discord: labelled spots, the placement picker (spot, rotation, follower, confirm).

Players see tiles described in words (never by their internal type letter, which would clash
with the spot letters on the map) and the notation in their own language: a Spanish speaker
reads and may type ``isla``, ``agua OSO``, ``O`` for west; records keep the canonical English
notation.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ai.islas import PLAYER as ISLAS_PLAYER
from cogs.games.base import GameAdapter
from cogs.games.plugin import CLAIM, GamePlugin, OutOfTime, Renderer, SkipTurn
from locales import join, t
from render.islas import LABELS, paint_frames, render_islas, render_islas_choices
from render.islas.art import warm as warm_tiles
from rules import Event
from rules.islas import ISLAS, SHAPES, IslasState, Placement, Skip, notation_in, same_look
from rules.islas.moves import format_move
from rules.islas_view import IslasView
from rules.public.islas import PUBLISHER as ISLAS_PUBLIC

NO_FOLLOWER = "none"
CONFIRM = "ok"
#: "B 90 island S": a spot label where the notation wants coordinates.
_BY_LABEL = re.compile(r"^\s*([A-Za-z]{1,2})(?=\s)(.*)$")
#: Characters of the final count's feature lines, so that the whole message stays well
#: inside Discord's 2000 (the rest is summed up in one line).
FINAL_BUDGET = 1200


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


class IslasAdapter(GameAdapter[IslasState]):
    """Tiles, followers and features in words and pictures."""

    title_key = "game-islas"

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

    def seat_name(self, lang: str, seat: int) -> str | None:
        """The colour of the seat's pieces."""
        return t(lang, f"islas-seat-{seat}")

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

    # -- words -----------------------------------------------------------------------------
    @staticmethod
    def _tile(lang: str, name: str | None) -> str:
        """What a tile type shows, in words ('a curved bridge')."""
        return t(lang, f"islas-tile-{name}") if name else ""

    @staticmethod
    def _where(lang: str, where: str) -> str:
        """A side or half-edge as ``lang`` writes it ('O' for W in Spanish)."""
        return t(lang, "islas-where", where=where) if where else ""

    def _follower(self, lang: str, token: str) -> str:
        """A picker follower token in words: 'island N', 'agua OSO', 'no follower'."""
        kind, _, where = token.partition("-")
        return f"{t(lang, f'islas-kind-{kind}')} {self._where(lang, where)}".strip()

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
                    sentences.append(t(lang, "islas-put-out", tile=self._tile(lang, p["tile"])))
                case "islas-drew":
                    key = "islas-drew-same" if skipped else "islas-drew"
                    sentences.append(t(lang, key, tile=self._tile(lang, p["tile"])))
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
            tile=self._tile(lang, p["tile"]),
            spot=p["spot"],
            x=p["x"],
            y=p["y"],
            rotation=p["rotation"],
            kind=p["follower"],
            where=self._where(lang, p["where"]),
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
            tile=self._tile(lang, view.current),
            spots=len(view.spots),
            last=view.spots[-1].label if view.spots else "",
            finished="yes" if turn is None else "no",
        )

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
            return t(lang, "islas-prompt-spot", tile=self._tile(lang, state.current))
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
        return render_islas_choices(view, spot.label, self.image_labels(lang), spot.rotations)

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
            tile=self._tile(lang, state.current),
            count=len(ways),
            ways="; ".join(ways),
        )

    def choice_name(self, lang: str, state: IslasState, move: Placement) -> str:
        """'B 90 island S · 3,1' ('B 90 isla O · 3,1' in Spanish): the label form first, as
        typed, then the square."""
        label = self._spots(state).by_square[(move.x, move.y)].label
        square, _, rest = state.format(move).partition(" ")
        return f"{label} {notation_in(lang, rest)} · {square}"

    def move_words(self, lang: str, notation: str) -> str:
        """'0,-1 180 agua OSO' for a Spanish speaker; records keep '0,-1 180 water WSW'."""
        return notation_in(lang, notation)

    # -- images ----------------------------------------------------------------------------
    def image_labels(self, lang: str) -> dict[str, str]:
        """The map's and the rotation picker's words in ``lang``."""
        return self.image_words(lang, "islas-label", LABELS)

    def render(self, lang: str, state: IslasState, seat: int | None, names: Sequence[str]) -> bytes:
        """The map with the current tile's spots labelled."""
        return render_islas(state.view(seat), list(names), self.image_labels(lang))

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


#: What the table plays for a player whose time ran out, once most others voted for it.
SKIP = SkipTurn(format_move(Skip()))


def out_of_time(players: int) -> OutOfTime:
    """Two players: the one still in time claims the win; more: the others vote a skip."""
    return CLAIM if players <= 2 else SKIP


PLUGIN = GamePlugin(
    engine=ISLAS,
    adapter=IslasAdapter(),
    renderer=Renderer(IslasView, render_islas, warm=warm_tiles, frames=paint_frames),
    out_of_time=out_of_time,
    computer=ISLAS_PLAYER,
    public=ISLAS_PUBLIC,
)
