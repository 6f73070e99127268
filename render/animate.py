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
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from render import render
from render.common import BACKGROUND, HIGHLIGHT, INK, draw_text, fit_text, text_width
from render.gif import GifWriter
from render.steps import to_the_end
from render.stream import LazyFrames
from rules import Event, State
from rules.ended import ended
from rules.history import History
from rules.record import Record
from rules.registry import Registry
from rules.replay import game_of

MAX_WIDTH = 800
#: How long a turn stays: long enough to read its header in a short game, quicker in a long
#: one so that a whole game plays in about half a minute.
TURN_MS = (600, 1500)
WHOLE_GAME_MS = 30_000
RESULT_MS = 5000  # the result, held at the end
MAX_LINES = 3  # lines of a header's text under its title; more is cut with an ellipsis


@dataclass(frozen=True)
class Frame:
    """One picture of a replay: the public position after a turn, or the final result."""

    view: Any
    #: the turn's number from 1; None for the result at the end
    turn: int | None
    #: the seat that played the turn (None for the result)
    seat: int | None
    #: what the turn did in public (what the bot narrated when it was played)
    events: tuple[Event, ...] = ()
    #: the turn's moves in the record's notation (a public record's: unknown parts as ``?``)
    moves: tuple[str, ...] = ()


def replay_frames(record: Record, winners: Sequence[int] | None = None) -> list[Frame]:
    """The frames of ``record``: one per announced turn, then the result.

    A turn is announced when the turn passes to another seat or the game ends, as on
    Discord; a turn left unfinished when the table ended the game (a resignation in the middle
    of a Kahuna turn) was never shown, so it is not shown now. ``winners`` ends the game that
    way (a resignation, a time-out): the result frame shows it over, won by them.
    """
    frames, _ = to_the_end(frames_in_steps(record, winners))
    return frames


def frames_in_steps(
    record: Record, winners: Sequence[int] | None = None
) -> Generator[None, None, tuple[list[Frame], State]]:
    """``replay_frames`` a turn a step (render/steps.py), and the position after every move
    of ``record`` (what its result is told from)."""
    game = game_of(record)  # a public record replays with its unknowns unknown
    history = History(game, record.players, record.seed, record.options)
    frames: list[Frame] = []
    start = 0  # the first move of the turn under way
    for text in record.moves:
        ply = history.push(text)
        if history.state.turn == ply.seat:
            continue  # the same player acts again: the turn is still under way
        plies = history.plies[start:]
        start = len(history.plies)
        frames.append(
            Frame(
                view=history.state.view(None),
                turn=len(frames) + 1,
                seat=ply.seat,
                events=tuple(event for p in plies for event in p.events),
                moves=tuple(p.notation for p in plies),
            )
        )
        yield
    last = final = history.state
    if start < len(history.plies):  # ended in the middle of a turn: as it was announced
        final = game.replay(record.players, record.seed, record.options, record.moves[:start])
    if winners is not None and final.turn is not None:
        final = ended(final, winners)
    frames.append(Frame(view=final.view(None), turn=None, seat=None))
    return frames, last


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


# --- the header -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Header:
    """The text over a frame: a title ("Turn 12 of 40") and what happened, in words."""

    title: str
    text: str


@dataclass(frozen=True)
class _Sizes:
    """Sizes of a header's text for a frame ``width`` px wide (text stays readable when
    Discord shows the frame about 400 px wide on a phone)."""

    width: int

    @property
    def size(self) -> int:
        return max(18, round(self.width * 0.034))

    @property
    def line(self) -> int:
        return round(self.size * 1.3)

    @property
    def pad(self) -> int:
        return round(self.size * 0.6)

    @property
    def room(self) -> int:
        return self.width - 2 * self.pad


def _lines(header: Header, sizes: _Sizes) -> list[str]:
    """The header's text broken into lines that fit; the first starts after the title."""
    size, room = sizes.size, sizes.room
    indent = text_width(header.title + "  ", size, True)
    lines: list[str] = []
    for paragraph in header.text.split("\n"):
        line = ""
        for word in paragraph.split():
            wider = f"{line} {word}" if line else word
            first = not lines
            if text_width(wider, size) <= room - (indent if first else 0) or not line:
                line = wider
            else:
                lines.append(line)
                line = word
        lines.append(line)
    if len(lines) > MAX_LINES:
        lines = [*lines[: MAX_LINES - 1], " ".join(lines[MAX_LINES - 1 :])]
    # A single word too long for its line (a long name) is cut as well.
    return [fit_text(text, size, room - (indent if i == 0 else 0)) for i, text in enumerate(lines)]


def _header_height(headers: Sequence[Header], sizes: _Sizes) -> int:
    """One height for every frame: enough for the longest header."""
    most = max((len(_lines(h, sizes)) for h in headers), default=1)
    return 2 * sizes.pad + most * sizes.line


def _draw_header(image: Image.Image, header: Header, sizes: _Sizes) -> None:
    draw = ImageDraw.Draw(image)
    size, pad, line = sizes.size, sizes.pad, sizes.line
    draw_text(draw, (pad, pad), header.title, size, HIGHLIGHT, bold=True)
    indent = text_width(header.title + "  ", size, True)
    for i, text in enumerate(_lines(header, sizes)):
        draw_text(draw, (pad + (indent if i == 0 else 0), pad + i * line), text, size, INK)


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
    sizes: _Sizes | None = None
    top = 0
    for view, header in zip(views, headers, strict=True):
        board = _shrink(picture(view))
        if sizes is None:
            sizes = _Sizes(board.width)
            top = _header_height(headers, sizes)
        frame = Image.new("RGB", (board.width, top + board.height), BACKGROUND)
        frame.paste(board, (0, top))
        _draw_header(frame, header, sizes)
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


def notation_headers(frames: Sequence[Frame], names: Sequence[str], outcome: str) -> list[Header]:
    """English headers from the moves themselves (the command line's): "Turn 3/16 Ana: 6L"."""
    total = len(frames) - 1
    headers = []
    for frame in frames:
        if frame.turn is None:
            headers.append(Header("Result", outcome))
        else:
            who = names[frame.seat] if frame.seat is not None else "?"
            headers.append(Header(f"Turn {frame.turn}/{total}", f"{who}: {', '.join(frame.moves)}"))
    return headers
