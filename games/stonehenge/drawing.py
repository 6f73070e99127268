"""Stonehenge's board image, labelled in the reader's language."""

from __future__ import annotations

from collections.abc import Sequence

from games.drawing import Drawing, image_words
from render.stonehenge import LABELS, render_stonehenge
from render.stonehenge import warm as warm_bands
from rules.stonehenge import StonehengeState
from rules.stonehenge_view import StonehengeView


class StonehengeDrawing(Drawing[StonehengeState]):
    """The board, its points, lines and megaliths."""

    def __init__(self) -> None:
        super().__init__(StonehengeView, render_stonehenge)

    def warm(self) -> None:
        """The board's bands, drawn once."""
        warm_bands()

    def render(
        self, lang: str, state: StonehengeState, seat: int | None, names: Sequence[str]
    ) -> bytes:
        """The board as ``seat`` sees it."""
        labels = self.image_labels(lang)
        return render_stonehenge(state.view(seat), names=(names[0], names[1]), labels=labels)

    def image_labels(self, lang: str) -> dict[str, str]:
        """The board's words in ``lang``."""
        return image_words(lang, "sh-label", LABELS)
