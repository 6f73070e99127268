"""The rating chart of a profile: pure, sized for a phone, a game keeps its colour."""

from __future__ import annotations

import io

from PIL import Image

from render.charts import HEIGHT, LEFT, WIDTH, Line, rating_chart
from render.common import SEAT_COLOURS

DAY = 86400.0


def _image(lines: list[Line]) -> Image.Image:
    png = rating_chart(lines)
    assert png[:8] == b"\x89PNG\r\n\x1a\n"
    return Image.open(io.BytesIO(png)).convert("RGB")


def test_a_chart_is_a_small_png_and_a_game_keeps_its_colour() -> None:
    points = [(1_800_000_000 + n * DAY, 1000 + 10 * n) for n in range(40)]
    image = _image([Line("Stonehenge", points, 0), Line("Islas", points[:1], 2)])
    assert image.size == (WIDTH, HEIGHT)
    assert image.getpixel((LEFT + 9, 27)) == SEAT_COLOURS[0]  # the legend's first swatch
    alone = _image([Line("Islas", points[:3], 2)])
    assert alone.getpixel((LEFT + 9, 27)) == SEAT_COLOURS[2]


def test_a_chart_without_points_or_with_one_is_drawn_all_the_same() -> None:
    assert _image([]).size == (WIDTH, HEIGHT)
    assert _image([Line("Kahuna", [], 1)]).size == (WIDTH, HEIGHT)
    assert _image([Line("Kahuna", [(1_800_000_000.0, 977)], 1)]).size == (WIDTH, HEIGHT)
