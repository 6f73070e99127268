"""An animated replay of a game: one frame per announced turn, then the result, held.

Pure, like the boards: a record in, GIF (or WebP) bytes out. Each frame is the public view
after a turn (a Kahuna turn of several actions is one frame; an Islas turn skipped by the
table is one too), drawn by the game's own renderer, shrunk to at most ``MAX_WIDTH`` px, under
a header that says the turn and what happened in it. The caller chooses the header's words
(the bot narrates each turn in the game's language; the command line shows the moves).

Encoding dominates, as lila-gif found: every frame is mapped once onto the game's fixed
palette, then encoded losslessly, so consecutive frames differ only where the board changed
and the encoder keeps just those pixels. See ``encode`` for the measured choice of format.
"""

from __future__ import annotations

import io
from collections.abc import Callable, Generator, Iterator, Mapping, Sequence
from typing import Any

from PIL import Image

from render import render
from render.common import BACKGROUND
from render.frames import Frame, frames_in_steps, replay_frames
from render.gif import GifWriter
from render.headers import Header, Sizes, draw_header, header_height, notation_headers
from render.steps import to_the_end
from render.stream import LazyFrames
from rules.registry import Registry

MAX_WIDTH = 800
#: How long a turn stays: long enough to read its header in a short game, quicker in a long
#: one so that a whole game plays in about half a minute.
TURN_MS = (600, 1500)
WHOLE_GAME_MS = 30_000
RESULT_MS = 5000  # the result, held at the end


# --- drawing a frame ------------------------------------------------------------------------------

#: A frame's picture: its view in, an RGB image out (names and words already chosen).
Picture = Callable[[Any], Image.Image]
Names = Sequence[str] | None
Labels = Mapping[str, str] | None
#: How a game's frames are drawn: (every view of the replay, player names, label words) ->
#: (the picture of one view, the fixed palette every frame is mapped onto, None: any).
Painter = Callable[[Sequence[Any], Names, Labels], tuple[Picture, Image.Image | None]]


def _any_game(views: Sequence[Any], names: Names, labels: Labels) -> Any:
    """A game with no painter of its own (a plugin's): its PNG, read back (slower, but it
    works), on the colours of its first frame."""
    return (lambda view: Image.open(io.BytesIO(render(view))).convert("RGB")), None


#: A game's view type -> how its frames are drawn (its registration gives it).
_PAINTERS: Registry[type, Painter] = Registry("painter")


def register_painter(view_type: type, painter: Painter) -> None:
    """Draw the frames of views of ``view_type`` with ``painter`` (again is fine; another one
    is not)."""
    _PAINTERS.add(view_type, painter)


def painter_for(view_type: type) -> Painter:
    """How frames of ``view_type`` are drawn: the game's own painter, else its PNGs."""
    return _PAINTERS.find(view_type) or _any_game


# --- the animation ------------------------------------------------------------------------------


