"""A tournament's standings as a picture: rank, name, points, tie-breaks, games played.

Pure: words and numbers in (every word already translated by the caller), PNG bytes out.
Sized for a phone (spec/render.md): 1200 px wide, text 30 px and more, values 34 px. A page
holds at most ``PAGE_ROWS`` rows so that it stays about square: Discord shrinks a tall
picture to fit the chat, and a 64-row table in one picture would need zooming to read.
``draw_standings_pages`` splits a long table into balanced pages, the same layout on each.
"""

from __future__ import annotations

import math
from collections.abc import Collection, Sequence
from dataclasses import dataclass
from functools import lru_cache

from PIL import Image, ImageDraw

from render.common import (
    BACKGROUND,
    DARK_INK,
    INK,
    MAX_DRAWN,
    MUTED,
    PANEL,
    PANEL_EDGE,
    RGB,
    blend,
    build_palette,
    disc_sprite,
    draw_text,
    encode_png,
    fit_text,
    hex_rgb,
    paste_centered,
    text_width,
)
from rules.text import clean_name

WIDTH = 1200
MARGIN = 28
PAGE_ROWS = 16  #: rows a page at most: 16 rows keep a page about as tall as it is wide
ROW = 62  #: px a row
HEADER_ROW = 56
TITLE_SIZE, SUBTITLE_SIZE, HEADER_SIZE, VALUE_SIZE = 46, 32, 30, 34
TOP = 186  #: where the table starts: below the title and the subtitle
BOTTOM = 14  #: below the last row, inside the panel: clear of its rounded corners
MAX_TIEBREAKS = 3  #: tie-break columns shown at most (the plan has two); more are left out
#: Every row of the longest table in one picture (``draw_standings``), for the test's budget.
MAX_HEIGHT = TOP + HEADER_ROW + 64 * ROW + BOTTOM + MARGIN
RANK_WIDTH = 104
RANK_X = MARGIN + RANK_WIDTH / 2 + 4  #: centre of the rank column (clear of the medal bar)
NUMBER_MIN, NUMBER_MAX = 104, 190  #: px a number column: its header or values, within these
NAME_MIN = 380  #: px the name column keeps, whatever the number columns want
CELL_PAD = 14

# Medals: told apart by the number in them as well as by colour (never colour alone).
GOLD = hex_rgb("#FFD23F")
SILVER = hex_rgb("#C9D3DD")
BRONZE = hex_rgb("#E0995E")
MARK = hex_rgb("#56B4E9")  # Okabe–Ito sky blue: a highlighted row below the podium
MEDALS: dict[int, RGB] = {1: GOLD, 2: SILVER, 3: BRONZE}
STRIPE = blend(PANEL, BACKGROUND, 0.45)  # every other row, to follow a row across on a phone
LIT = blend(PANEL, PANEL_EDGE, 0.75)  # the band of a highlighted row: a lighter slate
GONE = blend(MUTED, PANEL, 0.30)  # a withdrawn player's row


@dataclass(frozen=True)
class StandingsRow:
    """One player's line, every value already written as it should be shown."""

    rank: int
    name: str
    points: str
    tiebreaks: tuple[str, ...]
    played: int
    withdrawn: bool = False  #: drawn greyed, the name struck through


@dataclass(frozen=True)
class _Layout:
    """Where the columns go: the same on every page of one table."""

    tiebreaks: int  # tie-break columns shown
    name: tuple[int, int]  # left and right edge of the name column
    numbers: tuple[tuple[int, int], ...]  # points, tie-breaks..., games played


def draw_standings(
    title: str,
    subtitle: str,
    headers: Sequence[str],
    rows: Sequence[StandingsRow],
    *,
    highlight: Collection[int] = (),
) -> bytes:
    """PNG of every row in one picture. ``headers``: the rank's, the name's, the points',
    one a tie-break, the games played' (missing ones are left blank, extra ones unused).
    ``highlight`` holds indexes into ``rows`` (the winners: a medal by rank, 1-3, else a blue
    mark). Past ``PAGE_ROWS`` rows the picture gets taller than a phone shows at once:
    ``draw_standings_pages`` is meant for those. About 10 ms a page: still, draw it off the
    event loop (spec/render.md), as the boards are."""
    marked = set(highlight)
    lines = [(row, i in marked) for i, row in enumerate(rows)]
    return _page(title, subtitle, headers, _layout(headers, rows), "", lines)


