"""What the drawing process draws for a live game: a board, a private view, and the warming.

The bot names these functions in its draws (render/painter.py pickles them by name); the
drawing process (render/paint_worker.py) calls them, or the bot's own threads do when there
is no drawing process (render/paint_thread.py). Like the rest of the drawing process, this
imports nothing of Discord, nor of a game but through its registration (render/drawings.py).
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Callable, Iterator, Sequence
from typing import Any

from render.drawings import GameDrawing, drawing_of, drawings
from rules import State


def _drawing(game: str, home: str) -> GameDrawing:
    """The drawing of ``game``, whose plugin registers itself when ``home`` is imported (a
    new process knows the games registered when it started only)."""
    try:
        return drawing_of(game)
    except KeyError:
        importlib.import_module(home)
        return drawing_of(game)


def board(
    game: str, home: str, state: State, seat: int | None, lang: str, names: Sequence[str]
) -> tuple[bytes, str]:
    """The PNG of ``state`` as ``seat`` may see it (None: anyone else), and its alt text."""
    drawing = _drawing(game, home)
    png = drawing.pictures.render(lang, state, seat, names)
    return png, drawing.words.alt_text(lang, state, names)[:1000]


def private(
    game: str, home: str, state: State, seat: int, lang: str, names: Sequence[str]
) -> tuple[bytes, str]:
    """What only ``seat`` may see (a hand, their hidden pieces), and its alt text."""
    drawing = _drawing(game, home)
    png = drawing.pictures.render_private(lang, state, seat, names)
    return png, drawing.words.private_alt_text(lang, state, seat, names)[:1000]


def warm_steps() -> Iterator[Callable[[], object]]:
    """Draws of positions of a whole game of each, in each language, publicly and privately.

    The renderers cache their static parts (layers, sprites, tiles, labels), many of which
    only appear later in a game; drawing them before the first player waits makes the first
    board after a restart as quick as the others. A step is one draw, so that the worker can
    answer a player's draw between two of them.
    """
    rng = random.Random(0)
    for drawing in drawings():
        pictures, words = drawing.pictures, drawing.words
        yield pictures.warm
        players = drawing.engine.min_players
        names = [f"P{seat}" for seat in range(players)]
        state = drawing.engine.new(players, 0, {})
        positions = [state.clone()]
        while state.turn is not None:
            state.apply(rng.choice(state.legal_moves()))
            positions.append(state.clone())
        for lang in drawing.languages:
            for position in positions[:: max(1, len(positions) // 4)] + positions[-1:]:
                yield _step(pictures.render, lang, position, None, names)
                yield _step(words.alt_text, lang, position, names)
            for seat in range(players):
                yield _step(pictures.render_private, lang, positions[-1], seat, names)


def _step(fn: Callable[..., object], *args: Any) -> Callable[[], object]:
    return lambda: fn(*args)


def warm_here() -> None:
    """Every warming step, in this process (the bot's, when it draws in threads)."""
    for step in warm_steps():
        step()
