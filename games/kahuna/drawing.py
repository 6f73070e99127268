"""Kahuna's images: the islands and bridges, and a player's hand, labelled in their language."""

from __future__ import annotations

from collections.abc import Sequence

from games.drawing import Drawing, image_words
from render.kahuna import LABELS, render_kahuna, render_kahuna_hand
from render.kahuna.bridges import warm as warm_sprites
from rules.kahuna import KahunaState
from rules.kahuna_view import KahunaView


class KahunaDrawing(Drawing[KahunaState]):
    """The board for everyone; the hand for its owner only."""

    def __init__(self) -> None:
        super().__init__(KahunaView, render_kahuna)

    def warm(self) -> None:
        """The islands' and cards' sprites, drawn once."""
        warm_sprites()

    def image_labels(self, lang: str) -> dict[str, str]:
        """The board's and the hand's words in ``lang``."""
        return image_words(lang, "kahuna-label", LABELS)

    def render(
        self, lang: str, state: KahunaState, seat: int | None, names: Sequence[str]
    ) -> bytes:
        """The board as ``seat`` sees it (the public board for None)."""
        return render_kahuna(state.view(seat), (names[0], names[1]), self.image_labels(lang))

    def render_private(
        self, lang: str, state: KahunaState, seat: int, names: Sequence[str]
    ) -> bytes:
        """The player's hand: each card and the lines it could build on now."""
        return render_kahuna_hand(state.view(seat), self.image_labels(lang))
