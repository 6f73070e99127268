"""Islas, registered: its engine, words, picker (spot, rotation, follower, confirm), map
image, its out-of-time policy (a claim at two, a skip voted from three), and computer player."""

from __future__ import annotations

from ai.islas import PLAYER
from ai.islas_review import REVIEWER
from games.islas.drawing import IslasDrawing
from games.islas.picker import IslasPicker
from games.islas.words import IslasWords
from games.plugin import CLAIM, GamePlugin, OutOfTime, SkipTurn
from render.islas import paint_frames
from rules.islas import ISLAS, Skip
from rules.islas.moves import format_move
from rules.public.islas import PUBLISHER as PUBLIC

#: What the table plays for a player whose time ran out, once most others voted for it.
SKIP = SkipTurn(format_move(Skip()))


def out_of_time(players: int) -> OutOfTime:
    """Two players: the one still in time claims the win; more: the others vote a skip."""
    return CLAIM if players <= 2 else SKIP


PLUGIN = GamePlugin(
    engine=ISLAS,
    words=IslasWords(),
    picker=IslasPicker(),
    drawing=IslasDrawing(),
    home="games",
    out_of_time=out_of_time,
    computer=PLAYER,
    animation=paint_frames,
    public=PUBLIC,
    review=REVIEWER,
)
