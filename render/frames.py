"""A replay's frames: the public position after each announced turn, then the result.

A turn is announced when the turn passes to another seat or the game ends, as on Discord (a
Kahuna turn of several actions is one frame; an Islas turn skipped by the table is one too).
"""

from __future__ import annotations

from collections.abc import Generator, Sequence
from dataclasses import dataclass
from typing import Any

from render.steps import to_the_end
from rules import Event, State
from rules.ended import ended
from rules.history import History
from rules.record import Record
from rules.replay import game_of


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
