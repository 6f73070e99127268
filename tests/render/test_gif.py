"""The GIF written frame by frame (render/gif.py): every frame shows exactly the picture given."""

from __future__ import annotations

import io
import random

import pytest
from PIL import Image, ImageDraw

from render.common import palette_image
from render.gif import GifWriter, free_index

COLOURS = [(20, 30, 40), (200, 60, 60), (60, 200, 60), (240, 240, 240), (10, 10, 200)]


def _palette() -> Image.Image:
    return palette_image(COLOURS)  # padded to 256 with copies of the last colour


def _picture(seed: int, size: tuple[int, int] = (64, 48)) -> Image.Image:
    """An RGB picture on the palette's colours: a background and a few boxes."""
    rng = random.Random(seed)
    image = Image.new("RGB", size, COLOURS[0])
    draw = ImageDraw.Draw(image)
    for _ in range(3):
        x, y = rng.randrange(size[0] - 8), rng.randrange(size[1] - 8)
        draw.rectangle(
            (x, y, x + rng.randrange(2, 8), y + rng.randrange(2, 8)), rng.choice(COLOURS)
        )
    return image


def _decoded(data: bytes) -> list[tuple[Image.Image, int]]:
    image = Image.open(io.BytesIO(data))
    assert image.format == "GIF" and image.info["loop"] == 0
    shown = []
    for index in range(image.n_frames):
        image.seek(index)
        shown.append((image.convert("RGB"), image.info["duration"]))
    return shown


def _on(palette: Image.Image, picture: Image.Image) -> Image.Image:
    return picture.quantize(palette=palette, dither=Image.Dither.NONE)


def _gif(pictures: list[Image.Image], durations: list[int], palette: Image.Image) -> bytes:
    writer = GifWriter(palette)
    for picture, ms in zip(pictures, durations, strict=True):
        writer.add(_on(palette, picture), ms)
    return writer.finish()


def _shown(pictures: list[Image.Image], palette: Image.Image) -> list[bytes]:
    """The pixels of ``pictures`` as mapped onto ``palette``: what each frame must show."""
    return [_on(palette, picture).convert("RGB").tobytes() for picture in pictures]


def test_every_frame_is_the_picture_pixel_for_pixel() -> None:
    pictures = [_picture(seed) for seed in range(12)]
    durations = [600 + 10 * i for i in range(11)] + [5000]
    shown = _decoded(_gif(pictures, durations, _palette()))
    assert [ms for _, ms in shown] == durations
    assert [image.tobytes() for image, _ in shown] == _shown(pictures, _palette())


def test_a_frame_like_the_one_before_lengthens_it() -> None:
    a, b = _picture(1), _picture(2)
    shown = _decoded(_gif([a, b, b.copy(), a], [100, 200, 300, 400], _palette()))
    assert [ms for _, ms in shown] == [100, 500, 400]
    assert [image.tobytes() for image, _ in shown] == _shown([a, b, a], _palette())


def test_unchanged_pixels_are_transparent_where_an_index_is_free() -> None:
    assert free_index(_palette()) == len(COLOURS)  # the first padding copy
    full = palette_image([(i, i, i) for i in range(256)])
    assert free_index(full) is None
    # Without a free index the changed rectangle is written whole, and still shown right.
    pictures = [_picture(seed).convert("L").convert("RGB") for seed in range(4)]
    shown = _decoded(_gif(pictures, [100] * 4, full))
    assert [image.tobytes() for image, _ in shown] == _shown(pictures, full)


def test_a_frame_must_be_a_palette_image_of_the_same_size() -> None:
    writer = GifWriter(_palette())
    with pytest.raises(ValueError, match="palette image"):
        writer.add(_picture(1), 100)
    writer.add(_picture(1).quantize(palette=_palette()), 100)
    with pytest.raises(ValueError, match="frame after"):
        writer.add(_picture(2, (32, 32)).quantize(palette=_palette()), 100)
