"""The tournament standings picture: pure, sized for a phone, any name drawn inside its column."""

from __future__ import annotations

import io

from hypothesis import given
from hypothesis import strategies as st
from PIL import Image, ImageChops

from render.standings import (
    HEADER_ROW,
    MARGIN,
    MAX_HEIGHT,
    PAGE_ROWS,
    ROW,
    TOP,
    WIDTH,
    StandingsRow,
    draw_standings,
    draw_standings_pages,
    name_column,
)
from tests.render.test_render_text import FUZZ, LABEL, TEXT

HEADERS = ("#", "Player", "Pts", "Buch.", "SB", "Games")
#: Size budget of a picture (spec/render.md): as wide as a board, small enough to post quickly.
LIMIT = 300_000


def _image(png: bytes) -> Image.Image:
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    assert len(png) < LIMIT
    image = Image.open(io.BytesIO(png))
    image.load()
    assert image.width == WIDTH and image.height <= MAX_HEIGHT
    return image.convert("RGB")


def _rows(count: int, names: list[str] | None = None) -> list[StandingsRow]:
    rows = []
    for i in range(count):
        points = max(0, 9 - i // 3)
        name = names[i] if names is not None else f"Player {i + 1:02d}"
        rows.append(
            StandingsRow(
                rank=i + 1,
                name=name,
                points=f"{points}½" if i % 4 == 1 else str(points),
                tiebreaks=(f"{30 - i / 2:g}", f"{20 - i / 4:g}"),
                played=9 - (i % 3 == 2),
                withdrawn=i % 7 == 5,
            )
        )
    return rows


def test_nine_rows_fit_one_readable_picture() -> None:
    png = draw_standings("Autumn Kahuna", "Swiss · round 9 of 9", HEADERS, _rows(9),
                         highlight=(0, 1, 2))  # fmt: skip
    image = _image(png)
    assert image.width == WIDTH and image.height < image.width  # no scrolling on a phone
    assert draw_standings_pages("Autumn Kahuna", "Swiss", HEADERS, _rows(9)) == [
        draw_standings("Autumn Kahuna", "Swiss", HEADERS, _rows(9))
    ]


def test_sixty_four_rows_come_in_pages_each_within_the_budget() -> None:
    pages = draw_standings_pages("Big open", "Swiss · round 3 of 7", HEADERS, _rows(64),
                                 highlight=(0, 1, 2))  # fmt: skip
    assert len(pages) == 4 and 64 / PAGE_ROWS == 4
    images = [_image(page) for page in pages]
    assert len({image.size for image in images}) == 1  # the same layout on every page
    # Pages are balanced: 17 rows make two pages of 9 and 8, not 16 and 1.
    assert len(draw_standings_pages("t", "s", HEADERS, _rows(17))) == 2
    # All 64 rows in one picture, for a caller that wants one: taller, still within budget.
    _image(draw_standings("Big open", "", HEADERS, _rows(64)))


def test_highlighted_rows_differ_in_pixels() -> None:
    plain = _image(draw_standings("Final", "", HEADERS, _rows(9)))
    marked = _image(draw_standings("Final", "", HEADERS, _rows(9), highlight=(0, 1, 2)))
    box = ImageChops.difference(plain, marked).getbbox()
    first_row = TOP + HEADER_ROW
    # The three top rows change (their medals and bands), nothing else.
    assert box is not None and box[1] >= first_row and box[3] <= first_row + 3 * ROW
    fourth = _image(draw_standings("Final", "", HEADERS, _rows(9), highlight=(3,)))
    box = ImageChops.difference(plain, fourth).getbbox()
    assert box is not None and box[1] >= first_row + 3 * ROW and box[3] <= first_row + 4 * ROW
    # Gold, silver and bronze are three different marks (and each carries its number).
    x = MARGIN + 5  # the bar down a marked row's edge
    marks = {marked.getpixel((x, first_row + ROW * i + ROW // 2)) for i in range(3)}
    assert len(marks) == 3
    # A highlight on another page is marked on that page only.
    pages = draw_standings_pages("Final", "", HEADERS, _rows(32), highlight=(20,))
    assert pages[0] == draw_standings_pages("Final", "", HEADERS, _rows(32))[0]
    assert pages[1] != draw_standings_pages("Final", "", HEADERS, _rows(32))[1]


def test_the_same_standings_give_the_same_bytes() -> None:
    def draw() -> list[bytes]:
        return draw_standings_pages("Liga", "Ronda 2", HEADERS, _rows(20), highlight=(0,))

    assert draw() == draw()


def test_withdrawn_players_look_different() -> None:
    rows = _rows(3)
    withdrawn = [rows[0], StandingsRow(**{**rows[1].__dict__, "withdrawn": True}), rows[2]]
    assert draw_standings("t", "", HEADERS, rows) != draw_standings("t", "", HEADERS, withdrawn)


def test_a_long_name_stays_inside_its_cell() -> None:
    names = ["a", "b", "c", "d", "e"]
    plain = _image(draw_standings("t", "s", HEADERS, _rows(5, names), highlight=(0,)))
    left, right = name_column(HEADERS, _rows(5))
    top = TOP + HEADER_ROW + 2 * ROW  # the third row's
    hostile = ["W" * 200, "e" + "\u0301" * 60 + "\u0336" * 40, "مرحبا" * 40, "👨‍👩‍👧‍👦" * 30,
               "\n\u202e" * 9, "", "ＷＷ" * 100]  # fmt: skip
    for name in hostile:
        names[2] = name
        drawn = _image(draw_standings("t", "s", HEADERS, _rows(5, names), highlight=(0,)))
        changed = ImageChops.difference(plain, drawn).getbbox()
        assert changed is not None, name
        assert left <= changed[0] and changed[2] <= right, name
        assert top <= changed[1] and changed[3] <= top + ROW, name


def test_odd_headers_and_tiebreaks_are_drawn_not_refused() -> None:
    rows = [StandingsRow(1, "Ana", "3", (), 3), StandingsRow(2, "Bo", "2", ("7", "5", "1", "9"), 3)]
    for headers in ((), ("#",), HEADERS, HEADERS * 3):
        _image(draw_standings("t", "s", headers, rows, highlight=(0, 5, -1)))
    _image(draw_standings("", "", HEADERS, []))
    assert draw_standings_pages("", "", HEADERS, []) == [draw_standings("", "", HEADERS, [])]
    big = StandingsRow(10**12, "x", "1" * 300, ("2" * 300,), 10**15)
    _image(draw_standings("t", "s", HEADERS, [big], highlight=(0,)))


@FUZZ
@given(st.lists(TEXT, min_size=1, max_size=6), LABEL, LABEL, st.lists(LABEL, max_size=7))
def test_any_names_and_words_are_drawn(
    names: list[str], title: str, subtitle: str, headers: list[str]
) -> None:
    rows = _rows(len(names), names)
    rows[0] = StandingsRow(1, names[0], subtitle, (title, ""), 0, withdrawn=True)
    for png in draw_standings_pages(title, subtitle, headers, rows, highlight=range(3)):
        _image(png)