def draw_standings_pages(
    title: str,
    subtitle: str,
    headers: Sequence[str],
    rows: Sequence[StandingsRow],
    *,
    highlight: Collection[int] = (),
) -> list[bytes]:
    """PNGs of the rows, at most ``PAGE_ROWS`` a page, pages as even as can be (17 rows: 9
    and 8), each with the title and, when there are several, "2/4" in its corner. One page
    is exactly ``draw_standings``'s picture. Highlight indexes are into all of ``rows``."""
    count = max(1, math.ceil(len(rows) / PAGE_ROWS))
    layout = _layout(headers, rows)
    marked = set(highlight)
    lines = [(row, i in marked) for i, row in enumerate(rows)]
    pages = []
    for n in range(count):
        start, end = len(rows) * n // count, len(rows) * (n + 1) // count
        marker = f"{n + 1}/{count}" if count > 1 else ""
        pages.append(_page(title, subtitle, headers, layout, marker, lines[start:end]))
    return pages


def name_column(headers: Sequence[str], rows: Sequence[StandingsRow]) -> tuple[int, int]:
    """The left and right pixel of the name column (a name never draws outside it)."""
    return _layout(headers, rows).name


def _layout(headers: Sequence[str], rows: Sequence[StandingsRow]) -> _Layout:
    """Number columns as wide as their header or widest value needs (within bounds), the
    name column the rest: a Spanish "Partidas" gets the room an English "Games" does not."""
    tiebreaks = min(MAX_TIEBREAKS, max([len(r.tiebreaks) for r in rows] + [len(headers) - 4, 0]))
    columns: list[list[str]] = [[r.points for r in rows]]
    columns += [[_tiebreak(r, i) for r in rows] for i in range(tiebreaks)]
    columns.append([str(r.played) for r in rows])
    widths = []
    for i, values in enumerate(columns):
        header = _header(headers, 2 + i)
        wanted = max(
            [text_width(header, HEADER_SIZE, True)]
            + [text_width(v, VALUE_SIZE, True) for v in values[:200]]
        )
        widths.append(min(NUMBER_MAX, max(NUMBER_MIN, math.ceil(wanted) + 2 * CELL_PAD)))
    left = MARGIN + RANK_WIDTH
    right_edge = WIDTH - MARGIN
    while right_edge - left - sum(widths) < NAME_MIN and max(widths) > NUMBER_MIN:
        widest = widths.index(max(widths))  # take room back from the widest first
        widths[widest] -= 2
    name = (left, right_edge - sum(widths))
    numbers, x = [], name[1]
    for width in widths:
        numbers.append((x, x + width))
        x += width
    return _Layout(tiebreaks, name, tuple(numbers))


def _page(
    title: str,
    subtitle: str,
    headers: Sequence[str],
    layout: _Layout,
    marker: str,
    rows: Sequence[tuple[StandingsRow, bool]],
) -> bytes:
    """One picture: the title, the column headers, ``rows`` (each with whether it is marked)."""
    height = TOP + HEADER_ROW + len(rows) * ROW + BOTTOM + MARGIN
    image = Image.new("RGB", (WIDTH, height), BACKGROUND)
    draw = ImageDraw.Draw(image)
    _titles(image, title, subtitle, marker)
    box = (MARGIN, TOP, WIDTH - MARGIN, height - MARGIN)
    draw.rounded_rectangle(box, radius=14, fill=PANEL, outline=PANEL_EDGE, width=2)
    _headers(image, headers, layout, TOP)
    y = TOP + HEADER_ROW
    for i, (row, lit) in enumerate(rows):
        _row(image, row, layout, y, i, lit)
        y += ROW
    return encode_png(image, _palette())


def _titles(image: Image.Image, title: str, subtitle: str, marker: str) -> None:
    draw = ImageDraw.Draw(image)
    room = WIDTH - 2 * MARGIN
    if marker:
        room -= math.ceil(text_width(marker, SUBTITLE_SIZE, True)) + 24
        draw_text(draw, (WIDTH - MARGIN, 58), marker, SUBTITLE_SIZE, MUTED, bold=True,
                  anchor="rm")  # fmt: skip
    _cell(image, title, TITLE_SIZE, INK, (MARGIN, 24, MARGIN + room, 92), bold=True)
    _cell(image, subtitle, SUBTITLE_SIZE, MUTED, (MARGIN, 104, WIDTH - MARGIN, 160))


