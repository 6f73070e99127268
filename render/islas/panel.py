"""The Islas map's side panel: the tile to place, tiles left and put out, a row a player.

It sits on the slate left of the map, at the same place every turn. Its empty boxes (the
tile box, each player's row lit or not) are drawn once, in colour and mapped (render.layers),
and pasted; only what is drawn on them is mapped again each turn (the boxes returned).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from functools import lru_cache

from PIL import Image, ImageDraw

from render.boxes import around
from render.common import (
    BACKGROUND,
    DARK_INK,
    HIGHLIGHT,
    INK,
    MUTED,
    PANEL,
    PANEL_EDGE,
    Box,
    draw_centered,
    draw_text,
    fit_name,
    fit_text,
    paste_centered,
    text_width,
)
from render.islas.art import framed, piece, tile_sprite
from render.islas.colours import palette
from render.layers import Block, block, put
from render.pieces import paste_cut
from render.png import Rows
from rules.islas import FOLLOWERS
from rules.islas_view import IslasView

MARGIN = 20
PANEL_W = 440  # room in a player's row for 7 followers and the "to move" badge side by side
MAP_X = 2 * MARGIN + PANEL_W
MAP_Y = MARGIN
TILE_BOX_H = 340
ROW_H = 96
ROW_GAP = 10
ROWS_Y = MAP_Y + TILE_BOX_H + 12
BASE_H = ROWS_Y + 5 * (ROW_H + ROW_GAP) - ROW_GAP + MARGIN
CURRENT_T = 190  # the tile to place, in the panel
PIECE_D, PIECE_STEP = 26, 28  # a follower left in a player's row, and the distance between two
BADGE_SIZE = 28  # the "to move" / "winner" badge's text


def _slate_block(box: Box, **shape: object) -> Block:
    """A rounded box drawn on the slate where the panel goes, in colour and mapped (the
    slate is all there is left of the map, so a slate as wide as the panel is that place)."""
    slate = Image.new("RGB", (MAP_X, BASE_H), BACKGROUND)
    corners = (box[0], box[1], box[2] - 1, box[3] - 1)

    def paint(image: Image.Image) -> None:
        ImageDraw.Draw(image).rounded_rectangle(corners, **shape)  # type: ignore[arg-type]

    return block(slate, palette(), box, paint)


@lru_cache(maxsize=1)
def _tile_box() -> Block:
    """The empty tile box."""
    x0, y0 = MARGIN, MAP_Y
    return _slate_block((x0, y0, x0 + PANEL_W + 1, y0 + TILE_BOX_H + 1), radius=18, fill=PANEL)


def row_box(seat: int) -> Box:
    """The pixels of seat ``seat``'s row."""
    top = ROWS_Y + seat * (ROW_H + ROW_GAP)
    return (MARGIN, top, MARGIN + PANEL_W + 1, top + ROW_H + 1)


@lru_cache(maxsize=10)
def _row(seat: int, active: bool) -> Block:
    """Seat ``seat``'s empty row, its edge lit for the player to move (or a winner)."""
    edge, width = (HIGHLIGHT, 5) if active else (PANEL_EDGE, 2)
    return _slate_block(row_box(seat), radius=16, fill=PANEL, outline=edge, width=width)


@lru_cache(maxsize=64)
def _framed_tile(name: str, size: int, width: int, radius: int = 0) -> Image.Image:
    """A tile type shown in the panel (the one to place, those put out), framed: drawn once."""
    return framed(tile_sprite(name, 0, size), DARK_INK, width, radius)


def _paste(image: Image.Image, sprite: Image.Image, at: tuple[int, int]) -> Box:
    paste_cut(image, sprite, at)
    return (at[0], at[1], at[0] + sprite.width, at[1] + sprite.height)


def _pill(draw: ImageDraw.ImageDraw, right: float, cy: float, text: str) -> list[Box | None]:
    width = text_width(text, BADGE_SIZE, True) + 26
    box = (right - width, cy - 20, right, cy + 20)
    draw.rounded_rectangle(box, radius=20, fill=HIGHLIGHT)
    at = (right - width / 2, cy + 1)
    return [around(box), draw_text(draw, at, text, BADGE_SIZE, DARK_INK, bold=True, anchor="mm")]


