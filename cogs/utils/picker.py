"""The guided picker: a move chosen by clicking, one token at a time, for any game.

A game's picker (games/picker.py) maps each legal move to a short path of tokens
(Stonehenge: value, then point). At each step the picker offers the distinct next tokens
among the legal moves that start with the path so far; a complete path is a move. So the
picker can only ever offer legal moves, and it produces the same notation as ``/move``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from games.picker import Picker
from rules import State
from table.refusal import Refusal


@dataclass(frozen=True)
class Step:
    """Where the picker stands: the tokens to offer next, or the chosen move."""

    path: tuple[str, ...]
    tokens: tuple[str, ...]
    move: Any = None


def step(game_picker: Picker, state: State, path: tuple[str, ...]) -> Step:
    """The picker step after ``path`` (Refusal when the path leads to no legal move)."""
    depth = len(path)
    tokens: dict[str, None] = {}
    for move in state.legal_moves():
        full = game_picker.move_path(state, move)
        if full[:depth] != path:
            continue
        if len(full) == depth:
            return Step(path, (), move)
        tokens.setdefault(full[depth])
    if not tokens:
        raise Refusal("error-position-changed")
    return Step(path, tuple(tokens))


def encode(path: tuple[str, ...]) -> str:
    """A path as it travels in a custom_id."""
    return ".".join(path)


def decode(text: str) -> tuple[str, ...]:
    """The inverse of ``encode``."""
    return tuple(text.split(".")) if text else ()