def _headers(image: Image.Image, headers: Sequence[str], layout: _Layout, top: int) -> None:
    draw = ImageDraw.Draw(image)
    middle = top + HEADER_ROW / 2
    rank = fit_text(_header(headers, 0), HEADER_SIZE, RANK_WIDTH - 12, bold=True)
    draw_text(draw, (RANK_X, middle), rank, HEADER_SIZE, MUTED, bold=True,
              anchor="mm")  # fmt: skip
    left, right = layout.name
    _cell(image, _header(headers, 1), HEADER_SIZE, MUTED, (left, top, right, top + HEADER_ROW),
          bold=True)  # fmt: skip
    for i, (a, b) in enumerate(layout.numbers):
        label = fit_text(_header(headers, 2 + i), HEADER_SIZE, b - a - 8, bold=True)
        draw_text(draw, ((a + b) / 2, middle), label, HEADER_SIZE, MUTED, bold=True, anchor="mm")
    draw.line((MARGIN + 2, top + HEADER_ROW - 1, WIDTH - MARGIN - 2, top + HEADER_ROW - 1),
              fill=PANEL_EDGE, width=2)  # fmt: skip


def _row(
    image: Image.Image, row: StandingsRow, layout: _Layout, top: int, index: int, lit: bool
) -> None:
    draw = ImageDraw.Draw(image)
    band = LIT if lit else (STRIPE if index % 2 else PANEL)
    draw.rectangle((MARGIN + 2, top, WIDTH - MARGIN - 2, top + ROW - 1), fill=band)
    ink = GONE if row.withdrawn else INK
    middle = top + ROW / 2
    medal = MEDALS.get(row.rank, MARK) if lit else None
    if medal is not None:  # a bar down the row's left edge as well as the disc
        draw.rectangle((MARGIN + 2, top, MARGIN + 9, top + ROW - 1), fill=medal)
        paste_centered(image, _disc(medal), (RANK_X, middle))
    size = VALUE_SIZE if row.rank < 100 else HEADER_SIZE  # three digits fit, smaller
    rank = fit_text(str(row.rank), size, RANK_WIDTH - 24, bold=True)
    on = DARK_INK if medal is not None else ink
    draw_text(draw, (RANK_X, middle), rank, size, on, bold=True, anchor="mm")
    left, right = layout.name
    name = clean_name(row.name[:MAX_DRAWN], limit=MAX_DRAWN, fallback="—")
    drawn = _cell(image, name, VALUE_SIZE, ink, (left, top, right, top + ROW), bold=lit)
    if row.withdrawn:  # struck through: "left the event", without a word to translate
        draw.line((left + CELL_PAD, middle + 2, left + CELL_PAD + drawn, middle + 2), fill=ink,
                  width=4)  # fmt: skip
    values = [row.points, *(_tiebreak(row, i) for i in range(layout.tiebreaks)), str(row.played)]
    for value, (a, b) in zip(values, layout.numbers, strict=True):
        text = fit_text(value, VALUE_SIZE, b - a - 8, bold=True)
        draw_text(draw, ((a + b) / 2, middle), text, VALUE_SIZE, ink, bold=True, anchor="mm")


def _cell(
    image: Image.Image,
    text: str,
    size: int,
    fill: RGB,
    box: tuple[int, int, int, int],
    *,
    bold: bool = False,
) -> int:
    """Draw ``text`` left-aligned and vertically centred in ``box``, clipped to it (a name
    with many combining marks climbs; nothing leaves its cell). Returns the width drawn."""
    left, top, right, bottom = box
    cell = image.crop(box)
    room = right - left - 2 * CELL_PAD
    # Cut, never shrunk (as ``fit_name`` does on boards): every row of a table at one size.
    shown = fit_text(text, size, room, bold)
    draw_text(ImageDraw.Draw(cell), (CELL_PAD, (bottom - top) / 2), shown, size, fill, bold=bold,
              anchor="lm")  # fmt: skip
    image.paste(cell, (left, top))
    return min(room, math.ceil(text_width(shown, size, bold)))


def _header(headers: Sequence[str], i: int) -> str:
    return headers[i] if i < len(headers) else ""


def _tiebreak(row: StandingsRow, i: int) -> str:
    return row.tiebreaks[i] if i < len(row.tiebreaks) else ""


@lru_cache(maxsize=8)
def _disc(colour: RGB) -> Image.Image:
    return disc_sprite(50, colour, blend(colour, DARK_INK, 0.35), 3)


@lru_cache(maxsize=1)
def _palette() -> Image.Image:
    """The colours drawn here, and their blends into each surface (smooth text edges)."""
    keys = [INK, MUTED, GONE, DARK_INK, GOLD, SILVER, BRONZE, MARK, PANEL_EDGE]
    # Dark digits on a medal: their edges too.
    edges = [blend(DARK_INK, m, t / 4) for m in (GOLD, SILVER, BRONZE, MARK) for t in (1, 2, 3)]
    return build_palette(keys, [BACKGROUND, PANEL, STRIPE, LIT], steps=5, extra=edges)
