"""A board's PNG decodes to its whole picture mapped onto the palette, pixel for pixel.

Renderers map only what they drew over a layer already mapped (the static layer, the Islas
map's tiles), and write the PNG themselves (render/png.py): every board of whole games, in
every stage, public and private, with long and Spanish names, must still decode to exactly
the indices (and palette) of the drawn picture mapped whole, as Pillow maps it.
"""

from __future__ import annotations

import io
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from PIL import Image, ImageChops

from bench.positions import random_game
from render import kahuna as kahuna_render
from render import render
from render import stonehenge as stonehenge_render
from render.common import coalesce, encode_png
from render.islas import art as islas_art
from render.islas import board as islas_board
from render.islas import canvas as islas_canvas
from render.kahuna import art as kahuna_art
from render.png import DEFLATE, DEFLATER, png_bytes

NAMES = ("Ñandú Ágata de los Ríos Altos y Bajos", "Zoë ¿¡áéíóúü!?")
SPANISH = {"to_move": "mueve", "winner": "gana", "tile": "Ficha a colocar", "last": "Última"}

#: game -> (its whole picture of a view, with the renderer's keyword arguments; its palette)
WHOLE: dict[str, tuple[Callable[..., Image.Image], Callable[[], Image.Image]]] = {
    "islas": (islas_board.draw_islas, islas_art.palette),
    "kahuna": (kahuna_render.draw_kahuna, kahuna_art.palette),
    "stonehenge": (stonehenge_render.draw_stonehenge, stonehenge_render.palette),
}


def decoded(png: bytes) -> Image.Image:
    image = Image.open(io.BytesIO(png))
    image.load()
    return image


def assert_whole(game: str, view: Any, **kwargs: Any) -> None:
    """``render(view)`` decodes to the whole drawn picture mapped onto the palette."""
    draw, palette = WHOLE[game]
    whole = draw(view, **kwargs).quantize(palette=palette(), dither=Image.Dither.NONE)
    image = decoded(render(view, **kwargs))
    assert image.mode == "P" and image.size == whole.size
    assert image.getpalette() == whole.getpalette()
    if image.tobytes() != whole.tobytes():  # where: the first pixel that differs
        mine, theirs = image.tobytes(), whole.tobytes()
        at = next(i for i, (a, b) in enumerate(zip(mine, theirs, strict=True)) if a != b)
        pytest.fail(f"{game} ply {view.ply}: pixel {divmod(at, image.width)[::-1]} differs")


@pytest.mark.parametrize("game", sorted(WHOLE))
@pytest.mark.parametrize("seed", [3, 8])
def test_every_board_of_a_game_is_its_whole_picture(game: str, seed: int) -> None:
    for state in random_game(game, seed):
        assert_whole(game, state.view(None))