def turn_ms(turns: int) -> int:
    """How long each turn's frame stays in a replay of ``turns`` turns."""
    return max(TURN_MS[0], min(TURN_MS[1], WHOLE_GAME_MS // max(1, turns)))


def animate(
    frames: Sequence[Frame],
    headers: Sequence[Header],
    names: Names = None,
    labels: Labels = None,
    fmt: str | None = None,
) -> bytes:
    """The animation of ``frames``, each under its header, the players called ``names`` and
    the boards labelled with ``labels`` (as ``render``'s renderers take them); ``fmt`` is
    "gif" (None: the default) or "webp"."""
    return to_the_end(animation_steps(frames, headers, names, labels, fmt))


def animation_steps(
    frames: Sequence[Frame],
    headers: Sequence[Header],
    names: Names = None,
    labels: Labels = None,
    fmt: str | None = None,
) -> Generator[None, None, bytes]:
    """``animate`` a frame a step (render/steps.py): a GIF is drawn and written one frame at
    a time, between the live boards (a WebP, for the command line, all in its last step)."""
    if not frames or len(headers) != len(frames):
        raise ValueError(f"{len(frames)} frames but {len(headers)} headers")
    views = [frame.view for frame in frames]
    painter = painter_for(type(views[-1]))
    picture, palette = painter(views, names, labels)
    durations = [turn_ms(len(frames) - 1)] * (len(frames) - 1) + [RESULT_MS]
    pictures = _pictures(views, headers, picture, palette)
    fmt = fmt or default_format()
    if fmt != "gif":
        return encode(pictures, durations, fmt)
    return (yield from _gif_steps(pictures, durations))


def _gif_steps(
    pictures: Iterator[Image.Image], durations: Sequence[int]
) -> Generator[None, None, bytes]:
    """The GIF of ``pictures``, a frame a step (render/gif.py)."""
    writer: GifWriter | None = None
    for picture, ms in zip(pictures, durations, strict=True):
        writer = writer or GifWriter(picture)  # every frame is on the first one's palette
        writer.add(picture, ms)
        yield
    if writer is None:
        raise ValueError("no frame to animate")
    return writer.finish()


def _pictures(
    views: Sequence[Any], headers: Sequence[Header], picture: Picture, palette: Image.Image | None
) -> Iterator[Image.Image]:
    """Each frame in turn: the board shrunk, under its header, mapped onto ``palette``."""
    sizes: Sizes | None = None
    top = 0
    for view, header in zip(views, headers, strict=True):
        board = _shrink(picture(view))
        if sizes is None:
            sizes = Sizes(board.width)
            top = header_height(headers, sizes)
        frame = Image.new("RGB", (board.width, top + board.height), BACKGROUND)
        frame.paste(board, (0, top))
        draw_header(frame, header, sizes)
        if palette is None:  # a game without a palette: the first frame's colours serve all
            palette = frame.quantize(255)
        yield frame.quantize(palette=palette, dither=Image.Dither.NONE)


def _shrink(image: Image.Image) -> Image.Image:
    """``image`` at most ``MAX_WIDTH`` wide: halved when that is enough (a box filter over
    whole pixels is the quickest way down and keeps thin lines and text sharp), else halved
    and then brought to ``MAX_WIDTH`` exactly (a third would leave a big Islas map too small)."""
    if image.width <= MAX_WIDTH:
        return image
    half = image.reduce(2)
    if half.width <= MAX_WIDTH:
        return half
    height = round(half.height * MAX_WIDTH / half.width)
    return half.resize((MAX_WIDTH, height), Image.Resampling.BILINEAR)


def default_format() -> str:
    """GIF: Discord plays an animated GIF on every client, phones included, while animated
    WebP is not known to move on its mobile apps. The boards' fixed palette is what GIF
    holds anyway, so nothing is lost; a whole 72-tile Islas game is about 1.2 MB."""
    return "gif"


def encode(pictures: Iterator[Image.Image], durations: Sequence[int], fmt: str) -> bytes:
    """An endlessly looping animation of palette ``pictures``, one per duration.

    GIF (every frame held): written a frame at a time by render/gif.py, each frame only the
    rectangle that changed, its unchanged pixels transparent, which compresses to almost
    nothing; measured on whole games it is also quicker to write than WebP.
    WebP (for the command line, on request): lossless (the frames are already palette
    images, which it stores as such), method 1 at a low effort, one key frame (libwebp's
    default puts one every 9-17 frames, each a whole picture); about two thirds of the GIF's
    size, with the same exact colours and sharp text.
    """
    if fmt == "gif":
        return to_the_end(_gif_steps(pictures, durations))
    if fmt != "webp":
        raise ValueError(f"unknown animation format {fmt!r}")
    out = io.BytesIO()
    options = {"save_all": True, "duration": list(durations), "loop": 0}
    # one frame in memory at a time (render/stream.py)
    frames = LazyFrames((picture.convert("RGB") for picture in pictures), len(durations))
    frames.save(out, format="WEBP", lossless=True, quality=10, method=1, kmax=0, **options)
    return out.getvalue()


# The frames and headers are made in their own modules; callers take them from here.
__all__ = [
    "MAX_WIDTH",
    "RESULT_MS",
    "Frame",
    "Header",
    "Painter",
    "animate",
    "animation_steps",
    "default_format",
    "encode",
    "frames_in_steps",
    "notation_headers",
    "painter_for",
    "register_painter",
    "replay_frames",
    "turn_ms",
]
