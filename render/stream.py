"""Encoding an animation frame by frame, each drawn only when the encoder asks for it.

Pillow's animation encoders take every frame up front (``append_images``), which would hold a
whole game's frames in memory at once (about 45 MB for 72 Islas frames), yet they walk a
multi-frame image one ``seek`` at a time. ``LazyFrames`` is such an image, whose frames are
drawn as they are sought: one frame in memory at a time.

(Drawing the next frames in another thread while the encoder works was measured too: on a
loaded two-core machine it was slower, each frame waiting for the other thread to let go of
the interpreter.)
"""

from __future__ import annotations

from collections.abc import Iterator

from PIL import Image


class LazyFrames(Image.Image):
    """A multi-frame image of ``count`` frames, the next taken from ``frames`` at each seek."""

    def __init__(self, frames: Iterator[Image.Image], count: int) -> None:
        super().__init__()
        self._frames, self._count, self._index = frames, count, -1
        self.seek(0)

    @property
    def n_frames(self) -> int:
        """How many frames the animation has."""
        return self._count

    @property
    def is_animated(self) -> bool:
        """More than one frame."""
        return self._count > 1

    def tell(self) -> int:
        """The frame now loaded."""
        return self._index

    def seek(self, frame: int) -> None:
        """Load ``frame``: the next one (encoders go in order). Pillow seeks back to where it
        started once it is done; by then those frames are gone, and nothing is loaded."""
        if frame <= self._index:
            return
        if frame != self._index + 1 or frame >= self._count:
            raise EOFError(f"frame {frame} of {self._count}, after {self._index}")
        picture = next(self._frames)
        self.im = picture.im
        self._mode = picture.mode
        self._size = picture.size
        self._index = frame