@pytest.mark.parametrize("game", sorted(WHOLE))
def test_names_labels_and_private_views_too(game: str) -> None:
    positions = random_game(game, 5, players=2)
    names = {"islas": NAMES, "kahuna": NAMES, "stonehenge": NAMES}[game]
    for state in positions[:: max(1, len(positions) // 6)] + positions[-1:]:
        assert_whole(game, state.view(None), names=names, labels=SPANISH)
        for seat in (0, 1):
            assert_whole(game, state.view(seat))


def test_islas_with_five_players_and_a_grown_map() -> None:
    for seed in (1, 7):
        positions = random_game("islas", seed, players=5)
        for state in positions[::5] + positions[-1:]:
            assert_whole("islas", state.view(None))


@pytest.mark.parametrize("size", [(1200, 902), (1201, 913), (1572, 1352), (2000, 1600)])
def test_islas_indexed_canvas_is_the_canvas_mapped(size: tuple[int, int]) -> None:
    canvas = islas_canvas.canvas(*size).quantize(
        palette=islas_art.palette(), dither=Image.Dither.NONE
    )
    assert islas_canvas.indexed_canvas(*size).tobytes() == canvas.tobytes()


# --- the PNG writer -----------------------------------------------------------------------------


@pytest.mark.parametrize("deflater", sorted(DEFLATE))
@pytest.mark.parametrize("size", [(1, 1), (7, 3), (300, 1), (1, 300), (257, 129)])
def test_png_writer_round_trips_every_index(size: tuple[int, int], deflater: str) -> None:
    rng = random.Random(size[0] * 1000 + size[1])
    image = Image.frombytes("P", size, rng.randbytes(size[0] * size[1]))
    colours = [rng.randrange(256) for _ in range(768)]
    image.putpalette(colours)
    back = decoded(png_bytes(image, deflater=deflater))
    assert back.format == "PNG" and back.mode == "P" and back.size == size
    assert back.tobytes() == image.tobytes() and back.getpalette() == colours


@pytest.mark.parametrize("deflater", sorted(DEFLATE))
def test_every_deflater_writes_the_same_board(deflater: str) -> None:
    """A real board (long runs of one index): same pixels whichever deflate wrote it."""
    view = random_game("kahuna", 3)[-1].view(None)
    whole = kahuna_render.draw_kahuna(view).quantize(
        palette=kahuna_art.palette(), dither=Image.Dither.NONE
    )
    png = png_bytes(whole, deflater=deflater)
    assert decoded(png).tobytes() == whole.tobytes() and len(png) < 300_000


def test_isal_deflates_where_it_is_installed() -> None:
    """The project installs isal (pyproject.toml): the quick deflate is the one in use."""
    assert "isal" in DEFLATE and DEFLATER == "isal"


def test_encode_png_is_the_picture_mapped_whole() -> None:
    """No base: the whole picture is mapped; a base with boxes over everything drawn gives
    the same file."""
    rng = random.Random(5)
    palette = islas_art.palette()
    picture = Image.frombytes("RGB", (120, 80), rng.randbytes(120 * 80 * 3))
    whole = picture.quantize(palette=palette, dither=Image.Dither.NONE)
    png = encode_png(picture, palette)
    assert decoded(png).tobytes() == whole.tobytes()
    base = Image.new("P", picture.size, 0)
    boxes = [(0, 0, 60, 80), (50, 0, 130, 40), (-5, 30, 125, 90), None, (10, 10, 10, 20)]
    assert encode_png(picture, palette, base=base, boxes=boxes) == png


def test_png_writer_refuses_other_modes() -> None:
    with pytest.raises(ValueError, match="palette image"):
        png_bytes(Image.new("RGB", (2, 2)))


boxes_strategy = st.lists(
    st.tuples(
        st.integers(-40, 400), st.integers(-40, 300), st.integers(-40, 400), st.integers(-40, 300)
    ),
    max_size=40,
)


@settings(max_examples=200, deadline=None)
@given(boxes=boxes_strategy, width=st.integers(1, 360), height=st.integers(1, 260))
def test_coalesced_boxes_cover_every_box_inside_the_picture(
    boxes: list[tuple[int, int, int, int]], width: int, height: int
) -> None:
    """Every pixel of every box (cut to the picture) lies in a gathered box, which stay inside
    the picture and never overlap (no pixel is mapped twice); or the picture is mapped whole."""
    found = coalesce(boxes, (width, height))
    wanted = Image.new("1", (width, height), 0)
    for x0, y0, x1, y1 in boxes:
        if x0 < x1 and y0 < y1:
            wanted.paste(1, (x0, y0, x1, y1))
    if found is None:
        assert wanted.getbbox() is not None  # only a picture with something to map
        return
    covered = Image.new("L", (width, height), 0)
    for x0, y0, x1, y1 in found:
        assert 0 <= x0 < x1 <= width and 0 <= y0 < y1 <= height
        covered.paste(
            ImageChops.add(covered.crop((x0, y0, x1, y1)), Image.new("L", (x1 - x0, y1 - y0), 1)),
            (x0, y0),
        )
    assert covered.getextrema()[1] <= 1  # no overlap
    missed = ImageChops.subtract(wanted.convert("L"), covered.point(lambda v: 255 if v else 0))
    assert missed.getbbox() is None
