"""Kahuna images: the board (public or private) and a player's hand (private only).

``render_kahuna(view, names=None, labels=None)`` draws the board: the sea with the 12 islands,
every bridge line, bridges and Kahuna stones in the players' colours (orange with a circle, sky
blue with a diamond), both players' panels, the round, the display, pile and discards, and what
the last turn changed (new bridges glow white, removed ones are dashed and crossed out, islands
taken get a white ring, islands lost a dashed ring and a crossed-out stone). A private view
(``view.hand`` not None) adds a strip with the viewer's cards.

``render_kahuna_hand(view, labels=None)`` draws the viewer's cards, each with a minimap and the
islands it can bridge to now (ValueError for a public view).

Labels (pass ``labels`` to localise; missing keys fall back to English): ``orange``/``blue``
default player names, ``to_move``, ``winner``, ``draw``, ``no_bridges`` (the loser of a game
ended by an empty board), ``islands`` (controlled), ``bridges`` (left), ``score``, ``round``,
``pile``, ``discards``, ``hand`` (the private strip and the hand image's title).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence

from PIL import Image

from render.kahuna.art import palette
from render.kahuna.board import LABELS, draw_kahuna, render_kahuna
from render.kahuna.hand import render_kahuna_hand
from rules.kahuna_view import KahunaView


def paint_frames(
    views: Sequence[KahunaView],
    names: Sequence[str] | None,
    labels: Mapping[str, str] | None,
) -> tuple[Callable[[KahunaView], Image.Image], Image.Image]:
    """How a replay's frames are drawn (``render.animate``'s painter): each public view's
    board, on the fixed palette."""
    pair = (names[0], names[1]) if names else None
    return (lambda view: draw_kahuna(view, pair, labels)), palette()


__all__ = ["LABELS", "draw_kahuna", "paint_frames", "render_kahuna", "render_kahuna_hand"]
