"""Islas's map, with the current tile's spots labelled, in the reader's language."""

from __future__ import annotations

from collections.abc import Sequence

from games.drawing import Drawing, image_words
from render.islas import LABELS, render_islas
from render.islas.art import warm as warm_tiles
from rules.islas import IslasState
from rules.islas_view import IslasView


def labels(lang: str) -> dict[str, str]:
    """The map's and the rotation picker's words in ``lang``."""
    return image_words(lang, "islas-label", LABELS)


class IslasDrawing(Drawing[IslasState]):
    """The map: tiles, followers, scores and the spots where the current tile fits."""

    def __init__(self) -> None:
        super().__init__(IslasView, render_islas)

    def warm(self) -> None:
        """The tiles, drawn once each way."""
        warm_tiles()

    def image_labels(self, lang: str) -> dict[str, str]:
        """The map's and the rotation picker's words in ``lang``."""
        return labels(lang)

    def render(self, lang: str, state: IslasState, seat: int | None, names: Sequence[str]) -> bytes:
        """The map with the current tile's spots labelled."""
        return render_islas(state.view(seat), list(names), self.image_labels(lang))