def draw_tile_box(
    image: Image.Image,
    indexed: Rows | None,
    view: IslasView,
    words: Mapping[str, str],
    names: Sequence[str],
) -> list[Box | None]:
    """The tile to place (or the winners), tiles left and put out; the boxes drawn on the
    box (pasted, mapped, into ``indexed`` too, when drawing a PNG)."""
    put(image, indexed, _tile_box())
    draw = ImageDraw.Draw(image)
    x0, y0 = MARGIN, MAP_Y
    drawn: list[Box | None] = []
    tile_y = y0 + 84
    if view.current is not None and not view.finished:
        header_x = x0 + 22
        if view.turn is not None:
            drawn.append(paste_centered(image, piece(view.turn, 32), (x0 + 38, y0 + 40)))
            header_x += 40
        label = fit_text(words["tile"], 30, x0 + PANEL_W - 22 - header_x)
        drawn.append(draw_text(draw, (header_x, y0 + 40), label, 30, MUTED, anchor="lm"))
        drawn.append(
            _paste(image, _framed_tile(view.current, CURRENT_T, 3, 6), (x0 + 19, tile_y - 3))
        )
    else:
        text = fit_text(words["game_over"], 38, PANEL_W - 44, bold=True)
        drawn.append(draw_text(draw, (x0 + 22, y0 + 42), text, 38, INK, bold=True, anchor="lm"))
        y = tile_y + 20
        for seat in view.winners[:4]:
            drawn.append(paste_centered(image, piece(seat, 40), (x0 + 44, y)))
            name, size = fit_name(names[seat], 32, PANEL_W - 126)
            drawn.append(draw_text(draw, (x0 + 74, y), name, size, INK, bold=True, anchor="lm"))
            drawn.append(draw_text(draw, (x0 + PANEL_W - 18, y), "★", 34, HIGHLIGHT, anchor="rm"))
            y += 50
    # Tiles left: a little stack and the count.
    sx = x0 + 19 + CURRENT_T + 6 + (PANEL_W - CURRENT_T - 25) / 2
    if view.current is not None and not view.finished:
        for i in range(3, -1, -1):
            d = i * 6
            box = (sx - 34 + d, tile_y + 30 - d, sx + 34 + d, tile_y + 98 - d)
            draw.rounded_rectangle(box, radius=6, fill=PANEL_EDGE, outline=DARK_INK, width=2)
            drawn.append(around(box))
        count = str(view.tiles_left)
        drawn.append(draw_centered(draw, (sx + 9, tile_y + 55), count, 44, INK, outline=DARK_INK))
        # A smaller font before an ellipsis: "fichas restantes" is worth reading whole.
        room = PANEL_W - CURRENT_T - 44
        text = words["tile_left" if view.tiles_left == 1 else "tiles_left"]
        size = next((n for n in (30, 28, 26, 24) if text_width(text, n) <= room), 24)
        label = fit_text(text, size, room)
        drawn.append(draw_text(draw, (sx, tile_y + 134), label, size, MUTED, anchor="mm"))
    if view.put_out:  # tiles that fitted nowhere: a row along the bottom of the box
        y = y0 + TILE_BOX_H - 34
        shown = view.put_out[-6:]
        minis = len(shown) * 42
        label = fit_text(words["put_out"], 30, PANEL_W - 44 - minis)
        drawn.append(draw_text(draw, (x0 + 22, y), label, 30, MUTED, anchor="lm"))
        x = x0 + 32 + text_width(label, 30)
        for name in shown:
            drawn.append(_paste(image, _framed_tile(name, 36, 2), (round(x), y - 20)))
            x += 42
    return drawn


def draw_players(
    image: Image.Image,
    indexed: Rows | None,
    view: IslasView,
    words: Mapping[str, str],
    names: Sequence[str],
) -> list[Box | None]:
    """A row a player: piece, name, score, followers left, the badge of the player to move
    (or the winners); the boxes drawn on the rows (pasted, mapped, into ``indexed`` too)."""
    draw = ImageDraw.Draw(image)
    x0 = MARGIN
    drawn: list[Box | None] = []
    for seat in range(view.players):
        top = ROWS_Y + seat * (ROW_H + ROW_GAP)
        winner = view.finished and seat in view.winners
        active = (view.turn == seat and not view.finished) or winner
        put(image, indexed, _row(seat, active))
        row1, row2 = top + 32, top + 70
        drawn.append(paste_centered(image, piece(seat, 42), (x0 + 36, row1)))
        score = str(view.scores[seat]) if seat < len(view.scores) else "0"
        right = x0 + PANEL_W - 18
        drawn.append(draw_text(draw, (right, row1), score, 42, INK, bold=True, anchor="rm"))
        room = PANEL_W - 80 - text_width(score, 42, True) - 20
        name, size = fit_name(names[seat], 34, room)
        drawn.append(draw_text(draw, (x0 + 66, row1), name, size, INK, bold=True, anchor="lm"))
        left = view.followers_left[seat] if seat < len(view.followers_left) else 0
        # Followers from the left, the badge on the right of the space all seven would take,
        # so that neither ever covers the other.
        x = x0 + 24
        pieces_end = x + FOLLOWERS * PIECE_STEP
        pill = f"★ {words['winner']}" if winner else f"▶ {words['to_move']}" if active else ""
        if pill:
            room = right + 4 - pieces_end - 8 - 26
            drawn += _pill(draw, right + 4, row2 + 2, fit_text(pill, BADGE_SIZE, room, True))
        small = piece(seat, PIECE_D)
        if left <= FOLLOWERS:
            for _ in range(left):
                drawn.append(paste_centered(image, small, (x + PIECE_D / 2, row2 + 2)))
                x += PIECE_STEP
        else:
            drawn.append(paste_centered(image, small, (x + PIECE_D / 2, row2 + 2)))
            count = f"× {left}"
            drawn.append(
                draw_text(draw, (x + 32, row2 + 2), count, 30, INK, bold=True, anchor="lm")
            )
        if left == 0:
            drawn.append(draw_text(draw, (x, row2 + 2), "—", 30, MUTED, anchor="lm"))
    return drawn
